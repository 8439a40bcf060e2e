// Setup for the `components` Vitest projects (jsdom): jest-dom matchers, cleanup between tests,
// the admin's default answers, and the browser APIs jsdom lacks that the UI uses (media queries,
// observers, scrolling). It runs for every file; most files share their worker's modules
// (vitest.config.ts), so whatever a module keeps (the toasts, the dialogs' store, the address) is
// put back here after each test and before each file, and hooks live here, not in shared fixtures
// (a module's own hooks would be registered by the first file that imports it only).
import '@testing-library/jest-dom/vitest';
import { act, cleanup } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { dialogStore, loadBookingDialog, loadInquiryDialog } from '@/site/dialogs/site-dialogs';
import { clearToasts } from '@/shared/ui/use-toast';
import { RETENTION_KINDS } from '@/shared/domain/retention';
import { resetConsentBar } from '@/site/consent/bar';
import { resetConsentMemory } from '@/site/runtime/consent';
import { forgetDraftsInMemory } from '@/site/runtime/drafts';
import { forgetFirstTouch } from '@/site/runtime/first-touch';
import { fakeMediaQueryList } from './media';
import { authUrl, rest, server } from './msw';

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  // every file starts at the site's root, whatever address the file before it left behind
  window.history.replaceState(null, '', '/');
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  window.localStorage.clear();
  window.sessionStorage.clear();
  // the visitor dialogs' store and the toasts outlive a render, as they outlive a page in the browser
  dialogStore.reset();
  // so do what the privacy choice keeps in memory for the open page: the choice, the arrival, the drafts, the bar
  resetConsentMemory();
  forgetFirstTouch();
  forgetDraftsInMemory();
  act(() => resetConsentBar());
  act(() => clearToasts());
});
afterAll(async () => {
  server.close();
  // a pointer over or focus on a dialog's button fetches its code without waiting for it: the file
  // ends once that is here, not while a module is still loading
  await Promise.all([loadInquiryDialog(), loadBookingDialog()]);
}, 60_000);

// The panels' tabs and the editors are chunks of their own in the app (src/admin/kit/ui/lazy-part.tsx),
// fetched when shown; these tests check what they do once there, so the code of every part the
// test file's modules name is fetched before its tests, as a static import would have had it. The
// build's tests check the chunks (tests/build/admin-weight.test.ts), the end-to-end specs the loading.
// (A file without admin modules has no parts to fetch.)
beforeAll(async () => {
  const { preloadLazyParts } = await import('@/admin/kit/ui/lazy-part');
  await preloadLazyParts();
}, 120_000);

// 'Табло' (an administrator's first screen) by default: a period without visits (each insights_*
// function and its answer; tests/components/admin-dashboard*.test.tsx answer otherwise).
const NO_TOTALS = { visitors: 0, pageviews: 0, inquiries: 0, bookings: 0, signups: 0 };
const EMPTY_INSIGHTS: [string, object][] = [
  ['insights_summary', { ...NO_TOTALS, days: [], previous: NO_TOTALS }],
  ['insights_top', []],
  ['insights_funnels', { wizard: [], booking: [] }],
  ['insights_attribution', []],
  ['insights_newsletter', { days: [] }],
];

// A stored, published post's editor shows its newsletter panel, which asks where the post's send
// stands: by default nothing was sent and nobody subscribes. The panel's own tests answer otherwise
// (tests/components/admin-newsletter-send.test.tsx).
// The calendar tab also shows where meetings happen and the consultant's own calendars: by default a
// Jitsi room per booking and no calendars. The bookings tab counts this month's no-shows: none.
// Their own tests answer otherwise (tests/components/admin-calendar-feeds.test.tsx,
// tests/components/inbox-no-show.test.tsx); a test's own handlers come first.
// GoTrue's GET /auth/v1/user, as the sign-in's hand-over of the session asks it (setSession): the
// account the bearer token was made for, or 401 without one. The tests' tokens are sessionFor()'s.
function userOfToken(request: Request) {
  const token = /^Bearer (.+)$/.exec(request.headers.get('Authorization') ?? '')?.[1];
  const claims = token?.split('.')[1];
  if (!claims) return HttpResponse.json({ code: 401, error_code: 'no_authorization', msg: 'This endpoint requires a valid Bearer token' }, { status: 401 });
  const { sub, email, role, aud } = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as Record<string, string>;
  return HttpResponse.json({ id: sub, aud, role, email, app_metadata: { provider: 'email' }, user_metadata: {}, created_at: '2026-01-01T10:00:00.000Z' });
}

