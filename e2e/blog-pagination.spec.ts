// The paged blog listing in a real browser: with more published posts than fit on one
// page, /blog links to /blog/page/2, which shows the next twelve posts in order.
import { expect, test, type Page } from '@playwright/test';
import { db } from './support';

const TOKEN = Date.now().toString(36);
// A day ahead of now and a minute apart: newer than every other post, in a known order.
const NEWEST = Date.now() + 24 * 3_600_000;
const POSTS = Array.from({ length: 15 }, (_, i) => ({
  title: `Страниране ${TOKEN} №${String(i + 1).padStart(2, '0')}`,
  slug: `stranirane-${TOKEN}-${i + 1}`,
  content: 'Публикация, с която проверяваме страниците на блога.',
  excerpt: 'Проверка на страниците на блога.',
  author: 'Тест',
  is_published: true,
  published_at: new Date(NEWEST - i * 60_000).toISOString(),
}));
const TITLES = POSTS.map((p) => p.title);

let ids: string[] = [];

test.beforeAll(async () => {
  // one insert request with the service role (e2e/support.ts)
  const { data, error } = await db.from('blog_posts').insert(POSTS).select('id');
  expect(error).toBeNull();
  ids = (data ?? []).map((row: { id: string }) => row.id);
  expect(ids).toHaveLength(15);
});

test.afterAll(async () => {
  if (ids.length) await db.from('blog_posts').delete().in('id', ids);
});

const cardTitles = (page: Page) => page.locator('main').getByRole('list', { name: 'Публикации' }).getByRole('heading', { level: 2 });

test("/blog shows the twelve newest posts; 'Следваща' opens /blog/page/2 with the next ones", async ({ page }) => {
  // Page 2 continues with the 15 posts' last three, then the posts that were there before, newest
  // first (ties by id), as the database lists them.
  const { data: others, error } = await db
    .from('blog_posts')
    .select('title')
    .eq('is_published', true)
    .not('id', 'in', `(${ids.join(',')})`)
    .order('published_at', { ascending: false })
    .order('id', { ascending: false })
    .limit(9);
  expect(error).toBeNull();
  const pageTwo = [...TITLES.slice(12), ...(others ?? []).map((p: { title: string }) => p.title)];
  const { count } = await db.from('blog_posts').select('id', { count: 'exact', head: true }).eq('is_published', true);
  const pages = Math.ceil(count! / 12);

  // the prerendered page was built before these posts existed: the content webhook's publisher
  // rewrites it within seconds, and the page is static HTML
  await expect
    .poll(async () => (await page.request.get('/blog')).text(), { timeout: 10_000, intervals: [100, 250, 500] })
    .toContain(TITLES[11]);
  await page.goto('/blog');
  await expect(cardTitles(page)).toHaveText(TITLES.slice(0, 12));
  const pager = page.locator('main').getByRole('navigation', { name: 'Страници' });
  await expect(pager.getByRole('link', { name: 'Страница 1' })).toHaveAttribute('aria-current', 'page');
  await expect(pager.getByRole('link', { name: 'Предишна' })).toHaveCount(0);

  await pager.getByRole('link', { name: 'Следваща' }).click();
  await expect(page).toHaveURL(/\/blog\/page\/2$/);
  await expect(cardTitles(page)).toHaveText(pageTwo);
  await expect(page.locator('main').getByText(`Страница 2 от ${pages} · ${count} публикации`)).toBeVisible();
  await expect(pager.getByRole('link', { name: 'Страница 2' })).toHaveAttribute('aria-current', 'page');
  await expect(pager.getByRole('link', { name: 'Предишна' })).toHaveAttribute('href', '/blog');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/blog\/page\/2$/);
  await expect(page.locator('link[rel="prev"]')).toHaveAttribute('href', /\/blog$/);

  // the address alone opens it too (a static host serves the app for it until it is prerendered)
  await page.reload();
  await expect(cardTitles(page)).toHaveText(pageTwo);

  await pager.getByRole('link', { name: 'Предишна' }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(cardTitles(page)).toHaveText(TITLES.slice(0, 12));
});
