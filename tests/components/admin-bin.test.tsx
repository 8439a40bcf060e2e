// The bin ('Кошче'): the deleted posts, projects, clients and blog users with who deleted them and
// when, a restore (a blog user's with a new password first) and a delete for good that asks again.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import AdminPage from '@/admin/panel/AdminPage';
import type { BinItem } from '@/admin/bin/api';
import { BinTab } from '@/admin/bin/BinTab';
import { formatDateTimeBg } from '@/shared/domain/dates';
import { ProjectsTab } from '@/admin/work/ProjectsTab';
import { currentAddress, renderAdmin } from './admin-fixtures';
import { findDialog } from './dialogs';
import { rest, server, storage } from './msw';
import { fakeTable, type FakeTable } from './paged-table';
import { fakeBackend } from './work-fixtures';

const toasts = () => screen.getByRole('region', { name: /Известия/ });
const binList = () => screen.getByRole('list', { name: 'Изтрити записи' });
// by text, not by role: role queries over the whole list are slow in jsdom
const rowOf = (label: string) => within(binList()).getByText(label, { selector: 'h3' }).closest('li') as HTMLElement;
const labels = () => [...binList().querySelectorAll('h3')].map((h) => h.textContent);

/** Newest first: b-1 was deleted last. */
const ITEMS: BinItem[] = [
  { id: 'b-1', table_name: 'blog_posts', label: 'Първа публикация', deleted_at: '2026-11-20T10:05:00.000Z', deleted_by_name: 'Мария Иванова' },
  { id: 'b-2', table_name: 'projects', label: 'CRM за брокери', deleted_at: '2026-11-19T08:30:00.000Z', deleted_by_name: 'Мария Иванова' },
  { id: 'b-3', table_name: 'clients', label: 'Хотел Изгрев', deleted_at: '2026-11-18T16:45:00.000Z', deleted_by_name: '' },
  { id: 'b-4', table_name: 'blog_users', label: 'ivan', deleted_at: '2026-11-17T12:00:00.000Z', deleted_by_name: 'Мария Иванова' },
];

/** The bin as a table, and restore_from_bin over it: takes the item out, or answers `refuse`. */
function fakeBin(initial: BinItem[] = ITEMS) {
  // a row of the bin holds the whole deleted record: the list must never ask for it
  const bin = fakeTable('content_bin', initial.map((item) => ({ ...item, record: { id: `r-${item.id}`, content: 'цялото съдържание' } })));
  const restores: Record<string, unknown>[] = [];
  const answer = { refuse: null as null | { status: number; code: string; message: string; details?: string; hint?: string } };
  server.use(
    http.post(rest('rpc/restore_from_bin'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      restores.push(body);
      if (answer.refuse) {
        const { status, code, message, details = null, hint = null } = answer.refuse;
        return HttpResponse.json({ code, message, details, hint }, { status });
      }
      const item = bin.rows.find((row) => row.id === body.item);
      if (!item) return HttpResponse.json({ code: 'P0002', message: 'Not in the bin', details: null, hint: 'bin_item_missing' }, { status: 404 });
      bin.rows = bin.rows.filter((row) => row !== item);
      return HttpResponse.json({ table: item.table_name, id: `r-${item.id}` });
    }),
  );
  return { bin, restores, answer };
}

function renderBin(path = '/blog-admin/bin') {
  return renderAdmin(<BinTab />, { path });
}

