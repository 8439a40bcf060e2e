import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sampleBlogCategories, sampleBlogPostFor, sampleRecentPosts } from '@/site/content/sample-blog';
import { categoryCounts, permissionDenied, postRow, renderBlog } from './blog-fixtures';
import { rest, server, SUPABASE_URL } from './msw';
import { site } from '@/shared/config/site';

const RECENT = [1, 2, 3, 4, 5].map((n) => postRow(n));
const COUNTS = [
  { name: 'AI Решения', count: 5 },
  { name: 'Продуктивност', count: 3 },
  { name: 'Клиентски опит', count: 2 },
];

/**
 * Answers the post page: the single post (by slug) and the recent posts list are both GETs of
 * blog_posts, told apart by the `slug` filter. Returns the log of every database request.
 */
function postPage(post: unknown, options: { recent?: unknown[]; counts?: unknown[] } = {}) {
  const requests: string[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.url.startsWith(SUPABASE_URL)) requests.push(`${request.method} ${request.url}`);
  });
  server.use(
    http.get(rest('blog_posts'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      if (params.get('slug')) return HttpResponse.json(post === null ? [] : [post]);
      return HttpResponse.json(options.recent ?? RECENT);
    }),
    categoryCounts((options.counts ?? COUNTS) as { name: string; count: number }[]),
  );
  return requests;
}

afterEach(() => {
  server.events.removeAllListeners();
  vi.restoreAllMocks();
});

