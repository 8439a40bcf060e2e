// The owner's numbers (issue 51), from real browsers: two people arrive from two campaigns, read
// pages, one sends the wizard and the other gives up at its second step and opens the booking
// dialog; a headless client and a signed-in admin browse too. The dashboard's functions, asked as
// the admin, then count two visitors, their page views, the inquiry under the first campaign, the
// wizard's drop at step 2, and neither the automation nor the admin; nothing is left on either
// person's device. A won inquiry's EUR then appears under its campaign.
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { adminApi, asVisitor, db, likeAPerson, openSignedIn, shownAt, unique } from './support';

/** An ordinary browser's identity: desktop Chrome, not automation. */
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const POST = '/blog/ai-asistent-spestyava-vreme';
const run = Date.now().toString(36);
const FIRST = { source: `facebook-${run}`, campaign: `zima-${run}` };
const SECOND = { source: `newsletter-${run}`, campaign: `blog-${run}` };
const name = unique('Инсайт Тестов');

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Sofia' }).format(new Date());
const range = () => ({ from_day: today(), to_day: today() });

interface Sent {
  n: string;
  p: string;
  r?: string;
  u?: Record<string, string>;
  d: string;
  b: string;
  t: number;
}

/** A browser context and what it sent to the measurement: its events, and whether the script was fetched. */
interface Visitor {
  context: BrowserContext;
  page: Page;
  sent: Sent[];
  scriptFetched: () => boolean;
}

async function visitor(browser: Browser, { person }: { person: boolean }): Promise<Visitor> {
  const context = await browser.newContext({
    locale: 'bg-BG',
    timezoneId: 'Europe/Sofia',
    reducedMotion: 'reduce',
    viewport: { width: 1280, height: 800 },
    // a person's browser says who it is and is not driven by automation (Playwright's is: webdriver true)
    ...(person ? { userAgent: CHROME } : {}),
  });
  if (person) await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'webdriver', { configurable: true, get: () => false }));
  await asVisitor(context);
  const sent: Sent[] = [];
  let fetched = false;
  context.on('request', (request) => {
    if (/\/assets\/insights-[\w-]+\.js$/.test(request.url())) fetched = true;
    if (request.method() === 'POST' && request.url().endsWith('/rest/v1/rpc/track')) sent.push((request.postDataJSON() as { e: Sent }).e);
  });
  const page = await context.newPage();
  return { context, page, sent, scriptFetched: () => fetched };
}

/** Opens `path` and waits until the page works and the browser has gone quiet (the script is loaded by then). */
async function arrive(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('data-app-ready', /.*/);
  await page.waitForLoadState('networkidle');
}

/** What a reader does: moves the mouse and scrolls. */
async function read(page: Page) {
  await page.mouse.move(300, 400);
  await page.mouse.move(420, 380, { steps: 4 });
  await page.mouse.wheel(0, 600);
}

/** Everything the site left in this browser: both storages, cookies (HttpOnly too), IndexedDB. */
async function onTheDevice(v: Visitor) {
  const inPage = await v.page.evaluate(async () => ({
    localStorage: Object.keys(localStorage),
    sessionStorage: Object.keys(sessionStorage),
    documentCookie: document.cookie,
    indexedDB: (await indexedDB.databases()).map((d) => d.name),
  }));
  return { ...inPage, cookies: (await v.context.cookies()).length };
}
const NOTHING = { localStorage: [], sessionStorage: [], documentCookie: '', indexedDB: [], cookies: 0 };

const openWizard = async (page: Page) => {
  await page.getByRole('banner').getByRole('button', { name: 'Свържете се' }).click();
  return page.getByRole('dialog', { name: 'Изпратете запитване' });
};

type Summary = { visitors: number; pageviews: number; inquiries: number };
type Funnel = { step: string; visitors: number }[];
let before: { summary: Summary; funnels: { wizard: Funnel; booking: Funnel } };

