import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminAppRoutes } from '@/app/admin-router';
import { PostForm } from '@/admin/posts/PostForm';
import { ProjectForm } from '@/admin/work/ProjectForm';
import { AUTH_STORAGE_KEY } from '@/shared/db/supabase';
import { previewStorageKey, readPreview, writePreview, type PreviewKind } from '@/shared/preview/preview-store';
import { ADMIN_BLOG_USER, renderAdmin, sessionFor, testQueryClient } from './admin-fixtures';
import { categoryCounts, postRow as publicPostRow, renderBlog } from './blog-fixtures';
import { authUrl, rest, server } from './msw';
import { fakeBackend } from './work-fixtures';

// 'Преглед' of the post and project forms (issue 30, item 1): the form stores its unsaved values
// and opens the preview's address; the preview, behind the admin's sign-in in the app's own route
// table, renders the public page's article from them under a preview banner, kept out of search.

// the lazy chunks the route table reaches here, loaded once under the hook's timeout (as setup.ts
// warms the clients up), so each test's time is its own
beforeAll(async () => {
  await Promise.all([
    import('@/admin/panel/AuthLayout'),
    import('@/admin/panel/RequireAdmin'),
    import('@/admin/login/LoginPage'),
    import('@/site/pages/preview/PreviewPage'),
    import('@/site/layout/PublicLayout'),
    import('@/site/layout/SiteFooter'),
    import('@/shared/ui/Markdown'),
  ]);
});

afterEach(() => {
  vi.restoreAllMocks();
});

const BANNER = 'Преглед — тази версия не е публикувана';
const ID = 'a1b2c3d4e5f60718';

/** The sidebar of the post page reads the newest posts and the categories from the public API. */
function sidebarAnswers() {
  server.use(
    http.get(rest('blog_posts'), () => HttpResponse.json([publicPostRow(1), publicPostRow(2)])),
    categoryCounts([{ name: 'AI Решения', count: 2 }]),
  );
}

/** What the post form reads besides the post: the authors, and the calendar (for a scheduled time's zone). */
function postFormAnswers() {
  server.use(
    http.get(rest('blog_users'), () => HttpResponse.json([])),
    http.get(rest('calendar_settings'), () => HttpResponse.json([])),
  );
}

/** A stored session of an account and the admission look-up's answer (the admin's row, or none). */
function signedIn(blogUsers: unknown[] = [ADMIN_BLOG_USER]) {
  window.localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(sessionFor('admin@example.com')));
  server.use(
    http.get(rest('blog_users'), () => HttpResponse.json(blogUsers)),
    http.post(authUrl('logout'), () => new HttpResponse(null, { status: 204 })),
  );
}

