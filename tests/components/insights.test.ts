// Runs isolated: the measurement script listens on the document for the page's life, as in a page.
// The site's measurement (docs/insights.md): nothing is sent for automation, a bot's user agent, a
// browser where staff are signed in, or before a person's first interaction; then one small call
// per event with the agreed fields; nothing is ever written to the device.
import { fireEvent } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { AUTH_STORAGE_KEY } from '@/shared/db/session-key';
import { browserFamily, deviceClass, firstInteraction, payloadOf, runInsights } from '@/site/runtime/insights';
import { connectInsights, resetInsightsBus, track, type InsightEvent } from '@/site/runtime/insights-bus';
import { loadInsights } from '@/site/runtime/insights-loader';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** The browser's identity and viewport, as the script reads them. */
function asBrowser({ agent = CHROME, webdriver = false, width = 1280, referrer = '' } = {}) {
  Object.defineProperty(navigator, 'userAgent', { configurable: true, get: () => agent });
  Object.defineProperty(navigator, 'webdriver', { configurable: true, get: () => webdriver });
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  Object.defineProperty(document, 'referrer', { configurable: true, get: () => referrer });
}

/** A person's first interaction, as the loader hands it to the script. */
function person() {
  let interact!: () => void;
  const touched = new Promise<void>((resolve) => (interact = resolve));
  return {
    touched,
    /** The first interaction: the script's own reaction runs before this returns. */
    interacts: async () => {
      interact();
      await touched;
    },
  };
}

let fetchSpy: MockInstance<typeof fetch>;
/** The events sent, as the database receives them (`e` of each body). */
const sentEvents = () => fetchSpy.mock.calls.map(([, init]) => (JSON.parse(String(init?.body)) as { e: Record<string, unknown> }).e);

beforeEach(() => {
  fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 204 }));
});
afterEach(() => {
  vi.restoreAllMocks();
  resetInsightsBus();
  for (const key of ['userAgent', 'webdriver'] as const) Reflect.deleteProperty(navigator, key);
  Reflect.deleteProperty(window, 'innerWidth');
  Reflect.deleteProperty(document, 'referrer');
  window.history.replaceState(null, '', '/');
  document.body.replaceChildren();
});