beforeEach(() => {
  server.use(
    http.get(authUrl('user'), ({ request }) => userOfToken(request)),
    // the users tab asks who has two-factor authentication: nobody, unless a test says otherwise
    http.post(rest('rpc/staff_second_factors'), () => HttpResponse.json([])),
    // an export is recorded in the audit log before its file is made (kit/data/exports.ts)
    http.post(rest('rpc/record_export'), () => new HttpResponse(null, { status: 204 })),
    http.post(rest('rpc/newsletter_send_status'), () => HttpResponse.json({ status: 'none', subscribers: 0, tested_at: null })),
    http.get(rest('meeting_settings'), () => HttpResponse.json([{ meeting_link: null, updated_at: '2026-01-01T10:00:00.000Z' }])),
    http.post(rest('rpc/calendar_feeds'), () => HttpResponse.json([])),
    // the retention periods as shipped ('Поверителност', 'Одит'), and a job that has not run yet
    http.get(rest('retention_settings'), ({ request }) => {
      const kind = new URL(request.url).searchParams.get('kind')?.replace(/^eq\./, '');
      const rows = RETENTION_KINDS.filter((k) => !kind || k.kind === kind).map((k) => ({ kind: k.kind, days: k.defaultDays, updated_at: '2026-01-01T10:00:00.000Z' }));
      return HttpResponse.json(rows);
    }),
    http.post(rest('rpc/retention_runs'), () => HttpResponse.json([])),
    // 'Табло', an administrator's first screen: a period with no visits at all (its own tests:
    // tests/components/admin-dashboard*.test.tsx)
    ...EMPTY_INSIGHTS.map(([fn, answer]) => http.post(rest(`rpc/${fn}`), () => HttpResponse.json(answer))),
    // only the no-show count: any other count falls through to the test's own handlers
    http.head(rest('appointments'), ({ request }) =>
      new URL(request.url).searchParams.get('status') === 'eq.no_show' ? new HttpResponse(null, { headers: { 'content-range': '*/0' } }) : undefined,
    ),
  );
});

if (typeof window.matchMedia !== 'function') {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string): MediaQueryList => fakeMediaQueryList(query, false),
  });
}

/** An observer that never reports; enough for components that only subscribe. */
class NoopObserver {
  readonly root = null;
  readonly rootMargin = '0px';
  readonly thresholds: readonly number[] = [];
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
  takeRecords(): [] {
    return [];
  }
}

if (!('IntersectionObserver' in window)) {
  Object.defineProperty(window, 'IntersectionObserver', { writable: true, configurable: true, value: NoopObserver });
  Object.defineProperty(globalThis, 'IntersectionObserver', { writable: true, configurable: true, value: NoopObserver });
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, configurable: true, value: NoopObserver });
  Object.defineProperty(globalThis, 'ResizeObserver', { writable: true, configurable: true, value: NoopObserver });
}

// jsdom implements neither scrolling nor pointer capture; the router and Radix call them.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
Element.prototype.scrollIntoView = vi.fn();
Element.prototype.scrollTo = vi.fn() as unknown as typeof Element.prototype.scrollTo;
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};
Element.prototype.setPointerCapture ??= () => {};

// jsdom has no canvas (it logs "Not implemented" on getContext); canvases then simply draw nothing.
HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext;

// The first test of every file used to pay for the cold start (the Supabase clients the app loads
// on first use, and React, jsdom and user-event code run for the first time: about 0.6 s here and
// twice that on a busy machine), which made its duration say little about the test itself. The
// clients are loaded, and one small render with a click and a keystroke warms the rest up, under
// the hook's own, larger timeout, so each test's time is the test's own.
beforeAll(async () => {
  await Promise.all([import('@/shared/db/supabase-client'), import('@/shared/db/supabase-storage'), import('@supabase/postgrest-js')]);
  const { createElement, useState } = await import('react');
  const { render, screen } = await import('@testing-library/react');
  const { default: userEvent } = await import('@testing-library/user-event');
  function Warm() {
    const [value, setValue] = useState('');
    return createElement(
      'form',
      { 'aria-label': 'warm-up' },
      createElement('label', null, 'Поле', createElement('input', { value, onChange: (e: { target: { value: string } }) => setValue(e.target.value) })),
      createElement('button', { type: 'button' }, 'Бутон'),
    );
  }
  render(createElement(Warm));
  const user = userEvent.setup({ delay: null });
  await user.click(screen.getByRole('button', { name: 'Бутон' }));
  await user.type(screen.getByRole('textbox', { name: 'Поле' }), 'ab');
  cleanup();
});
