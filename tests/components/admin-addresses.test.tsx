// The admin's addresses: each tab and each record's form has one, so a refresh, a shared link and
// the browser's Back keep the admin's place; the old ?tab= links still land; and leaving a form
// with unsaved changes by a link, a press or Back asks first.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import AdminPage from '@/admin/panel/AdminPage';
import { unsavedText } from '@/admin/kit/navigation/unsaved-changes';
import WorkAdminPage from '@/admin/panel/WorkAdminPage';
import type { AdminPost } from '@/admin/posts/types';
import { ADMIN_BLOG_USER, AppLikeRoutes, currentAddress, postRow, pressBack, renderAdmin } from './admin-fixtures';
import { findDialog } from './dialogs';
import { rest, server, storage } from './msw';
import { fakeTable } from './paged-table';
import { fakeBackend, projectRow } from './work-fixtures';

beforeEach(() => {
  server.use(
    http.post(storage('object/list/blog-images'), () => HttpResponse.json([])),
    http.head(rest('contact_submissions'), () => new HttpResponse(null, { headers: { 'content-range': '*/0' } })),
    http.head(rest('appointments'), () => new HttpResponse(null, { headers: { 'content-range': '*/0' } })),
  );
  // the post form's author picker and the users tab read the same table
  fakeTable('blog_users', [{ ...ADMIN_BLOG_USER, updated_at: '2026-01-01T10:00:00.000Z' }]);
});

/** n posts, p-1 the newest. */
function manyPosts(n: number): AdminPost[] {
  return Array.from({ length: n }, (_, i) =>
    postRow({ id: `p-${i + 1}`, title: `Публикация ${i + 1}`, slug: `publikatsia-${i + 1}`, created_at: new Date(Date.UTC(2026, 1, 1) - i * 3_600_000).toISOString() }),
  );
}

function panel(path: string, options: { browser?: boolean } = {}) {
  return renderAdmin(
    <AppLikeRoutes>
      <Route path="/blog-admin/*" element={<AdminPage />} />
      <Route path="/work-admin/*" element={<WorkAdminPage />} />
    </AppLikeRoutes>,
    { path, ...options },
  );
}

const titleField = () => screen.getByLabelText(/^Заглавие/);
const selectedTab = () => within(screen.getByRole('tablist', { name: /^Раздели/ })).getByRole('tab', { selected: true });
/** A card's 'Редактирай' (its name ends with the record's). */
const findEdit = (name: string) => screen.findByRole('button', { name: new RegExp(`^Редактирай.*${name}“?$`) });
/** The address in the browser's own bar (the router's is currentAddress()). */
const barAddress = () => decodeURIComponent(window.location.pathname + window.location.search).replace(/\+/g, ' ');