describe('the measurement script', () => {
  it("sends nothing before a person's first interaction, then the page view and what was tracked meanwhile, one small call each", async () => {
    window.history.replaceState(null, '', '/blog?utm_source=facebook&utm_medium=cpc&utm_campaign=zima&fbclid=abc&q=1');
    asBrowser({ width: 390, referrer: 'https://www.Google.com/search?q=sinaptika' });
    const { touched, interacts } = person();
    runInsights(touched);
    track('wizard_open');
    expect(fetchSpy).not.toHaveBeenCalled();

    await interacts();
    expect(fetchSpy).toHaveBeenCalledTimes(2);
    const [url, init] = fetchSpy.mock.calls[0];
    expect(url).toBe('http://supabase.test/rest/v1/rpc/track');
    expect(init).toMatchObject({
      method: 'POST',
      keepalive: true,
      headers: { apikey: 'test-anon-key', Authorization: 'Bearer test-anon-key', 'Content-Type': 'application/json' },
    });
    const tags = { utm_source: 'facebook', utm_medium: 'cpc', utm_campaign: 'zima' };
    // the path without its query, the other site's host, the campaign's tags only (no click id, nothing else)
    expect(sentEvents()).toEqual([
      { n: 'pageview', p: '/blog', r: 'www.google.com', u: tags, d: 'mobile', b: 'chrome', t: expect.any(Number) },
      { n: 'wizard_open', p: '/blog', r: 'www.google.com', u: tags, d: 'mobile', b: 'chrome', t: expect.any(Number) },
    ]);
    expect(Math.abs((sentEvents()[0].t as number) - Date.now())).toBeLessThan(5000);

    // from now on each event goes at once
    track('booking_open');
    expect(sentEvents().map((e) => e.n)).toEqual(['pageview', 'wizard_open', 'booking_open']);
  });

  it.each([
    ['automation (navigator.webdriver)', { webdriver: true }],
    ['a crawler', { agent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }],
    ['a headless browser', { agent: CHROME.replace('Chrome/', 'HeadlessChrome/') }],
    ['an audit', { agent: `${CHROME} Chrome-Lighthouse` }],
    ['a link preview', { agent: 'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 (compatible; Google-InspectionTool/1.0)' }],
  ])('sends nothing for %s, even after an interaction, and drops what was tracked', async (_, browser) => {
    asBrowser(browser);
    const { touched, interacts } = person();
    track('wizard_open');
    runInsights(touched);
    await interacts();
    track('inquiry_sent');
    expect(fetchSpy).not.toHaveBeenCalled();
    // nothing is held for later either
    const later = vi.fn();
    connectInsights(later);
    expect(later).not.toHaveBeenCalled();
  });

  it('sends nothing from a browser where staff are signed in (the session key is read, never written)', async () => {
    asBrowser();
    localStorage.setItem(AUTH_STORAGE_KEY, '{"access_token":"…"}');
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    const removeItem = vi.spyOn(Storage.prototype, 'removeItem');
    const { touched, interacts } = person();
    runInsights(touched);
    await interacts();
    track('booking_open');
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(setItem).not.toHaveBeenCalled();
    expect(removeItem).not.toHaveBeenCalled();
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBe('{"access_token":"…"}');
  });

  it('counts a press on the phone number or the e-mail address anywhere on the page', async () => {
    asBrowser();
    // a page of its own, apart from the document the earlier tests' scripts listen on
    const page = document.createElement('div');
    page.innerHTML = '<footer><a href="tel:+359881234567"><span>088 123 4567</span></a> <a href="mailto:hello@sinaptika.bg">hello@sinaptika.bg</a> <a href="/blog">Блог</a></footer>';
    // no navigation in the test's window
    page.addEventListener('click', (event) => event.preventDefault());
    const { touched, interacts } = person();
    runInsights(touched, page);
    await interacts();
    fireEvent.click(page.querySelector('span')!);
    fireEvent.click(page.querySelector('a[href^="mailto:"]')!);
    fireEvent.click(page.querySelector('a[href="/blog"]')!);
    expect(sentEvents().map((e) => e.n)).toEqual(['pageview', 'phone_click', 'email_click']);
  });

  it('writes nothing to the device: no storage, no cookie', async () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    const cookie = vi.spyOn(document, 'cookie', 'set');
    window.history.replaceState(null, '', '/?utm_source=newsletter');
    asBrowser({ referrer: 'https://mail.example.com/' });
    const { touched, interacts } = person();
    runInsights(touched);
    await interacts();
    track('newsletter_signup');
    expect(sentEvents()).toHaveLength(2);
    expect(setItem).not.toHaveBeenCalled();
    expect(cookie).not.toHaveBeenCalled();
    expect([localStorage.length, sessionStorage.length, document.cookie]).toEqual([0, 0, '']);
  });
});

describe("the payload's fields", () => {
  const event = (href: string): InsightEvent => ({ n: 'pageview', h: href, t: 1 });

  it('a referrer only when it is another site (a host name); campaign tags without control characters, to 100 characters; the path to 300', () => {
    expect(payloadOf(event('https://sinaptika.bg/blog/post'), 'https://sinaptika.bg/', 800, CHROME)).toEqual({ n: 'pageview', p: '/blog/post', d: 'tablet', b: 'chrome', t: 1 });
    expect(payloadOf(event('https://sinaptika.bg/'), 'not a url', 800, CHROME).r).toBeUndefined();
    expect(payloadOf(event('https://sinaptika.bg/'), 'http://[::1]:8080/', 800, CHROME).r).toBeUndefined();
    expect(payloadOf(event('https://sinaptika.bg/?utm_source=a%0Ab%09'), 'https://m.facebook.com/', 800, CHROME)).toMatchObject({ r: 'm.facebook.com', u: { utm_source: 'ab' } });
    const long = payloadOf(event(`https://sinaptika.bg/${'a'.repeat(400)}?utm_campaign=${'x'.repeat(150)}&utm_term=%20%20`), '', 800, CHROME);
    expect(long.p).toHaveLength(300);
    expect(long.u).toEqual({ utm_campaign: 'x'.repeat(100) });
  });

  it('the device class from the viewport: mobile under 640 px, tablet under 1024, desktop from there', () => {
    expect([320, 639, 640, 1023, 1024, 1920].map(deviceClass)).toEqual(['mobile', 'mobile', 'tablet', 'tablet', 'desktop', 'desktop']);
  });

  it('the browser family from the user agent', () => {
    const agents: [string, string][] = [
      [CHROME, 'chrome'],
      ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1', 'chrome'],
      ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0', 'firefox'],
      ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15', 'safari'],
      [`${CHROME} Edg/131.0.2903.70`, 'edge'],
      [`${CHROME} OPR/115.0.0.0`, 'opera'],
      ['Mozilla/5.0 (Linux; Android 14; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36', 'samsung'],
      ['Lynx/2.9.0 libwww-FM/2.14', 'other'],
    ];
    expect(agents.map(([agent]) => browserFamily(agent))).toEqual(agents.map(([, family]) => family));
  });
});

