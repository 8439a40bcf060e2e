import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { PostsTab } from '@/admin/posts/PostsTab';
import type { AdminPost } from '@/admin/posts/types';
import { postRow, renderAdmin } from './admin-fixtures';
import { rest, server } from './msw';
import { fakeTable } from './paged-table';
import { findDialog } from './dialogs';

const toasts = () => screen.getByRole('region', { name: /Известия/ });
const list = () => screen.getByRole('list', { name: 'Публикации' });
// text queries: role queries over twenty cards are slow in jsdom
const titles = () => within(list()).getAllByText(/^(Публикация \d+|CRM за брокери)$/, { selector: 'h3' }).map((h) => h.textContent);
const pager = () => screen.getByRole('navigation', { name: 'Страници на публикациите' });

/** n posts, p-1 the newest; every third one a draft. */
function manyPosts(n: number): AdminPost[] {
  return Array.from({ length: n }, (_, i) =>
    postRow({
      id: `p-${i + 1}`,
      title: `Публикация ${i + 1}`,
      slug: `publikatsia-${i + 1}`,
      content: `Дълго съдържание ${i + 1}`,
      is_published: i % 3 !== 2,
      created_at: new Date(Date.UTC(2026, 1, 1) - i * 3_600_000).toISOString(),
    }),
  );
}

/** The author picker of the form. */
function authorAnswers() {
  server.use(http.get(rest('blog_users'), () => HttpResponse.json([{ id: 'a0000000-0000-4000-8000-000000000001', username: 'admin', full_name: 'Мария Иванова', is_active: true }])));
}

