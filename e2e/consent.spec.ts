// Nothing on the visitor's device before consent (issue 50). A visitor from a campaign who reads
// pages and refuses leaves nothing in the browser but the choice, on every page, and the inquiry
// still carries the campaign of the page it was sent from; another who accepts on the landing page
// is counted to that campaign from a later page without tags.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { adminApi, asVisitor, likeAPerson, shownAt, unique } from './support';

const CHOICE_KEY = 'privacy-choice';
const POST = '/blog/ai-asistent-spestyava-vreme';

/** Everything the site left in this browser: both storages' keys, cookies (HttpOnly too) and IndexedDB's databases. */
async function onTheDevice(page: Page, context: BrowserContext) {
  const inPage = await page.evaluate(async () => ({
    localStorage: Object.keys(localStorage).sort(),
    sessionStorage: Object.keys(sessionStorage),
    documentCookie: document.cookie,
    indexedDB: (await indexedDB.databases()).map((db) => db.name),
  }));
  return { ...inPage, cookies: (await context.cookies()).map((c) => c.name) };
}
const nothingBut = (keys: string[]) => ({ localStorage: keys, sessionStorage: [], documentCookie: '', indexedDB: [], cookies: [] });

/** A page as a reader gets it: its script has run and the browser has gone quiet (the bar would be there by then). */
async function read(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('data-app-ready', /.*/);
  await page.waitForLoadState('networkidle');
}

const bar = (page: Page) => page.getByRole('region', { name: 'Поверителност' });

/**
 * Runs in the page before its scripts: records layout shifts, the largest contentful paints and
 * when the bar came, for window.__layout() to say whether anything moved once the bar was there
 * and whether the bar was ever the largest paint.
 */
function watchLayout() {
  const shifts: { at: number; value: number }[] = [];
  const paints: (Element | null)[] = [];
  let barAt: number | null = null;
  const inBar = (el: Element | null) => !!el?.closest('[role="region"][aria-label="Поверителност"]');
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) shifts.push({ at: entry.startTime, value: entry.value });
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { element: Element | null })[]) paints.push(entry.element);
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new MutationObserver(() => {
    if (barAt === null && document.querySelector('[role="region"][aria-label="Поверителност"]')) barAt = performance.now();
  }).observe(document, { childList: true, subtree: true });
  (window as unknown as { __layout: () => unknown }).__layout = () => ({
    shiftsAfterBar: barAt === null ? -1 : shifts.filter((s) => s.at >= barAt!).reduce((sum, s) => sum + s.value, 0),
    barIsLcp: paints.some(inBar),
  });
}

/** Fills and sends the wizard from the header of the page open in `page`. */
async function sendInquiry(page: Page, name: string, onDraft?: () => Promise<void>) {
  await page.getByRole('banner').getByRole('button', { name: 'Свържете се' }).click();
  const dialog = page.getByRole('dialog', { name: 'Изпратете запитване' });
  const openedAt = await shownAt(dialog);
  await dialog.getByRole('button', { name: /Софтуер по поръчка/ }).click();
  await dialog.getByRole('textbox', { name: 'Компания' }).fill('Съгласие ООД');
  await dialog.getByRole('textbox', { name: 'Име', exact: true }).fill(name);
  await dialog.getByRole('radio', { name: 'Имейл' }).check();
  await dialog.getByRole('textbox', { name: 'Имейл' }).fill(`${name.split(' ').pop()}@example.com`);
  await dialog.getByRole('button', { name: 'Напред' }).click();
  await dialog.getByRole('textbox', { name: 'Съобщение' }).fill('Искаме сайт, който не пази нищо без съгласие.');
  await onDraft?.();
  await likeAPerson(openedAt);
  await dialog.getByRole('button', { name: 'Изпрати' }).click();
  await expect(page.getByText('Ще се свържем с вас скоро.', { exact: true })).toBeVisible();
}

async function firstTouchOf(name: string) {
  const admin = await adminApi();
  const { data, error } = await admin.from('contact_submissions').select('first_touch').eq('name', name);
  expect(error).toBeNull();
  expect(data).toHaveLength(1);
  return data![0]!.first_touch as Record<string, unknown> | null;
}

