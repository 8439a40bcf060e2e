import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { sampleBlogPosts } from '@/content/sample-blog';
import { categoryCounts, permissionDenied, postRow, renderBlog } from './blog-fixtures';
import { rest, server } from './msw';

/** Answers the listing with `rows` and records every listing request's query string. */
function listing(rows: unknown[] | ((url: URL) => unknown[])) {
  const seen: URLSearchParams[] = [];
  server.use(
    http.get(rest('blog_posts'), ({ request }) => {
      const url = new URL(request.url);
      seen.push(url.searchParams);
      return HttpResponse.json(typeof rows === 'function' ? rows(url) : rows);
    }),
  );
  return seen;
}

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
    expect(seen[0].get('order')).toBe('published_at.desc');
    expect(seen[0].get('category')).toBeNull();
    // category buttons: 'Всички' plus each category with published posts
    const group = screen.getByRole('group', { name: 'Категории' });
    expect(within(group).getAllByRole('button').map((b) => b.textContent)).toEqual(['Всички', 'Продуктивност', 'AI Решения']); // Bulgarian collation
  });

  it("shows 'Все още няма публикации.' when there are none", async () => {
    server.use(categoryCounts([]));
    listing([]);
    renderBlog('/blog');
    expect(await screen.findByText('Все още няма публикации.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Покажи всички публикации' })).toBeInTheDocument();
  });

  it('filters by the category in the URL; the empty category offers to show all posts', async () => {
    server.use(categoryCounts([{ name: 'AI Решения', count: 1 }]));
    const seen = listing((url) => (url.searchParams.get('category') ? [] : [postRow(1)]));
    const router = renderBlog('/blog?category=Новини');

    expect(await screen.findByText('Няма публикации в категория Новини')).toBeInTheDocument();
    expect(seen[0].get('category')).toBe('eq.Новини');
    expect(screen.getByRole('button', { name: 'Новини' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(screen.getByRole('button', { name: 'Покажи всички публикации' }));
    expect(await screen.findByRole('link', { name: 'Публикация номер 1' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('button', { name: 'Всички' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('choosing a category puts it in the URL and refetches; Всички clears it', async () => {
    server.use(categoryCounts([{ name: 'AI Решения', count: 1 }, { name: 'Продуктивност', count: 1 }]));
    const seen = listing((url) => (url.searchParams.get('category') === 'eq.Продуктивност' ? [postRow(2)] : [postRow(1), postRow(2)]));
    const router = renderBlog('/blog');
    await screen.findByRole('link', { name: 'Публикация номер 1' });

    await userEvent.click(await screen.findByRole('button', { name: 'Продуктивност' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Публикация номер 1' })).not.toBeInTheDocument());
    expect(router.state.location.search).toBe(`?category=${encodeURIComponent('Продуктивност')}`);
    expect(seen.at(-1)?.get('category')).toBe('eq.Продуктивност');

    await userEvent.click(screen.getByRole('button', { name: 'Всички' }));
    expect(await screen.findByRole('link', { name: 'Публикация номер 1' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
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
    const router = renderBlog('/blog?category=AI%20%D0%A0%D0%B5%D1%88%D0%B5%D0%BD%D0%B8%D1%8F&q=crm');
    await screen.findByRole('link', { name: 'Публикация номер 1' });
    expect(seen[0].get('or')).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Изчисти търсенето' }));
    await waitFor(() => expect(router.state.location.search).toBe('?category=AI%20%D0%A0%D0%B5%D1%88%D0%B5%D0%BD%D0%B8%D1%8F'));
    await waitFor(() => expect(seen.at(-1)?.get('or')).toBeNull());
    expect(seen.at(-1)?.get('category')).toBe('eq.AI Решения');
    expect(screen.getByRole('searchbox', { name: 'Търси в блога' })).toHaveValue('');
  });

  it('falls back to the three sample posts on a permission error (PGRST301), with their categories', async () => {
    server.use(
      http.get(rest('blog_posts'), () => permissionDenied()),
      http.post(rest('rpc/blog_category_counts'), () => permissionDenied()),
    );
    renderBlog('/blog');
    for (const title of SAMPLE_TITLES) expect(await screen.findByRole('link', { name: title })).toBeInTheDocument();
    const group = screen.getByRole('group', { name: 'Категории' });
    expect(within(group).getAllByRole('button').map((b) => b.textContent)).toEqual(
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
