import { useEffect } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from '@/shared/layout/AppProviders';
import { markPageReady } from '@/site/islands/protocol';
import { AppRoutes } from './router';

/**
 * Once the app has taken the page over: mark it ready, which also presses again the buttons a
 * visitor pressed while a prerendered page was still only HTML (the page's click queue holds
 * those presses; src/site/islands/protocol.ts).
 */
function AppReady() {
  useEffect(() => markPageReady(), []);
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