test('a visitor from a campaign reads pages and refuses: nothing but the choice on the device, and the inquiry carries the campaign of its page', async ({ browser }) => {
  const name = unique('Отказ Тестов');
  const context = await browser.newContext({ locale: 'bg-BG', timezoneId: 'Europe/Sofia', reducedMotion: 'reduce' });
  try {
    await asVisitor(context);
    const page = await context.newPage();

    // the landing page of the campaign (a query string: the app renders it): the bar asks, nothing is kept
    await read(page, '/?utm_source=x&utm_campaign=y');
    await expect(bar(page)).toBeVisible();
    expect(await onTheDevice(page, context)).toEqual(nothingBut([]));

    // two more pages, prerendered, without tags: nothing would be kept there, so no bar either
    await read(page, '/blog');
    expect(await onTheDevice(page, context)).toEqual(nothingBut([]));
    await expect(bar(page)).toHaveCount(0);
    await page.locator('main').getByRole('link', { name: 'Как AI асистентът спестява 10 часа седмично на малкия бизнес', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${POST}$`));
    await page.waitForLoadState('networkidle');
    expect(await onTheDevice(page, context)).toEqual(nothingBut([]));

    // the post again from the campaign's link: the bar asks, and the visitor refuses
    await read(page, `${POST}?utm_source=x&utm_campaign=y`);
    const refuse = bar(page).getByRole('button', { name: 'Отказвам' });
    const accept = bar(page).getByRole('button', { name: 'Приемам' });
    // equally prominent: the same size
    const [a, r] = [await accept.boundingBox(), await refuse.boundingBox()];
    expect([Math.round(r!.width), Math.round(r!.height)]).toEqual([Math.round(a!.width), Math.round(a!.height)]);
    await refuse.click();
    await expect(bar(page)).toHaveCount(0);
    expect(await onTheDevice(page, context)).toEqual(nothingBut([CHOICE_KEY]));

    // the wizard from this page: its draft stays in the page's memory, and the inquiry goes with the page's campaign
    await sendInquiry(page, name, async () => expect(await onTheDevice(page, context)).toEqual(nothingBut([CHOICE_KEY])));
    expect(await onTheDevice(page, context)).toEqual(nothingBut([CHOICE_KEY]));

    // a later page: the refusal holds, no bar, still nothing
    await read(page, '/resources?utm_source=other');
    await expect(bar(page)).toHaveCount(0);
    expect(await onTheDevice(page, context)).toEqual(nothingBut([CHOICE_KEY]));
  } finally {
    await context.close();
  }
  expect(await firstTouchOf(name)).toMatchObject({ utm_source: 'x', utm_campaign: 'y', landing_path: POST });
});

test('the bar comes late and over the page: nothing moves, it is never the largest paint, and it meets WCAG 2.2 AA as painted', async ({ page }) => {
  await page.addInitScript(watchLayout);
  await read(page, '/blog?gclid=test');
  await expect(bar(page)).toBeVisible();
  // not a dialog: the page behind stays usable
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.waitForTimeout(300);
  const layout = await page.evaluate(() => (window as unknown as { __layout: () => { shiftsAfterBar: number; barIsLcp: boolean } }).__layout());
  expect(layout).toEqual({ shiftsAfterBar: 0, barIsLcp: false });
  // contrast, names and target sizes as the browser paints them
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .include('[role="region"][aria-label="Поверителност"]')
    .analyze();
  expect(violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  // in the keyboard's order right after the main content, before the footer
  const order = await page.evaluate(() => {
    const region = document.querySelector('[role="region"][aria-label="Поверителност"]')!;
    return !!(document.getElementById('main')!.compareDocumentPosition(region) & Node.DOCUMENT_POSITION_FOLLOWING) &&
      !!(region.compareDocumentPosition(document.querySelector('footer')!) & Node.DOCUMENT_POSITION_FOLLOWING);
  });
  expect(order).toBe(true);
});

test('a visitor who accepts on the landing page is counted to its campaign from a later page without tags; the footer reopens the choice', async ({ browser }) => {
  const name = unique('Съгласие Тестово');
  const context = await browser.newContext({ locale: 'bg-BG', timezoneId: 'Europe/Sofia', reducedMotion: 'reduce' });
  try {
    await asVisitor(context);
    const page = await context.newPage();
    await read(page, '/?utm_source=spring&utm_medium=email&utm_campaign=launch');
    await bar(page).getByRole('button', { name: 'Приемам' }).click();
    await expect(bar(page)).toHaveCount(0);
    expect(await onTheDevice(page, context)).toEqual(nothingBut(['first-touch', CHOICE_KEY]));

    await read(page, '/blog');
    await expect(bar(page)).toHaveCount(0);
    await read(page, '/resources');
    // with consent the wizard's draft is kept while it is written, and removed once sent
    await sendInquiry(page, name, async () => expect((await onTheDevice(page, context)).localStorage).toEqual(['contact-form', 'first-touch', CHOICE_KEY]));
    expect(await onTheDevice(page, context)).toEqual(nothingBut(['first-touch', CHOICE_KEY]));

    // 'Настройки за поверителност' in the footer brings the bar back, with the keyboard on it
    await page.getByRole('contentinfo').getByRole('link', { name: 'Политика за поверителност', exact: true }).waitFor();
    await page.getByRole('contentinfo').getByRole('button', { name: 'Настройки за поверителност' }).click();
    await expect(bar(page)).toBeFocused();
    await expect(bar(page)).toContainText('Избрали сте: Приемам.');
  } finally {
    await context.close();
  }
  expect(await firstTouchOf(name)).toMatchObject({ utm_source: 'spring', utm_medium: 'email', utm_campaign: 'launch', landing_path: '/' });
});
