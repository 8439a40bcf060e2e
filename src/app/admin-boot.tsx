import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { DeferredToaster } from '@/shared/layout/DeferredToaster';
import { ErrorBoundary } from '@/shared/layout/ErrorBoundary';
import { AdminAppRoutes } from './admin-router';

/** Runs the admin app in `container`: its routes in the browser's router, and the toasts. */
export function bootAdmin(container: HTMLElement): void {
  container.replaceChildren();
  createRoot(container).render(
    <StrictMode>
      <ErrorBoundary>
        <BrowserRouter>
          <AdminAppRoutes />
          <DeferredToaster />
        </BrowserRouter>
      </ErrorBoundary>
    </StrictMode>,
  );
}
