import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { PostForm } from '@/admin/posts/PostForm';
import { ProjectForm } from '@/admin/work/ProjectForm';
import { site } from '@/shared/config/site';
import { postRow, renderAdmin } from './admin-fixtures';
import { rest, server } from './msw';
import { fakeBackend, projectRow } from './work-fixtures';

const ALT_REQUIRED = 'Опишете изображението (алтернативен текст).';
const SHARE_URL = 'или URL адрес на изображението за споделяне';
const SHARE_ALT = /^Описание на изображението за споделяне/;

const searchPreview = () => screen.getByRole('figure', { name: 'Преглед в търсачките' });
const sharePreview = () => screen.getByRole('figure', { name: 'Преглед при споделяне' });
const enter = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

/** The post form's requests: the authors list, and each PATCH body of a save. */
function postBackend() {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.get(rest('blog_users'), () => HttpResponse.json([])),
    http.patch(rest('blog_posts'), async ({ request }) => {
      bodies.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json([{ id: 'p-1', updated_at: '2026-02-11T09:00:00.000Z' }]);
    }),
  );
  return bodies;
}

async function openPostSeo() {
  await userEvent.click(screen.getByRole('tab', { name: 'Медия и настройки' }));
  return screen.getByRole('region', { name: 'Търсачки и споделяне' });
}

