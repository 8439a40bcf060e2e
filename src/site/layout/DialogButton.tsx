import type { ReactNode } from 'react';
import { Button, type ButtonProps } from '@/shared/ui/button';
import { siteDialogs, type DialogName } from '@/site/dialogs/site-dialogs';

/**
 * A button that opens a visitor dialog and starts fetching its code on hover or focus. It works
 * in static HTML too: data-site-dialog is what the islands' document listener answers
 * (src/site/islands/delegates.ts) where no React owns the button, so the sections around it need no
 * script of their own.
 */
export function DialogButton({ dialog, children, ...rest }: { dialog: DialogName; children: ReactNode } & Omit<ButtonProps, 'onClick'>) {
  return (
    <Button
      {...rest}
      data-site-dialog={dialog}
      onClick={dialog === 'booking' ? siteDialogs.openBooking : siteDialogs.openInquiry}
      onPointerEnter={() => siteDialogs.preload(dialog)}
      onFocus={() => siteDialogs.preload(dialog)}
    >
      {children}
    </Button>
  );
}