describe('tabs are addresses', () => {
  it("/blog-admin opens the role's first tab, an administrator's 'Табло' at /blog-admin/dashboard, in place of the bare address", async () => {
    const before = window.history.length;
    panel('/blog-admin', { browser: true });
    expect(await screen.findByRole('heading', { level: 2, name: 'Табло' })).toBeInTheDocument();
    expect(currentAddress()).toBe('/blog-admin/dashboard');
    expect(window.history.length).toBe(before);
    expect(selectedTab()).toHaveTextContent('Табло');
  });

  it('a tab press goes to its address and keeps the lists’ places; the arrow keys still move between tabs', async () => {
    fakeTable('blog_posts', manyPosts(1));
    fakeTable('clients', []);
    panel('/blog-admin/posts?posts.q=Публикация');
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Публикация 1');
    expect(screen.getByRole('tablist', { name: 'Раздели на панела' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Потребители' }));
    expect(currentAddress()).toBe('/blog-admin/users?posts.q=Публикация');
    expect(selectedTab()).toHaveTextContent('Потребители');
    expect(await screen.findByRole('heading', { name: 'Управление на потребители' })).toBeVisible();

    // the tab list moves the focus a task later, and the focused tab is chosen with it
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(currentAddress()).toBe('/blog-admin/clients?posts.q=Публикация'));
    expect(selectedTab()).toHaveTextContent('Клиенти');
    expect(selectedTab()).toHaveFocus();
  });

  it('an old ?tab= link lands on the tab’s address with the rest of its query string', async () => {
    fakeTable('blog_posts', []);
    fakeTable('clients', []);
    panel('/blog-admin?tab=clients&clients.q=Акме&posts.page=2');
    expect(await screen.findByRole('heading', { name: 'Клиенти' })).toBeInTheDocument();
    expect(currentAddress()).toBe('/blog-admin/clients?clients.q=Акме&posts.page=2');
    expect(selectedTab()).toHaveTextContent('Клиенти');
  });

  it("an unknown tab shows the role's first tab (an administrator's 'Табло') at its own address", async () => {
    panel('/blog-admin/postove?posts.q=Публикация');
    expect(await screen.findByRole('heading', { level: 2, name: 'Табло' })).toBeInTheDocument();
    expect(currentAddress()).toBe('/blog-admin/dashboard?posts.q=Публикация');
  });

  it('/work-admin opens the projects tab, and ?tab=categories the categories', async () => {
    fakeBackend({ projects: [] });
    const first = panel('/work-admin');
    expect(await screen.findByRole('heading', { name: 'Проекти' })).toBeInTheDocument();
    expect(currentAddress()).toBe('/work-admin/projects');
    first.unmount();

    panel('/work-admin?tab=categories');
    await waitFor(() => expect(currentAddress()).toBe('/work-admin/categories'));
    expect(selectedTab()).toHaveTextContent('Категории');
  });
});

describe('records are addresses', () => {
  it('a post’s address opens its form, filled, as after a refresh or from a shared link', async () => {
    const posts = fakeTable('blog_posts', [postRow({ id: 'p-7', title: 'Статия по адрес', slug: 'statia-po-adres', content: '## Цялото съдържание' })]);
    panel('/blog-admin/posts/p-7');
    expect(await screen.findByDisplayValue('Статия по адрес')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Редактиране на публикация' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Адрес \(slug\)/)).toHaveValue('statia-po-adres');
    expect(selectedTab()).toHaveTextContent('Публикации');
    // only the record is read: no list page first
    expect(posts.listGets()).toHaveLength(0);
    expect(posts.idGets().map((url) => url.searchParams.get('id'))).toEqual(['eq.p-7']);
  });

  it('/blog-admin/posts/new opens the empty form', async () => {
    fakeTable('blog_posts', []);
    panel('/blog-admin/posts/new');
    expect(await screen.findByRole('heading', { name: 'Нова публикация' })).toBeInTheDocument();
    expect(titleField()).toHaveValue('');
  });

  it('a record that is not there says so, with the way back to the list', async () => {
    fakeTable('blog_posts', manyPosts(1));
    panel('/blog-admin/posts/p-404?posts.q=Публикация');
    const user = userEvent.setup({ delay: null });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Записът не съществува');
    // trying again cannot bring it back
    expect(within(alert).queryByRole('button', { name: 'Опитайте отново' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Назад към публикациите' }));
    expect(await screen.findByText('Публикация 1')).toBeInTheDocument();
    expect(currentAddress()).toBe('/blog-admin/posts?posts.q=Публикация');
  });

  it('a client’s and a user’s addresses open their forms', async () => {
    fakeTable('clients', [{ id: 'c-1', name: 'Акме ООД', logo: '/demo/client-1.svg', created_at: '2026-01-01T10:00:00.000Z', updated_at: '2026-01-01T10:00:00.000Z' }]);
    fakeTable('blog_posts', []);
    const first = panel('/blog-admin/clients/c-1');
    expect(await screen.findByDisplayValue('Акме ООД')).toBeInTheDocument();
    expect(selectedTab()).toHaveTextContent('Клиенти');
    first.unmount();

    panel(`/blog-admin/users/${ADMIN_BLOG_USER.id}`);
    expect(await screen.findByDisplayValue(ADMIN_BLOG_USER.email)).toBeInTheDocument();
    expect(selectedTab()).toHaveTextContent('Потребители');
  });

  it('a project’s address opens its form; a look at the categories keeps it, and the projects tab returns to it', async () => {
    fakeBackend({ projects: [projectRow({ id: 'p-5', title: 'Проект по адрес' })] });
    panel('/work-admin/projects/p-5');
    const user = userEvent.setup({ delay: null });
    const title = await screen.findByDisplayValue('Проект по адрес');
    expect(selectedTab()).toHaveTextContent('Проекти');
    fireEvent.change(title, { target: { value: 'Недовършен проект' } });

    await user.click(screen.getByRole('tab', { name: 'Категории' }));
    expect(currentAddress()).toBe('/work-admin/categories');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Проекти' }));
    expect(currentAddress()).toBe('/work-admin/projects/p-5');
    expect(screen.getByDisplayValue('Недовършен проект')).toBeInTheDocument();
  });

  it('Back from a post’s form returns to the list with its search and page', async () => {
    fakeTable('blog_posts', manyPosts(25));
    panel('/blog-admin/posts?posts.q=Публикация&posts.page=2', { browser: true });
    const user = userEvent.setup({ delay: null });
    await user.click(await findEdit('Публикация 23'));
    expect(await screen.findByDisplayValue('Публикация 23')).toBeInTheDocument();
    expect(currentAddress()).toBe('/blog-admin/posts/p-23?posts.q=Публикация&posts.page=2');

    pressBack();
    expect(await screen.findByText('Публикация 21')).toBeInTheDocument();
    expect(currentAddress()).toBe('/blog-admin/posts?posts.q=Публикация&posts.page=2');
    expect(screen.getByRole('searchbox', { name: 'Търсене' })).toHaveValue('Публикация');
    expect(within(screen.getByRole('navigation', { name: 'Страници на публикациите' })).getByRole('button', { name: 'Страница 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('the form’s own way back returns to the list entry it was opened from', async () => {
    fakeTable('blog_posts', manyPosts(25));
    panel('/blog-admin/posts?posts.page=2', { browser: true });
    const user = userEvent.setup({ delay: null });
    const listEntry = window.history.state?.idx;
    await user.click(await findEdit('Публикация 22'));
    await screen.findByDisplayValue('Публикация 22');
    await user.click(screen.getByRole('button', { name: 'Назад към публикациите' }));
    expect(await screen.findByText('Публикация 21')).toBeInTheDocument();
    expect(currentAddress()).toBe('/blog-admin/posts?posts.page=2');
    // back on the entry the form was opened from, not on a new one after the form's
    expect(window.history.state?.idx).toBe(listEntry);
  });
});

describe('unsaved changes and addresses', () => {
  it('a tab switch keeps the open form without asking; its tab returns to its address', async () => {
    fakeTable('blog_posts', [postRow()]);
    panel('/blog-admin/posts/p-1');
    const user = userEvent.setup({ delay: null });
    fireEvent.change(await screen.findByDisplayValue('Първа публикация'), { target: { value: 'Недовършено заглавие' } });

    await user.click(screen.getByRole('tab', { name: 'Потребители' }));
    expect(currentAddress()).toBe('/blog-admin/users');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Публикации' }));
    expect(currentAddress()).toBe('/blog-admin/posts/p-1');
    expect(titleField()).toHaveValue('Недовършено заглавие');
  });

  it('a link out of the panel asks first', async () => {
    fakeTable('blog_posts', [postRow()]);
    fakeBackend({ projects: [] });
    panel('/blog-admin/posts/p-1');
    const user = userEvent.setup({ delay: null });
    fireEvent.change(await screen.findByDisplayValue('Първа публикация'), { target: { value: 'Недовършено заглавие' } });

    await user.click(screen.getAllByRole('link', { name: 'Управление на проекти' })[0]);
    await findDialog('alertdialog', { name: unsavedText.title });
    await user.click(screen.getByRole('button', { name: 'Отказ' }));
    expect(currentAddress()).toBe('/blog-admin/posts/p-1');
    expect(titleField()).toHaveValue('Недовършено заглавие');

    await user.click(screen.getAllByRole('link', { name: 'Управление на проекти' })[0]);
    await user.click(await screen.findByRole('button', { name: unsavedText.leave }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Управление на Проекти' })).toBeInTheDocument();
    expect(currentAddress()).toBe('/work-admin/projects');
  });

  it('Back from a changed form asks; staying puts the address back, leaving goes to the list', async () => {
    fakeTable('blog_posts', manyPosts(3));
    panel('/blog-admin/posts?posts.q=Публикация', { browser: true });
    const user = userEvent.setup({ delay: null });
    await user.click(await findEdit('Публикация 2'));
    fireEvent.change(await screen.findByDisplayValue('Публикация 2'), { target: { value: 'Недовършено заглавие' } });

    pressBack();
    await findDialog('alertdialog', { name: unsavedText.title });
    await user.click(screen.getByRole('button', { name: 'Отказ' }));
    await waitFor(() => expect(barAddress()).toBe('/blog-admin/posts/p-2?posts.q=Публикация'));
    expect(currentAddress()).toBe('/blog-admin/posts/p-2?posts.q=Публикация');
    expect(titleField()).toHaveValue('Недовършено заглавие');

    pressBack();
    await findDialog('alertdialog', { name: unsavedText.title });
    await user.click(screen.getByRole('button', { name: unsavedText.leave }));
    expect(await screen.findByText('Публикация 3')).toBeInTheDocument();
    expect(currentAddress()).toBe('/blog-admin/posts?posts.q=Публикация');
    expect(barAddress()).toBe('/blog-admin/posts?posts.q=Публикация');
    expect(screen.queryByLabelText(/^Заглавие/)).not.toBeInTheDocument();
  });

  it('Back to another tab keeps the changed form without asking', async () => {
    fakeTable('blog_posts', [postRow()]);
    panel('/blog-admin/posts', { browser: true });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /^Редактирай/ }));
    fireEvent.change(await screen.findByDisplayValue('Първа публикация'), { target: { value: 'Недовършено заглавие' } });
    await user.click(screen.getByRole('tab', { name: 'Потребители' }));
    await user.click(await findEdit('Мария Иванова'));
    expect(await screen.findByDisplayValue(ADMIN_BLOG_USER.email)).toBeInTheDocument();

    pressBack();
    expect(await screen.findByRole('heading', { name: 'Управление на потребители' })).toBeInTheDocument();
    expect(currentAddress()).toBe('/blog-admin/users');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Публикации' }));
    expect(currentAddress()).toBe('/blog-admin/posts/p-1');
    expect(titleField()).toHaveValue('Недовършено заглавие');
  });
});
