import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { sampleBlogPosts } from '@/site/content/sample-blog';
import { site } from '@/shared/config/site';
import { categoryCounts, permissionDenied, postRow, renderBlog } from './blog-fixtures';
import { rest, server } from './msw';

/**
 * Answers the listing as PostgREST does: `rows` is the whole list (newest first); the request's
 * offset and limit pick the page, and with `Prefer: count=exact` the Content-Range header carries
 * the total (416 for an offset past the end). Records every listing request's query string.
 */
function listing(rows: unknown[] | ((url: URL) => unknown[])) {
  const seen: URLSearchParams[] = [];
  server.use(
    http.get(rest('blog_posts'), ({ request }) => {
      const url = new URL(request.url);
      seen.push(url.searchParams);
      const all = typeof rows === 'function' ? rows(url) : rows;
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? all.length);
      const counted = /count=exact/.test(request.headers.get('prefer') ?? '');
      if (counted && offset > all.length) {
        return HttpResponse.json(
          { code: 'PGRST103', message: 'Requested range not satisfiable', details: `An offset of ${offset} was requested, but there are only ${all.length} rows.`, hint: null },
          { status: 416 },
        );
      }
      const page = all.slice(offset, offset + limit);
      const range = page.length ? `${offset}-${offset + page.length - 1}` : '*';
      return HttpResponse.json(page, {
        status: counted && page.length < all.length ? 206 : 200,
        headers: { 'content-range': `${range}/${counted ? all.length : '*'}` },
      });
    }),
  );
  return seen;
}

/** Post n of a long list: newer the smaller n is, an hour apart. */
const nthPost = (n: number, extra: Record<string, unknown> = {}) =>
  postRow(n, { id: `post-${n}`, slug: `post-${n}`, published_at: new Date(Date.UTC(2026, 10, 30) - n * 3_600_000).toISOString(), ...extra });
const THIRTY = Array.from({ length: 30 }, (_, i) => nthPost(i + 1));
const titles = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `Публикация номер ${from + i}`);
const cardTitles = () =>
  within(screen.getByRole('list', { name: 'Публикации' }))
    .getAllByRole('heading', { level: 2 })
    .map((h) => h.textContent);
const AI_PATH = `/blog/category/${encodeURIComponent('AI Решения')}`;

const SAMPLE_TITLES = sampleBlogPosts().map((p) => p.title);