describe('the bin list', () => {
  it('shows each item with what it is, who deleted it and when, and when it goes for good; one page of the shown columns', async () => {
    const { bin } = fakeBin();
    renderBin();
    expect(screen.getByRole('heading', { name: 'Кошче' })).toBeInTheDocument();
    expect(await screen.findByText('Общо в кошчето: 4')).toBeInTheDocument();
    expect(labels()).toEqual(['Първа публикация', 'CRM за брокери', 'Хотел Изгрев', 'ivan']);

    const post = rowOf('Първа публикация');
    expect(within(post).getByText('Публикация')).toBeInTheDocument();
    expect(within(post).getByText('Изтрито от:').nextSibling).toHaveTextContent('Мария Иванова');
    expect(within(post).getByText('Изтрито на:').nextSibling).toHaveTextContent(formatDateTimeBg('2026-11-20T10:05:00.000Z'));
    // 30 days after the delete
    expect(within(post).getByText('Изтрива се завинаги след:').nextSibling).toHaveTextContent(formatDateTimeBg('2026-12-20T10:05:00.000Z'));
    expect(within(rowOf('CRM за брокери')).getByText('Проект')).toBeInTheDocument();
    expect(within(rowOf('Хотел Изгрев')).getByText('Клиент')).toBeInTheDocument();
    // deleted by SQL or a job: nobody of the panel
    expect(within(rowOf('Хотел Изгрев')).getByText('Изтрито от:').nextSibling).toHaveTextContent('извън панела');
    expect(within(rowOf('ivan')).getByText('Потребител')).toBeInTheDocument();

    const params = bin.gets[0].searchParams;
    expect(params.get('select')).toBe('id,table_name,label,deleted_at,deleted_by_name');
    expect(params.get('order')).toBe('deleted_at.desc,id.desc');
    expect(params.get('offset')).toBe('0');
    expect(params.get('limit')).toBe('20');
    expect(bin.prefers[0]).toContain('count=exact');
  });

  it('pages by 20 with the shared pager', async () => {
    const many = Array.from({ length: 22 }, (_, i): BinItem => ({
      id: `b-${String(i + 1).padStart(2, '0')}`,
      table_name: 'clients',
      label: `Клиент ${i + 1}`,
      deleted_at: new Date(Date.UTC(2026, 10, 20) - i * 3_600_000).toISOString(),
      deleted_by_name: 'Мария Иванова',
    }));
    fakeBin(many);
    renderBin();
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByText('Общо в кошчето: 22')).toBeInTheDocument();
    expect(labels()).toHaveLength(20);
    const pager = screen.getByRole('navigation', { name: 'Страници на кошчето' });
    await user.click(within(pager).getByRole('button', { name: 'Страница 2' }));
    await waitFor(() => expect(labels()).toEqual(['Клиент 21', 'Клиент 22']));
    expect(currentAddress()).toBe('/blog-admin/bin?bin.page=2');
  });

  it('the kind filter shows one kind and keeps it in the address', async () => {
    const { bin } = fakeBin();
    renderBin();
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Общо в кошчето: 4');
    await user.selectOptions(screen.getByLabelText('Вид'), 'Проекти');
    expect(await screen.findByText('Намерени в кошчето: 1')).toBeInTheDocument();
    expect(labels()).toEqual(['CRM за брокери']);
    expect(bin.gets.at(-1)!.searchParams.get('table_name')).toBe('eq.projects');
    expect(currentAddress()).toBe('/blog-admin/bin?bin.kind=projects');
  });

  it('says so when the bin is empty', async () => {
    fakeBin([]);
    renderBin();
    expect(await screen.findByText('Кошчето е празно.')).toBeInTheDocument();
  });
});

