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
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Към съдържанието' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main')).toBeFocused();
});
