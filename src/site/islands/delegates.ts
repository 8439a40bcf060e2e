import { scrollToSection } from '@/site/runtime/scroll';
import { siteDialogs, type DialogName } from '@/site/dialogs/site-dialogs';
import { ownedByReact } from './protocol';

/*
 * Buttons of the static HTML that need no island of their own: one that opens a visitor dialog
 * (data-site-dialog="contact" | "booking", see DialogButton), one that scrolls to a section of
 * the page (data-scroll-to="<id>") and the footer's 'Настройки за поверителност'
 * (data-privacy-settings, the privacy bar again: src/site/consent/bar.ts). One listener on the
 * document serves them all; a button that React owns (inside a hydrated island, or anywhere in the
 * app) is left to React.
 */
/** The privacy choice's module (src/site/consent/bar.ts): fetched once the page works, or on use, never before. */
export const loadPrivacyBar = () => import('@/site/consent/start');

export function startDelegates(): () => void {
  const target = (event: Event, selector: string) => {
    const el = (event.target as Element | null)?.closest?.(selector) as HTMLElement | null;
    return el && !ownedByReact(el) ? el : null;
  };
  const onClick = (event: MouseEvent) => {
    const dialog = target(event, '[data-site-dialog]');
    if (dialog) {
      event.preventDefault();
      if (dialog.dataset.siteDialog === 'booking') siteDialogs.openBooking();
      else siteDialogs.openInquiry();
      return;
    }
    if (target(event, '[data-privacy-settings]')) {
      void loadPrivacyBar().then((m) => m.openPrivacySettings());
      return;
    }
    const scroll = target(event, '[data-scroll-to]');
    if (scroll?.dataset.scrollTo) {
      event.preventDefault();
      scrollToSection(scroll.dataset.scrollTo);
    }
  };
  document.addEventListener('click', onClick);
  const preload = (event: Event) => {
    const dialog = target(event, '[data-site-dialog]');
    if (dialog) siteDialogs.preload(dialog.dataset.siteDialog as DialogName);
  };
  document.addEventListener('pointerover', preload, { passive: true });
  document.addEventListener('focusin', preload);
  return () => {
    document.removeEventListener('click', onClick);
    document.removeEventListener('pointerover', preload);
    document.removeEventListener('focusin', preload);
  };
}
