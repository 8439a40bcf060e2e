// WCAG 2.1 AA, checked by axe-core in the real browser on every public page, the open inquiry
// wizard and booking dialog, the login page and each admin tab. Any violation fails.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { openSignedIn, toasts } from './support';

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Waits until every finite animation and transition has ended. axe measures contrast as painted:
 * a card caught halfway through its fade-in is half transparent, and fails for a reason no
 * visitor meets once it has arrived. Endless animations (none run under axe's scope today) are
 * left alone.
 */
async function settleAnimations(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
}

/**
 * Scrolls the page through once, so that every fade-in group (`data-reveal`) has arrived and every
 * island has hydrated before axe looks. A group below the fold is hidden until it scrolls into
 * view, and axe, which scrolls to the elements it measures, would otherwise start its fade-in
 * mid-measure and read the half-transparent text as a contrast failure (it did, once, on the
 * landing page's journey). Each fade-in is let finish while its section is on screen: the landing
 * page's sections skip their rendering off screen (content-visibility), which would leave a
 * fade-in frozen halfway until axe scrolls back to it (as it did, on a busy machine, in the FAQ).
 */
async function revealEverything(page: Page) {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const moving = () =>
      document.getAnimations().some((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity);
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo({ top: y, behavior: 'instant' }); // the page scrolls smoothly otherwise
      await frame();
      for (let waited = 0; moving() && waited < 5000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    window.scrollTo({ top: 0, behavior: 'instant' });
    await frame();
  });
  await expect(page.locator('[data-reveal-state="hidden"]')).toHaveCount(0);
  // and every island has been taken over by React and has fetched its data: an island hydrating
  // while axe measures swaps its nodes under it
  await expect(page.locator('[data-island]:not([data-hydrated])')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
}

async function expectNoViolations(page: Page, label: string, include?: string) {
  await settleAnimations(page);
  let builder = new AxeBuilder({ page }).withTags(WCAG);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const summary = violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`);
  expect(summary, label).toEqual([]);
}

const PUBLIC_PAGES = [
  '/',
  '/blog',
  '/blog/category/%D0%9F%D1%80%D0%BE%D0%B4%D1%83%D0%BA%D1%82%D0%B8%D0%B2%D0%BD%D0%BE%D1%81%D1%82',
  '/blog/crm-za-brokeri-2026',
  '/project/crm-za-brokeri',
  '/resources/map-the-process-before-you-automate',
  '/poveritelnost',
  '/lichni-danni',
  '/no/such/page',
];

for (const path of PUBLIC_PAGES) {
  test(`public page ${decodeURIComponent(path)} has no WCAG 2.1 AA violation`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await revealEverything(page);
    await expectNoViolations(page, path);
  });
}

test('the open inquiry wizard and booking dialog have no violation', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Свържете се' }).click();
  await expect(page.getByRole('dialog', { name: 'Изпратете запитване' })).toBeVisible();
  await expectNoViolations(page, 'inquiry wizard', '[role="dialog"]');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByRole('button', { name: 'Запазете консултация' }).first().click();
  await expect(page.getByRole('dialog', { name: 'Запазете консултация' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectNoViolations(page, 'booking dialog', '[role="dialog"]');
});

test('the login page has no violation', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Вход' })).toBeVisible();
  await expectNoViolations(page, '/login');
});

/**
 * Waits until the tab shown has settled: its loading messages are gone, no list is busy with the
 * next page, and no toast is on screen (the sign-in toast leaves after five seconds, and one caught
 * fading out is half transparent: axe once read that as a contrast failure in 'Резервации').
 */
async function settleTab(page: Page) {
  const panel = page.getByRole('tabpanel');
  await expect(panel).toHaveCount(1);
  await expect(panel.getByRole('status').filter({ hasText: /^Зареждане/ })).toHaveCount(0);
  await expect(panel.locator('[aria-busy="true"]')).toHaveCount(0);
  const region = toasts(page);
  for (const close of await region.getByRole('button', { name: 'Затвори известието' }).all()) {
    await close.click().catch(() => undefined); // it may have left by itself meanwhile
  }
  await expect(region.locator('li')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
}

// each tab of the admin panel in a test of its own, opened by its address, so that each stays short
const ADMIN_TABS = [
  ['dashboard', 'Табло'],
  ['posts', 'Публикации'],
  ['users', 'Потребители'],
  ['clients', 'Клиенти'],
  ['calendar', 'Календар'],
  ['inquiries', 'Запитвания'],
  ['bookings', 'Резервации'],
  ['contacts', 'Контакти'],
  ['data-requests', 'Заявки за лични данни'],
  ['subscribers', 'Абонати'],
  ['bin', 'Кошче'],
  ['audit', 'Одит'],
  ['privacy', 'Поверителност'],
] as const;

test('the admin panel has exactly the tabs checked below', async ({ page }) => {
  await openSignedIn(page, '/blog-admin/posts');
  await expect(page.getByRole('tab')).toHaveText(ADMIN_TABS.map(([, name]) => new RegExp(`^${name}`)));
});

for (const [id, name] of ADMIN_TABS) {
  test(`the admin tab ${name} has no violation`, async ({ page }) => {
    await openSignedIn(page, `/blog-admin/${id}`);
    await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
    await settleTab(page);
    await expectNoViolations(page, `/blog-admin/${id}`);
  });
}

test('/work-admin has no violation', async ({ page }) => {
  await openSignedIn(page, '/work-admin');
  await expect(page.getByRole('tab').first()).toBeVisible();
  await settleTab(page);
  await expectNoViolations(page, '/work-admin');
});
