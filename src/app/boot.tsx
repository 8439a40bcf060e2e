import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { ErrorBoundary } from '@/shared/layout/ErrorBoundary';

/** Runs the whole app in `container` (whatever was there is replaced). */
export function boot(container: HTMLElement): void {
  container.replaceChildren();
  createRoot(container).render(
    <StrictMode>
      <ErrorBoundary>
        <App />
      </ErrorBoundary>
    </StrictMode>,
  );
}
