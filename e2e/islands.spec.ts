// A prerendered page stays its HTML and only its islands hydrate, each when it comes
// near the viewport or the browser is idle. These check the page as a visitor's browser gets it.
import { gzipSync } from 'node:zlib';
import { expect, test, type Page, type Route } from '@playwright/test';

const ready = (page: Page) => page.waitForFunction(() => document.documentElement.hasAttribute('data-app-ready'));
const hydrated = (page: Page, name: string) => page.locator(`[data-island="${name}"][data-hydrated]`);

/** Holds back the scripts whose address matches until release() is called. */
async function holdScripts(page: Page, pattern: RegExp) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route: Route) => {
    await gate;
    await route.continue();
  });
  return release;
}

test('/ downloads no script for its static sections, and at most 134.5 KiB of JavaScript (gzip) without an interaction', async ({ page }) => {
  const bodies: Promise<{ url: string; gzip: number }>[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!url.pathname.endsWith('.js')) return;
    bodies.push(response.body().then((body) => ({ url: url.pathname, gzip: gzipSync(body).length })));
  });
  await page.goto('/');
  await ready(page);
  // every island hydrates by itself: near the viewport or when the browser is idle
  await expect(page.locator('[data-island]:not([data-hydrated])')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  const scripts = await Promise.all(bodies);
  const names = scripts.map((s) => s.url);
  expect(names.filter((n) => /\/(LandingPage|LandingSections|Hero|Features|Journey|Testimonials|SiteFooter|boot)-/.test(n))).toEqual([]);
  const kib = scripts.reduce((sum, s) => sum + s.gzip, 0) / 1024;
  console.log(`[islands] / loaded ${scripts.length} scripts, ${kib.toFixed(1)} KiB gzip, without an interaction`);
  expect(kib).toBeLessThanOrEqual(134.5);
});

test('a press on a FAQ question before its island has hydrated is not lost', async ({ page }) => {
  const release = await holdScripts(page, /\/assets\/Faq-[^/]+\.js$/);
  await page.goto('/');
  await ready(page);
  const faq = page.locator('#faq');
  await faq.scrollIntoViewIfNeeded();
  const question = faq.getByRole('button', { name: 'Колко време отнема един проект?' });
  await question.click();
  // the island's code is still held back: the press waits
  await expect(hydrated(page, 'faq')).toHaveCount(0);
  await expect(question).toHaveAttribute('aria-expanded', 'false');
  release();
  await expect(question).toHaveAttribute('aria-expanded', 'true');
  await expect(faq.getByText(/от една до четири седмици/)).toBeVisible();
});

test('a press on the clients carousel before its island has hydrated is not lost', async ({ page }) => {
  const release = await holdScripts(page, /\/assets\/Clients-[^/]+\.js$/);
  await page.goto('/');
  await ready(page);
  const section = page.locator('#clients');
  await section.scrollIntoViewIfNeeded();
  const list = section.locator('#clients-list');
  await section.getByRole('button', { name: 'Следващи клиенти' }).click();
  await expect(hydrated(page, 'clients')).toHaveCount(0);
  expect(await list.evaluate((el) => el.scrollLeft)).toBe(0);
  release();
  await expect.poll(() => list.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  await expect(section.getByRole('button', { name: 'Предишни клиенти' })).toBeEnabled();
});

test("the hero's dialog buttons are static HTML, and open their dialogs", async ({ page }) => {
  await page.goto('/');
  await ready(page);
  await page.getByRole('button', { name: 'Запазете консултация' }).click();
  await expect(page.getByRole('dialog', { name: /Запазете/ })).toBeVisible();
});

test('on a post, the share buttons and the sidebar search are islands that work after a scroll', async ({ page }) => {
  await page.goto('/blog/ai-asistent-spestyava-vreme');
  await ready(page);
  const share = page.getByRole('group', { name: 'Споделете публикацията' });
  await share.scrollIntoViewIfNeeded();
  // the share window is not opened for real (no network here): what it would open is recorded
  await page.evaluate(() => {
    window.open = (url?: string | URL) => {
      document.body.dataset.opened = String(url);
      return null;
    };
  });
  await share.getByRole('button', { name: 'Споделете в LinkedIn' }).click();
  await expect(page.locator('body')).toHaveAttribute('data-opened', /linkedin\.com/);
  await expect(hydrated(page, 'share')).toHaveCount(1);

  const search = page.getByRole('complementary', { name: 'Още от блога' }).getByPlaceholder('Търси в блога...');
  await search.scrollIntoViewIfNeeded();
  await expect(hydrated(page, 'blog-sidebar')).toHaveCount(1);
  await search.fill('crm');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/blog\?q=crm$/);
});

test("a project's gallery island swipes with a drag, and its arrows work after a scroll", async ({ page }) => {
  await page.goto('/project/crm-za-brokeri');
  await ready(page);
  const carousel = page.locator('main').getByRole('region', { name: /Галерия на проекта/ });
  await carousel.scrollIntoViewIfNeeded();
  const counter = carousel.getByText(/^\s*(Изображение\s*)?\d+ \/ \d+\s*$/);
  await carousel.getByRole('button', { name: 'Следващо изображение' }).click();
  await expect(counter).toHaveText(/2 \/ 3/);
  await expect(hydrated(page, 'gallery')).toHaveCount(1);

  const picture = carousel.locator('figure img');
  // the swipe (framer-motion) comes when a pointer first enters the picture: by then it has loaded,
  // whenever its request was made (a wait for the response could start after it)
  await picture.hover();
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((e) => /gallery-motion-features-[^/]+\.js$/.test(e.name))))
    .toBe(true);
  const box = (await picture.boundingBox())!;
  const y = box.y + box.height / 2;
  await expect(async () => {
    await page.mouse.move(box.x + box.width * 0.8, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.2, y, { steps: 8 });
    await page.mouse.up();
    await expect(counter).toHaveText(/3 \/ 3/, { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
});
