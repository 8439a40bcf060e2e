import { expect, test } from '@playwright/test';

const FIRST = { slug: 'map-the-process-before-you-automate', title: 'Map the Process Before You Automate It' };
const SECOND = { slug: 'choosing-your-first-automation', title: 'Choosing Your First Automation: A Simple Scoring Method' };
const THIRD = { slug: 'handling-errors-in-automated-workflows', title: 'Handling Errors in Automated Workflows' };

test('/resources opens the first article; the up and down buttons move between articles', async ({ page }) => {
  await page.goto('/resources');
  await expect(page).toHaveURL(new RegExp(`/resources/${FIRST.slug}$`));
  const main = page.locator('main');
  await expect(main.getByRole('heading', { level: 1, name: FIRST.title })).toBeVisible();
  await expect(main.getByRole('navigation', { name: 'Resources' }).getByRole('link')).toHaveCount(5);
  await expect(main.getByRole('button', { name: 'Предишна статия' })).toBeDisabled();

  await main.getByRole('button', { name: 'Следваща статия' }).click();
  await expect(page).toHaveURL(new RegExp(`/resources/${SECOND.slug}$`));
  await expect(main.getByRole('heading', { level: 1, name: SECOND.title })).toBeVisible();

  await main.getByRole('button', { name: 'Предишна статия' }).click();
  await expect(page).toHaveURL(new RegExp(`/resources/${FIRST.slug}$`));
});

test('the mouse wheel moves to the next and previous article, one per flick', async ({ page }) => {
  await page.goto(`/resources/${SECOND.slug}`);
  const main = page.locator('main');
  await expect(main.getByRole('heading', { level: 1, name: SECOND.title })).toBeVisible();
  await main.getByRole('article').hover();

  // down: the page scrolls to its end first, then the next wheel moves on
  await expect(async () => {
    await page.mouse.wheel(0, 400);
    await expect(page).toHaveURL(new RegExp(`/resources/${THIRD.slug}$`), { timeout: 400 });
  }).toPass({ timeout: 15_000 });
  await expect(main.getByRole('heading', { level: 1, name: THIRD.title })).toBeVisible();

  // a flick that moved once does not skip an article
  await page.waitForTimeout(1000);
  await expect(page).toHaveURL(new RegExp(`/resources/${THIRD.slug}$`));

  // up: back to the top, then to the previous article
  await expect(async () => {
    await page.mouse.wheel(0, -400);
    await expect(page).toHaveURL(new RegExp(`/resources/${SECOND.slug}$`), { timeout: 400 });
  }).toPass({ timeout: 15_000 });
  await expect(main.getByRole('heading', { level: 1, name: SECOND.title })).toBeVisible();
});
