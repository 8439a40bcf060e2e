import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { unsavedText } from '@/admin/kit/navigation/unsaved-changes';
import { UserForm } from '@/admin/users/UserForm';
import { UsersTab } from '@/admin/users/UsersTab';
import type { AdminBlogUser } from '@/admin/users/types';
import { ADMIN_BLOG_USER, renderAdmin } from './admin-fixtures';
import { rest, server, SUPABASE_URL } from './msw';
import { fakeTable } from './paged-table';
import { findDialog } from './dialogs';

const IVAN: AdminBlogUser = {
  id: 'u-2',
  username: 'ivan',
  full_name: 'Иван Петров',
  email: 'ivan@example.com',
  is_active: true,
  created_at: '2026-01-15T10:00:00.000Z',
  updated_at: '2026-01-15T10:00:00.000Z',
  role: 'consultant',
  invited_at: null,
};
const ADMIN_ROW: AdminBlogUser = { ...ADMIN_BLOG_USER, created_at: '2026-01-01T10:00:00.000Z', updated_at: '2026-01-01T10:00:00.000Z', invited_at: null };

const toasts = () => screen.getByRole('region', { name: /Известия/ });

function captureWrites() {
  const seen = { posts: [] as Record<string, unknown>[], patches: [] as { query: URLSearchParams; body: Record<string, unknown> }[] };
  server.use(
    http.post(rest('blog_users'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      seen.posts.push(body);
      return HttpResponse.json([{ ...IVAN, ...body, id: 'u-new' }], { status: 201 });
    }),
    http.patch(rest('blog_users'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      seen.patches.push({ query: new URL(request.url).searchParams, body });
      return HttpResponse.json([{ ...IVAN, ...body }]);
    }),
  );
  return seen;
}