describe('admin posts list', () => {
  it('asks for one page of 20 with an exact count, naming the card columns (never the content) and the author in the same request', async () => {
    const posts = fakeTable('blog_posts', manyPosts(3));
    renderAdmin(<PostsTab />);
    expect(screen.getByText('Зареждане на публикации...')).toBeInTheDocument();
    await screen.findByText('Публикация 1');
    expect(posts.gets).toHaveLength(1);
    const params = posts.gets[0].searchParams;
    expect(params.get('select')).toBe(
      'id,title,excerpt,featured_image,category,author,is_published,published_at,scheduled_at,created_at,updated_at,staff:blog_post_staff(owner:blog_users(full_name,username))',
    );
    expect(params.get('select')).not.toMatch(/content|\*/);
    expect(params.get('order')).toBe('created_at.desc,id.desc');
    expect(params.get('offset')).toBe('0');
    expect(params.get('limit')).toBe('20');
    expect(posts.prefers[0]).toContain('count=exact');
    expect(screen.getByText('Общо публикации: 3')).toBeInTheDocument();
  });

  it('shows each field the spec names; the published date only for published posts', async () => {
    fakeTable('blog_posts', [
      postRow({ staff: { created_by: 'u-2', owner: { full_name: null, username: 'ivan' } }, author: 'Иван Публичен' }),
      postRow({ id: 'p-2', title: 'Чернова за утре', is_published: false, published_at: '2025-12-01T09:00:00.000Z', category: null, created_at: '2026-02-08T09:00:00.000Z' }),
    ]);
    renderAdmin(<PostsTab />);
    await screen.findByText('Първа публикация');
    const items = within(list()).getAllByRole('listitem');
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

  it("says 'Няма публикации' when there are none, without a pager", async () => {
    fakeTable('blog_posts', []);
    renderAdmin(<PostsTab />);
    expect(await screen.findByText('Няма публикации')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Страници на публикациите' })).toBeNull();
  });

  it('shows the load error with a retry', async () => {
    server.use(http.get(rest('blog_posts'), () => HttpResponse.json({ code: 'XX000', message: 'boom', details: null, hint: null }, { status: 500 })));
    renderAdmin(<PostsTab />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(/Неуспешно зареждане на публикации\./)).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Опитайте отново' })).toBeInTheDocument();
  });
});

describe('admin posts pages', () => {
  it('page 2 shows the next posts, with the total and the current page marked', async () => {
    const posts = fakeTable('blog_posts', manyPosts(25));
    renderAdmin(<PostsTab />);
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Публикация 1');
    expect(titles()).toHaveLength(20);
    expect(screen.getByText('Общо публикации: 25')).toBeInTheDocument();
    const nav = pager();
    expect(within(nav).getByText(/Страница 1 от 2/)).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Страница 1' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('button', { name: 'Предишна страница' })).toBeDisabled();

    await user.click(within(nav).getByRole('button', { name: 'Страница 2' }));
    expect(await screen.findByText('Публикация 21')).toBeInTheDocument();
    expect(titles()).toEqual(['Публикация 21', 'Публикация 22', 'Публикация 23', 'Публикация 24', 'Публикация 25']);
    expect(within(nav).getByText(/21–25 от 25/)).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Страница 2' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('button', { name: 'Страница 1' })).not.toHaveAttribute('aria-current');
    expect(within(nav).getByRole('button', { name: 'Следваща страница' })).toBeDisabled();
    expect(posts.gets.at(-1)!.searchParams.get('offset')).toBe('20');
    expect(document.activeElement).toBe(screen.getByText('Публикации', { selector: 'h2' }));

    await user.click(within(nav).getByRole('button', { name: 'Предишна страница' }));
    expect(await screen.findByText('Публикация 1')).toBeInTheDocument();
  });

  it('deleting the last post of the last page steps back a page', async () => {
    const posts = fakeTable('blog_posts', manyPosts(21));
    renderAdmin(<PostsTab />);
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Публикация 1');
    await user.click(within(pager()).getByRole('button', { name: 'Следваща страница' }));
    expect(await screen.findByText('Публикация 21')).toBeInTheDocument();
    await user.click(within(list()).getByRole('button', { name: /^Изтрий/ }));
    await user.click(within(await findDialog('alertdialog')).getByRole('button', { name: 'Изтрий' }));
    expect(await within(toasts()).findByText('Публикацията е изтрита')).toBeInTheDocument();
    expect(posts.deletes).toEqual(['p-21']);
    // page 2 is gone (416 PGRST103): back to page 1, and one page needs no pager
    expect(await screen.findByText('Публикация 1')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Страници на публикациите' })).toBeNull());
    expect(screen.getByText('Общо публикации: 20')).toBeInTheDocument();
  });
});

describe('admin posts search and filter', () => {
  it('the search narrows the list on the server (title, slug, excerpt, author; not the content) and starts again at page 1', async () => {
    const rows = manyPosts(25);
    rows[20].title = 'CRM за брокери';
    rows[23].excerpt = 'Как избрахме crm системата.';
    rows[5].content = 'crm се споменава само в съдържанието';
    const posts = fakeTable('blog_posts', rows);
    renderAdmin(<PostsTab />);
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Публикация 1');
    await user.click(within(pager()).getByRole('button', { name: 'Страница 2' }));
    await screen.findByText('Публикация 22');

    const search = screen.getByRole('searchbox', { name: 'Търсене' });
    expect(screen.getByRole('search', { name: 'Търсене в публикациите' })).toContainElement(search);
    await user.type(search, 'CRM');
    // applied shortly after typing stops
    expect(await screen.findByText('Намерени публикации: 2')).toBeInTheDocument();
    expect(titles()).toEqual(['CRM за брокери', 'Публикация 24']);
    const params = posts.gets.at(-1)!.searchParams;
    expect(params.get('or')).toBe('(title.ilike."*CRM*",slug.ilike."*CRM*",excerpt.ilike."*CRM*",author.ilike."*CRM*")');
    expect(params.get('offset')).toBe('0');
    expect(screen.queryByRole('navigation', { name: 'Страници на публикациите' })).toBeNull();
  });

  it('says so when nothing matches, and clearing the search brings the list back', async () => {
    fakeTable('blog_posts', manyPosts(3));
    renderAdmin(<PostsTab />);
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Публикация 1');
    await user.type(screen.getByRole('searchbox', { name: 'Търсене' }), 'няма такова{Enter}');
    expect(await screen.findByText('Няма публикации, които отговарят на търсенето.')).toBeInTheDocument();
    expect(screen.getByText('Намерени публикации: 0')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Изчисти търсенето' }));
    expect(await screen.findByText('Публикация 1')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Търсене' })).toHaveValue('');
    expect(screen.getByText('Общо публикации: 3')).toBeInTheDocument();
  });

  it('the status filter shows only published posts or only drafts', async () => {
    const posts = fakeTable('blog_posts', manyPosts(6));
    renderAdmin(<PostsTab />);
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Публикация 1');
    const status = screen.getByLabelText('Статус');
    expect(within(status).getAllByRole('option').map((o) => o.textContent)).toEqual(['Всички', 'Публикувани', 'Чернови', 'Насрочени']);

    await user.selectOptions(status, 'Чернови');
    expect(await screen.findByText('Намерени публикации: 2')).toBeInTheDocument();
    expect(titles()).toEqual(['Публикация 3', 'Публикация 6']);
    expect(posts.gets.at(-1)!.searchParams.get('is_published')).toBe('eq.false');

    await user.selectOptions(status, 'Публикувани');
    expect(await screen.findByText('Намерени публикации: 4')).toBeInTheDocument();
    expect(posts.gets.at(-1)!.searchParams.get('is_published')).toBe('eq.true');

    await user.click(screen.getByRole('button', { name: 'Изчисти филтрите' }));
    expect(await screen.findByText('Общо публикации: 6')).toBeInTheDocument();
    expect(screen.getByLabelText('Статус')).toHaveValue('');
  });

  it('a scheduled draft shows its time on the consultant\'s clock, and has a filter of its own', async () => {
    const rows = manyPosts(3);
    rows[2] = { ...rows[2], is_published: false, scheduled_at: '2026-12-01T08:00:00.000Z' };
    const posts = fakeTable('blog_posts', rows);
    let zoneReads = 0;
    server.use(
      http.get(rest('calendar_settings'), () => {
        zoneReads += 1;
        return HttpResponse.json({ id: 'cal-1', consultant_name: 'Мария', photo_url: null, photo_alt: '', working_hours: { start: '09:00', end: '17:00', days: ['monday'] }, is_active: true, time_zone: 'Europe/Sofia', booking_horizon_days: 60, min_notice_minutes: 120, manage_cutoff_hours: 12, updated_at: '2026-11-01T00:00:00Z' });
      }),
    );
    renderAdmin(<PostsTab />);
    const user = userEvent.setup({ delay: null });
    // 08:00 UTC on 1 December is 10:00 in Sofia (UTC+2)
    expect(await screen.findByText('Насрочена за 01.12.2026 г., 10:00 ч.')).toBeInTheDocument();
    expect(zoneReads).toBe(1);

    await user.selectOptions(screen.getByLabelText('Статус'), 'Насрочени');
    expect(await screen.findByText('Намерени публикации: 1')).toBeInTheDocument();
    expect(titles()).toEqual(['Публикация 3']);
    const last = posts.gets.at(-1)!.searchParams;
    expect([last.get('is_published'), last.get('scheduled_at')]).toEqual(['eq.false', 'not.is.null']);
  });

  it('without a scheduled post on the page the calendar is not read', async () => {
    fakeTable('blog_posts', manyPosts(3));
    let zoneReads = 0;
    server.use(http.get(rest('calendar_settings'), () => ((zoneReads += 1), HttpResponse.json({}))));
    renderAdmin(<PostsTab />);
    await screen.findByText('Публикация 1');
    expect(screen.queryByText(/^Насрочена за/)).toBeNull();
    expect(zoneReads).toBe(0);
  });
});

describe('admin posts actions', () => {
  it('publishing a draft sets published_at to now, and the page is read again', async () => {
    const posts = fakeTable('blog_posts', [postRow({ is_published: false, published_at: '2025-01-01T00:00:00.000Z' })]);
    renderAdmin(<PostsTab />);
    const before = Date.now();
    await userEvent.click(await screen.findByRole('button', { name: /^Публикувай/ }));
    await waitFor(() => expect(posts.patches).toHaveLength(1));
    const { body, id } = posts.patches[0];
    expect(id).toBe('p-1');
    expect(body.is_published).toBe(true);
    expect(Date.parse(body.published_at as string)).toBeGreaterThanOrEqual(before - 1000);
    expect(await within(toasts()).findByText('Публикацията е публикувана')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /^Скрий/ })).toBeInTheDocument();
    expect(posts.listGets()).toHaveLength(2);
  });

  it('hiding a post keeps its published_at', async () => {
    const posts = fakeTable('blog_posts', [postRow()]);
    renderAdmin(<PostsTab />);
    await userEvent.click(await screen.findByRole('button', { name: /^Скрий/ }));
    await waitFor(() => expect(posts.patches).toHaveLength(1));
    expect(posts.patches[0].body).toEqual({ is_published: false, published_at: '2026-02-10T09:00:00.000Z' });
    expect(await within(toasts()).findByText('Публикацията е скрита')).toBeInTheDocument();
  });

  it('a toggle the database refused (no row changed) shows the status error', async () => {
    fakeTable('blog_posts', [postRow()]);
    server.use(http.patch(rest('blog_posts'), () => HttpResponse.json([])));
    renderAdmin(<PostsTab />);
    await userEvent.click(await screen.findByRole('button', { name: /^Скрий/ }));
    expect(await within(toasts()).findByText('Грешка')).toBeInTheDocument();
    expect(within(toasts()).getByText(/не беше запазена/)).toBeInTheDocument();
  });

  it('deletes only after the confirmation dialog says yes', async () => {
    const posts = fakeTable('blog_posts', [postRow()]);
    renderAdmin(<PostsTab />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /^Изтрий/ }));
    let dialog = await findDialog('alertdialog');
    expect(within(dialog).getByText('Сигурни ли сте, че искате да изтриете тази публикация?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Отказ' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(posts.deletes).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: /^Изтрий/ }));
    dialog = await findDialog('alertdialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(posts.deletes).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: /^Изтрий/ }));
    dialog = await findDialog('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Изтрий' }));
    await waitFor(() => expect(posts.deletes).toEqual(['p-1']));
    expect(await within(toasts()).findByText('Публикацията е изтрита')).toBeInTheDocument();
    expect(await screen.findByText('Няма публикации')).toBeInTheDocument();
  });

  it("opens the form with '+ Нова публикация' and returns with the back button", async () => {
    fakeTable('blog_posts', []);
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

describe('editing a post from the list', () => {
  it('loads the post by id with every column the form needs, then shows it in the form', async () => {
    const posts = fakeTable('blog_posts', [postRow({ content: '## Пълното съдържание', tags: ['AI', 'бизнес'] })]);
    authorAnswers();
    renderAdmin(<PostsTab />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /^Редактирай/ }));
    expect(screen.getByRole('heading', { name: 'Редактиране на публикация' })).toBeInTheDocument();
    expect(screen.getByText('Зареждане на публикацията...')).toBeInTheDocument();
    expect(await screen.findByDisplayValue('Първа публикация')).toBeInTheDocument();

    const read = posts.idGets();
    expect(read).toHaveLength(1);
    expect(read[0].searchParams.get('id')).toBe('eq.p-1');
    // every column of the post, and who on the staff it belongs to (blog_post_staff, the admins')
    expect(read[0].searchParams.get('select')).toBe('*,staff:blog_post_staff(created_by,owner:blog_users(full_name,username))');
    expect(screen.getByLabelText(/^Адрес \(slug\)/)).toHaveValue('parva-publikatsia');
    await user.click(screen.getByRole('tab', { name: 'Съдържание' }));
    expect(screen.getByLabelText(/^Съдържание \(Markdown\)/)).toHaveValue('## Пълното съдържание');
    expect(screen.getByLabelText('Етикети')).toHaveValue('AI, бизнес');
    expect(screen.getByLabelText(/^Алтернативен текст/)).toHaveValue('Екип пред табло с графики');
  });

  it('says so with a retry when the post cannot be loaded, and goes back to the list', async () => {
    fakeTable('blog_posts', [postRow()]);
    let failures = 1;
    server.use(
      http.get(rest('blog_posts'), ({ request }) => {
        if (!new URL(request.url).searchParams.has('id') || failures === 0) return undefined;
        failures -= 1;
        return HttpResponse.json({ code: 'XX000', message: 'boom', details: null, hint: null }, { status: 500 });
      }),
    );
    authorAnswers();
    renderAdmin(<PostsTab />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /^Редактирай/ }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(/Неуспешно зареждане на публикацията\./)).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Опитайте отново' }));
    expect(await screen.findByDisplayValue('Първа публикация')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Назад към публикациите' }));
    expect(await screen.findByRole('heading', { name: 'Първа публикация' })).toBeInTheDocument();
  });

  it('says the post is gone when it was deleted meanwhile', async () => {
    fakeTable('blog_posts', [postRow()]);
    // the list still shows it, the read by id finds nothing
    server.use(http.get(rest('blog_posts'), ({ request }) => (new URL(request.url).searchParams.has('id') ? HttpResponse.json([]) : undefined)));
    renderAdmin(<PostsTab />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /^Редактирай/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Записът не съществува');
  });
});