/** The admin app's whole route table at `path`, as the browser renders it. */
function renderApp(path: string) {
  const router = createMemoryRouter(adminAppRoutes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={testQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const draftPost = (extra: Record<string, unknown> = {}) => ({
  ...publicPostRow(3, {
    id: 'p-1',
    title: 'Незапазеното заглавие',
    slug: 'nezapazeno',
    content: '## Глава от черновата\n\nТекст, който още не е запазен.\n\n<script>alert(1)</script>',
    category: 'AI Решения',
    tags: ['AI', 'CRM'],
    featured_image: null,
    featured_image_alt: '',
  }),
  ...extra,
});

function storeDraft(kind: PreviewKind, data: unknown, options: { id?: string; backTo?: string; at?: Date } = {}) {
  writePreview(options.id ?? ID, { kind, backTo: options.backTo ?? '/blog-admin/posts/p-1', data }, options.at);
}

/** The first render of the app loads the lazy layouts and pages: more time than a later look. */
const LOADING = { timeout: 5000 };

async function pasteInto(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

const robots = () => document.head.querySelector('meta[name="robots"]')?.getAttribute('content');

describe("the forms' 'Преглед' button", () => {
  it('stores the unsaved post and opens its preview in a new tab', async () => {
    postFormAnswers();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderAdmin(<PostForm post={null} onDone={() => {}} />, { path: '/blog-admin/posts/new' });
    const user = userEvent.setup({ delay: null });
    await pasteInto(user, screen.getByLabelText(/^Заглавие/), 'Чернова за преглед');
    await user.click(screen.getByRole('tab', { name: 'Съдържание' }));
    await pasteInto(user, screen.getByLabelText(/^Съдържание \(Markdown\)/), '## Първа глава');
    // beside the way back, so on every tab
    await user.click(screen.getByRole('button', { name: /^Преглед\s*\(отваря се в нов раздел\)$/ }));

    expect(open).toHaveBeenCalledTimes(1);
    const [address, target, features] = open.mock.calls[0];
    expect(target).toBe('_blank');
    expect(features).toBe('noopener');
    const id = String(address).match(/^\/blog-admin\/preview\/post\/([a-z0-9]+)$/)?.[1];
    expect(id).toBeTruthy();
    const stored = readPreview(id!);
    expect(stored).toMatchObject({ kind: 'post', backTo: '/blog-admin/posts/new' });
    expect(stored?.data).toMatchObject({ title: 'Чернова за преглед', slug: 'chernova-za-pregled', content: '## Първа глава', author: 'Мария Иванова' });
    // nothing was saved: the form is still the new post's
    expect(screen.getByRole('heading', { name: 'Нова публикация' })).toBeInTheDocument();
  });

  it('once opened, the preview follows later edits under the same address', async () => {
    postFormAnswers();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderAdmin(<PostForm post={null} onDone={() => {}} />, { path: '/blog-admin/posts/new' });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: /^Преглед/ }));
    const address = String(open.mock.calls[0][0]);
    const id = address.split('/').pop()!;
    expect(readPreview(id)?.data).toMatchObject({ title: '' });

    await pasteInto(user, screen.getByLabelText(/^Заглавие/), 'Следващо заглавие');
    await waitFor(() => expect(readPreview(id)?.data).toMatchObject({ title: 'Следващо заглавие' }));
    await user.click(screen.getByRole('button', { name: /^Преглед/ }));
    expect(open).toHaveBeenLastCalledWith(address, '_blank', 'noopener');
  });

  it('stores the unsaved project and opens its preview', async () => {
    fakeBackend();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderAdmin(<ProjectForm project={null} onDone={() => {}} />, { path: '/work-admin/projects/new' });
    const user = userEvent.setup({ delay: null });
    await pasteInto(user, screen.getByLabelText(/^Заглавие/), 'Нов портал');
    await pasteInto(user, screen.getByLabelText(/^Линк към проекта/), 'portal.example.com');
    await pasteInto(user, screen.getByLabelText(/^Подробно описание/), '**Смело**');
    await user.click(screen.getByRole('button', { name: /^Преглед/ }));

    const id = String(open.mock.calls[0][0]).match(/^\/work-admin\/preview\/project\/([a-z0-9]+)$/)?.[1];
    expect(id).toBeTruthy();
    expect(readPreview(id!)).toMatchObject({
      kind: 'project',
      backTo: '/work-admin/projects/new',
      data: { title: 'Нов портал', link: 'https://portal.example.com', detailed_description: '**Смело**', slug: 'nov-portal' },
    });
  });

  it('says so when the browser refuses to store the preview, and opens nothing', async () => {
    postFormAnswers();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAdmin(<PostForm post={null} onDone={() => {}} />, { path: '/blog-admin/posts/new' });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    await userEvent.click(screen.getByRole('button', { name: /^Преглед/ }));
    expect(await screen.findByText('Прегледът не може да се отвори')).toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();
  });
});

describe('the preview page', () => {
  it("shows the draft with the public post page's own article, frame and sidebar, under the preview banner", async () => {
    signedIn();
    sidebarAnswers();
    storeDraft('post', draftPost());
    renderApp(`/blog-admin/preview/post/${ID}`);

    const banner = (await screen.findByText(BANNER, {}, LOADING)).closest('[role="status"]') as HTMLElement;
    expect(banner).toBeInTheDocument();
    expect(within(banner).getByRole('link', { name: 'Назад към формата' })).toHaveAttribute('href', '/blog-admin/posts/p-1');

    const article = await screen.findByRole('article', { name: 'Незапазеното заглавие' });
    expect(within(article).getByRole('heading', { level: 1, name: 'Незапазеното заглавие' })).toBeInTheDocument();
    expect(await within(article).findByRole('heading', { level: 2, name: 'Глава от черновата' })).toBeInTheDocument();
    expect(within(article).getByText('Текст, който още не е запазен.')).toBeInTheDocument();
    // markdown as on the public page: no raw HTML
    expect(article.querySelector('script')).toBeNull();
    expect(within(article).getByRole('link', { name: 'AI Решения' })).toHaveAttribute('href', `/blog/category/${encodeURIComponent('AI Решения')}`);
    expect(within(article).getByRole('list', { name: 'Етикети' })).toHaveTextContent('#AI#CRM');
    // the public page's frame: the site header, the way back to the blog, the sidebar
    expect(screen.getByRole('navigation', { name: 'Основна навигация' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
    expect(screen.getByRole('link', { name: 'Всички публикации' })).toHaveAttribute('href', '/blog');
    expect(await screen.findByText('Последни публикации')).toBeInTheDocument();

    // kept out of search, and its tab says it is a preview
    await waitFor(() => expect(document.title.startsWith('Преглед: Незапазеното заглавие')).toBe(true));
    expect(robots()).toBe('noindex, nofollow');
  });

  it('renders exactly the article the public page renders for the same post', async () => {
    const post = draftPost({ featured_image: '/demo/post-3.svg', featured_image_alt: 'Илюстрация' });
    signedIn();
    sidebarAnswers();
    storeDraft('post', post);
    renderApp(`/blog-admin/preview/post/${ID}`);
    const previewed = await screen.findByRole('article', { name: post.title }, LOADING);
    await within(previewed).findByRole('heading', { level: 2, name: 'Глава от черновата' });
    const previewHtml = previewed.outerHTML;
    cleanup();

    server.use(
      http.get(rest('blog_posts'), ({ request }) =>
        HttpResponse.json(new URL(request.url).searchParams.get('slug') ? [post] : [publicPostRow(1), publicPostRow(2)]),
      ),
      categoryCounts([{ name: 'AI Решения', count: 2 }]),
    );
    renderBlog(`/blog/${post.slug}`);
    const published = await screen.findByRole('article', { name: post.title });
    await within(published).findByRole('heading', { level: 2, name: 'Глава от черновата' });
    expect(previewHtml).toBe(published.outerHTML);
  });

  it("follows the form's later edits while both tabs are open", async () => {
    signedIn();
    sidebarAnswers();
    storeDraft('post', draftPost());
    renderApp(`/blog-admin/preview/post/${ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Незапазеното заглавие' }, LOADING);

    act(() => {
      storeDraft('post', draftPost({ title: 'Заглавието след редакция' }));
      // what the browser tells the other tabs of the origin
      window.dispatchEvent(new StorageEvent('storage', { key: previewStorageKey(ID) }));
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Заглавието след редакция' })).toBeInTheDocument();
    await waitFor(() => expect(document.title.startsWith('Преглед: Заглавието след редакция')).toBe(true));
  });

  it("shows a project with the public project page's article", async () => {
    signedIn();
    storeDraft(
      'project',
      {
        id: 'preview',
        title: 'Портал за клиенти',
        category: 'Software Development',
        image: '/demo/project-crm.svg',
        image_alt: 'Табло на портала',
        link: 'https://portal.example.com',
        description: 'Заявки и фактури на едно място.',
        gallery: [],
        slug: 'portal',
        detailed_description: '## Как работи\n\n**Бързо**.',
        technologies: ['React', 'Supabase'],
        client: 'Имоти ООД',
        duration: '2 месеца',
        team_size: 3,
        status: 'completed',
        documentation_url: null,
        created_at: '2026-02-09T09:00:00.000Z',
        updated_at: '2026-02-09T09:00:00.000Z',
      },
      { backTo: '/work-admin/projects/new' },
    );
    renderApp(`/work-admin/preview/project/${ID}`);

    const banner = (await screen.findByText(BANNER, {}, LOADING)).closest('[role="status"]') as HTMLElement;
    expect(within(banner).getByRole('link', { name: 'Назад към формата' })).toHaveAttribute('href', '/work-admin/projects/new');
    const article = await screen.findByRole('article', { name: 'Портал за клиенти' });
    expect(within(article).getByRole('link', { name: 'Назад към портфолиото' })).toHaveAttribute('href', '/#work');
    expect(within(article).getByRole('img', { name: 'Табло на портала' })).toBeInTheDocument();
    const details = within(article).getByRole('region', { name: 'За проекта' });
    expect(within(details).getByText('Заявки и фактури на едно място.')).toBeInTheDocument();
    expect(await within(details).findByRole('heading', { level: 2, name: 'Как работи' })).toBeInTheDocument();
    expect(within(details).getByText('3 човека')).toBeInTheDocument();
    expect(within(details).getByText('Завършен')).toBeInTheDocument();
    expect(within(details).getByText('Supabase')).toBeInTheDocument();
    await waitFor(() => expect(document.title.startsWith('Преглед: Портал за клиенти')).toBe(true));
    expect(robots()).toBe('noindex, nofollow');
  });

  it('an unknown, expired or other-kind preview says so in Bulgarian', async () => {
    signedIn();
    storeDraft('post', draftPost(), { id: 'expired000000001', at: new Date(Date.now() - 25 * 3_600_000) });
    storeDraft('project', { title: 'Проект' }, { id: 'project000000001' });
    for (const id of ['unknown000000001', 'expired000000001', 'project000000001', 'not-an-id']) {
      renderApp(`/blog-admin/preview/post/${id}`);
      expect(await screen.findByRole('heading', { level: 1, name: 'Прегледът не е намерен' }, LOADING)).toBeInTheDocument();
      expect(screen.getByText(/Върнете се към формата и натиснете „Преглед“ отново/)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Към публикациите' })).toHaveAttribute('href', '/blog-admin/posts');
      expect(screen.queryByText(BANNER)).not.toBeInTheDocument();
      expect(screen.queryByText('Незапазеното заглавие')).not.toBeInTheDocument();
      expect(robots()).toBe('noindex, nofollow');
      cleanup();
    }
  });
});

describe('only for a signed-in admin', () => {
  it('a visitor who is not signed in gets the sign-in page, and after signing in the preview', async () => {
    storeDraft('post', draftPost());
    sidebarAnswers();
    server.use(
      http.post(authUrl('token'), () => HttpResponse.json(sessionFor('admin@example.com'))),
      http.get(rest('blog_users'), () => HttpResponse.json([ADMIN_BLOG_USER])),
    );
    const router = renderApp(`/blog-admin/preview/post/${ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Вход' }, LOADING)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByText('Незапазеното заглавие')).not.toBeInTheDocument();
    expect(screen.queryByText(BANNER)).not.toBeInTheDocument();

    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText(/Имейл/), 'admin@example.com');
    await user.type(screen.getByLabelText(/Парола/), 'admin-local-password');
    await user.click(screen.getByRole('button', { name: 'Вход' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Незапазеното заглавие' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/blog-admin/preview/post/${ID}`);
  });

  it('a signed-in account that is not an admin is signed out and sent to sign in, never shown the draft', async () => {
    signedIn([]);
    storeDraft('post', draftPost());
    const router = renderApp(`/blog-admin/preview/post/${ID}`);
    expect(await screen.findByText('User not authorized. Please contact administrator.', {}, LOADING)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByText('Незапазеното заглавие')).not.toBeInTheDocument();
    expect(screen.queryByText(BANNER)).not.toBeInTheDocument();
  });
});
