import { createRoot } from 'react-dom/client';
import { AppProviders } from '@/shared/layout/AppProviders';
import { PublicDialogs } from '@/site/dialogs/PublicDialogs';

let mounted = false;

/**
 * The visitor dialogs and the toasts of a prerendered page: a root of their own beside the page,
 * made when a dialog or a toast is first asked for, or when the browser is idle.
 */
export function mountOverlay(): void {
  if (mounted) return;
  mounted = true;
  const overlay = document.createElement('div');
  overlay.id = 'site-overlay';
  document.body.appendChild(overlay);
  createRoot(overlay).render(
    <AppProviders>
      <PublicDialogs />
    </AppProviders>,
  );
}
