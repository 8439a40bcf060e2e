import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { PostForm } from '@/admin/posts/PostForm';
import { postRow, renderAdmin } from './admin-fixtures';
import { rest, server } from './msw';

const AUTHORS = [
  { id: 'u-2', username: 'ivan', full_name: 'Иван Петров', is_active: true, role: 'author' },
  { id: 'u-3', username: 'petya', full_name: null, is_active: true, role: 'author' },
];

function authorAnswers(rows: unknown[] = AUTHORS) {
  const seen: URLSearchParams[] = [];
  server.use(
    http.get(rest('blog_users'), ({ request }) => {
      seen.push(new URL(request.url).searchParams);
      return HttpResponse.json(rows);
    }),
  );
  return seen;
}

/** The writes of a post's blog user (PATCH blog_post_staff), answered with the row unless `answer` says otherwise. */
function staffAnswers(order: string[] = [], answer?: () => Response) {
  const seen: { post: string | null; body: unknown }[] = [];
  server.use(
    http.patch(rest('blog_post_staff'), async ({ request }) => {
      order.push('blog_post_staff');
      const post = new URL(request.url).searchParams.get('post_id');
      seen.push({ post, body: await request.json() });
      return answer ? answer() : HttpResponse.json([{ post_id: post?.slice(3) }]);
    }),
  );
  return seen;
}

const progress = () => screen.getByRole('progressbar', { name: 'Попълненост на публикацията' });
const toasts = () => screen.getByRole('region', { name: /Известия/ });

async function goTo(tab: 'Основна информация' | 'Съдържание' | 'Медия и настройки') {
  await userEvent.click(screen.getByRole('tab', { name: tab }));
}

describe('post form: basic information', () => {
  it("a new post: 'Нова публикация', 0% complete and the required-fields warning", async () => {
    authorAnswers();
    renderAdmin(<PostForm post={null} onDone={() => {}} />);
    expect(screen.getByRole('heading', { name: 'Нова публикация' })).toBeInTheDocument();
    expect(progress()).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByText('Моля, попълнете всички задължителни полета във формата')).toBeInTheDocument();
  });

  it('generates the slug from the title while creating, until the slug is edited by hand', async () => {
    authorAnswers();
    renderAdmin(<PostForm post={null} onDone={() => {}} />);
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText(/^Заглавие/), 'AI & Автоматизация');
    expect(screen.getByLabelText(/^Адрес \(slug\)/)).toHaveValue('ai-and-avtomatizatsia');
    expect(progress()).toHaveAttribute('aria-valuenow', '22'); // title + slug of 9

    await user.clear(screen.getByLabelText(/^Адрес \(slug\)/));
    await user.type(screen.getByLabelText(/^Адрес \(slug\)/), 'moy-adres');
    await user.type(screen.getByLabelText(/^Заглавие/), ' за бизнеса');
    expect(screen.getByLabelText(/^Адрес \(slug\)/)).toHaveValue('moy-adres');
  });

  it('keeps the slug while editing, even when the title changes', async () => {
    authorAnswers();
    renderAdmin(<PostForm post={postRow()} onDone={() => {}} />);
    expect(screen.getByRole('heading', { name: 'Редактиране на публикация' })).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.clear(screen.getByLabelText(/^Заглавие/));
    await user.type(screen.getByLabelText(/^Заглавие/), 'Съвсем ново заглавие');
    expect(screen.getByLabelText(/^Адрес \(slug\)/)).toHaveValue('parva-publikatsia');
  });

  it('warns about a slug the database would refuse', async () => {
    authorAnswers();
    renderAdmin(<PostForm post={postRow()} onDone={() => {}} />);
    const user = userEvent.setup({ delay: null });
    const slug = screen.getByLabelText(/^Адрес \(slug\)/);
    // errors show once the field was left, and are live from then on (the shared timing)
    await user.click(slug);
    await user.tab();
    await user.clear(slug);
    await user.type(slug, 'Лош Адрес');
    // the form validates asynchronously (its schema's resolver): wait for the message, then look
    expect(await screen.findByText(/само малки латински букви/)).toBeInTheDocument();
    expect(slug).toHaveAttribute('aria-invalid', 'true');
    // leaving the field tidies what can be tidied
    await user.tab();
    await waitFor(() => expect(screen.queryByText(/само малки латински букви/)).not.toBeInTheDocument());
    expect(slug).toHaveValue('losh-adres');
    expect(slug).not.toHaveAttribute('aria-invalid');
  });

  it('offers only active users as authors; choosing one fills the display name (full name, else username)', async () => {
    const seen = authorAnswers();
    renderAdmin(<PostForm post={null} onDone={() => {}} />);
    const picker = screen.getByLabelText('Автор (потребител)');
    await within(picker).findByRole('option', { name: 'Иван Петров' });
    expect(seen[0].get('is_active')).toBe('eq.true');
    expect(seen[0].get('select')).toBe('id,username,full_name,is_active,role');
    await userEvent.selectOptions(picker, 'u-2');
    expect(screen.getByLabelText(/^Показвано име на автора/)).toHaveValue('Иван Петров');
    await userEvent.selectOptions(picker, 'u-3');
    expect(screen.getByLabelText(/^Показвано име на автора/)).toHaveValue('petya');
  });

  it("reports a failed author list as 'Error fetching users: ...'", async () => {
    server.use(http.get(rest('blog_users'), () => HttpResponse.json({ code: '42501', message: 'permission denied for table blog_users' }, { status: 403 })));
    renderAdmin(<PostForm post={null} onDone={() => {}} />);
    expect(await screen.findByText('Error fetching users: permission denied for table blog_users')).toBeInTheDocument();
  });
});

