import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { CalendarTab } from '@/admin/calendar/CalendarTab';
import { ClientForm } from '@/admin/clients/ClientForm';
import { PostForm } from '@/admin/posts/PostForm';
import { UserForm } from '@/admin/users/UserForm';
import { CategoriesTab } from '@/admin/work/CategoriesTab';
import { ProjectForm } from '@/admin/work/ProjectForm';
import { PostsTab } from '@/admin/posts/PostsTab';
import { postRow, renderAdmin } from './admin-fixtures';
import { version, versionedTable } from './conflict-fixtures';
import { CATEGORY_VERSION, fakeBackend, projectRow } from './work-fixtures';
import { rest, server } from './msw';
import { findDialog } from './dialogs';

/*
 * Concurrent edits. The form loaded version 1; another admin saved version 2 meanwhile
 * (a new title). The guarded save finds no row, the conflict dialog names what happened, and
 * nothing is overwritten until the admin chooses.
 */

const LOADED = postRow({ updated_at: version(1) });
const THEIRS = { ...LOADED, title: 'Заглавие на другия администратор', updated_at: version(2) };
const MESSAGE =
  'Докато редактирахте, друг администратор запази промени в „Първа публикация“. Можете да заредите текущата версия (вашите промени ще се загубят) или да запазите своята версия върху неговата.';

function noAuthors() {
  server.use(http.get(rest('blog_users'), () => HttpResponse.json([])));
}

async function editExcerptAndSave(text: string) {
  const user = userEvent.setup({ delay: null });
  await user.click(screen.getByRole('tab', { name: 'Съдържание' }));
  const excerpt = screen.getByLabelText('Кратко описание');
  await user.clear(excerpt);
  await user.type(excerpt, text);
  await user.click(screen.getByRole('tab', { name: 'Медия и настройки' }));
  await user.click(screen.getByRole('button', { name: 'Обнови публикацията' }));
  return user;
}