describe('user form', () => {
  it('a new user needs a username, a valid e-mail and a password of at least 8 characters', async () => {
    const seen = captureWrites();
    renderAdmin(<UserForm user={null} onDone={() => {}} />);
    const user = userEvent.setup({ delay: null });
    expect(screen.getByRole('heading', { name: 'Нов потребител' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Създай потребителя' }));
    expect(await screen.findByText('Моля, въведете потребителско име.')).toBeInTheDocument();
    expect(await screen.findByText('Моля, въведете имейл.')).toBeInTheDocument();
    expect(screen.getByText('Моля, въведете парола.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Потребителско име/)).toHaveFocus();

    await user.type(screen.getByLabelText(/^Потребителско име/), 'ivan');
    await user.type(screen.getByLabelText(/^Имейл/), 'ivan@example');
    await user.type(screen.getByLabelText(/^Парола/), 'short');
    expect(await screen.findByText('Моля, въведете валиден имейл адрес.')).toBeInTheDocument();
    expect(await screen.findByText('Паролата трябва да е поне 8 символа.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Създай потребителя' }));
    expect(seen.posts).toHaveLength(0);
  });

  it('creates a user with the password and the explicit columns', async () => {
    const seen = captureWrites();
    const onDone = vi.fn();
    renderAdmin(<UserForm user={null} onDone={onDone} />);
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText(/^Потребителско име/), 'ivan');
    await user.type(screen.getByLabelText(/^Пълно име/), 'Иван Петров');
    await user.type(screen.getByLabelText(/^Имейл/), 'Ivan@Example.com');
    await user.type(screen.getByLabelText(/^Парола/), 'dobra-parola-1');
    // a new person is an author unless another role is chosen; each role says what it is for
    const roles = screen.getByRole('group', { name: 'Роля' });
    expect(within(roles).getByRole('radio', { name: 'Автор' })).toBeChecked();
    expect(within(roles).getByRole('radio', { name: 'Консултант' })).toHaveAccessibleDescription(/Запитвания, клиенти в процес, контакти, резервации и календар/);
    await user.click(within(roles).getByRole('radio', { name: 'Консултант' }));
    await user.click(screen.getByRole('button', { name: 'Създай потребителя' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(seen.posts).toEqual([{ username: 'ivan', full_name: 'Иван Петров', email: 'ivan@example.com', is_active: true, role: 'consultant', password: 'dobra-parola-1' }]);
    expect(await within(toasts()).findByText('Потребителят е създаден')).toBeInTheDocument();
  });

  it('editing with a blank password keeps the current one: the field is not sent', async () => {
    const seen = captureWrites();
    const onDone = vi.fn();
    renderAdmin(<UserForm user={IVAN} onDone={onDone} />);
    expect(screen.getByRole('heading', { name: 'Редактиране на потребител' })).toBeInTheDocument();
    expect(screen.getByText(/Оставете празно, за да запазите текущата парола/)).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.clear(screen.getByLabelText(/^Пълно име/));
    await user.type(screen.getByLabelText(/^Пълно име/), 'Иван Иванов');
    await user.click(screen.getByRole('button', { name: 'Обнови потребителя' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(seen.patches[0].query.get('id')).toBe('eq.u-2');
    expect(seen.patches[0].body).not.toHaveProperty('password');
    expect(seen.patches[0].body).toEqual({ username: 'ivan', full_name: 'Иван Иванов', email: 'ivan@example.com', is_active: true, role: 'consultant' });
    expect(await within(toasts()).findByText('Потребителят е обновен')).toBeInTheDocument();
  });

  it('a new password typed while editing is sent, and must be 8 characters long', async () => {
    const seen = captureWrites();
    renderAdmin(<UserForm user={IVAN} onDone={() => {}} />);
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText(/^Парола/), '1234567');
    await user.click(screen.getByRole('button', { name: 'Обнови потребителя' }));
    expect(await screen.findByText('Паролата трябва да е поне 8 символа.')).toBeInTheDocument();
    expect(seen.patches).toHaveLength(0);
    await user.type(screen.getByLabelText(/^Парола/), '8');
    await user.click(screen.getByRole('button', { name: 'Обнови потребителя' }));
    await waitFor(() => expect(seen.patches).toHaveLength(1));
    expect(seen.patches[0].body.password).toBe('12345678');
  });

  it("'Отказ' leaves an unchanged form at once and asks about a changed one", async () => {
    const onDone = vi.fn();
    renderAdmin(<UserForm user={IVAN} onDone={onDone} />);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Отказ' }));
    expect(onDone).toHaveBeenCalledTimes(1);

    await user.click(screen.getByLabelText('Активен'));
    await user.click(screen.getByRole('button', { name: 'Отказ' }));
    const question = await findDialog('alertdialog', { name: unsavedText.title });
    await user.click(within(question).getByRole('button', { name: unsavedText.leave }));
    expect(onDone).toHaveBeenCalledTimes(2);
  });

  it("shows the server's message inline and as a toast when saving fails", async () => {
    server.use(
      http.post(rest('blog_users'), () =>
        HttpResponse.json({ code: '23505', message: 'duplicate key value violates unique constraint "blog_users_username_key"' }, { status: 409 }),
      ),
    );
    renderAdmin(<UserForm user={null} onDone={() => {}} />);
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText(/^Потребителско име/), 'admin');
    await user.type(screen.getByLabelText(/^Имейл/), 'new@example.com');
    await user.type(screen.getByLabelText(/^Парола/), 'dobra-parola-1');
    await user.click(screen.getByRole('button', { name: 'Създай потребителя' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Вече има потребител с това потребителско име.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Потребителско име/)).toHaveValue('admin');
  });

  it('says what to do when the address already has a sign-in account the panel did not make, keeping the form', async () => {
    server.use(
      http.post(rest('blog_users'), () =>
        HttpResponse.json(
          { code: '23505', message: 'Вече има акаунт за вход с имейл taken@example.com, създаден извън панела.', details: null, hint: 'account_exists' },
          { status: 409 },
        ),
      ),
    );
    renderAdmin(<UserForm user={null} onDone={() => {}} />);
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText(/^Потребителско име/), 'taken');
    await user.type(screen.getByLabelText(/^Имейл/), 'taken@example.com');
    await user.type(screen.getByLabelText(/^Парола/), 'dobra-parola-1');
    await user.click(screen.getByRole('button', { name: 'Създай потребителя' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(/^За този имейл вече има акаунт за вход, който не е създаден от панела\./)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Имейл/)).toHaveValue('taken@example.com');
  });
});

/** n more users, u-10 the newest. */
function manyUsers(n: number): AdminBlogUser[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `u-${i + 10}`,
    username: `user${i + 1}`,
    full_name: `Потребител ${i + 1}`,
    email: `user${i + 1}@example.com`,
    is_active: true,
    role: 'author',
    invited_at: null,
    created_at: new Date(Date.UTC(2026, 5, 1) - i * 3_600_000).toISOString(),
    updated_at: '2026-06-01T00:00:00.000Z',
  }));
}

const userNames = () => within(screen.getByRole('list', { name: 'Потребители' })).getAllByText(/^Потребител \d+$/, { selector: 'h3' }).map((h) => h.textContent);

describe('users tab', () => {
  it('lists users with named columns (never the password), status badges and dates, one page with an exact count', async () => {
    const users = fakeTable('blog_users', [IVAN, { ...ADMIN_ROW }, { ...IVAN, id: 'u-4', username: 'georgi', full_name: null, email: 'georgi@example.com', is_active: false, created_at: '2025-12-01T10:00:00.000Z' }]);
    renderAdmin(<UsersTab />);
    expect(screen.getByRole('heading', { name: 'Управление на потребители' })).toBeInTheDocument();
    await screen.findByText('Иван Петров', { selector: 'h3' });
    const items = within(screen.getByRole('list', { name: 'Потребители' })).getAllByRole('listitem');
    const params = users.gets[0].searchParams;
    expect(params.get('select')).toBe('id,username,full_name,email,is_active,created_at,updated_at,role,invited_at');
    expect(params.get('select')).not.toContain('password');
    expect(params.get('order')).toBe('created_at.desc,id.desc');
    expect(params.get('offset')).toBe('0');
    expect(params.get('limit')).toBe('20');
    expect(users.prefers[0]).toContain('count=exact');
    expect(screen.getByText('Общо потребители: 3')).toBeInTheDocument();
    expect(within(items[0]).getByRole('heading', { name: 'Иван Петров' })).toBeInTheDocument();
    expect(within(items[0]).getByText('Активен')).toBeInTheDocument();
    expect(within(items[0]).getByText('15 януари 2026 г.')).toBeInTheDocument();
    // each person's role by its name
    expect(within(items[0]).getByText('Консултант')).toBeInTheDocument();
    expect(within(items[1]).getByText('Администратор')).toBeInTheDocument();
    expect(within(items[2]).getByRole('heading', { name: 'georgi' })).toBeInTheDocument();
    expect(within(items[2]).getByText('Неактивен')).toBeInTheDocument();
    expect(within(items[2]).getByRole('button', { name: /^Активирай/ })).toBeInTheDocument();
    // one cannot lock oneself out
    expect(within(items[1]).getByRole('button', { name: /^Деактивирай/ })).toBeDisabled();
    expect(within(items[1]).getByRole('button', { name: /^Изтрий/ })).toBeDisabled();
  });

  it('page 2 shows the next users with the total', async () => {
    fakeTable('blog_users', manyUsers(21));
    renderAdmin(<UsersTab />);
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Потребител 1', { selector: 'h3' });
    expect(userNames()).toHaveLength(20);
    expect(screen.getByText('Общо потребители: 21')).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'Страници на потребителите' });
    await user.click(within(pager).getByRole('button', { name: 'Следваща страница' }));
    expect(await screen.findByText('Потребител 21', { selector: 'h3' })).toBeInTheDocument();
    expect(userNames()).toEqual(['Потребител 21']);
    expect(within(pager).getByRole('button', { name: 'Страница 2' })).toHaveAttribute('aria-current', 'page');
    expect(within(pager).getByText(/21–21 от 21/)).toBeInTheDocument();
  });

  it('the search narrows the list by username, name or e-mail', async () => {
    const users = fakeTable('blog_users', [IVAN, { ...ADMIN_ROW }, ...manyUsers(3)]);
    renderAdmin(<UsersTab />);
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Иван Петров', { selector: 'h3' });
    const search = screen.getByRole('searchbox', { name: 'Търсене' });
    expect(screen.getByRole('search', { name: 'Търсене в потребителите' })).toContainElement(search);
    await user.type(search, 'IVAN@{Enter}');
    expect(await screen.findByText('Намерени потребители: 1')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Иван Петров' })).toBeInTheDocument();
    expect(users.gets.at(-1)!.searchParams.get('or')).toBe('(username.ilike."*IVAN@*",full_name.ilike."*IVAN@*",email.ilike."*IVAN@*")');

    await user.clear(search);
    await user.type(search, 'мария{Enter}');
    expect(await screen.findByText('Намерени потребители: 1')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Мария Иванова' })).toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'никой{Enter}');
    expect(await screen.findByText('Няма потребители, които отговарят на търсенето.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Изчисти търсенето' }));
    expect(await screen.findByText('Общо потребители: 5')).toBeInTheDocument();
  });

  it('Редактирай loads the user by id and the form shows it', async () => {
    const users = fakeTable('blog_users', [IVAN]);
    renderAdmin(<UsersTab />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /^Редактирай/ }));
    expect(screen.getByText('Зареждане на потребителя...')).toBeInTheDocument();
    expect(await screen.findByLabelText(/^Пълно име/)).toHaveValue('Иван Петров');
    expect(screen.getByRole('heading', { name: 'Редактиране на потребител' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Имейл/)).toHaveValue('ivan@example.com');
    const read = users.idGets();
    expect(read.map((u) => u.searchParams.get('id'))).toEqual(['eq.u-2']);
    expect(read[0].searchParams.get('select')).not.toContain('password');
  });

  it('deactivates a user and says so', async () => {
    const users = fakeTable('blog_users', [IVAN]);
    renderAdmin(<UsersTab />);
    await userEvent.click(await screen.findByRole('button', { name: /^Деактивирай/ }));
    await waitFor(() => expect(users.patches).toHaveLength(1));
    expect(users.patches[0].body).toEqual({ is_active: false });
    expect(await within(toasts()).findByText('Потребителят е деактивиран')).toBeInTheDocument();
    expect(await screen.findByText('Неактивен')).toBeInTheDocument();
  });

  it('asks before deleting a user', async () => {
    const users = fakeTable('blog_users', [IVAN]);
    renderAdmin(<UsersTab />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /^Изтрий/ }));
    const dialog = await findDialog('alertdialog');
    expect(within(dialog).getByText('Сигурни ли сте, че искате да изтриете този потребител?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Изтрий' }));
    await waitFor(() => expect(users.deletes).toEqual(['u-2']));
    expect(await within(toasts()).findByText('Потребителят е изтрит')).toBeInTheDocument();
    expect(await screen.findByText('Няма потребители')).toBeInTheDocument();
  });

  it("shows who has two-factor authentication, and resets a colleague's after the question, never one's own", async () => {
    fakeTable('blog_users', [IVAN, { ...ADMIN_ROW }]);
    const resets: unknown[] = [];
    server.use(
      http.post(rest('rpc/staff_second_factors'), () =>
        HttpResponse.json(resets.length ? [{ blog_user: ADMIN_ROW.id, enrolled_at: '2026-11-01T10:00:00Z' }] : [IVAN, ADMIN_ROW].map((u) => ({ blog_user: u.id, enrolled_at: '2026-11-01T10:00:00Z' }))),
      ),
      http.post(rest('rpc/reset_second_factor'), async ({ request }) => {
        resets.push(await request.json());
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderAdmin(<UsersTab />);
    const user = userEvent.setup({ delay: null });
    const items = () => within(screen.getByRole('list', { name: 'Потребители' })).getAllByRole('listitem');
    await waitFor(() => expect(within(items()[0]).getByText('Двуфакторна защита')).toBeInTheDocument());
    expect(within(items()[1]).getByText('Двуфакторна защита')).toBeInTheDocument();
    // one's own is turned off in the header's 'Двуфакторна защита', not here
    expect(within(items()[1]).queryByRole('button', { name: /^Нулирай двуфакторната защита/ })).not.toBeInTheDocument();
    const reset = within(items()[0]).getByText('Нулирай двуфакторната защита').closest('button')!;
    expect(reset).toHaveAccessibleName('Нулирай двуфакторната защита на Иван Петров');
    await user.click(reset);
    const dialog = await findDialog('alertdialog');
    expect(within(dialog).getByText(/Иван Петров ще влиза само с паролата си/)).toBeInTheDocument();
    expect(resets).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Нулирай' }));
    expect(await within(toasts()).findByText('Двуфакторната защита е нулирана')).toBeInTheDocument();
    expect(resets).toEqual([{ blog_user: IVAN.id }]);
    await waitFor(() => expect(within(items()[0]).queryByText('Двуфакторна защита')).not.toBeInTheDocument());
  });

  it("shows 'Неуспешно зареждане на потребители.' when the list fails", async () => {
    server.use(http.get(rest('blog_users'), () => HttpResponse.json({ code: 'XX000', message: 'boom' }, { status: 500 })));
    renderAdmin(<UsersTab />);
    expect(await screen.findByText('Неуспешно зареждане на потребители.')).toBeInTheDocument();
  });
});

describe('invitations', () => {
  const fn = `${SUPABASE_URL}/functions/v1/staff-invitations`;

  it("'Покани' sends an address, a name and a role to staff-invitations; a refusal is said and what was typed stays", async () => {
    fakeTable('blog_users', [ADMIN_ROW]);
    const sent: Record<string, unknown>[] = [];
    let refuse = true;
    server.use(
      http.post(fn, async ({ request }) => {
        sent.push((await request.json()) as Record<string, unknown>);
        if (refuse) return HttpResponse.json({ message: 'Вече има акаунт за вход с имейл nova@example.com. Поканата е за нов човек.', code: 'account_exists' }, { status: 409 });
        return HttpResponse.json({ blog_user: 'u-9' });
      }),
    );
    renderAdmin(<UsersTab />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Покани' }));
    const form = screen.getByRole('form', { name: 'Покана по имейл' });
    await user.click(within(form).getByRole('button', { name: 'Изпрати поканата' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Моля, въведете имейл.');
    expect(sent).toEqual([]);
    await user.type(within(form).getByLabelText('Имейл'), 'nova@example.com');
    await user.type(within(form).getByLabelText('Пълно име'), 'Нова Колежка');
    await user.click(within(form).getByRole('radio', { name: 'Консултант' }));
    await user.click(within(form).getByRole('button', { name: 'Изпрати поканата' }));
    expect(await within(form).findByText('Вече има акаунт за вход с имейл nova@example.com. Поканата е за нов човек.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Имейл')).toHaveValue('nova@example.com');
    refuse = false;
    await user.click(within(form).getByRole('button', { name: 'Изпрати поканата' }));
    expect(await within(toasts()).findByText('Поканата е изпратена')).toBeInTheDocument();
    expect(sent[1]).toEqual({ action: 'invite', email: 'nova@example.com', full_name: 'Нова Колежка', role: 'consultant' });
    expect(await screen.findByRole('heading', { name: 'Управление на потребители' })).toBeInTheDocument();
  });

  it('a pending invitation is marked, an old one is expired; it is sent again or withdrawn after the question', async () => {
    const now = Date.now();
    fakeTable('blog_users', [
      { ...IVAN, invited_at: new Date(now - 60_000).toISOString() },
      { ...IVAN, id: 'u-5', username: 'stara', full_name: 'Стара Покана', email: 'stara@example.com', invited_at: new Date(now - 25 * 3600_000).toISOString() },
      ADMIN_ROW,
    ]);
    const resent: unknown[] = [];
    const withdrawn: unknown[] = [];
    server.use(
      http.post(fn, async ({ request }) => {
        resent.push(await request.json());
        return HttpResponse.json({ blog_user: 'u-2' });
      }),
      http.post(rest('rpc/withdraw_staff_invitation'), async ({ request }) => {
        withdrawn.push(await request.json());
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderAdmin(<UsersTab />);
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Стара Покана', { selector: 'h3' });
    const item = (name: string) =>
      within(screen.getByRole('list', { name: 'Потребители' }))
        .getAllByRole('listitem')
        .find((li) => within(li).queryByRole('heading', { name }))!;
    expect(within(item('Иван Петров')).getByText('Поканен')).toBeInTheDocument();
    expect(within(item('Стара Покана')).getByText('Поканата е изтекла')).toBeInTheDocument();
    expect(within(item('Мария Иванова')).queryByRole('button', { name: /Изпрати поканата отново/ })).not.toBeInTheDocument();

    await user.click(within(item('Стара Покана')).getByRole('button', { name: 'Изпрати поканата отново на Стара Покана' }));
    expect(await within(toasts()).findByText('Поканата е изпратена отново')).toBeInTheDocument();
    expect(resent).toEqual([{ action: 'resend', blog_user: 'u-5' }]);

    await user.click(within(item('Иван Петров')).getByRole('button', { name: 'Оттегли поканата на Иван Петров' }));
    const question = await findDialog('alertdialog');
    expect(question).toHaveAccessibleName('Оттегляне на поканата');
    await user.click(within(question).getByRole('button', { name: 'Оттегли' }));
    expect(await within(toasts()).findByText('Поканата е оттеглена')).toBeInTheDocument();
    expect(withdrawn).toEqual([{ blog_user: 'u-2' }]);
  });
});
