// The post form never loses a writer's work: the open form survives an admin tab
// switch, leaving it with changes asks first, and its values are kept as a local draft that is
// offered when the form opens again and removed after a successful save.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import AdminPage from '@/admin/panel/AdminPage';
import { unsavedText } from '@/admin/kit/navigation/unsaved-changes';
import { PostForm } from '@/admin/posts/PostForm';
import { POST_DRAFT_DELAY_MS, postDraftKey, type PostDraft } from '@/admin/posts/post-draft';
import { postValuesFrom } from '@/admin/posts/post-schema';
import { postRow, renderAdmin } from './admin-fixtures';
import { rest, server, storage } from './msw';
import { findDialog } from './dialogs';

beforeEach(() => {
  server.use(http.get(rest('blog_users'), () => HttpResponse.json([])));
});

const titleField = () => screen.getByLabelText(/^Заглавие/);
const storedDraft = (id: string | null) => {
  const raw = window.localStorage.getItem(postDraftKey(id));
  return raw === null ? null : (JSON.parse(raw) as PostDraft);
};

describe('post form: the open form is kept', () => {
  it('a tab switch and back keeps the half-written post', async () => {
    server.use(
      http.head(rest('contact_submissions'), () => new HttpResponse(null, { headers: { 'content-range': '*/0' } })),
      http.head(rest('appointments'), () => new HttpResponse(null, { headers: { 'content-range': '*/0' } })),
      http.post(storage('object/list/blog-images'), () => HttpResponse.json([])),
      http.get(rest('blog_posts'), () => HttpResponse.json([])),
      http.get(rest('blog_users'), () => HttpResponse.json([], { headers: { 'content-range': '*/0' } })),
    );
    renderAdmin(
      <Routes>
        <Route path="/blog-admin/*" element={<AdminPage />} />
      </Routes>,
      { path: '/blog-admin/posts' },
    );
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Нова публикация' }));
    fireEvent.change(titleField(), { target: { value: 'Половин статия' } });

    await user.click(screen.getByRole('tab', { name: 'Потребители' }));
    expect(screen.queryByLabelText(/^Заглавие/)).not.toBeVisible();
    await user.click(screen.getByRole('tab', { name: 'Публикации' }));
    expect(titleField()).toHaveValue('Половин статия');
    expect(screen.getByLabelText(/^Адрес \(slug\)/)).toHaveValue('polovin-statia');
  });
});