describe('post form: a save over someone else’s change', () => {
  it('a 0-row answer opens the conflict dialog; the typed values stay; nothing is overwritten', async () => {
    noAuthors();
    const table = versionedTable('blog_posts', [THEIRS]);
    const onDone = vi.fn();
    renderAdmin(<PostForm post={LOADED} onDone={onDone} />);
    const user = await editExcerptAndSave('Моето ново описание');

    const dialog = await findDialog('alertdialog', { name: 'Някой друг промени този запис' });
    expect(dialog).toHaveAccessibleDescription(MESSAGE);
    expect(within(dialog).getByRole('button', { name: 'Зареди текущата версия' })).toBeInTheDocument();
    expect(table.patches).toHaveLength(1);
    expect(table.patches[0]).toMatchObject({ id: 'p-1', guard: version(1), applied: false });
    expect(table.rows[0].title).toBe(THEIRS.title);
    expect(onDone).not.toHaveBeenCalled();

    // Escape closes the dialog; what was typed is still in the form, nothing more was sent
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('tab', { name: 'Съдържание' }));
    expect(screen.getByLabelText('Кратко описание')).toHaveValue('Моето ново описание');
    expect(table.patches).toHaveLength(1);
  });

  it("'Запази моята версия' repeats the update guarded by the current updated_at and succeeds", async () => {
    noAuthors();
    const table = versionedTable('blog_posts', [THEIRS]);
    const onDone = vi.fn();
    renderAdmin(<PostForm post={LOADED} onDone={onDone} />);
    const user = await editExcerptAndSave('Моето ново описание');
    const dialog = await findDialog('alertdialog', { name: 'Някой друг промени този запис' });
    await user.click(within(dialog).getByRole('button', { name: 'Запази моята версия' }));

    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(table.patches).toHaveLength(2);
    expect(table.patches[1]).toMatchObject({ id: 'p-1', guard: version(2), applied: true });
    // the admin's whole form, deliberately: the title they loaded and their new excerpt
    expect(table.rows[0]).toMatchObject({ title: 'Първа публикация', excerpt: 'Моето ново описание' });
    expect(await screen.findByText('Публикацията е обновена')).toBeInTheDocument();
  });

  it("'Запази моята версия' is still guarded: a third change in between opens the dialog again", async () => {
    noAuthors();
    const table = versionedTable('blog_posts', [THEIRS]);
    renderAdmin(<PostForm post={LOADED} onDone={() => {}} />);
    const user = await editExcerptAndSave('Моето ново описание');
    await findDialog('alertdialog');
    Object.assign(table.rows[0], { title: 'Трета промяна', updated_at: version(3) });
    await user.click(screen.getByRole('button', { name: 'Запази моята версия' }));
    await waitFor(() => expect(table.patches).toHaveLength(2));
    expect(table.patches[1]).toMatchObject({ guard: version(2), applied: false });
    expect(await findDialog('alertdialog', { name: 'Някой друг промени този запис' })).toBeInTheDocument();
    expect(table.rows[0].title).toBe('Трета промяна');
  });

  it("'Зареди текущата версия' puts the stored version into the form and guards the next save with it", async () => {
    noAuthors();
    const table = versionedTable('blog_posts', [THEIRS]);
    const onDone = vi.fn();
    renderAdmin(<PostForm post={LOADED} onDone={onDone} />);
    const user = await editExcerptAndSave('Моето ново описание');
    const dialog = await findDialog('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Зареди текущата версия' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('tab', { name: 'Основна информация' }));
    expect(screen.getByLabelText(/^Заглавие/)).toHaveValue(THEIRS.title);
    await user.click(screen.getByRole('tab', { name: 'Съдържание' }));
    expect(screen.getByLabelText('Кратко описание')).toHaveValue(THEIRS.excerpt);

    await user.click(screen.getByRole('tab', { name: 'Медия и настройки' }));
    await user.click(screen.getByRole('button', { name: 'Обнови публикацията' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(table.patches[1]).toMatchObject({ guard: version(2), applied: true });
  });

  it('a post deleted meanwhile says so, without the conflict dialog', async () => {
    noAuthors();
    versionedTable('blog_posts', []);
    renderAdmin(<PostForm post={LOADED} onDone={() => {}} />);
    await editExcerptAndSave('Нещо');
    expect(await within(screen.getByRole('alert')).findByText('Записът вече не съществува: някой друг го е изтрил.')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});

describe('posts list: guarded delete and publish toggle', () => {
  it('deleting a post changed since the list loaded asks again, then deletes the current version', async () => {
    const table = versionedTable('blog_posts', [THEIRS]);
    // the list shows version 1, then the row is changed to version 2 by someone else
    server.use(http.get(rest('blog_posts'), ({ request }) => (new URL(request.url).searchParams.has('id') ? undefined : HttpResponse.json([LOADED], { headers: { 'content-range': '0-0/1' } }))));
    renderAdmin(<PostsTab />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /^Изтрий/ }));
    await user.click(within(await findDialog('alertdialog')).getByRole('button', { name: 'Изтрий' }));

    const again = await findDialog('alertdialog', { name: 'Записът е променен' });
    expect(again).toHaveAccessibleDescription('Записът е променен, откакто го заредихте. Да го изтрия ли въпреки това?');
    expect(table.deletes[0]).toMatchObject({ guard: version(1), applied: false });
    expect(table.rows).toHaveLength(1);
    await user.click(within(again).getByRole('button', { name: 'Изтрий' }));
    await waitFor(() => expect(table.rows).toHaveLength(0));
    expect(table.deletes[1]).toMatchObject({ guard: version(2), applied: true });
  });

  it('a publish toggle on a changed post is refused and says why', async () => {
    const table = versionedTable('blog_posts', [THEIRS]);
    server.use(http.get(rest('blog_posts'), ({ request }) => (new URL(request.url).searchParams.has('id') ? undefined : HttpResponse.json([LOADED], { headers: { 'content-range': '0-0/1' } }))));
    renderAdmin(<PostsTab />);
    await userEvent.click(await screen.findByRole('button', { name: /^Скрий/ }));
    expect(await screen.findByText('Някой друг промени този запис')).toBeInTheDocument();
    expect(table.patches[0]).toMatchObject({ guard: version(1), applied: false });
    expect(table.rows[0].is_published).toBe(true);
  });
});

describe('client form: the same dialog', () => {
  const loaded = { id: 'c-1', name: 'Стар клиент', logo: '/demo/client-1.svg', logo_alt: 'Лого на Стар клиент', created_at: '', updated_at: version(1) };

  it('opens on a conflict, keeps the typed name, and saves it over the new version only when asked', async () => {
    const table = versionedTable('clients', [{ ...loaded, name: 'Клиент на другия', updated_at: version(2) }]);
    const onDone = vi.fn();
    renderAdmin(<ClientForm client={loaded} onDone={onDone} />);
    const user = userEvent.setup({ delay: null });
    await user.clear(screen.getByLabelText(/^Име на клиента/));
    await user.type(screen.getByLabelText(/^Име на клиента/), 'Моето име');
    await user.click(screen.getByRole('button', { name: 'Обнови клиента' }));

    const dialog = await findDialog('alertdialog', { name: 'Някой друг промени този запис' });
    expect(dialog).toHaveAccessibleDescription(/„Стар клиент“/);
    expect(screen.getByLabelText(/^Име на клиента/)).toHaveValue('Моето име');
    expect(table.patches[0]).toMatchObject({ guard: version(1), applied: false });
    expect(table.rows[0].name).toBe('Клиент на другия');

    await user.click(within(dialog).getByRole('button', { name: 'Запази моята версия' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(table.patches[1]).toMatchObject({ guard: version(2), applied: true });
    expect(table.rows[0].name).toBe('Моето име');
  });

  it("'Зареди текущата версия' shows the stored name", async () => {
    versionedTable('clients', [{ ...loaded, name: 'Клиент на другия', updated_at: version(2) }]);
    const onDone = vi.fn();
    renderAdmin(<ClientForm client={loaded} onDone={onDone} />);
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText(/^Име на клиента/), ' и още');
    await user.click(screen.getByRole('button', { name: 'Обнови клиента' }));
    await user.click(within(await findDialog('alertdialog')).getByRole('button', { name: 'Зареди текущата версия' }));
    await waitFor(() => expect(screen.getByLabelText(/^Име на клиента/)).toHaveValue('Клиент на другия'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    // the stored version is the form's new starting point: nothing unsaved, 'Отказ' leaves at once
    await user.click(screen.getByRole('button', { name: 'Отказ' }));
    expect(onDone).toHaveBeenCalled();
  });
});

describe('project form: the same dialog', () => {
  it('opens on a conflict and saves the admin’s form over the new version only when asked', async () => {
    server.use(http.get(rest('project_categories'), () => HttpResponse.json([{ id: 'cat-1', name: 'Software Development' }])));
    const loaded = projectRow({ updated_at: version(1) });
    const table = versionedTable('projects', [{ ...loaded, description: 'Описание на другия', updated_at: version(2) }]);
    const onDone = vi.fn();
    renderAdmin(<ProjectForm project={loaded} onDone={onDone} />, { path: '/work-admin' });
    const user = userEvent.setup({ delay: null });
    const title = screen.getByLabelText(/^Заглавие/);
    await user.clear(title);
    await user.type(title, 'Моето заглавие');
    await user.click(screen.getByRole('button', { name: 'Обнови проекта' }));

    const dialog = await findDialog('alertdialog', { name: 'Някой друг промени този запис' });
    expect(dialog).toHaveAccessibleDescription(/„CRM за брокери“/);
    expect(table.patches[0]).toMatchObject({ guard: version(1), applied: false });
    expect(table.rows[0].title).toBe('CRM за брокери');
    expect(screen.getByLabelText(/^Заглавие/)).toHaveValue('Моето заглавие');

    await user.click(within(dialog).getByRole('button', { name: 'Запази моята версия' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(table.patches[1]).toMatchObject({ guard: version(2), applied: true });
    expect(table.rows[0]).toMatchObject({ title: 'Моето заглавие', description: loaded.description });
  });
});

describe('user form and calendar settings: the same dialog', () => {
  it('a user saved meanwhile by someone else: the dialog, then the admin’s version over it', async () => {
    const loaded = { id: 'u-2', username: 'ivan', full_name: 'Иван Петров', email: 'ivan@example.com', is_active: true, created_at: '', updated_at: version(1), role: 'author', invited_at: null };
    const table = versionedTable('blog_users', [{ ...loaded, full_name: 'Иван от другия', updated_at: version(2) }]);
    const onDone = vi.fn();
    renderAdmin(<UserForm user={loaded} onDone={onDone} />);
    const user = userEvent.setup({ delay: null });
    const name = screen.getByLabelText(/^Пълно име/);
    await user.clear(name);
    await user.type(name, 'Иван Моев');
    await user.click(screen.getByRole('button', { name: 'Обнови потребителя' }));
    const dialog = await findDialog('alertdialog', { name: 'Някой друг промени този запис' });
    expect(dialog).toHaveAccessibleDescription(/„Иван Петров“/);
    expect(table.patches[0]).toMatchObject({ guard: version(1), applied: false });
    await user.click(within(dialog).getByRole('button', { name: 'Запази моята версия' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(table.patches[1]).toMatchObject({ guard: version(2), applied: true });
    expect(table.rows[0].full_name).toBe('Иван Моев');
  });

  it('calendar settings: the dialog, then the stored version loaded into the form; the next save is guarded by it', async () => {
    const row = {
      id: 'cal-1',
      consultant_name: 'Мария Иванова',
      photo_url: null,
      working_hours: { start: '09:00', end: '17:00', days: ['monday'] },
      is_active: true,
      time_zone: 'Europe/Sofia',
      updated_at: version(1),
    };
    const table = versionedTable('calendar_settings', [row]);
    // the days off listed under the form: none
    server.use(http.get(rest('calendar_days_off'), () => HttpResponse.json([], { headers: { 'content-range': '*/0' } })));
    renderAdmin(<CalendarTab />);
    const user = userEvent.setup({ delay: null });
    const name = await screen.findByLabelText(/^Име на консултанта/);
    // someone else saves after the form has loaded
    Object.assign(table.rows[0], { consultant_name: 'Консултант на другия', updated_at: version(2) });
    await user.clear(name);
    await user.type(name, 'Моят консултант');
    await user.click(screen.getByRole('button', { name: 'Запази настройките' }));
    const dialog = await findDialog('alertdialog', { name: 'Някой друг промени този запис' });
    expect(table.patches[0]).toMatchObject({ guard: version(1), applied: false });
    await user.click(within(dialog).getByRole('button', { name: 'Зареди текущата версия' }));
    await waitFor(() => expect(screen.getByLabelText(/^Име на консултанта/)).toHaveValue('Консултант на другия'));
    await user.click(screen.getByRole('button', { name: 'Запази настройките' }));
    await waitFor(() => expect(table.patches).toHaveLength(2));
    expect(table.patches[1]).toMatchObject({ guard: version(2), applied: true });
  });
});

describe('category rename: the same dialog', () => {
  it('a rename refused as stale (40001) opens the dialog; keeping mine renames guarded by the current version', async () => {
    const backend = fakeBackend({ categories: ['Automation'] });
    const renames: Record<string, unknown>[] = [];
    const current = { id: 'c-1', name: 'Automation 2', updated_at: version(2) };
    server.use(
      http.get(rest('project_categories'), ({ request }) =>
        new URL(request.url).searchParams.has('id') ? HttpResponse.json([current]) : HttpResponse.json(backend.categories),
      ),
      http.post(rest('rpc/rename_project_category'), async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        renames.push(body);
        if (body.expected_updated_at !== current.updated_at) {
          return HttpResponse.json({ code: '40001', message: 'changed meanwhile', details: null, hint: null }, { status: 409 });
        }
        return HttpResponse.json(body.new_name as string);
      }),
    );
    renderAdmin(<CategoriesTab />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /^Преименувай Automation/ }));
    const input = screen.getByLabelText('Ново име за категория Automation');
    await user.clear(input);
    await user.type(input, 'Моята категория');
    await user.click(screen.getByRole('button', { name: 'Запази' }));

    const dialog = await findDialog('alertdialog', { name: 'Някой друг промени този запис' });
    expect(dialog).toHaveAccessibleDescription(/„Automation“/);
    expect(renames[0]).toEqual({ category_id: 'c-1', new_name: 'Моята категория', expected_updated_at: CATEGORY_VERSION });
    expect(screen.getByLabelText('Ново име за категория Automation')).toHaveValue('Моята категория');
    await user.click(within(dialog).getByRole('button', { name: 'Запази моята версия' }));
    expect(await screen.findByText('Категорията е обновена')).toBeInTheDocument();
    expect(renames[1]).toEqual({ category_id: 'c-1', new_name: 'Моята категория', expected_updated_at: version(2) });
  });
});
