import type { ReactNode, RefObject } from 'react';
import { Sheet, SheetContent } from '@/shared/ui/sheet';

/**
 * The admin header's actions in a side drawer below 768 px (AdminFrame.tsx): a chunk of its own
 * with the dialog library, fetched when the menu is first opened (or pointed at). Closing gives
 * the focus back to the menu button.
 */
export default function AdminMenu(props: { open: boolean; onOpenChange: (open: boolean) => void; button: RefObject<HTMLButtonElement | null>; children: ReactNode }) {
  const { open, onOpenChange, button, children } = props;
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        title="Меню"
        side="right"
        id="admin-menu"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          button.current?.focus();
        }}
      >
        <nav aria-label="Администрация" className="flex flex-col gap-3 [&>*]:w-full">
          {children}
        </nav>
      </SheetContent>
    </Sheet>
  );
}
