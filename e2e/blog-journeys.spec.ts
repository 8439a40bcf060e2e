import { expect, test, type Page } from '@playwright/test';
import { db } from './support';

// Seed posts (supabase/seed.sql) these journeys rely on; other suites only add posts with unique
// titles, so the assertions below never depend on how many posts there are.
const AI_POST = { title: 'Как AI асистентът спестява 10 часа седмично на малкия бизнес', slug: 'ai-asistent-spestyava-vreme' };
const PRODUCTIVITY = ['5 процеса, които всяка фирма може да автоматизира още този месец', 'Как измерваме спестеното време след автоматизация'];
const CRM_POST = 'CRM за брокери: какво трябва да може през 2026';

const main = (page: Page) => page.locator('main');
const postLink = (page: Page, title: string) => main(page).getByRole('link', { name: title, exact: true });

test('filter the blog by category, survive a reload, and go back to all posts', async ({ page }) => {
  await page.goto('/blog');
  await expect(main(page).getByRole('heading', { level: 1, name: 'Нашият блог' })).toBeVisible();
  await expect(postLink(page, AI_POST.title)).toBeVisible();

  await main(page).getByRole('navigation', { name: 'Категории' }).getByRole('link', { name: 'Продуктивност' }).click();
  await expect(page).toHaveURL(/\/blog\/category\/%D0%9F%D1%80%D0%BE%D0%B4%D1%83%D0%BA%D1%82%D0%B8%D0%B2%D0%BD%D0%BE%D1%81%D1%82$/);
  for (const title of PRODUCTIVITY) await expect(postLink(page, title)).toBeVisible();
  await expect(postLink(page, AI_POST.title)).toHaveCount(0);

  // the filter is the address: a reload keeps it
  await page.reload();
  await expect(main(page).getByRole('link', { name: 'Продуктивност' })).toHaveAttribute('aria-current', 'page');
  await expect(postLink(page, PRODUCTIVITY[0])).toBeVisible();
  await expect(postLink(page, AI_POST.title)).toHaveCount(0);

  await main(page).getByRole('link', { name: 'Всички', exact: true }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(postLink(page, AI_POST.title)).toBeVisible();
  await expect(postLink(page, PRODUCTIVITY[0])).toBeVisible();

  // and the browser's back button returns to the filtered list
  await page.goBack();
  await expect(page).toHaveURL(/\/blog\/category\//);
  await expect(postLink(page, AI_POST.title)).toHaveCount(0);
  await expect(postLink(page, PRODUCTIVITY[1])).toBeVisible();
});

test('search from the post sidebar lands on the listing with ?q=, case-insensitively', async ({ page }) => {
  await page.goto(`/blog/${AI_POST.slug}`);
  await expect(main(page).getByRole('heading', { level: 1, name: AI_POST.title })).toBeVisible();
  const search = main(page).getByPlaceholder('Търси в блога...');
  await search.fill('crm');
  await search.press('Enter');

  await expect(page).toHaveURL(/\/blog\?q=crm$/);
  await expect(postLink(page, CRM_POST)).toBeVisible();
  await expect(postLink(page, AI_POST.title)).toHaveCount(0);
  await expect(main(page).getByRole('searchbox', { name: 'Търси в блога' })).toHaveValue('crm');

  // the search survives a reload
  await page.reload();
  await expect(postLink(page, CRM_POST)).toBeVisible();
  await expect(postLink(page, AI_POST.title)).toHaveCount(0);

  await main(page).getByRole('button', { name: 'Изчисти търсенето' }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(postLink(page, AI_POST.title)).toBeVisible();
});

test('open a post from the listing, read it, and follow its category link', async ({ page }) => {
  await page.goto('/blog');
  await postLink(page, AI_POST.title).click();
  await expect(page).toHaveURL(new RegExp(`/blog/${AI_POST.slug}$`));
  const article = main(page).getByRole('article', { name: AI_POST.title });
  await expect(article.getByRole('heading', { level: 1, name: AI_POST.title })).toBeVisible();
  await expect(article.getByText('1 мин. четене')).toBeVisible();
  await expect(article.getByRole('heading', { level: 2, name: 'Какво прави асистентът' })).toBeVisible();
  await expect(article.getByRole('table')).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(AI_POST.title));
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/blog/${AI_POST.slug}$`));

  await article.getByRole('link', { name: 'AI Решения' }).click();
  await expect(page).toHaveURL(/\/blog\/category\/AI%20%D0%A0%D0%B5%D1%88%D0%B5%D0%BD%D0%B8%D1%8F$/);
  await expect(main(page).getByRole('heading', { level: 1, name: 'Нашият блог' })).toBeVisible();
  await expect(main(page).getByRole('navigation', { name: 'Категории' }).getByRole('link', { name: 'AI Решения' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(postLink(page, AI_POST.title)).toBeVisible();
  await expect(postLink(page, PRODUCTIVITY[0])).toHaveCount(0);
});

test('a post page loads with at most three database requests', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/rest/v1/')) requests.push(`${request.method()} ${request.url()}`);
  });
  await page.goto(`/blog/${AI_POST.slug}`);
  await expect(main(page).getByRole('heading', { level: 1, name: AI_POST.title })).toBeVisible();
  const recent = main(page).getByRole('region', { name: 'Последни публикации' });
  await expect(recent.getByRole('link')).toHaveCount(5);
  const categories = main(page).getByRole('region', { name: 'Категории' });
  await expect(categories.getByRole('link').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(requests.length, requests.join('\n')).toBeLessThanOrEqual(3);
  expect(requests.filter((r) => r.includes('blog_category_counts'))).toHaveLength(1);
});

test("a post page's HTML holds its post only; the sidebar's lists come from the browser", async ({ page, request }) => {
  // a post's file must not change when another post does
  const html = await (await request.get(`/blog/${AI_POST.slug}`)).text();
  expect(html).toContain('data-prerendered');
  expect(html).toContain(AI_POST.title);
  expect(html).toContain('Последни публикации');
  for (const other of [CRM_POST, ...PRODUCTIVITY]) expect(html).not.toContain(other);

  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`/blog/${AI_POST.slug}`);
  const recent = main(page).getByRole('region', { name: 'Последни публикации' });
  await expect(recent.getByRole('link', { name: new RegExp(PRODUCTIVITY[0]) })).toBeVisible();
  const categories = main(page).getByRole('region', { name: 'Категории' });
  await expect(categories.getByRole('link', { name: /Продуктивност/ })).toHaveAttribute(
    'href',
    '/blog/category/%D0%9F%D1%80%D0%BE%D0%B4%D1%83%D0%BA%D1%82%D0%B8%D0%B2%D0%BD%D0%BE%D1%81%D1%82',
  );
  expect(errors).toEqual([]);
});

test("a draft's slug gives the not-found view", async ({ page }) => {
  // the draft exists, it is just not published
  const { data } = await db.from('blog_posts').select('slug, is_published').eq('slug', 'chernova-planove').single();
  expect(data).toEqual({ slug: 'chernova-planove', is_published: false });

  await page.goto('/blog/chernova-planove');
  await expect(main(page).getByRole('heading', { level: 1, name: 'Публикацията не е намерена' })).toBeVisible();
  await expect(main(page).getByText('Съжаляваме, но публикацията, която търсите, не съществува или е премахната.')).toBeVisible();
  await expect(main(page).getByText('Тази публикация още не е готова.')).toHaveCount(0);
  await main(page).getByRole('link', { name: 'Към всички публикации' }).click();
  await expect(page).toHaveURL(/\/blog$/);
});

test('a search typed before the post page has its scripts is not lost when it is sent', async ({ page }) => {
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await page.goto(`/blog/${AI_POST.slug}`);
  await main(page).getByPlaceholder('Търси в блога...').fill('crm');
  // the app takes the page over after the text was typed
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-app-ready'));
  await main(page).getByPlaceholder('Търси в блога...').press('Enter');
  await expect(page).toHaveURL(/\/blog\?q=crm$/);
  await expect(postLink(page, CRM_POST)).toBeVisible();
});