async function dashboard() {
  const admin = await adminApi();
  const ask = async <T,>(fn: string, args: Record<string, unknown> = {}) => {
    const { data, error } = await admin.rpc(fn, { ...range(), ...args });
    expect(error, fn).toBeNull();
    return data as T;
  };
  return {
    summary: await ask<Summary>('insights_summary'),
    funnels: await ask<{ wizard: Funnel; booking: Funnel }>('insights_funnels'),
    campaigns: await ask<{ key: string; visitors: number; pageviews: number }[]>('insights_top', { dimension: 'campaign', max_rows: 100 }),
    attribution: await ask<{ source: string; campaign: string | null; visitors: number; inquiries: number; won: number; won_eur: number }[]>('insights_attribution'),
  };
}
const steps = (funnel: Funnel, base: Funnel) => funnel.map((s, i) => [s.step, s.visitors - base[i].visitors]);

test.describe.serial('the site measures people, not automation or the admin', () => {
  test.beforeAll(async () => {
    const { summary, funnels } = await dashboard();
    before = { summary, funnels };
  });

  test('a person from the first campaign reads two pages and sends the wizard: nothing before the first interaction', async ({ browser }) => {
    const a = await visitor(browser, { person: true });
    try {
      // the campaign's address has a query string: the app renders it
      await arrive(a.page, `/?utm_source=${FIRST.source}&utm_medium=cpc&utm_campaign=${FIRST.campaign}`);
      expect(a.scriptFetched()).toBe(true);
      expect(a.sent).toEqual([]);

      await read(a.page);
      await expect.poll(() => a.sent.map((e) => e.n)).toEqual(['pageview']);
      expect(a.sent[0]).toEqual({ n: 'pageview', p: '/', u: { utm_source: FIRST.source, utm_medium: 'cpc', utm_campaign: FIRST.campaign }, d: 'desktop', b: 'chrome', t: expect.any(Number) });

      // the blog, inside the app: a page view of its own
      await a.page.getByRole('banner').getByRole('link', { name: 'Блог', exact: true }).click();
      await expect(a.page).toHaveURL(/\/blog$/);
      await read(a.page);
      const dialog = await openWizard(a.page);
      const openedAt = await shownAt(dialog);
      await dialog.getByRole('button', { name: /Софтуер по поръчка/ }).click();
      await dialog.getByRole('textbox', { name: 'Компания' }).fill('Инсайт ООД');
      await dialog.getByRole('textbox', { name: 'Име', exact: true }).fill(name);
      await dialog.getByRole('radio', { name: 'Имейл' }).check();
      await dialog.getByRole('textbox', { name: 'Имейл' }).fill(`insight-${run}@example.com`);
      await dialog.getByRole('button', { name: 'Напред' }).click();
      await dialog.getByRole('textbox', { name: 'Съобщение' }).fill('Искаме табло с числата на сайта.');
      await likeAPerson(openedAt);
      await dialog.getByRole('button', { name: 'Изпрати' }).click();
      await expect(a.page.getByText('Ще се свържем с вас скоро.', { exact: true })).toBeVisible();

      await expect.poll(() => a.sent.map((e) => `${e.n} ${e.p}`)).toEqual(['pageview /', 'pageview /blog', 'wizard_open /blog', 'wizard_step_2 /blog', 'wizard_step_3 /blog', 'inquiry_sent /blog']);
      expect(await onTheDevice(a)).toEqual(NOTHING);
    } finally {
      await a.context.close();
    }
  });

  test('a person from the second campaign reads three pages, gives up at step 2 and opens the booking dialog', async ({ browser }) => {
    const b = await visitor(browser, { person: true });
    try {
      await arrive(b.page, `/blog?utm_source=${SECOND.source}&utm_campaign=${SECOND.campaign}`);
      await read(b.page);
      await expect.poll(() => b.sent.map((e) => e.n)).toEqual(['pageview']);
      expect(b.sent[0].u).toEqual({ utm_source: SECOND.source, utm_campaign: SECOND.campaign });

      // a prerendered post (no query: its islands only): measured the same way, once read
      await arrive(b.page, POST);
      await read(b.page);
      await expect.poll(() => b.sent.map((e) => `${e.n} ${e.p}`)).toEqual(['pageview /blog', `pageview ${POST}`]);
      const wizard = await openWizard(b.page);
      await wizard.getByRole('button', { name: /Недвижими имоти/ }).click();
      await expect(wizard.getByRole('heading', { name: 'Вашите данни за контакт' })).toBeVisible();
      await b.page.keyboard.press('Escape');
      await expect(wizard).toBeHidden();

      await arrive(b.page, '/');
      await read(b.page);
      await b.page.getByRole('button', { name: 'Запазете консултация' }).first().click();
      await expect(b.page.getByRole('dialog', { name: 'Запазете консултация' })).toBeVisible();
      await expect
        .poll(() => b.sent.map((e) => `${e.n} ${e.p}`))
        .toEqual(['pageview /blog', `pageview ${POST}`, `wizard_open ${POST}`, `wizard_step_2 ${POST}`, 'pageview /', 'booking_open /']);
      expect(await onTheDevice(b)).toEqual(NOTHING);
    } finally {
      await b.context.close();
    }
  });

  test('a headless client and a signed-in admin browse and are sent nothing', async ({ browser }) => {
    const bot = await visitor(browser, { person: false });
    const admin = await visitor(browser, { person: true });
    try {
      await arrive(bot.page, `/?utm_source=${FIRST.source}&utm_campaign=${FIRST.campaign}`);
      await read(bot.page);
      await (await openWizard(bot.page)).getByRole('button', { name: /Фитнес/ }).click();
      await arrive(bot.page, POST);
      await read(bot.page);

      await openSignedIn(admin.page, '/blog-admin/posts');
      await arrive(admin.page, `/?utm_source=${SECOND.source}&utm_campaign=${SECOND.campaign}`);
      await read(admin.page);
      await (await openWizard(admin.page)).getByRole('button', { name: /Фитнес/ }).click();
      await arrive(admin.page, POST);
      await read(admin.page);
      await admin.page.waitForLoadState('networkidle');

      // the script came (the pages are the same for everyone) and decided not to count them
      expect([bot.scriptFetched(), admin.scriptFetched()]).toEqual([true, true]);
      expect([bot.sent, admin.sent]).toEqual([[], []]);
    } finally {
      await bot.context.close();
      await admin.context.close();
    }
  });

  test('the dashboard counts the two people: visitors, page views, the funnels, each campaign and its inquiry', async () => {
    await expect
      .poll(async () => {
        const { summary } = await dashboard();
        return [summary.visitors - before.summary.visitors, summary.pageviews - before.summary.pageviews];
      })
      .toEqual([2, 5]);
    const now = await dashboard();
    expect(now.summary.inquiries - before.summary.inquiries).toBe(1);
    expect(steps(now.funnels.wizard, before.funnels.wizard)).toEqual([
      ['wizard_open', 2],
      ['wizard_step_2', 2],
      ['wizard_step_3', 1],
      ['inquiry_sent', 1],
    ]);
    expect(steps(now.funnels.booking, before.funnels.booking)).toEqual([
      ['booking_open', 1],
      ['booking_day', 0],
      ['booking_time', 0],
      ['booking_made', 0],
    ]);
    // the automation and the admin came from these campaigns too: only the people count
    const campaign = (key: string) => now.campaigns.find((c) => c.key === key);
    expect(campaign(FIRST.campaign)).toMatchObject({ visitors: 1 });
    expect(campaign(SECOND.campaign)).toMatchObject({ visitors: 1 });
    const row = (c: typeof FIRST) => now.attribution.find((r) => r.source === c.source && r.campaign === c.campaign);
    expect(row(FIRST)).toMatchObject({ visitors: 1, inquiries: 1, won: 0 });
    expect(row(SECOND)).toMatchObject({ visitors: 1, inquiries: 0 });
  });

  test("a won inquiry's EUR appears under its campaign", async () => {
    const { error } = await db.from('contact_submissions').update({ status: 'won', offer_amount: 1234.5 }).eq('name', name);
    expect(error).toBeNull();
    const { attribution } = await dashboard();
    expect(attribution.find((r) => r.campaign === FIRST.campaign)).toMatchObject({ inquiries: 1, won: 1, won_eur: 1234.5 });
  });
});