describe('blog listing', () => {
  it("shows 'Зареждане...' until the posts arrive, then the cards", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      categoryCounts([]),
      http.get(rest('blog_posts'), async () => {
        await gate;
        return HttpResponse.json([postRow(1)]);
      }),
    );
    renderBlog('/blog');
    expect(await screen.findByText('Зареждане...')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Нашият блог' })).toBeInTheDocument();
    release();
    expect(await screen.findByRole('link', { name: 'Публикация номер 1' })).toBeInTheDocument();
    expect(screen.queryByText('Зареждане...')).not.toBeInTheDocument();
  });

  it('asks for published posts newest first and shows each card with date, category, excerpt and author', async () => {
    server.use(categoryCounts([{ name: 'AI Решения', count: 1 }, { name: 'Продуктивност', count: 1 }]));
    const seen = listing([postRow(1), postRow(2, { published_at: null, created_at: '2026-11-03T10:00:00Z' })]);
    renderBlog('/blog');

    const link = await screen.findByRole('link', { name: 'Публикация номер 1' });
    expect(link).toHaveAttribute('href', '/blog/publikatsiya-1');
    const card = link.closest('article')!;
    expect(within(card).getByText('19 ноември 2026 г.')).toBeInTheDocument();
    expect(within(card).getByText('AI Решения')).toBeInTheDocument();
    expect(within(card).getByText('Кратко резюме 1')).toBeInTheDocument();
    expect(within(card).getByText('Автор: Мария Иванова')).toBeInTheDocument();
    // no published date: the created date
    const second = screen.getByRole('link', { name: 'Публикация номер 2' }).closest('article')!;
    expect(within(second).getByText('3 ноември 2026 г.')).toBeInTheDocument();

    expect(seen[0].get('is_published')).toBe('eq.true');
    // a stable order: the id decides between posts published at the same moment
    expect(seen[0].get('order')).toBe('published_at.desc,id.desc');
    expect(seen[0].get('select')).not.toContain('content');
    expect([seen[0].get('offset'), seen[0].get('limit')]).toEqual(['0', '12']);
    expect(seen[0].get('category')).toBeNull();
    // category links: 'Всички' plus each category with published posts
    const nav = screen.getByRole('navigation', { name: 'Категории' });
    expect(within(nav).getAllByRole('link').map((b) => b.textContent)).toEqual(['Всички', 'Продуктивност', 'AI Решения']); // Bulgarian collation
    expect(within(nav).getByRole('link', { name: 'Всички' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'AI Решения' })).toHaveAttribute('href', AI_PATH);
    // one page only: no pager
    expect(screen.queryByRole('navigation', { name: 'Страници' })).not.toBeInTheDocument();
  });

  it("each card offers its uploaded photo's WebP copies sized to the grid, the first row at once, with the alt text", async () => {
    server.use(categoryCounts([]));
    const photo = (n: number) => `https://cdn.test/blog/post-${n}.1600x840.jpg`;
    const seen = listing([1, 2, 3, 4].map((n) => postRow(n, { featured_image: photo(n), featured_image_alt: `Снимка към публикация ${n}` })));
    renderBlog('/blog');
    const first = await screen.findByRole('img', { name: 'Снимка към публикация 1' });
    expect(seen[0].get('select')).toContain('featured_image_alt');
    expect(first).toHaveAttribute('src', photo(1));
    expect(first).toHaveAttribute('loading', 'eager');
    const source = first.closest('picture')!.querySelector('source')!;
    expect(source.getAttribute('srcset')).toContain('https://cdn.test/blog/post-1.1600x840.w240.webp 240w, https://cdn.test/blog/post-1.1600x840.w480.webp 480w');
    // 1, 2 (md) and 3 (lg) columns of the 1280 px container
    expect(source).toHaveAttribute(
      'sizes',
      '(min-width: 1280px) 400px, (min-width: 1024px) calc(33.33vw - 27px), (min-width: 768px) calc(50vw - 28px), calc(100vw - 2rem)',
    );
    // the second row is below the fold
    expect(screen.getByRole('img', { name: 'Снимка към публикация 4' })).toHaveAttribute('loading', 'lazy');
  });

  it("shows 'Все още няма публикации.' when there are none", async () => {
    server.use(categoryCounts([]));
    listing([]);
    renderBlog('/blog');
    expect(await screen.findByText('Все още няма публикации.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Покажи всички публикации' })).toBeInTheDocument();
  });

  it('filters by the category in the path; the empty category offers to show all posts', async () => {
    server.use(categoryCounts([{ name: 'AI Решения', count: 1 }]));
    const seen = listing((url) => (url.searchParams.get('category') ? [] : [postRow(1)]));
    const router = renderBlog(`/blog/category/${encodeURIComponent('Новини')}`);

    expect(await screen.findByText('Няма публикации в категория Новини')).toBeInTheDocument();
    expect(seen[0].get('category')).toBe('eq.Новини');
    expect(screen.getByRole('link', { name: 'Новини' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Всички' })).not.toHaveAttribute('aria-current');

    await userEvent.click(screen.getByRole('button', { name: 'Покажи всички публикации' }));
    expect(await screen.findByRole('link', { name: 'Публикация номер 1' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/blog');
    expect(screen.getByRole('link', { name: 'Всички' })).toHaveAttribute('aria-current', 'page');
  });

  it('choosing a category link opens its path and refetches; Всички goes back to /blog', async () => {
    server.use(categoryCounts([{ name: 'AI Решения', count: 1 }, { name: 'Продуктивност', count: 1 }]));
    const seen = listing((url) => (url.searchParams.get('category') === 'eq.Продуктивност' ? [postRow(2)] : [postRow(1), postRow(2)]));
    const router = renderBlog('/blog');
    await screen.findByRole('link', { name: 'Публикация номер 1' });

    await userEvent.click(await screen.findByRole('link', { name: 'Продуктивност' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Публикация номер 1' })).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe(`/blog/category/${encodeURIComponent('Продуктивност')}`);
    expect(seen.at(-1)?.get('category')).toBe('eq.Продуктивност');
    expect(screen.getByRole('link', { name: 'Продуктивност' })).toHaveAttribute('aria-current', 'page');

    await userEvent.click(screen.getByRole('link', { name: 'Всички' }));
    expect(await screen.findByRole('link', { name: 'Публикация номер 1' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/blog');
  });

  it('applies ?q= as a case-insensitive match on title, content or excerpt', async () => {
    server.use(categoryCounts([]));
    const seen = listing([postRow(3)]);
    renderBlog('/blog?q=CRM%20(2026)');
    expect(await screen.findByRole('link', { name: 'Публикация номер 3' })).toBeInTheDocument();
    expect(seen[0].get('or')).toBe('(title.ilike."*CRM (2026)*",content.ilike."*CRM (2026)*",excerpt.ilike."*CRM (2026)*")');
    expect(screen.getByRole('status')).toHaveTextContent('Резултати за „CRM (2026)“: 1');
    expect(screen.getByRole('searchbox', { name: 'Търси в блога' })).toHaveValue('CRM (2026)');
  });

  it("'Изчисти търсенето' drops ?q= but keeps the category", async () => {
    server.use(categoryCounts([{ name: 'AI Решения', count: 1 }]));
    const seen = listing([postRow(1)]);
    const router = renderBlog(`${AI_PATH}?q=crm`);
    await screen.findByRole('link', { name: 'Публикация номер 1' });
    expect(seen[0].get('or')).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Изчисти търсенето' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe(AI_PATH);
    await waitFor(() => expect(seen.at(-1)?.get('or')).toBeNull());
    expect(seen.at(-1)?.get('category')).toBe('eq.AI Решения');
    expect(screen.getByRole('searchbox', { name: 'Търси в блога' })).toHaveValue('');
  });

  it('the search form inside a category submits to that category without scripts too', async () => {
    server.use(categoryCounts([{ name: 'AI Решения', count: 1 }]));
    listing([postRow(1)]);
    renderBlog(AI_PATH);
    await screen.findByRole('link', { name: 'Публикация номер 1' });
    const form = screen.getByRole('search');
    expect(form).toHaveAttribute('action', AI_PATH);
    expect(form).toHaveAttribute('method', 'get');
    expect(within(form).getByRole('searchbox')).toHaveAttribute('name', 'q');
    expect(form.querySelector('input[type="hidden"]')).toBeNull();
  });

  it('falls back to the three sample posts on a permission error (PGRST301), with their categories', async () => {
    server.use(
      http.get(rest('blog_posts'), () => permissionDenied()),
      http.post(rest('rpc/blog_category_counts'), () => permissionDenied()),
    );
    renderBlog('/blog');
    for (const title of SAMPLE_TITLES) expect(await screen.findByRole('link', { name: title })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Категории' });
    expect(within(nav).getAllByRole('link').map((b) => b.textContent)).toEqual(
      expect.arrayContaining(['Всички', 'AI Решения', 'Продуктивност', 'Клиентски опит']),
    );
  });

  it('falls back to the sample posts when the request throws (no answer from the server)', async () => {
    server.use(
      http.get(rest('blog_posts'), () => HttpResponse.error()),
      http.post(rest('rpc/blog_category_counts'), () => HttpResponse.error()),
    );
    renderBlog('/blog');
    for (const title of SAMPLE_TITLES) expect(await screen.findByRole('link', { name: title })).toBeInTheDocument();
  });

  it('shows other query errors as an error, not as sample posts, and can retry', async () => {
    let fail = true;
    server.use(
      categoryCounts([]),
      http.get(rest('blog_posts'), () =>
        fail
          ? HttpResponse.json({ code: '57014', message: 'canceling statement due to statement timeout', details: null, hint: null }, { status: 500 })
          : HttpResponse.json([postRow(1)]),
      ),
    );
    renderBlog('/blog');
    expect(await screen.findByRole('alert')).toHaveTextContent('Не успяхме да заредим публикациите.');
    expect(screen.queryByRole('link', { name: SAMPLE_TITLES[0] })).not.toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Опитайте отново' }));
    expect(await screen.findByRole('link', { name: 'Публикация номер 1' })).toBeInTheDocument();
  });
});

describe('blog listing pages', () => {
  it('page 2 of 30 posts shows posts 13–24, its place in the list and a pager of real links', async () => {
    server.use(categoryCounts([{ name: 'AI Решения', count: 15 }, { name: 'Продуктивност', count: 15 }]));
    const seen = listing(THIRTY);
    renderBlog('/blog/page/2');

    await screen.findByRole('link', { name: 'Публикация номер 13' });
    expect(cardTitles()).toEqual(titles(13, 24));
    expect([seen[0].get('offset'), seen[0].get('limit')]).toEqual(['12', '12']);
    expect(screen.getByText('Страница 2 от 3 · 30 публикации')).toBeInTheDocument();

    const pager = screen.getByRole('navigation', { name: 'Страници' });
    expect(within(pager).getByRole('link', { name: 'Предишна' })).toHaveAttribute('href', '/blog');
    expect(within(pager).getByRole('link', { name: 'Следваща' })).toHaveAttribute('href', '/blog/page/3');
    const numbers = within(pager).getAllByRole('link', { name: /^Страница \d+$/ });
    expect(numbers.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['1', '/blog'],
      ['2', '/blog/page/2'],
      ['3', '/blog/page/3'],
    ]);
    expect(within(pager).getByRole('link', { name: 'Страница 2' })).toHaveAttribute('aria-current', 'page');
    expect(numbers.filter((a) => a.hasAttribute('aria-current'))).toHaveLength(1);
  });

  it("follows 'Следваща' to the last page, which has no next link", async () => {
    server.use(categoryCounts([]));
    listing(THIRTY);
    const router = renderBlog('/blog/page/2');
    await userEvent.click(await screen.findByRole('link', { name: 'Следваща' }));
    expect(await screen.findByRole('link', { name: 'Публикация номер 25' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/blog/page/3');
    expect(cardTitles()).toEqual(titles(25, 30));
    const pager = screen.getByRole('navigation', { name: 'Страници' });
    expect(within(pager).queryByRole('link', { name: 'Следваща' })).not.toBeInTheDocument();
    expect(within(pager).getByRole('link', { name: 'Предишна' })).toHaveAttribute('href', '/blog/page/2');
  });

  it('page 2 has its own canonical URL and rel=prev / rel=next links in the head', async () => {
    server.use(categoryCounts([]));
    listing(THIRTY);
    renderBlog('/blog/page/2');
    await screen.findByRole('link', { name: 'Публикация номер 13' });
    await waitFor(() => expect(document.head.querySelector('link[rel="next"]')).toHaveAttribute('href', `${site.url}/blog/page/3`));
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute('href', `${site.url}/blog/page/2`);
    expect(document.head.querySelector('link[rel="prev"]')).toHaveAttribute('href', `${site.url}/blog`);
    expect(document.head.querySelectorAll('link[rel="prev"], link[rel="next"]')).toHaveLength(2);
    expect(document.title).toContain('страница 2');
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
  });

  it('a category has pages of its own: /blog/category/{name}/page/2', async () => {
    server.use(categoryCounts([{ name: 'AI Решения', count: 30 }]));
    const seen = listing((url) => (url.searchParams.get('category') === 'eq.AI Решения' ? THIRTY : []));
    renderBlog(`${AI_PATH}/page/2`);
    await screen.findByRole('link', { name: 'Публикация номер 13' });
    expect(cardTitles()).toEqual(titles(13, 24));
    expect(seen[0].get('category')).toBe('eq.AI Решения');
    expect(screen.getByRole('navigation', { name: 'Категории' })).toContainElement(
      screen.getByRole('link', { name: 'AI Решения', current: 'page' }),
    );
    const pager = screen.getByRole('navigation', { name: 'Страници' });
    expect(within(pager).getByRole('link', { name: 'Предишна' })).toHaveAttribute('href', AI_PATH);
    expect(within(pager).getByRole('link', { name: 'Следваща' })).toHaveAttribute('href', `${AI_PATH}/page/3`);
    await waitFor(() => expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute('href', `${site.url}${AI_PATH}/page/2`));
  });

  it('shows a long list with an ellipsis in the pager', async () => {
    server.use(categoryCounts([]));
    listing(Array.from({ length: 12 * 20 }, (_, i) => nthPost(i + 1)));
    renderBlog('/blog/page/6');
    await screen.findByRole('link', { name: 'Публикация номер 61' });
    const pager = screen.getByRole('navigation', { name: 'Страници' });
    expect([...pager.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['‹ Предишна', '1', '…', '5', '6', '7', '…', '20', 'Следваща ›']);
    expect(within(pager).getByRole('link', { name: 'Страница 6' })).toHaveAttribute('aria-current', 'page');
    expect(within(pager).getByRole('link', { name: 'Страница 20' })).toHaveAttribute('href', '/blog/page/20');
  });

  it("the spec's old /blog?category={name} address redirects, with replace, to the category path, keeping ?q=", async () => {
    server.use(categoryCounts([{ name: 'AI Решения', count: 1 }]));
    const seen = listing([postRow(1)]);
    const router = renderBlog('/blog?category=AI%20%D0%A0%D0%B5%D1%88%D0%B5%D0%BD%D0%B8%D1%8F&q=crm');
    await screen.findByRole('link', { name: 'Публикация номер 1' });
    expect(router.state.location.pathname).toBe(AI_PATH);
    expect(router.state.location.search).toBe('?q=crm');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(seen.every((p) => p.get('category') === 'eq.AI Решения')).toBe(true);
  });

  it('page 1 written out redirects to the address without a number; a page that is no number, to page 1', async () => {
    server.use(categoryCounts([]));
    listing(THIRTY);
    const router = renderBlog('/blog/page/1');
    await screen.findByRole('link', { name: 'Публикация номер 1' });
    expect(router.state.location.pathname).toBe('/blog');
    await router.navigate('/blog/page/abc');
    await waitFor(() => expect(router.state.location.pathname).toBe('/blog'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it("a page past the end says so and links to page 1", async () => {
    server.use(categoryCounts([]));
    listing(THIRTY);
    renderBlog('/blog/page/9');
    expect(await screen.findByText('Тази страница няма публикации.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Към първата страница' })).toHaveAttribute('href', '/blog');
    expect(screen.queryByRole('navigation', { name: 'Страници' })).not.toBeInTheDocument();
    await waitFor(() => expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow'));
    expect(document.head.querySelector('link[rel="prev"]')).toBeNull();
  });

  it('a search shows the exact total of matches, not the length of its page, and pages in the query', async () => {
    server.use(categoryCounts([]));
    const seen = listing(THIRTY);
    const router = renderBlog('/blog?q=%D0%BD%D0%BE%D0%BC%D0%B5%D1%80');
    await screen.findByRole('link', { name: 'Публикация номер 1' });
    expect(screen.getByRole('status')).toHaveTextContent('Резултати за „номер“: 30');
    expect(seen[0].get('or')).toContain('title.ilike."*номер*"');
    expect(screen.getByText('Страница 1 от 3')).toBeInTheDocument();

    const pager = screen.getByRole('navigation', { name: 'Страници' });
    const next = within(pager).getByRole('link', { name: 'Следваща' });
    expect(next).toHaveAttribute('href', `/blog?q=${encodeURIComponent('номер')}&page=2`);
    await userEvent.click(next);
    expect(await screen.findByRole('link', { name: 'Публикация номер 13' })).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?q=${encodeURIComponent('номер')}&page=2`);
    expect(screen.getByRole('status')).toHaveTextContent('Резултати за „номер“: 30');
    // search results stay out of search engines, whatever the page
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    expect(document.head.querySelector('link[rel="next"]')).toBeNull();
  });
});