describe('blog post page', () => {
  it('shows the post with category link, author, date, reading time, tags and markdown content', async () => {
    const content = `## Първа глава\n\n${'дума '.repeat(401)}\n\n- точка едно\n- точка две`;
    postPage(postRow(7, { title: 'Голямата публикация', slug: 'golyama', content, tags: ['AI', 'CRM'] }));
    renderBlog('/blog/golyama');

    const article = await screen.findByRole('article', { name: 'Голямата публикация' });
    expect(within(article).getByRole('heading', { level: 1, name: 'Голямата публикация' })).toBeInTheDocument();
    expect(within(article).getByRole('link', { name: 'AI Решения' })).toHaveAttribute(
      'href',
      `/blog/category/${encodeURIComponent('AI Решения')}`,
    );
    expect(within(article).getByText('Мария Иванова')).toBeInTheDocument();
    expect(within(article).getByText('13 ноември 2026 г.')).toBeInTheDocument();
    // 2 + 401 + 4 words → ceil(407 / 200) = 3 minutes
    expect(within(article).getByText('3 мин. четене')).toBeInTheDocument();
    expect(within(article).getByText('#CRM')).toBeInTheDocument();
    // the markdown renderer is a chunk of its own, fetched while the post loads
    expect(await within(article).findByRole('heading', { level: 2, name: 'Първа глава' })).toBeInTheDocument();
    expect(within(article).getByText('точка две')).toBeInTheDocument();
    expect(document.title).toContain('Голямата публикация');
    expect(document.head.querySelector('meta[property="og:type"]')).toHaveAttribute('content', 'article');
    expect(document.head.querySelector('meta[property="og:image"]')?.getAttribute('content')).toMatch(/\/demo\/post-7\.svg$/);
  });

  it("shows the hero as the page's first picture, its WebP copies sized to the column, with its alt text", async () => {
    const photo = 'https://cdn.test/blog/hero.1600x840.jpg';
    const requests = postPage(postRow(1, { featured_image: photo, featured_image_alt: 'Екипът около масата' }), {
      recent: [postRow(2, { featured_image: 'https://cdn.test/blog/other.1200x630.jpg', featured_image_alt: 'Друга снимка' })],
    });
    renderBlog('/blog/publikatsiya-1');
    const article = await screen.findByRole('article', { name: 'Публикация номер 1' });
    const hero = within(article).getByRole('img', { name: 'Екипът около масата' });
    expect(hero).toHaveAttribute('src', photo);
    expect(hero).toHaveAttribute('fetchpriority', 'high');
    expect(hero).not.toHaveAttribute('loading');
    const source = hero.closest('picture')!.querySelector('source')!;
    expect(source).toHaveAttribute('type', 'image/webp');
    expect(source.getAttribute('srcset')).toContain('https://cdn.test/blog/hero.1600x840.w1600.webp 1600w');
    // the whole container under lg, 2 of 3 columns from lg
    expect(source).toHaveAttribute('sizes', '(min-width: 1280px) 819px, (min-width: 1024px) calc(66.67vw - 35px), calc(100vw - 2rem)');
    expect(requests.find((r) => r.includes('slug=eq.'))).toContain('featured_image_alt');
    expect(document.head.querySelector('meta[property="og:image:alt"]')).toHaveAttribute('content', 'Екипът около масата');
    expect(document.head.querySelector('meta[property="og:image:width"]')).toHaveAttribute('content', '1600');

    // the sidebar's thumbnails are 64 px, named by the title beside them
    const recent = await screen.findByRole('region', { name: 'Последни публикации' });
    const link = await within(recent).findByRole('link', { name: /Публикация номер 2/ });
    const thumb = link.querySelector('img')!;
    expect(thumb).toHaveAttribute('alt', '');
    expect(thumb).toHaveAttribute('loading', 'lazy');
    expect(thumb.closest('picture')!.querySelector('source')).toHaveAttribute('sizes', '64px');
  });

  it('needs at most three database requests: the post, the recent posts and the category counts', async () => {
    const requests = postPage(postRow(1));
    renderBlog('/blog/publikatsiya-1');
    await screen.findByRole('article', { name: 'Публикация номер 1' });
    // the sidebar is filled from the other two requests
    const recent = await screen.findByRole('region', { name: 'Последни публикации' });
    expect(await within(recent).findAllByRole('link')).toHaveLength(5);
    const categories = screen.getByRole('region', { name: 'Категории' });
    expect(await within(categories).findByRole('link', { name: /Продуктивност\s*3/ })).toHaveAttribute(
      'href',
      `/blog/category/${encodeURIComponent('Продуктивност')}`,
    );
    expect(requests).toHaveLength(3);
    const post = requests.find((r) => r.includes('slug=eq.publikatsiya-1'))!;
    expect(post).toContain('is_published=eq.true');
    const list = requests.find((r) => r.startsWith('GET') && !r.includes('slug='))!;
    expect(list).toContain('limit=5');
    expect(requests.filter((r) => r.startsWith('POST') && r.includes('/rpc/blog_category_counts'))).toHaveLength(1);
  });

  it('shows the not-found view for a slug with no published post (a draft, or nothing)', async () => {
    postPage(null);
    renderBlog('/blog/chernova-planove');
    expect(await screen.findByRole('heading', { level: 1, name: 'Публикацията не е намерена' })).toBeInTheDocument();
    expect(screen.getByText('Съжаляваме, но публикацията, която търсите, не съществува или е премахната.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Към всички публикации' })).toHaveAttribute('href', '/blog');
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  });

  it('a server error other than a permission error leaves the not-found view', async () => {
    postPage(null);
    server.use(
      http.get(rest('blog_posts'), () =>
        HttpResponse.json({ code: '22P02', message: 'invalid input syntax', details: null, hint: null }, { status: 400 }),
      ),
    );
    renderBlog('/blog/some-slug');
    expect(await screen.findByRole('heading', { level: 1, name: 'Публикацията не е намерена' })).toBeInTheDocument();
  });

  it('shows the sample post instead of not-found on a permission error', async () => {
    postPage(null);
    server.use(http.get(rest('blog_posts'), () => permissionDenied()));
    renderBlog('/blog/any-slug');
    const sample = sampleBlogPostFor('any-slug');
    expect(await screen.findByRole('heading', { level: 1, name: sample.title })).toBeInTheDocument();
    expect(screen.queryByText('Публикацията не е намерена')).not.toBeInTheDocument();
  });

  it('shows the sample post when the request throws', async () => {
    postPage(null);
    server.use(http.get(rest('blog_posts'), () => HttpResponse.error()));
    renderBlog('/blog/any-slug');
    expect(await screen.findByRole('heading', { level: 1, name: sampleBlogPostFor('any-slug').title })).toBeInTheDocument();
  });

  it('the sidebar falls back to three sample posts and five sample categories when its requests fail', async () => {
    postPage(postRow(1));
    server.use(
      http.get(rest('blog_posts'), ({ request }) =>
        new URL(request.url).searchParams.get('slug') ? HttpResponse.json([postRow(1)]) : HttpResponse.error(),
      ),
      http.post(rest('rpc/blog_category_counts'), () =>
        HttpResponse.json({ code: '42883', message: 'function does not exist', details: null, hint: null }, { status: 404 }),
      ),
    );
    renderBlog('/blog/publikatsiya-1');
    const recent = await screen.findByRole('region', { name: 'Последни публикации' });
    for (const post of sampleRecentPosts()) expect(await within(recent).findByRole('link', { name: new RegExp(post.title) })).toBeInTheDocument();
    const categories = screen.getByRole('region', { name: 'Категории' });
    expect(await within(categories).findAllByRole('link')).toHaveLength(5);
    for (const c of sampleBlogCategories) expect(within(categories).getByText(c.name)).toBeInTheDocument();
  });

  it('renders markdown harmlessly: no <script>, no raw HTML, no javascript: links', async () => {
    const content = 'Текст <script>window.pwned = true</script>\n\n<img src=x onerror="window.pwned=true">\n\n[опасна](javascript:window.pwned=true) и [добра](https://example.com)';
    postPage(postRow(1, { content }));
    renderBlog('/blog/publikatsiya-1');
    const article = await screen.findByRole('article', { name: 'Публикация номер 1' });
    await within(article).findByText('опасна');
    expect(article.querySelector('script')).toBeNull();
    expect(article.querySelector('img[src="x"]')).toBeNull();
    const bad = within(article).getByText('опасна');
    expect(bad.closest('a')?.getAttribute('href') ?? '').not.toMatch(/javascript/i);
    expect(within(article).getByRole('link', { name: 'добра' })).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect((window as unknown as { pwned?: boolean }).pwned).toBeUndefined();
  });

  it('share buttons open Facebook, Twitter (with the title) and LinkedIn in a new window with the page URL', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    postPage(postRow(1));
    renderBlog('/blog/publikatsiya-1');
    await screen.findByRole('article', { name: 'Публикация номер 1' });
    // the public address of the site (VITE_SITE_URL), not whatever origin the browser shows
    const pageUrl = encodeURIComponent(`${site.url}/blog/publikatsiya-1`);

    await userEvent.click(screen.getByRole('button', { name: 'Споделете във Facebook' }));
    await userEvent.click(screen.getByRole('button', { name: 'Споделете в Twitter' }));
    await userEvent.click(screen.getByRole('button', { name: 'Споделете в LinkedIn' }));
    const urls = open.mock.calls.map((call) => String(call[0]));
    expect(urls[0]).toBe(`https://www.facebook.com/sharer/sharer.php?u=${pageUrl}`);
    expect(urls[1]).toBe(`https://twitter.com/intent/tweet?url=${pageUrl}&text=${encodeURIComponent('Публикация номер 1')}`);
    expect(urls[2]).toBe(`https://www.linkedin.com/sharing/share-offsite/?url=${pageUrl}`);
    for (const call of open.mock.calls) expect(call[1]).toBe('_blank');
  });

  it('the sidebar search opens the listing with ?q= and the listing applies it', async () => {
    postPage(postRow(1));
    const router = renderBlog('/blog/publikatsiya-1');
    await screen.findByRole('article', { name: 'Публикация номер 1' });
    const searchRequests: string[] = [];
    server.use(
      http.get(rest('blog_posts'), ({ request }) => {
        const or = new URL(request.url).searchParams.get('or');
        if (or) searchRequests.push(or);
        return HttpResponse.json(or ? [postRow(4, { title: 'Намерена публикация' })] : RECENT);
      }),
    );
    await userEvent.type(screen.getByPlaceholderText('Търси в блога...'), 'намерена{Enter}');
    expect(await screen.findByRole('link', { name: 'Намерена публикация' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/blog');
    expect(router.state.location.search).toBe(`?q=${encodeURIComponent('намерена')}`);
    expect(searchRequests[0]).toContain('title.ilike."*намерена*"');
  });
});
