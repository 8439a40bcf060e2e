// The frame every page shares, in a real browser against the production build.
import { expect, test } from '@playwright/test';

test('the site is Bulgarian and the landing page renders with its own title', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'bg');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/Синаптика/);
  expect(errors).toEqual([]);
});

test('an unknown path shows the 404 page, which leads home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await page.getByRole('link', { name: 'Към началната страница' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the skip link moves focus to the main content', async ({ page }) => {
  await page.goto('/no/such/page');
  // the app shell renders in the browser: wait for the page before the first key
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Към съдържанието' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main')).toBeFocused();
});

// one test a page, so each stays short and a failure names its page
for (const path of ['/', '/blog', `/blog/category/${encodeURIComponent('AI Решения')}`, '/blog/crm-za-brokeri-2026', '/project/crm-za-brokeri', '/resources/map-the-process-before-you-automate']) {
  test(`${path} arrives prerendered as HTML with its data and its islands hydrate without a mismatch`, async ({ browser }) => {
    // the HTML itself, before any script: the page's heading is there
    const context = await browser.newContext({ javaScriptEnabled: false });
    const raw = await context.newPage();
    await raw.goto(path);
    await expect(raw.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(raw.locator('#root')).toHaveAttribute('data-prerendered', path);
    await context.close();

    // with scripts: React takes the page over without a hydration error
    const live = await browser.newPage();
    const errors: string[] = [];
    live.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    live.on('pageerror', (e) => errors.push(e.message));
    await live.goto(path);
    await live.waitForLoadState('networkidle');
    await expect(live.getByRole('heading', { level: 1 })).toBeVisible();
    // every island hydrates by itself (near the viewport or when the browser is idle)
    expect(await live.locator('[data-island]').count()).toBeGreaterThan(0);
    await expect(live.locator('[data-island]:not([data-hydrated])')).toHaveCount(0);
    expect(errors).toEqual([]);
    await live.close();
  });
}

test('a path that is not prerendered gets the app shell and renders in the browser', async ({ page }) => {
  const res = await page.goto('/login');
  expect(await res!.text()).not.toContain('data-prerendered');
  await expect(page.getByRole('button', { name: 'Вход' })).toBeVisible();
  // the old /blog?category= address: rendered in the browser, which moves it to the category's path
  await page.goto('/blog?category=%D0%9F%D1%80%D0%BE%D0%B4%D1%83%D0%BA%D1%82%D0%B8%D0%B2%D0%BD%D0%BE%D1%81%D1%82');
  await expect(page).toHaveURL(/\/blog\/category\/%D0%9F%D1%80%D0%BE%D0%B4%D1%83%D0%BA%D1%82%D0%B8%D0%B2%D0%BD%D0%BE%D1%81%D1%82$/);
  await expect(page.getByRole('link', { name: /5 процеса, които всяка фирма/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /Как AI асистентът спестява/ })).toHaveCount(0);
});

test('a button pressed before the prerendered page has its scripts still does its job', async ({ page }) => {
  // the app's entry arrives late, as on a slow connection
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Свържете се' }).click();
  expect(await page.evaluate(() => document.documentElement.hasAttribute('data-app-ready'))).toBe(false);
  await expect(page.getByRole('dialog', { name: 'Изпратете запитване' })).toBeVisible();
});