describe('the first interaction and the loader', () => {
  it('a person’s interaction opens the gate; an event a script made does not', async () => {
    const listeners = new Map<string, { listener: (event: Event) => void; signal?: AbortSignal }>();
    const target = {
      addEventListener: vi.fn((type: string, listener: (event: Event) => void, options: AddEventListenerOptions) =>
        void listeners.set(type, { listener, signal: options.signal }),
      ),
    };
    let opened = false;
    void firstInteraction(target as unknown as EventTarget).then(() => (opened = true));
    expect([...listeners.keys()]).toEqual(['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'click']);
    const event = (type: string, isTrusted: boolean, at = { clientX: 0, clientY: 0 }) => listeners.get(type)!.listener({ type, isTrusted, ...at } as unknown as Event);
    event('wheel', false);
    event('pointerdown', false);
    // the browser's own move of a still pointer (at the page's load, after a layout), again and again
    event('pointermove', true, { clientX: 10, clientY: 20 });
    event('pointermove', true, { clientX: 10, clientY: 20 });
    await Promise.resolve();
    expect(opened).toBe(false);
    expect(listeners.get('wheel')!.signal!.aborted).toBe(false);
    // the pointer moved by a hand
    event('pointermove', true, { clientX: 14, clientY: 26 });
    await Promise.resolve();
    expect(opened).toBe(true);
    // one interaction is all it waits for: every listener goes
    expect([...listeners.values()].every(({ signal }) => signal?.aborted)).toBe(true);
  });

  it.each(['pointerdown', 'keydown', 'wheel', 'touchstart', 'click'])('a trusted %s is a person at once', async (type) => {
    const listeners = new Map<string, (event: Event) => void>();
    const target = { addEventListener: (t: string, listener: (event: Event) => void) => void listeners.set(t, listener) };
    const opened = vi.fn();
    void firstInteraction(target as unknown as EventTarget).then(opened);
    listeners.get(type)!({ type, isTrusted: true } as Event);
    await Promise.resolve();
    expect(opened).toHaveBeenCalled();
  });

  it("is fetched nowhere on an e-mail's private link, and once on a page of the site, when the browser is idle", () => {
    const idle = vi.fn();
    Object.defineProperty(window, 'requestIdleCallback', { configurable: true, value: idle });
    for (const path of ['/booking/abc123', '/newsletter/confirm/abc', '/lichni-danni/potvardi/abc']) {
      window.history.replaceState(null, '', path);
      loadInsights();
    }
    expect(idle).not.toHaveBeenCalled();

    window.history.replaceState(null, '', '/blog');
    loadInsights();
    loadInsights();
    expect(idle).toHaveBeenCalledTimes(1);
    expect(idle).toHaveBeenCalledWith(expect.any(Function), { timeout: 3000 });
    Reflect.deleteProperty(window, 'requestIdleCallback');
  });
});

describe('the event bus', () => {
  it('holds what the site tracks, with the address and the time, until the script takes it over; then hands each over at once', () => {
    window.history.replaceState(null, '', '/project/crm?utm_source=x');
    track('wizard_open');
    window.history.replaceState(null, '', '/blog');
    track('wizard_step_2');
    const got: InsightEvent[] = [];
    connectInsights((event) => got.push(event));
    expect(got).toEqual([
      { n: 'wizard_open', h: 'http://localhost:3000/project/crm?utm_source=x', t: expect.any(Number) },
      { n: 'wizard_step_2', h: 'http://localhost:3000/blog', t: expect.any(Number) },
    ]);
    track('inquiry_sent');
    expect(got.map((e) => e.n)).toEqual(['wizard_open', 'wizard_step_2', 'inquiry_sent']);
  });

  it('holds at most 30 events for a script that never comes', () => {
    for (let i = 0; i < 50; i++) track('booking_day');
    const got = vi.fn();
    connectInsights(got);
    expect(got).toHaveBeenCalledTimes(30);
  });
});
