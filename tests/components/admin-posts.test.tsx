import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { PostsTab } from '@/features/admin/posts/PostsTab';
import { postRow, renderAdmin, resetToasts } from './admin-fixtures';
import { rest, server } from './msw';

afterEach(() => resetToasts());

function listAnswers(rows: unknown[]) {
  const seen = { gets: [] as URLSearchParams[], patches: [] as { query: URLSearchParams; body: Record<string, unknown> }[], deletes: [] as URLSearchParams[] };
  server.use(
    http.get(rest('blog_posts'), ({ request }) => {
      seen.gets.push(new URL(request.url).searchParams);
      return HttpResponse.json(rows);
    }),
    http.patch(rest('blog_posts'), async ({ request }) => {
      const query = new URL(request.url).searchParams;
      seen.patches.push({ query, body: (await request.json()) as Record<string, unknown> });
      return HttpResponse.json([{ id: query.get('id')?.replace('eq.', '') }]);
    }),
    http.delete(rest('blog_posts'), ({ request }) => {
      const query = new URL(request.url).searchParams;
      seen.deletes.push(query);
      return HttpResponse.json([{ id: query.get('id')?.replace('eq.', '') }]);
    }),
  );
  return seen;
}

const toasts = () => screen.getByRole('region', { name: /Известия/ });

describe('admin posts list', () => {
  it("loads every post with its author's blog user in the same request, newest first", async () => {
    const seen = listAnswers([postRow(), postRow({ id: 'p-2', title: 'Чернова за утре', is_published: false, published_at: null, blog_users: null, created_by: null })]);
    renderAdmin(<PostsTab />);
    expect(screen.getByText('Зареждане на публикации...')).toBeInTheDocument();
    await screen.findByText('Първа публикация');
    expect(seen.gets).toHaveLength(1);
    expect(seen.gets[0].get('select')).toBe('*,blog_users(full_name,username)');
    expect(seen.gets[0].get('order')).toBe('created_at.desc');
  });

  it('shows each field the spec names; the published date only for published posts', async () => {
    listAnswers([
      postRow({ blog_users: { full_name: null, username: 'ivan' }, author: 'Иван Публичен' }),
      postRow({ id: 'p-2', title: 'Чернова за утре', is_published: false, published_at: '2025-12-01T09:00:00.000Z', category: null }),
    ]);
    renderAdmin(<PostsTab />);
    const items = await screen.findAllByRole('listitem');
    const first = within(items[0]);
    expect(first.getByRole('heading', { name: 'Първа публикация' })).toBeInTheDocument();
    expect(first.getByText('Публикувана', { selector: 'span' })).toBeInTheDocument();
    expect(first.getByText('Иван Публичен')).toBeInTheDocument();
    expect(first.getByText('ivan')).toBeInTheDocument(); // the linked user's username (no full name)
    expect(first.getByText('9 февруари 2026 г.')).toBeInTheDocument(); // created
    expect(first.getByText('10 февруари 2026 г.')).toBeInTheDocument(); // published
    expect(first.getByText('AI')).toBeInTheDocument();
    expect(first.getByText('Кратко описание на първата публикация.')).toHaveClass('line-clamp-2');
    const second = within(items[1]);
    expect(second.getByText('Чернова')).toBeInTheDocument();
    expect(second.queryByText('Публикувана:')).not.toBeInTheDocument();
    expect(second.queryByText('1 декември 2025 г.')).not.toBeInTheDocument();
  });

  it("says 'Няма публикации' when there are none", async () => {
    listAnswers([]);
    renderAdmin(<PostsTab />);
    expect(await screen.findByText('Няма публикации')).toBeInTheDocument();
  });

  it('shows the load error with a retry', async () => {
    server.use(http.get(rest('blog_posts'), () => HttpResponse.json({ code: 'XX000', message: 'boom', details: null, hint: null }, { status: 500 })));
    renderAdmin(<PostsTab />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(/Неуспешно зареждане на публикации\./)).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Опитайте отново' })).toBeInTheDocument();
  });

  it('publishing a draft sets published_at to now', async () => {
    const seen = listAnswers([postRow({ is_published: false, published_at: '2025-01-01T00:00:00.000Z' })]);
    renderAdmin(<PostsTab />);
    const before = Date.now();
    await userEvent.click(await screen.findByRole('button', { name: /^Публикувай/ }));
    await waitFor(() => expect(seen.patches).toHaveLength(1));
    const { body, query } = seen.patches[0];
    expect(query.get('id')).toBe('eq.p-1');
    expect(body.is_published).toBe(true);
    expect(Date.parse(body.published_at as string)).toBeGreaterThanOrEqual(before - 1000);
    expect(await within(toasts()).findByText('Публикацията е публикувана')).toBeInTheDocument();
  });

  it('hiding a post keeps its published_at', async () => {
    const seen = listAnswers([postRow()]);
    renderAdmin(<PostsTab />);
    await userEvent.click(await screen.findByRole('button', { name: /^Скрий/ }));
    await waitFor(() => expect(seen.patches).toHaveLength(1));
    expect(seen.patches[0].body).toEqual({ is_published: false, published_at: '2026-02-10T09:00:00.000Z' });
    expect(await within(toasts()).findByText('Публикацията е скрита')).toBeInTheDocument();
  });

  it('a toggle the database refused (no row changed) shows the status error', async () => {
    listAnswers([postRow()]);
    server.use(http.patch(rest('blog_posts'), () => HttpResponse.json([])));
    renderAdmin(<PostsTab />);
    await userEvent.click(await screen.findByRole('button', { name: /^Скрий/ }));
    expect(await within(toasts()).findByText('Грешка')).toBeInTheDocument();
    expect(within(toasts()).getByText(/не беше запазена/)).toBeInTheDocument();
  });

  it('deletes only after the confirmation dialog says yes', async () => {
    const seen = listAnswers([postRow()]);
    renderAdmin(<PostsTab />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /^Изтрий/ }));
    let dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Сигурни ли сте, че искате да изтриете тази публикация?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Отказ' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(seen.deletes).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: /^Изтрий/ }));
    dialog = await screen.findByRole('alertdialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(seen.deletes).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: /^Изтрий/ }));
    dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Изтрий' }));
    await waitFor(() => expect(seen.deletes).toHaveLength(1));
    expect(seen.deletes[0].get('id')).toBe('eq.p-1');
    expect(await within(toasts()).findByText('Публикацията е изтрита')).toBeInTheDocument();
  });

  it("opens the form with '+ Нова публикация' and returns with the back button", async () => {
    listAnswers([]);
    server.use(http.get(rest('blog_users'), async () => {
      await delay(5);
      return HttpResponse.json([]);
    }));
    renderAdmin(<PostsTab />);
    await userEvent.click(await screen.findByRole('button', { name: 'Нова публикация' }));
    expect(screen.getByRole('heading', { name: 'Нова публикация' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Назад към публикациите' }));
    expect(await screen.findByText('Няма публикации')).toBeInTheDocument();
  });
});
