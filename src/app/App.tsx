import { useEffect } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from '@/shared/layout/AppProviders';
import { AppRoutes } from './router';

/**
 * Once the app has taken the page over: mark it (tests and the click queue read the mark) and
 * press again the buttons a visitor pressed while a prerendered page was still only HTML
 * (scripts/prerender.mjs holds those clicks).
 */
function AppReady() {
  useEffect(() => {
    document.documentElement.setAttribute('data-app-ready', '');
    (window as { __replayClicks?: () => void }).__replayClicks?.();
  }, []);
  return null;
}

export function App() {
  return (
    <AppProviders>
      <BrowserRouter>
        <AppReady />
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
