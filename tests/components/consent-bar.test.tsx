// The privacy bar (issue 50): a named, non-modal region at the bottom of the screen with
// 'Приемам' and 'Отказвам' alike, shown once the page is interactive only where the site would
// keep something (an arrival worth keeping, a draft begun), and again from the footer's
// 'Настройки за поверителност', in the app and in the static HTML of a prerendered page.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PRIVACY_NOTICE_PATH } from '@/shared/config/addresses';
import { NavProvider, pageLoadNav } from '@/shared/layout/nav';
import { askForChoice, consentBar, startConsentBar, withdrawAsk } from '@/site/consent/bar';
import { CONSENT_TEXT } from '@/site/consent/ConsentBar';
import { startDelegates } from '@/site/islands/delegates';
import { SiteFooter } from '@/site/layout/SiteFooter';
import { chooseConsent, DEVICE_KEYS, readConsent } from '@/site/runtime/consent';
import { keepFirstTouch } from '@/site/runtime/first-touch';
import { renderWithProviders } from './contact-fixtures';

const bar = () => screen.queryByRole('region', { name: 'Поверителност' });

/** A page load at `path` from `referrer`, as src/main.tsx notes it. */
function loadPage(path: string, referrer = '') {
  window.history.replaceState(null, '', path);
  Object.defineProperty(document, 'referrer', { value: referrer, configurable: true });
  keepFirstTouch();
}
/** The footer as the app and the prerenderer render it (links by page loads, as in an island). */
const footer = (
  <NavProvider nav={pageLoadNav({ pathname: '/', search: '', hash: '' })}>
    <SiteFooter />
  </NavProvider>
);
/** The page works: what the islands' runtime and the app call then. */
const ready = () => act(() => startConsentBar());
/** The browser is idle at once (jsdom has no idle callbacks: the bar would wait 200 ms for its timer). */
const idleAtOnce = () =>
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => {
    callback();
    return 0;
  });

beforeAll(async () => {
  await import('@/site/consent/ConsentBar');
});

afterEach(() => {
  vi.unstubAllGlobals();
  Object.defineProperty(document, 'referrer', { value: '', configurable: true });
  window.history.replaceState(null, '', '/');
});

describe('the privacy bar', () => {
  it('shows once the page is interactive where the arrival carries a campaign: a named region, two answers alike, the notice linked', async () => {
    loadPage('/?utm_source=x&utm_campaign=y');
    // not while the page loads, and not in the same task as the page becomes interactive: when the browser is idle
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(bar()).toBeNull();
    ready();
    expect(bar()).toBeNull();
    const region = await screen.findByRole('region', { name: 'Поверителност' });
    expect(region).toHaveTextContent(CONSENT_TEXT);
    expect(CONSENT_TEXT).toMatch(/откъде дойдохте.*90 дни.*чернова/);
    const [accept, refuse] = [within(region).getByRole('button', { name: 'Приемам' }), within(region).getByRole('button', { name: 'Отказвам' })];
    // equally prominent: the very same classes (size, weight, colour)
    expect(accept.className).toBe(refuse.className);
    expect(within(region).getByRole('link', { name: /Политика за поверителност/ })).toHaveAttribute('href', PRIVACY_NOTICE_PATH);
    // not a dialog: nothing modal, no focus taken, and it overlays the page (fixed) instead of pushing it
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(region).not.toHaveAttribute('aria-modal');
    expect(region.contains(document.activeElement)).toBe(false);
    expect(region.className).toMatch(/\bfixed\b/);
    expect(region.className).toMatch(/motion-safe:/);
    const result = await axe.run(region, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations).toEqual([]);
  });

  it('shows for an ad click id and for another site that linked here; not for a direct visit or a page of this site', async () => {
    idleAtOnce();
    for (const [path, referrer, shown] of [
      ['/blog?gclid=abc', '', true],
      ['/blog', 'https://www.google.com/', true],
      ['/blog', '', false],
      ['/resources', `${window.location.origin}/blog`, false],
    ] as const) {
      act(() => withdrawAsk('arrival'));
      loadPage(path, referrer);
      ready();
      expect(consentBar.get().open, path + referrer).toBe(shown);
      if (shown) expect(await screen.findByRole('region', { name: 'Поверителност' }), path + referrer).toBeInTheDocument();
      else expect(bar(), path + referrer).toBeNull();
    }
  });

  it('does not show once a choice was made', () => {
    idleAtOnce();
    chooseConsent('refused');
    loadPage('/?utm_source=x');
    ready();
    expect(consentBar.get().open).toBe(false);
    expect(bar()).toBeNull();
  });

  it('asks when a draft is begun before any choice, and no longer once the draft is sent', async () => {
    act(() => askForChoice('draft'));
    expect(await screen.findByRole('region', { name: 'Поверителност' })).toBeInTheDocument();
    act(() => withdrawAsk('draft'));
    expect(bar()).toBeNull();
  });

  it('accepting keeps the landing page as the first touch and closes the bar', async () => {
    idleAtOnce();
    const user = userEvent.setup();
    loadPage('/?utm_source=x&utm_campaign=y');
    ready();
    await user.click(await screen.findByRole('button', { name: 'Приемам' }));
    expect(bar()).toBeNull();
    expect(readConsent()).toMatchObject({ choice: 'accepted' });
    expect(JSON.parse(localStorage.getItem(DEVICE_KEYS.firstTouch)!)).toMatchObject({ utm_source: 'x', utm_campaign: 'y', landing_path: '/' });
  });

  it("is reopened from the footer, next to the notice's link; a refusal there removes what was kept and gives the focus back", async () => {
    const user = userEvent.setup();
    loadPage('/?utm_source=x');
    chooseConsent('accepted');
    expect(localStorage.getItem(DEVICE_KEYS.firstTouch)).not.toBeNull();
    renderWithProviders(footer);
    const info = screen.getByRole('contentinfo');
    expect(within(info).getByRole('link', { name: 'Политика за поверителност' })).toHaveAttribute('href', PRIVACY_NOTICE_PATH);
    const settings = within(info).getByRole('button', { name: 'Настройки за поверителност' });
    await user.click(settings);
    const region = await screen.findByRole('region', { name: 'Поверителност' });
    // the keyboard is at the bar, which says what was chosen
    await waitFor(() => expect(document.activeElement).toBe(region));
    expect(region).toHaveTextContent('Избрали сте: Приемам.');
    await user.click(within(region).getByRole('button', { name: 'Отказвам' }));
    expect(bar()).toBeNull();
    expect(Object.keys(localStorage)).toEqual([DEVICE_KEYS.choice]);
    expect(document.activeElement).toBe(settings);
  });

  it("on a prerendered page the footer's button is plain HTML: the document listener opens the bar", async () => {
    const stop = startDelegates();
    try {
      const html = renderToStaticMarkup(<MemoryRouter>{footer}</MemoryRouter>);
      const page = document.createElement('div');
      page.innerHTML = html;
      document.body.appendChild(page);
      await userEvent.click(within(page).getByRole('button', { name: 'Настройки за поверителност' }));
      expect(await screen.findByRole('region', { name: 'Поверителност' })).toBeInTheDocument();
      page.remove();
    } finally {
      stop();
    }
  });
});