describe('post form: leaving with changes', () => {
  it("'Назад към публикациите' asks first; 'Отказ' keeps the values, leaving closes the form", async () => {
    const onDone = vi.fn();
    renderAdmin(<PostForm post={postRow()} onDone={onDone} />);
    const user = userEvent.setup({ delay: null });
    fireEvent.change(titleField(), { target: { value: 'Променено заглавие' } });

    await user.click(screen.getByRole('button', { name: 'Назад към публикациите' }));
    const dialog = await findDialog('alertdialog', { name: unsavedText.title });
    await user.click(within(dialog).getByRole('button', { name: 'Отказ' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
    expect(titleField()).toHaveValue('Променено заглавие');

    await user.click(screen.getByRole('button', { name: 'Назад към публикациите' }));
    await user.click(await screen.findByRole('button', { name: unsavedText.leave }));
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('an unchanged form leaves without asking', async () => {
    const onDone = vi.fn();
    renderAdmin(<PostForm post={postRow()} onDone={onDone} />);
    await userEvent.click(screen.getByRole('button', { name: 'Назад към публикациите' }));
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});

describe('post form: the local draft', () => {
  it('is written after a pause, offered after a reload, and restoring fills the form', async () => {
    const post = postRow();
    const first = renderAdmin(<PostForm post={post} onDone={() => {}} />);
    vi.useFakeTimers();
    try {
      fireEvent.change(titleField(), { target: { value: 'Заглавие от черновата' } });
      expect(storedDraft(post.id)).toBeNull();
      act(() => vi.advanceTimersByTime(POST_DRAFT_DELAY_MS));
    } finally {
      vi.useRealTimers();
    }
    const saved = storedDraft(post.id);
    expect(saved).toMatchObject({ version: 1, updatedAt: post.updated_at, values: { ...postValuesFrom(post), title: 'Заглавие от черновата' } });
    first.unmount();

    // "reload": the same storage, the form opened again with the stored post
    renderAdmin(<PostForm post={post} onDone={() => {}} />);
    const notice = screen.getByRole('alert');
    expect(notice).toHaveTextContent(/^Имате незапазена чернова от .+\./);
    expect(notice).not.toHaveTextContent('След черновата публикацията е променена');
    expect(titleField()).toHaveValue(post.title);

    await userEvent.click(within(notice).getByRole('button', { name: 'Възстанови черновата' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(titleField()).toHaveValue('Заглавие от черновата');
    // restored values are unsaved changes: leaving asks
    await userEvent.click(screen.getByRole('button', { name: 'Назад към публикациите' }));
    expect(await findDialog('alertdialog', { name: unsavedText.title })).toBeInTheDocument();
  });

  it('is kept when the form is left without saving, and says when the post changed since', async () => {
    const post = postRow();
    window.localStorage.setItem(
      postDraftKey(post.id),
      JSON.stringify({
        version: 1,
        savedAt: new Date().toISOString(),
        updatedAt: '2020-01-01T00:00:00.000Z',
        values: { ...postValuesFrom(post), excerpt: 'Описание от черновата' },
      } satisfies PostDraft),
    );
    renderAdmin(<PostForm post={post} onDone={() => {}} />);
    const notice = screen.getByRole('alert');
    expect(notice).toHaveTextContent('След черновата публикацията е променена и запазена.');
    await userEvent.click(within(notice).getByRole('button', { name: 'Отхвърли' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(storedDraft(post.id)).toBeNull();
  });

  it('a restored draft of an older version is saved against that version, so the conflict check sees the change', async () => {
    const post = postRow({ updated_at: '2026-03-02T09:00:00.000Z' });
    const draftVersion = '2026-03-01T09:00:00.000Z';
    window.localStorage.setItem(
      postDraftKey(post.id),
      JSON.stringify({ version: 1, savedAt: new Date().toISOString(), updatedAt: draftVersion, values: { ...postValuesFrom(post), title: 'От черновата' } } satisfies PostDraft),
    );
    const guards: (string | null)[] = [];
    server.use(
      http.patch(rest('blog_posts'), ({ request }) => {
        guards.push(new URL(request.url).searchParams.get('updated_at'));
        return HttpResponse.json([{ id: post.id, updated_at: '2026-03-03T09:00:00.000Z' }]);
      }),
    );
    const onDone = vi.fn();
    renderAdmin(<PostForm post={post} onDone={onDone} />);
    const user = userEvent.setup({ delay: null });
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Възстанови черновата' }));
    await user.click(screen.getByRole('tab', { name: 'Медия и настройки' }));
    await user.click(screen.getByRole('button', { name: 'Обнови публикацията' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(guards).toEqual([`eq.${draftVersion}`]);
    expect(storedDraft(post.id)).toBeNull();
  });

  it('a draft from before the alt text existed is still offered; restored, its alt text is empty and the form asks for it', async () => {
    const post = postRow();
    const older: Record<string, unknown> = { ...postValuesFrom(post), excerpt: 'От старата чернова' };
    delete older.featured_image_alt;
    window.localStorage.setItem(postDraftKey(post.id), JSON.stringify({ version: 1, savedAt: new Date().toISOString(), updatedAt: post.updated_at, values: older }));
    renderAdmin(<PostForm post={post} onDone={() => {}} />);
    await userEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Възстанови черновата' }));
    expect(screen.getByText(/^Основното изображение се нуждае от алтернативен текст/)).toBeInTheDocument();
    fireEvent.mouseDown([...document.querySelectorAll('[role="tab"]')].find((t) => t.textContent?.startsWith('Съдържание'))!);
    expect(screen.getByLabelText('Кратко описание')).toHaveValue('От старата чернова');
    expect(screen.getByLabelText(/^Алтернативен текст/)).toHaveValue('');
  });

  it('a draft the same as the stored post, or older than 30 days, is not offered', () => {
    const post = postRow();
    const old = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000).toISOString();
    window.localStorage.setItem(postDraftKey(post.id), JSON.stringify({ version: 1, savedAt: old, updatedAt: post.updated_at, values: { ...postValuesFrom(post), title: 'Стара' } }));
    window.localStorage.setItem(postDraftKey('other'), JSON.stringify({ version: 1, savedAt: old, updatedAt: null, values: postValuesFrom(post) }));
    renderAdmin(<PostForm post={post} onDone={() => {}} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(storedDraft(post.id)).toBeNull();
    expect(storedDraft('other')).toBeNull();
  });

  it('a new post has its own draft, removed after a successful save', async () => {
    server.use(http.post(rest('blog_posts'), () => HttpResponse.json([{ id: 'new-1', updated_at: '2026-03-01T10:00:00.000Z' }], { status: 201 })));
    const onDone = vi.fn();
    const first = renderAdmin(<PostForm post={null} onDone={onDone} />);
    fireEvent.change(titleField(), { target: { value: 'Нова статия' } });
    fireEvent.change(screen.getByLabelText(/^Показвано име на автора/), { target: { value: 'Екипът' } });
    // closing the form writes what is pending at once
    first.unmount();
    expect(storedDraft(null)?.values).toMatchObject({ title: 'Нова статия', slug: 'nova-statia', author: 'Екипът' });

    renderAdmin(<PostForm post={null} onDone={onDone} />);
    const user = userEvent.setup({ delay: null });
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Възстанови черновата' }));
    await user.click(screen.getByRole('tab', { name: 'Медия и настройки' }));
    await user.click(screen.getByRole('button', { name: 'Създай публикацията' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(storedDraft(null)).toBeNull();
  });
});
