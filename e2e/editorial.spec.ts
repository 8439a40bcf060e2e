// The editor of a publication, end to end: a post scheduled in the admin stays off every public
// file until its minute, then the database's job publishes it and the static host follows
// (its page, /blog, its category page, rss.xml and sitemap.xml) with nobody signed in.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { db, runCronJob, signInAt, unique } from './support';
import { toasts } from './admin-helpers';

/** The publisher rewrites files within seconds of the webhook; polled, so no longer than it takes. */
const FRESH_WITHIN = { timeout: 10_000, intervals: [100, 250, 500] };
const CATEGORY = 'Автоматизация';

const raw = async (request: APIRequestContext, path: string) => (await request.get(path)).text();

/** Today plus `minutes`, as the consultant's wall clock (Europe/Sofia) shows it: 'YYYY-MM-DDTHH:mm'. */
function sofiaWallClock(minutes: number): string {
  const at = new Date(Date.now() + minutes * 60_000);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Sofia', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

function postCard(page: Page, title: string) {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

test('a post scheduled two minutes ahead is on no public file until its minute, then on all of them, with nobody signed in', async ({ page, request }) => {
  const title = unique('Насрочена статия');
  const slug = `e2e-scheduled-${Date.now().toString(36)}`;
  const { data: made, error } = await db
    .from('blog_posts')
    .insert({ title, slug, author: 'Мария Иванова', content: 'Текст, който излиза в уречения час.', excerpt: `Откъс за ${title}`, category: CATEGORY, is_published: false })
    .select('id')
    .single();
  expect(error).toBeNull();
  try {
    // the admin schedules it in the form, on the consultant's clock
    await signInAt(page, '/blog-admin/posts');
    await postCard(page, title).getByRole('button', { name: /^Редактирай/ }).click();
    await page.getByRole('tab', { name: 'Медия и настройки' }).click();
    await page.getByRole('checkbox', { name: 'Насрочи публикуване' }).check();
    const wall = sofiaWallClock(2);
    await page.getByLabel(/^Дата и час на публикуване/).fill(wall);
    await page.getByRole('button', { name: 'Обнови публикацията' }).click();
    await expect(toasts(page).getByText('Публикацията е обновена')).toBeVisible();
    const [day, time] = wall.split('T');
    const [y, m, d] = day.split('-');
    await expect(postCard(page, title).getByText(`Насрочена за ${d}.${m}.${y} г., ${time} ч.`)).toBeVisible();
    const { data: stored } = await db.from('blog_posts').select('is_published, scheduled_at').eq('id', made!.id).single();
    expect(stored!.is_published).toBe(false);
    expect(Math.abs(Date.parse(stored!.scheduled_at as string) - (Date.now() + 120_000))).toBeLessThan(120_000);

    // signed out, nothing public knows of it
    await page.context().clearCookies();
    await page.evaluate(() => window.localStorage.clear());
    expect(await raw(request, `/blog/${slug}`)).not.toContain(title);
    expect(await raw(request, '/rss.xml')).not.toContain(title);
    expect(await raw(request, '/sitemap.xml')).not.toContain(`/blog/${slug}<`);

    // its minute comes: rather than wait two minutes, the schedule is moved a second ahead and the
    // job runs as pg_cron would at the next minute
    const soon = new Date(Date.now() + 1000).toISOString();
    expect((await db.from('blog_posts').update({ scheduled_at: soon }).eq('id', made!.id)).error).toBeNull();
    await expect.poll(() => Date.now(), { timeout: 5_000 }).toBeGreaterThan(Date.parse(soon));
    await runCronJob('publish-scheduled-posts');

    await expect.poll(() => raw(request, `/blog/${slug}`), FRESH_WITHIN).toContain(`<title>${title} | Синаптика</title>`);
    await expect.poll(() => raw(request, '/blog'), FRESH_WITHIN).toContain(title);
    await expect.poll(() => raw(request, `/blog/category/${encodeURIComponent(CATEGORY)}`), FRESH_WITHIN).toContain(title);
    await expect.poll(() => raw(request, '/rss.xml'), FRESH_WITHIN).toContain(title);
    await expect.poll(() => raw(request, '/sitemap.xml'), FRESH_WITHIN).toContain(`/blog/${slug}</loc>`);
    const { data: published } = await db.from('blog_posts').select('is_published, published_at, scheduled_at').eq('id', made!.id).single();
    expect(published).toMatchObject({ is_published: true, scheduled_at: null });
    expect(Date.parse(published!.published_at as string)).toBe(Date.parse(soon));
  } finally {
    await db.from('blog_posts').delete().eq('id', made!.id);
  }
});

/** A published post, made through the API, whose static page the publisher writes first. */
async function publishedPost(request: APIRequestContext, title: string) {
  const slug = `e2e-editorial-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const { data, error } = await db
    .from('blog_posts')
    .insert({ title, slug, author: 'Мария Иванова', content: 'Първият текст на статията.', excerpt: `Откъс за ${title}`, category: CATEGORY, is_published: true, published_at: new Date().toISOString() })
    .select('id')
    .single();
  expect(error).toBeNull();
  await expect.poll(() => raw(request, `/blog/${slug}`), FRESH_WITHIN).toContain(`<title>${title} | Синаптика</title>`);
  return { id: data!.id as string, slug };
}

test('a deleted post leaves its static page for the bin, and comes back with it from there', async ({ page, request }) => {
  const title = unique('Статия за кошчето');
  const { id, slug } = await publishedPost(request, title);
  try {
    await signInAt(page, '/blog-admin/posts');
    await postCard(page, title).getByRole('button', { name: /^Изтрий/ }).click();
    const question = page.getByRole('alertdialog');
    await expect(question).toContainText('Сигурни ли сте, че искате да изтриете тази публикация?');
    await question.getByRole('button', { name: /^(Изтрий|Да|Потвърди)/ }).click();
    await expect(postCard(page, title)).toHaveCount(0);
    await expect.poll(() => raw(request, `/blog/${slug}`), FRESH_WITHIN).not.toContain(title);
    await expect.poll(() => raw(request, '/rss.xml'), FRESH_WITHIN).not.toContain(title);

    await page.getByRole('tab', { name: 'Кошче' }).click();
    const row = page.getByRole('listitem').filter({ hasText: title });
    await expect(row).toContainText('Публикация');
    await expect(row).toContainText('Мария Иванова');
    await row.getByRole('button', { name: new RegExp(`^Възстанови ${title}`) }).click();
    await expect(toasts(page).getByText('Възстановено')).toBeVisible();
    await expect(row).toHaveCount(0);

    await expect.poll(() => raw(request, `/blog/${slug}`), FRESH_WITHIN).toContain(`<title>${title} | Синаптика</title>`);
    await expect.poll(() => raw(request, '/rss.xml'), FRESH_WITHIN).toContain(title);
    const { data } = await db.from('blog_posts').select('content').eq('id', id).single();
    expect(data).toEqual({ content: 'Първият текст на статията.' });
  } finally {
    await db.from('blog_posts').delete().eq('id', id);
  }
});

test('a version from the history is restored as a new save, and the replaced text stays in the history', async ({ page, request }) => {
  const title = unique('Статия с версии');
  const { id } = await publishedPost(request, title);
  try {
    // someone saves a worse text over it
    expect((await db.from('blog_posts').update({ title: `${title} (развалена)`, content: 'Объркан текст.' }).eq('id', id)).error).toBeNull();

    await signInAt(page, '/blog-admin/posts');
    await postCard(page, `${title} (развалена)`).getByRole('button', { name: /^Редактирай/ }).click();
    await page.getByRole('button', { name: 'История на версиите' }).click();
    await page.getByRole('button', { name: /^Покажи разликите/ }).first().click();
    const version = page.getByRole('dialog');
    await expect(version.locator('del, ins').first()).toBeVisible();
    await expect(version).toContainText('Първият текст на статията.');
    await version.getByRole('button', { name: 'Възстанови тази версия' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Възстанови' }).click();
    await expect(toasts(page).getByText('Публикацията е обновена')).toBeVisible();

    const { data } = await db.from('blog_posts').select('title, content, is_published').eq('id', id).single();
    expect(data).toEqual({ title, content: 'Първият текст на статията.', is_published: true });
    const { data: versions } = await db.from('content_revisions').select('record').eq('record_id', id).order('replaced_at', { ascending: false });
    expect((versions![0].record as { title: string }).title).toBe(`${title} (развалена)`);
  } finally {
    await db.from('blog_posts').delete().eq('id', id);
  }
});

test('the preview shows an unsaved change on the real page, marked and not for indexing, and saves nothing', async ({ page, request }) => {
  const title = unique('Статия за преглед');
  const { id, slug } = await publishedPost(request, title);
  try {
    await signInAt(page, '/blog-admin/posts');
    await postCard(page, title).getByRole('button', { name: /^Редактирай/ }).click();
    await page.getByLabel(/^Заглавие/).fill(`${title} — нова версия`);
    const [preview] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('button', { name: /^Преглед/ }).click()]);
    await expect(preview.getByRole('status').filter({ hasText: 'Преглед — тази версия не е публикувана' })).toBeVisible();
    await expect(preview.getByRole('heading', { level: 1 })).toHaveText(`${title} — нова версия`);
    await expect(preview).toHaveTitle(/^Преглед: /);
    await expect(preview.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    // the public page and the database still have the saved title
    expect(await raw(request, `/blog/${slug}`)).not.toContain('нова версия');
    const { data } = await db.from('blog_posts').select('title').eq('id', id).single();
    expect(data).toEqual({ title });
    await preview.close();
  } finally {
    await db.from('blog_posts').delete().eq('id', id);
  }
});

test('search and share texts set in the admin reach the built HTML, the feed and the sitemap; emptied, the fallbacks return', async ({ page, request }) => {
  const title = unique('Статия с мета полета');
  const { id, slug } = await publishedPost(request, title);
  const metaTitle = unique('Заглавие за търсачките');
  const metaDescription = 'Описание точно за резултатите от търсене и за картата при споделяне.';
  try {
    await signInAt(page, '/blog-admin/posts');
    await postCard(page, title).getByRole('button', { name: /^Редактирай/ }).click();
    await page.getByRole('tab', { name: 'Медия и настройки' }).click();
    await page.getByLabel(/^Мета заглавие/).fill(metaTitle);
    await page.getByLabel(/^Мета описание/).fill(metaDescription);
    await page.getByLabel('или URL адрес на изображението за споделяне').fill('/demo/post-2.svg');
    await page.getByLabel(/^Описание на изображението за споделяне/).fill('Графика с резултатите от автоматизацията');
    await page.getByRole('button', { name: 'Обнови публикацията' }).click();
    await expect(toasts(page).getByText('Публикацията е обновена')).toBeVisible();

    await expect.poll(() => raw(request, `/blog/${slug}`), FRESH_WITHIN).toContain(`<title>${metaTitle}</title>`);
    const html = await raw(request, `/blog/${slug}`);
    expect(html).toContain(`<meta name="description" content="${metaDescription}" />`);
    expect(html).toContain(`<meta property="og:title" content="${metaTitle}" />`);
    expect(html).toMatch(/<meta property="og:image" content="[^"]*\/demo\/post-2\.svg" \/>/);
    // the page itself still shows the post's own title
    expect(html).toMatch(new RegExp(`<h1[^>]*>${title}</h1>`));
    await expect.poll(() => raw(request, '/rss.xml'), FRESH_WITHIN).toContain(metaDescription);
    await expect.poll(() => raw(request, '/sitemap.xml'), FRESH_WITHIN).toMatch(/<image:loc>[^<]*\/demo\/post-2\.svg<\/image:loc>/);

    // emptied, the title with the brand and the excerpt come back
    expect((await db.from('blog_posts').update({ meta_title: '', meta_description: '', share_image: null, share_image_alt: '' }).eq('id', id)).error).toBeNull();
    await expect.poll(() => raw(request, `/blog/${slug}`), FRESH_WITHIN).toContain(`<title>${title} | Синаптика</title>`);
    expect(await raw(request, `/blog/${slug}`)).toContain(`<meta name="description" content="Откъс за ${title}" />`);
  } finally {
    await db.from('blog_posts').delete().eq('id', id);
  }
});