describe('post form: content', () => {
  it('parses comma-separated tags and shows a live markdown preview', async () => {
    authorAnswers();
    renderAdmin(<PostForm post={null} onDone={() => {}} />);
    const user = userEvent.setup({ delay: null });
    await goTo('Съдържание');

    await user.type(screen.getByLabelText('Етикети'), 'AI, , бизнес ,');
    const tagList = screen.getByRole('list', { name: 'Етикети на публикацията' });
    expect(within(tagList).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['AI', 'бизнес']);

    const editor = screen.getByLabelText('Съдържание (Markdown)');
    expect(editor).toHaveAttribute('rows', '12');
    expect(editor).toHaveClass('min-h-[300px]');
    // pasted, not typed: the preview follows the text, however it arrives
    await user.click(editor);
    await user.paste('## Подзаглавие\n\n**важно**');
    const preview = screen.getByRole('region', { name: 'Преглед' });
    expect(within(preview).getByRole('heading', { level: 2, name: 'Подзаглавие' })).toBeInTheDocument();
    expect(within(preview).getByText('важно').tagName).toBe('STRONG');
  });

  it('warns about missing content and image until a category and an image are given', async () => {
    authorAnswers();
    renderAdmin(<PostForm post={null} onDone={() => {}} />);
    const user = userEvent.setup({ delay: null });
    await goTo('Съдържание');
    expect(screen.getByText('Добавете съдържание и основно изображение за по-добра публикация')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Съдържание (Markdown)'));
    await user.paste('Текст');
    await user.click(screen.getByRole('button', { name: 'Автоматизация' }));
    expect(screen.getByLabelText('Категория')).toHaveValue('Автоматизация');
    await user.click(screen.getByLabelText('или URL адрес на изображение'));
    await user.paste('https://example.com/a.png');
    expect(screen.queryByText('Добавете съдържание и основно изображение за по-добра публикация')).not.toBeInTheDocument();
  });
});

describe('post form: saving', () => {
  it('cannot be submitted while a required field is missing', async () => {
    authorAnswers();
    renderAdmin(<PostForm post={null} onDone={() => {}} />);
    await goTo('Медия и настройки');
    expect(screen.getByRole('button', { name: 'Създай публикацията' })).toBeDisabled();
  });

  it('creates a published post with author and published_at defaults; the database names the signed-in blog user', async () => {
    authorAnswers();
    const bodies: Record<string, unknown>[] = [];
    const staffWrites = staffAnswers();
    server.use(
      http.post(rest('blog_posts'), async ({ request }) => {
        bodies.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json([{ id: 'new-1' }], { status: 201 });
      }),
    );
    const onDone = vi.fn();
    renderAdmin(<PostForm post={null} onDone={onDone} />);
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText(/^Заглавие/), 'Нова статия');
    await user.type(screen.getByLabelText(/^Показвано име на автора/), 'Екипът');
    await goTo('Съдържание');
    await user.type(screen.getByLabelText('Етикети'), 'a, b');
    await goTo('Медия и настройки');
    await user.click(screen.getByLabelText('Публикувай'));
    const before = Date.now();
    await user.click(screen.getByRole('button', { name: 'Създай публикацията' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({
      title: 'Нова статия',
      slug: 'nova-statia',
      author: 'Екипът',
      is_published: true,
      tags: ['a', 'b'],
      excerpt: null,
      featured_image: null,
      featured_image_alt: '',
      category: null,
    });
    // no staff id in the post: the insert names the signed-in admin's blog user by itself
    expect(bodies[0]).not.toHaveProperty('created_by');
    expect(staffWrites).toEqual([]);
    expect(Date.parse(bodies[0].published_at as string)).toBeGreaterThanOrEqual(before - 1000);
    expect(await within(toasts()).findByText('Публикацията е създадена')).toBeInTheDocument();
    expect(within(toasts()).getByText('Промените са запазени успешно.')).toBeInTheDocument();
  });

  it("another blog user chosen: the post is saved, then made that user's (blog_post_staff)", async () => {
    authorAnswers();
    const writes: string[] = [];
    const staffWrites = staffAnswers(writes);
    server.use(
      http.patch(rest('blog_posts'), async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        writes.push(`blog_posts ${'created_by' in body ? 'with' : 'without'} created_by`);
        return HttpResponse.json([{ id: 'p-1', updated_at: '2026-02-11T09:00:00.000Z' }]);
      }),
    );
    const onDone = vi.fn();
    renderAdmin(<PostForm post={postRow()} onDone={onDone} />);
    const user = userEvent.setup({ delay: null });
    const picker = screen.getByLabelText('Автор (потребител)');
    await within(picker).findByRole('option', { name: 'Иван Петров' });
    await user.selectOptions(picker, 'u-2');
    await goTo('Медия и настройки');
    await user.click(screen.getByRole('button', { name: 'Обнови публикацията' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(writes).toEqual(['blog_posts without created_by', 'blog_post_staff']);
    expect(staffWrites).toEqual([{ post: 'eq.p-1', body: { created_by: 'u-2' } }]);
    expect(await within(toasts()).findByText('Публикацията е обновена')).toBeInTheDocument();
  });

  it('a blog user that cannot be written leaves the post saved, and a toast says the user was not changed', async () => {
    authorAnswers();
    staffAnswers([], () => HttpResponse.json({ code: '57014', message: 'canceling statement due to statement timeout', details: null, hint: null }, { status: 500 }));
    server.use(http.patch(rest('blog_posts'), () => HttpResponse.json([{ id: 'p-1', updated_at: '2026-02-11T09:00:00.000Z' }])));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const onDone = vi.fn();
    renderAdmin(<PostForm post={postRow()} onDone={onDone} />);
    const user = userEvent.setup({ delay: null });
    const picker = screen.getByLabelText('Автор (потребител)');
    await within(picker).findByRole('option', { name: 'Иван Петров' });
    await user.selectOptions(picker, 'u-2');
    await goTo('Медия и настройки');
    await user.click(screen.getByRole('button', { name: 'Обнови публикацията' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const notChanged = await within(toasts()).findByText('Потребителят не е сменен');
    expect(notChanged.closest('[data-variant]')).toHaveAttribute('data-variant', 'destructive');
    expect(within(toasts()).getByText('Публикацията е запазена, но избраният потребител не беше записан. Отворете я и го изберете отново.')).toBeInTheDocument();
    vi.mocked(console.error).mockRestore();
  });

  it('a failed save shows the inline error and a destructive toast, loses nothing, and retries', async () => {
    authorAnswers();
    let attempts = 0;
    server.use(
      http.patch(rest('blog_posts'), () => {
        attempts += 1;
        if (attempts === 1) {
          return HttpResponse.json(
            { code: '23505', message: 'duplicate key value violates unique constraint "blog_posts_slug_key"', details: null, hint: null },
            { status: 409 },
          );
        }
        return HttpResponse.json([{ id: 'p-1' }]);
      }),
    );
    const onDone = vi.fn();
    renderAdmin(<PostForm post={postRow()} onDone={onDone} />);
    const user = userEvent.setup({ delay: null });
    // typing is not what is tested here: the new title arrives in one paste
    await user.clear(screen.getByLabelText(/^Заглавие/));
    await user.paste('Променено заглавие');
    await goTo('Медия и настройки');
    await user.click(screen.getByRole('button', { name: 'Обнови публикацията' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Вече има запис с този адрес (slug). Изберете друг.')).toBeInTheDocument();
    const toast = await within(toasts()).findByText('Грешка');
    expect(toast.closest('[data-variant]')).toHaveAttribute('data-variant', 'destructive');
    expect(onDone).not.toHaveBeenCalled();

    await goTo('Основна информация');
    expect(screen.getByLabelText(/^Заглавие/)).toHaveValue('Променено заглавие');

    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Опитайте отново' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(attempts).toBe(2);
    expect(await within(toasts()).findByText('Публикацията е обновена')).toBeInTheDocument();
  });
});

describe('post form: the image and its alt text', () => {
  const ALT_REQUIRED = 'Опишете изображението (алтернативен текст).';
  const altField = () => screen.getByLabelText(/^Алтернативен текст/);
  // role queries weigh every name on this long form: these tests find their few elements by text
  const openTab = (name: string) =>
    fireEvent.mouseDown([...document.querySelectorAll<HTMLElement>('[role="tab"]')].find((t) => t.textContent?.startsWith(name))!);
  const updateButton = () => screen.getByText('Обнови публикацията').closest('button')!;

  it('an image without alt text cannot be saved: the form says why, and once given the alt text is sent', async () => {
    authorAnswers();
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.patch(rest('blog_posts'), async ({ request }) => {
        bodies.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json([{ id: 'p-1', updated_at: '2026-02-11T09:00:00.000Z' }]);
      }),
    );
    const onDone = vi.fn();
    renderAdmin(<PostForm post={postRow({ featured_image_alt: '' })} onDone={onDone} />);
    expect(screen.getByText(/^Основното изображение се нуждае от алтернативен текст/)).toBeInTheDocument();
    openTab('Медия и настройки');
    expect(updateButton()).toBeDisabled();

    openTab('Съдържание');
    const alt = altField();
    expect(alt).toHaveAttribute('aria-invalid', 'true');
    expect(alt).toHaveAccessibleDescription(expect.stringContaining(ALT_REQUIRED));
    // blank is missing too
    fireEvent.change(alt, { target: { value: '   ' } });
    expect(alt).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(alt, { target: { value: ' Екип пред табло ' } });
    expect(alt).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(/^Основното изображение се нуждае от алтернативен текст/)).not.toBeInTheDocument();

    openTab('Медия и настройки');
    await userEvent.click(updateButton());
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(bodies[0]).toMatchObject({ featured_image: '/demo/post-1.svg', featured_image_alt: 'Екип пред табло' });
  });

  it("the database's refusal for a missing alt text lands on the alt field, on its tab", async () => {
    authorAnswers();
    server.use(
      http.patch(rest('blog_posts'), () =>
        HttpResponse.json({ code: '23514', message: 'Every image needs its alt text', details: null, hint: 'image_alt_missing' }, { status: 400 }),
      ),
    );
    const onDone = vi.fn();
    renderAdmin(<PostForm post={postRow()} onDone={onDone} />);
    openTab('Медия и настройки');
    await userEvent.click(updateButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(ALT_REQUIRED);
    expect(screen.getByRole('tab', { name: 'Съдържание' })).toHaveAttribute('aria-selected', 'true');
    expect(altField()).toHaveAttribute('aria-invalid', 'true');
    expect(onDone).not.toHaveBeenCalled();
  });
});
