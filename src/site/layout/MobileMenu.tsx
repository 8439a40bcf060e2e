import { Mail, MapPin, Phone, Send } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '@/shared/ui/button';
import { Sheet, SheetContent } from '@/shared/ui/sheet';
import { site } from '@/shared/config/site';
import { SECTION_LINKS } from '@/site/content/navigation';
import { Link } from '@/shared/layout/nav';
import { SectionLink } from './SectionLink';

export interface MobileMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Opens the inquiry wizard (after the menu has closed). */
  onContact: () => void;
}

const linkClasses =
  'block rounded-md px-3 py-2.5 text-base font-medium text-slate-800 hover:bg-brand-50 hover:text-brand-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600';

/** The phone, the e-mail and the town, shown as plain text. */
const CONTACTS = [
  { icon: Phone, text: site.phone },
  { icon: Mail, text: site.email },
  { icon: MapPin, text: site.city },
];

/**
 * The slide-in menu below 768 px: the same links as the header, the phone and
 * e-mail as plain text, and 'Изпратете запитване'. It is a modal drawer, so focus stays inside,
 * Escape closes it and the page behind does not scroll while it is open. Whatever a choice does
 * (scroll to a section, open the wizard) happens after the drawer has closed.
 */
export default function MobileMenu({ open, onOpenChange, onContact }: MobileMenuProps) {
  const afterClose = useRef<(() => void) | null>(null);

  const closeThen = (action: () => void) => {
    afterClose.current = action;
    onOpenChange(false);
  };

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        title="Меню"
        side="right"
        closeLabel="Затвори менюто"
        id="mobile-menu"
        onCloseAutoFocus={(event) => {
          const action = afterClose.current;
          afterClose.current = null;
          if (action) {
            event.preventDefault();
            action();
          }
        }}
      >
        <nav aria-label="Мобилна навигация">
          <ul className="space-y-1">
            {SECTION_LINKS.map((link) => (
              <li key={link.id}>
                <SectionLink section={link.id} className={linkClasses} onNavigate={closeThen}>
                  {link.label}
                </SectionLink>
              </li>
            ))}
            <li>
              <Link to="/blog" className={linkClasses} onClick={() => closeThen(() => {})}>
                Блог
              </Link>
            </li>
          </ul>
        </nav>

        <div className="space-y-3 border-t border-slate-200 pt-5 text-sm text-slate-700">
          {CONTACTS.map(({ icon: Icon, text }) => (
            <p key={text} className="flex items-center gap-2">
              <Icon aria-hidden="true" className="size-4 text-brand-700" />
              <span>{text}</span>
            </p>
          ))}
        </div>

        <Button size="lg" className="mt-auto w-full" onClick={() => closeThen(onContact)}>
          <Send aria-hidden="true" />
          Изпратете запитване
        </Button>
      </SheetContent>
    </Sheet>
  );
}
