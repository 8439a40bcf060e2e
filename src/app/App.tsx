import { useEffect } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from '@/shared/layout/AppProviders';
import { startConsentBar } from '@/site/consent/bar';
import { markPageReady } from '@/site/islands/protocol';
import { AppRoutes } from './router';

/**
 * Once the app has taken the page over: mark it ready, which also presses again the buttons a
 * visitor pressed while a prerendered page was still only HTML (the page's click queue holds
 * those presses; src/site/islands/protocol.ts), and start the privacy choice (the first touch
 * kept with consent, the bar where it is asked for: src/site/consent/bar.ts).
 */
function AppReady() {
  useEffect(() => {
    markPageReady();
    startConsentBar();
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
