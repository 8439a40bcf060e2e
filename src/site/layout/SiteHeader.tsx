import { lazy, Suspense, useState } from 'react';
import { Button } from '@/shared/ui/button';
import { site } from '@/shared/config/site';
import { SECTION_LINKS } from '@/site/content/navigation';
import { cn } from '@/shared/ui/cn';
import { Link } from '@/shared/layout/nav';
import { useSiteDialogs } from '@/site/dialogs/site-dialogs';
import { DialogButton } from './DialogButton';
import { Logo } from './Logo';
import { SectionLink } from './SectionLink';
import { useScrolledPast } from './use-scroll-state';

// The drawer (and the dialog code under it) is fetched when the menu is first opened.
const loadMobileMenu = () => import('./MobileMenu');
const MobileMenu = lazy(loadMobileMenu);

const navLinkClasses =
  'rounded-md px-3 py-2 text-sm font-medium text-slate-700 transition-colors hover:text-brand-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600';

/**
 * The fixed site header: logo, section links, Блог and 'Свържете се' on wide
 * screens; below 768 px a button that opens the slide-in menu. Past 50 px of scroll it becomes
 * more compact and fully opaque.
 */
export function SiteHeader() {
  const scrolled = useScrolledPast();
  const { openInquiry } = useSiteDialogs();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuWanted, setMenuWanted] = useState(false);

  return (
    <header
      data-compact={scrolled}
      className={cn(
        'fixed inset-x-0 top-0 z-40 border-b transition-all duration-300',
        // no backdrop blur: over the page's first paint it costs a full repaint of what lies below
        scrolled ? 'border-slate-200 bg-white shadow-sm' : 'border-transparent bg-white/90',
      )}
    >
      <div className={cn('container flex items-center justify-between gap-4 transition-all duration-300', scrolled ? 'h-16' : 'h-20')}>
        <Link
          to="/"
          aria-label={`${site.name}, начало`}
          className="rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
        >
          <Logo compact={scrolled} />
        </Link>

        <nav aria-label="Основна навигация" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {SECTION_LINKS.map((link) => (
              <li key={link.id}>
                <SectionLink section={link.id} className={navLinkClasses}>
                  {link.label}
                </SectionLink>
              </li>
            ))}
            <li>
              <Link to="/blog" className={navLinkClasses}>
                Блог
              </Link>
            </li>
          </ul>
        </nav>

        <div className="flex items-center gap-2">
          <DialogButton dialog="contact" className="hidden md:inline-flex">
            Свържете се
          </DialogButton>
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label="Отвори менюто"
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            aria-controls={menuOpen ? 'mobile-menu' : undefined}
            onPointerEnter={() => void loadMobileMenu()}
            onClick={() => {
              setMenuWanted(true);
              setMenuOpen(true);
            }}
          >
            {/* drawn inline: the header is part of every page's first load, lucide's runtime is not */}
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" className="!size-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              <path d="M4 6h16M4 12h16M4 18h16" />
            </svg>
          </Button>
        </div>
      </div>
      {menuWanted && (
        <Suspense fallback={null}>
          <MobileMenu open={menuOpen} onOpenChange={setMenuOpen} onContact={openInquiry} />
        </Suspense>
      )}
    </header>
  );
}