describe('post form: search and share', () => {
  it("sits in 'Медия и настройки' above 'Публикувай', with counters and the fallbacks in view", async () => {
    postBackend();
    renderAdmin(<PostForm post={postRow()} onDone={() => {}} />);
    const section = await openPostSeo();
    // above the publish checkbox
    expect(section.compareDocumentPosition(screen.getByLabelText('Публикувай')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    const title = within(section).getByLabelText('Мета заглавие');
    expect(title).toHaveValue('');
    expect(title).toHaveAttribute('placeholder', 'Първа публикация | Синаптика');
    expect(title).toHaveAccessibleDescription('Знаци: 0/60. Ако е празно: Първа публикация | Синаптика');
    const description = within(section).getByLabelText('Мета описание');
    expect(description).toHaveAttribute('placeholder', 'Кратко описание на първата публикация.');
    expect(description).toHaveAccessibleDescription('Знаци: 0/160. Ако е празно: Кратко описание на първата публикация.');
    expect(within(section).getByRole('group', { name: 'Изображение за споделяне' })).toHaveTextContent(
      'Ако няма, при споделяне се използва основното изображение.',
    );

    enter(title, 'AI за малкия бизнес: къде да започнем');
    expect(title).toHaveAccessibleDescription(/^Знаци: 37\/60\./);
    expect(screen.queryByText(/Търсачките показват около 60 знака/)).not.toBeInTheDocument();

    // past the shown length: a note, not an error, and the save stays open
    enter(title, 'AI за малкия бизнес: къде да започнем и какво да очакваме през първата година');
    expect(title).toHaveAccessibleDescription(/^Знаци: 77\/60\..*Търсачките показват около 60 знака: останалото ще бъде отрязано\.$/);
    expect(title).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('button', { name: 'Обнови публикацията' })).toBeEnabled();
  });

  it('the previews follow the fields and fall back to the title, the excerpt and the main image', async () => {
    postBackend();
    renderAdmin(<PostForm post={postRow()} onDone={() => {}} />);
    const section = await openPostSeo();

    // nothing set: the page's own
    expect(within(searchPreview()).getByText(`${site.url} › blog › parva-publikatsia`)).toBeInTheDocument();
    expect(within(searchPreview()).getByText('Първа публикация | Синаптика')).toBeInTheDocument();
    expect(within(searchPreview()).getByText('Кратко описание на първата публикация.')).toBeInTheDocument();
    expect(within(sharePreview()).getByRole('img', { name: 'Екип пред табло с графики' })).toHaveAttribute('src', '/demo/post-1.svg');
    expect(within(sharePreview()).getByText('Показва се основното изображение.')).toBeInTheDocument();
    expect(within(sharePreview()).getByText(new URL(site.url).host)).toBeInTheDocument();

    // typed: both previews follow; a long text is cut at a word, as a result page cuts it
    enter(within(section).getByLabelText('Мета заглавие'), 'Как да автоматизирате офертите си и да спечелите повече клиенти');
    const long = 'Практично ръководство за собственици на малки фирми. '.repeat(4);
    enter(within(section).getByLabelText('Мета описание'), long);
    expect(within(searchPreview()).getByText('Как да автоматизирате офертите си и да спечелите повече…')).toBeInTheDocument();
    const shown = within(searchPreview()).getByText(/^Практично ръководство/);
    expect(shown.textContent!.endsWith('…')).toBe(true);
    expect(Array.from(shown.textContent!).length).toBeLessThanOrEqual(160);
    expect(within(sharePreview()).getByText('Как да автоматизирате офертите си и да спечелите повече клиенти')).toBeInTheDocument();

    enter(within(section).getByLabelText(SHARE_URL), 'https://cdn.example.com/share.png');
    enter(within(section).getByLabelText(SHARE_ALT), 'Графика с офертите');
    expect(within(sharePreview()).getByRole('img', { name: 'Графика с офертите' })).toHaveAttribute('src', 'https://cdn.example.com/share.png');
    expect(within(sharePreview()).queryByText('Показва се основното изображение.')).not.toBeInTheDocument();
  });

  it('a save sends the four fields, trimmed', async () => {
    const bodies = postBackend();
    const onDone = vi.fn();
    renderAdmin(<PostForm post={postRow()} onDone={onDone} />);
    const section = await openPostSeo();
    enter(within(section).getByLabelText('Мета заглавие'), '  Мета заглавие за Google ');
    enter(within(section).getByLabelText('Мета описание'), ' Описание за резултата. ');
    enter(within(section).getByLabelText(SHARE_URL), 'https://cdn.example.com/share.png');
    enter(within(section).getByLabelText(SHARE_ALT), ' Графика с офертите ');
    await userEvent.click(screen.getByRole('button', { name: 'Обнови публикацията' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(bodies[0]).toMatchObject({
      meta_title: 'Мета заглавие за Google',
      meta_description: 'Описание за резултата.',
      share_image: 'https://cdn.example.com/share.png',
      share_image_alt: 'Графика с офертите',
    });
  });

  it('a share image without alt text blocks the save, with the message on its field', async () => {
    const bodies = postBackend();
    const onDone = vi.fn();
    renderAdmin(<PostForm post={postRow()} onDone={onDone} />);
    const section = await openPostSeo();
    enter(within(section).getByLabelText(SHARE_URL), 'https://cdn.example.com/share.png');
    const alt = within(section).getByLabelText(SHARE_ALT);
    expect(alt).toHaveAttribute('aria-invalid', 'true');
    expect(alt).toHaveAccessibleDescription(expect.stringContaining(ALT_REQUIRED));
    const save = screen.getByRole('button', { name: 'Обнови публикацията' });
    expect(save).toBeDisabled();
    // the main image's own field (on its tab) is not the one blamed
    expect(screen.queryByText(/^Основното изображение се нуждае от алтернативен текст/)).not.toBeInTheDocument();

    enter(alt, 'Графика с офертите');
    expect(alt).not.toHaveAttribute('aria-invalid');
    await userEvent.click(save);
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({ share_image: 'https://cdn.example.com/share.png', share_image_alt: 'Графика с офертите' });
  });
});

describe('project form: search and share', () => {
  const toasts = () => {
    const region = document.querySelector<HTMLElement>('[role="region"][aria-label^="Известия"]');
    if (!region) throw new Error('no toast region');
    return region;
  };

  it('in the media tab: counters, the fallbacks of title, short description and main image, and the previews', async () => {
    const backend = fakeBackend({ projects: [projectRow()] });
    renderAdmin(<ProjectForm project={backend.projects[0]} onDone={() => {}} />, { path: '/work-admin' });
    await userEvent.click(screen.getByRole('tab', { name: /Медия и категория/ }));
    const section = screen.getByRole('region', { name: 'Търсачки и споделяне' });

    const title = within(section).getByLabelText('Мета заглавие');
    expect(title).toHaveAttribute('placeholder', 'CRM за брокери | Синаптика');
    expect(title).toHaveAccessibleDescription('Знаци: 0/60. Ако е празно: CRM за брокери | Синаптика');
    const description = within(section).getByLabelText('Мета описание');
    expect(description).toHaveAccessibleDescription('Знаци: 0/160. Ако е празно: Сделки, огледи и задачи на едно място.');
    expect(within(searchPreview()).getByText(`${site.url} › project › crm-za-brokeri`)).toBeInTheDocument();
    expect(within(sharePreview()).getByRole('img', { name: 'Табло на CRM системата със сделките' })).toHaveAttribute('src', '/demo/project-crm.svg');

    const text = 'CRM за брокери на имоти: сделки, огледи и задачи на едно място, с напомняния и отчети за екипа, достъпни от телефона и компютъра, без излишни настройки.';
    enter(description, text);
    expect(text).toHaveLength(152);
    expect(description).toHaveAccessibleDescription('Знаци: 152/160. Ако е празно: Сделки, огледи и задачи на едно място.');
    expect(within(searchPreview()).getByText(/^CRM за брокери на имоти: сделки/)).toBeInTheDocument();
    expect(within(sharePreview()).getByText(/^CRM за брокери на имоти: сделки/)).toBeInTheDocument();
    // a share image of its own replaces the main image on the card
    enter(within(section).getByLabelText(SHARE_URL), '/demo/share.png');
    enter(within(section).getByLabelText(SHARE_ALT), 'Табло на телефон');
    expect(within(sharePreview()).getByRole('img', { name: 'Табло на телефон' })).toHaveAttribute('src', '/demo/share.png');
  });

  it('a save sends the four fields', async () => {
    const backend = fakeBackend({ projects: [projectRow()] });
    const onDone = vi.fn();
    renderAdmin(<ProjectForm project={backend.projects[0]} onDone={onDone} />, { path: '/work-admin' });
    await userEvent.click(screen.getByRole('tab', { name: /Медия и категория/ }));
    const section = screen.getByRole('region', { name: 'Търсачки и споделяне' });
    enter(within(section).getByLabelText('Мета заглавие'), ' CRM за брокери на имоти ');
    enter(within(section).getByLabelText(SHARE_URL), '/demo/share.png');
    enter(within(section).getByLabelText(SHARE_ALT), 'Табло на телефон');
    await userEvent.click(screen.getByRole('button', { name: 'Обнови проекта' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(backend.requests.updates[0].body).toMatchObject({
      meta_title: 'CRM за брокери на имоти',
      meta_description: '',
      share_image: '/demo/share.png',
      share_image_alt: 'Табло на телефон',
    });
  });

  it('a share image without alt text is refused before sending: the media tab opens on its field, with the message', async () => {
    const backend = fakeBackend({ projects: [projectRow()] });
    const onDone = vi.fn();
    renderAdmin(<ProjectForm project={backend.projects[0]} onDone={onDone} />, { path: '/work-admin' });
    // typed on the media tab, then the person moves on to the gallery and saves from there
    await userEvent.click(screen.getByRole('tab', { name: /Медия и категория/ }));
    enter(screen.getByLabelText(SHARE_URL), '/demo/share.png');
    await userEvent.click(screen.getByRole('tab', { name: /Галерия/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Обнови проекта' }));

    expect(await within(toasts()).findByText(ALT_REQUIRED)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Медия и категория/ })).toHaveAttribute('aria-selected', 'true');
    const alt = screen.getByLabelText(SHARE_ALT);
    await waitFor(() => expect(alt).toHaveAttribute('aria-invalid', 'true'));
    expect(alt).toHaveAccessibleDescription(expect.stringContaining(ALT_REQUIRED));
    await waitFor(() => expect(alt).toHaveFocus());
    // the main image's alt field is fine
    expect(screen.getByLabelText(/^Алтернативен текст/)).not.toHaveAttribute('aria-invalid');
    expect(backend.requests.updates).toEqual([]);

    enter(alt, 'Табло на телефон');
    await userEvent.click(screen.getByRole('button', { name: 'Обнови проекта' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(backend.requests.updates[0].body).toMatchObject({ share_image: '/demo/share.png', share_image_alt: 'Табло на телефон' });
  });
});
