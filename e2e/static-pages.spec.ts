// The static pages follow the admin: the production build's prerendered HTML, fetched
// without a browser the way a crawler, a link preview or a feed reader reads it, changes within
// 10 seconds of a change in the admin. The content webhook tells `vite preview`'s publisher, which
// re-renders just the affected files.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { db, signInAt, unique } from './support';
import { toasts } from './admin-helpers';

/** Within the 10 seconds; polled, so the test takes only as long as the publisher does. */
const FRESH_WITHIN = { timeout: 10_000, intervals: [100, 250, 500] };

const raw = async (request: APIRequestContext, path: string) => (await request.get(path)).text();

function postCard(page: Page, title: string) {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

async function arrangePost(title: string, published: boolean) {
  const slug = `e2e-static-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const { error } = await db.from('blog_posts').insert({
    title,
    slug,
    author: 'Мария Иванова',
    content: 'Текст на публикацията.',
    excerpt: `Откъс за ${title}`,
    category: 'Автоматизация',
    is_published: published,
    published_at: published ? new Date().toISOString() : null,
  });
  expect(error).toBeNull();
  return slug;
}

test('a post hidden in the admin leaves its static page, /blog and rss.xml within 10 s', async ({ page, request }) => {
  const title = unique('Скрита по правни причини');
  const slug = await arrangePost(title, true);
  try {
    // published through the API: the pipeline gives it its own static page first
    await expect.poll(() => raw(request, `/blog/${slug}`), FRESH_WITHIN).toContain(`<title>${title} | Синаптика</title>`);
    await expect.poll(() => raw(request, '/rss.xml'), FRESH_WITHIN).toContain(title);

    await signInAt(page, '/blog-admin/posts');
    await postCard(page, title).getByRole('button', { name: /^Скрий/ }).click();
    await expect(toasts(page).getByText('Публикацията е скрита')).toBeVisible();

    // each file is polled: the publisher writes them one after another
    await expect.poll(() => raw(request, `/blog/${slug}`), FRESH_WITHIN).not.toContain(title);
    await expect.poll(() => raw(request, '/blog'), FRESH_WITHIN).not.toContain(title);
    await expect.poll(() => raw(request, '/rss.xml'), FRESH_WITHIN).not.toContain(title);
    await expect.poll(() => raw(request, '/sitemap.xml'), FRESH_WITHIN).not.toContain(`/blog/${slug}<`);
  } finally {
    await db.from('blog_posts').delete().eq('slug', slug);
  }
});

test('a draft published in the admin gets its own static page, with its title and Open Graph tags, within 10 s', async ({ page, request }) => {
  const title = unique('Нова статична публикация');
  const slug = await arrangePost(title, false);
  try {
    expect(await raw(request, `/blog/${slug}`)).not.toContain(title);
    await signInAt(page, '/blog-admin/posts');
    await postCard(page, title).getByRole('button', { name: /^Публикувай/ }).click();
    await expect(toasts(page).getByText('Публикацията е публикувана')).toBeVisible();

    await expect.poll(() => raw(request, `/blog/${slug}`), FRESH_WITHIN).toContain(`<title>${title} | Синаптика</title>`);
    const html = await raw(request, `/blog/${slug}`);
    // the page itself, prerendered, not the app shell
    expect(html).toContain(`data-prerendered="/blog/${slug}"`);
    expect(html).toContain(`<meta property="og:title" content="${title} | Синаптика" />`);
    expect(html).toContain(`<meta property="og:description" content="Откъс за ${title}" />`);
    expect(html).toContain('<meta property="og:type" content="article" />');
    expect(html).toMatch(new RegExp(`<meta property="og:url" content="[^"]*/blog/${slug}" />`));
    await expect.poll(() => raw(request, '/blog'), FRESH_WITHIN).toContain(title);
    await expect.poll(() => raw(request, '/sitemap.xml'), FRESH_WITHIN).toContain(`/blog/${slug}</loc>`);
  } finally {
    await db.from('blog_posts').delete().eq('slug', slug);
  }
});

test('a client added and then deleted reaches the landing page\'s static HTML both times within 10 s', async ({ request }) => {
  const name = unique('Клиент за началната страница');
  const { data, error } = await db.from('clients').insert({ name, logo: '/demo/client-1.svg' }).select('id').single();
  expect(error).toBeNull();
  try {
    await expect.poll(() => raw(request, '/'), FRESH_WITHIN).toContain(name);
  } finally {
    await db.from('clients').delete().eq('id', data!.id);
  }
  await expect.poll(() => raw(request, '/'), FRESH_WITHIN).not.toContain(name);
});

test('a category gets its static page with its first post, and loses it with its last', async ({ request }) => {
  const first = unique('Нова категория');
  const second = unique('Друга категория');
  const title = unique('Публикация в нова категория');
  const page = (name: string) => `/blog/category/${encodeURIComponent(name)}`;
  const slug = await arrangePost(title, true);
  try {
    await db.from('blog_posts').update({ category: first }).eq('slug', slug);
    await expect.poll(() => raw(request, page(first)), FRESH_WITHIN).toContain(`data-prerendered="${page(first)}"`);
    expect(await raw(request, page(first))).toContain(title);

    // moved: the new category's page appears, the old one (now empty) is gone
    await db.from('blog_posts').update({ category: second }).eq('slug', slug);
    await expect.poll(() => raw(request, page(second)), FRESH_WITHIN).toContain(title);
    await expect.poll(() => raw(request, page(first)), FRESH_WITHIN).not.toContain('data-prerendered');
  } finally {
    await db.from('blog_posts').delete().eq('slug', slug);
  }
  await expect.poll(() => raw(request, page(second)), FRESH_WITHIN).not.toContain('data-prerendered');
});