describe('restore', () => {
  it("a post: calls restore_from_bin, says 'Възстановено' naming it, the row leaves and the posts' pages go stale", async () => {
    const { restores } = fakeBin();
    const { queryClient } = renderBin();
    // what the posts tab and a public blog page would have cached
    queryClient.setQueryData(['admin', 'posts', 'page', {}, 0], { rows: [], total: 0 });
    queryClient.setQueryData(['blog', 'posts'], []);
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Общо в кошчето: 4');
    await user.click(within(rowOf('Първа публикация')).getByRole('button', { name: /^Възстанови/ }));

    expect(await within(toasts()).findByText('Възстановено')).toBeInTheDocument();
    expect(within(toasts()).getByText('Публикация „Първа публикация“ е отново в списъка „Публикации“.')).toBeInTheDocument();
    expect(restores).toEqual([{ item: 'b-1' }]);
    expect(await screen.findByText('Общо в кошчето: 3')).toBeInTheDocument();
    expect(within(binList()).queryByRole('heading', { name: 'Първа публикация' })).not.toBeInTheDocument();
    expect(queryClient.getQueryState(['admin', 'posts', 'page', {}, 0])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['blog', 'posts'])?.isInvalidated).toBe(true);
  });

  it('a blog user: asks for a new password first (8 characters or more), then sends it', async () => {
    const { restores } = fakeBin();
    renderBin();
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Общо в кошчето: 4');
    await user.click(within(rowOf('ivan')).getByRole('button', { name: /^Възстанови/ }));

    const dialog = await findDialog('dialog', { name: 'Възстановяване на потребител' });
    expect(dialog).toHaveAccessibleDescription(expect.stringContaining('всичките му стари сесии са прекратени'));
    const field = within(dialog).getByLabelText(/^Нова парола/);
    expect(field).toHaveAttribute('type', 'password');
    await user.click(within(dialog).getByRole('button', { name: 'Възстанови' }));
    expect(await within(dialog).findByText('Моля, въведете парола.')).toBeInTheDocument();
    await user.type(field, 'кратка');
    expect(await within(dialog).findByText('Паролата трябва да е поне 8 символа.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(restores).toEqual([]);

    await user.type(field, '-и-дълга');
    await user.click(within(dialog).getByRole('button', { name: 'Възстанови' }));
    await waitFor(() => expect(restores).toEqual([{ item: 'b-4', new_password: 'кратка-и-дълга' }]));
    expect(await within(toasts()).findByText('Потребител „ivan“ е отново в списъка „Потребители“. Влиза с новата парола.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Общо в кошчето: 3')).toBeInTheDocument();
  });

  it("a blog user's restore can be called off: nothing is sent", async () => {
    const { restores } = fakeBin();
    renderBin();
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Общо в кошчето: 4');
    await user.click(within(rowOf('ivan')).getByRole('button', { name: /^Възстанови/ }));
    const dialog = await findDialog('dialog', { name: 'Възстановяване на потребител' });
    await user.click(within(dialog).getByRole('button', { name: 'Отказ' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(restores).toEqual([]);
    expect(within(binList()).getByRole('heading', { name: 'ivan' })).toBeInTheDocument();
  });

  it.each([
    {
      what: 'a project whose category is gone',
      label: 'CRM за брокери',
      refuse: {
        status: 409,
        code: '23503',
        message: 'insert or update on table "projects" violates foreign key constraint "projects_category_fkey"',
        details: 'Key (category)=(Software Development) is not present in table "project_categories".',
      },
      says: 'Категорията на проекта („Software Development“) вече не съществува. Създайте я отново и опитайте пак.',
    },
    {
      what: 'a post whose address was taken meanwhile',
      label: 'Първа публикация',
      refuse: { status: 409, code: '23505', message: 'duplicate key value violates unique constraint "blog_posts_slug_key"' },
      says: 'Адресът (slug) на „Първа публикация“ вече се използва от друг запис. Сменете адреса на другия запис и опитайте пак.',
    },
    {
      what: 'an item another admin restored first',
      label: 'Хотел Изгрев',
      refuse: { status: 404, code: 'P0002', message: 'Not in the bin', hint: 'bin_item_missing' },
      says: 'Записът вече не е в кошчето: някой друг го е възстановил или изтрил завинаги.',
    },
  ])('says in Bulgarian why $what cannot come back', async ({ label, refuse, says }) => {
    const { answer, bin } = fakeBin();
    answer.refuse = refuse;
    renderBin();
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Общо в кошчето: 4');
    const reads = bin.listGets().length;
    await user.click(within(rowOf(label)).getByRole('button', { name: /^Възстанови/ }));
    expect(await within(toasts()).findByText('Неуспешно възстановяване')).toBeInTheDocument();
    expect(within(toasts()).getByText(says)).toBeInTheDocument();
    // the bin is read again: what it holds now
    await waitFor(() => expect(bin.listGets().length).toBeGreaterThan(reads));
  });

  it('a username taken meanwhile: the password dialog closes and the reason shows', async () => {
    const { answer } = fakeBin();
    answer.refuse = { status: 409, code: '23505', message: 'duplicate key value violates unique constraint "blog_users_username_key"' };
    renderBin();
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Общо в кошчето: 4');
    await user.click(within(rowOf('ivan')).getByRole('button', { name: /^Възстанови/ }));
    const dialog = await findDialog('dialog', { name: 'Възстановяване на потребител' });
    await user.type(within(dialog).getByLabelText(/^Нова парола/), 'нова-парола-123');
    await user.click(within(dialog).getByRole('button', { name: 'Възстанови' }));
    expect(await within(toasts()).findByText('Потребителското име „ivan“ вече е заето от друг потребител. Сменете неговото име и опитайте пак.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('delete for good', () => {
  it('asks once more and deletes only after the confirmation', async () => {
    const { bin } = fakeBin();
    renderBin();
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Общо в кошчето: 4');
    const press = () => user.click(within(rowOf('Първа публикация')).getByRole('button', { name: /^Изтрий завинаги/ }));

    await press();
    let dialog = await findDialog('alertdialog');
    expect(within(dialog).getByText('Изтриване завинаги? Публикация „Първа публикация“ няма да може да бъде възстановена.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Отказ' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(bin.deletes).toEqual([]);

    await press();
    dialog = await findDialog('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Изтрий завинаги' }));
    await waitFor(() => expect(bin.deletes).toEqual(['b-1']));
    expect(await within(toasts()).findByText('Изтрито завинаги')).toBeInTheDocument();
    expect(within(toasts()).getByText('Публикация „Първа публикация“ е изтрита завинаги.')).toBeInTheDocument();
    expect(await screen.findByText('Общо в кошчето: 3')).toBeInTheDocument();
  });

  it('asks for the changed rows back: a delete that changed none says the item is no longer there', async () => {
    const { bin } = fakeBin();
    renderBin();
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Общо в кошчето: 4');
    // another admin restored it meanwhile
    bin.rows = bin.rows.filter((row) => row.id !== 'b-3');
    await user.click(within(rowOf('Хотел Изгрев')).getByRole('button', { name: /^Изтрий завинаги/ }));
    await user.click(within(await findDialog('alertdialog')).getByRole('button', { name: 'Изтрий завинаги' }));
    expect(await within(toasts()).findByText('Неуспешно изтриване')).toBeInTheDocument();
    expect(within(toasts()).getByText('Записът вече не е в кошчето: някой друг го е възстановил или изтрил завинаги.')).toBeInTheDocument();
    expect(await screen.findByText('Общо в кошчето: 3')).toBeInTheDocument();
  });

  it('the delete names only the one item and asks for its id back', async () => {
    const seen: URL[] = [];
    const bin: FakeTable<BinItem> = fakeTable('content_bin', ITEMS);
    server.use(
      http.delete(rest('content_bin'), ({ request }) => {
        seen.push(new URL(request.url));
        bin.rows = bin.rows.filter((row) => row.id !== 'b-2');
        return HttpResponse.json([{ id: 'b-2' }]);
      }),
    );
    renderBin();
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Общо в кошчето: 4');
    await user.click(within(rowOf('CRM за брокери')).getByRole('button', { name: /^Изтрий завинаги/ }));
    await user.click(within(await findDialog('alertdialog')).getByRole('button', { name: 'Изтрий завинаги' }));
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0].searchParams.get('id')).toBe('eq.b-2');
    expect(seen[0].searchParams.get('select')).toBe('id');
  });
});

describe('finding the bin', () => {
  beforeEach(() => {
    server.use(
      http.post(storage('object/list/blog-images'), () => HttpResponse.json([])),
      http.head(rest('contact_submissions'), () => new HttpResponse(null, { headers: { 'content-range': '*/0' } })),
      http.head(rest('appointments'), () => new HttpResponse(null, { headers: { 'content-range': '*/0' } })),
    );
  });

  it("/blog-admin/bin opens the panel's 'Кошче' tab, loaded with it", async () => {
    fakeBin();
    renderAdmin(
      <Routes>
        <Route path="/blog-admin/*" element={<AdminPage />} />
      </Routes>,
      { path: '/blog-admin/bin' },
    );
    expect(await screen.findByRole('tab', { name: 'Кошче', selected: true })).toBeInTheDocument();
    expect(await screen.findByText('Общо в кошчето: 4')).toBeInTheDocument();
  });

  it('the bin is read again each time its tab is shown again: deletes elsewhere meanwhile show', async () => {
    const { bin } = fakeBin();
    fakeTable('blog_posts', []);
    renderAdmin(
      <Routes>
        <Route path="/blog-admin/*" element={<AdminPage />} />
      </Routes>,
      { path: '/blog-admin/bin' },
    );
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByText('Общо в кошчето: 4')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Публикации' }));
    expect(await screen.findByText('Няма публикации')).toBeInTheDocument();
    // a post deleted in the posts tab lands in the bin
    const deleted = { id: 'b-0', table_name: 'blog_posts', label: 'Току-що изтрита', deleted_at: '2026-11-21T09:00:00.000Z', deleted_by_name: 'Мария Иванова' } as const;
    bin.rows = [{ ...deleted, record: { id: 'r-b-0', content: '' } }, ...bin.rows];
    await user.click(screen.getByRole('tab', { name: 'Кошче' }));
    expect(await screen.findByText('Общо в кошчето: 5')).toBeInTheDocument();
    expect(within(binList()).getByRole('heading', { name: 'Току-що изтрита' })).toBeInTheDocument();
  });

  it('the projects list says where deleted projects are, with a link to the bin showing projects', async () => {
    fakeBackend({ projects: [] });
    renderAdmin(<ProjectsTab />, { path: '/work-admin/projects' });
    const link = await screen.findByRole('link', { name: 'Изтритите проекти са в кошчето' });
    expect(link).toHaveAttribute('href', '/blog-admin/bin?bin.kind=projects');
  });
});
