import { useEffect, useRef } from 'react';
import { BrowserRouter, useLocation } from 'react-router-dom';
import { AppProviders } from '@/shared/layout/AppProviders';
import { startConsentBar } from '@/site/consent/bar';
import { markPageReady } from '@/site/islands/protocol';
import { track } from '@/site/runtime/insights-bus';
import { loadInsights } from '@/site/runtime/insights-loader';
import { AppRoutes } from './router';

/**
 * Once the app has taken the page over: mark it ready, which also presses again the buttons a
 * visitor pressed while a prerendered page was still only HTML (the page's click queue holds
 * those presses; src/site/islands/protocol.ts), and start the privacy choice (the first touch
 * kept with consent, the bar where it is asked for: src/site/consent/bar.ts) and the site's
 * measurement (docs/insights.md). The measurement sends the view of the page the app opened on;
 * each page the app shows after it, without a page load, is a page view of its own.
 */
function AppReady() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    markPageReady();
    startConsentBar();
    loadInsights();
  }, []);
  useEffect(() => {
    if (pathname === shown.current) return;
    shown.current = pathname;
    track('pageview');
  }, [pathname]);
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
