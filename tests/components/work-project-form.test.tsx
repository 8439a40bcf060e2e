import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { ProjectForm } from '@/admin/work/ProjectForm';
import { renderAdmin } from './admin-fixtures';
import { rest, server, storage } from './msw';
import { fakeBackend, png, projectRow, publicUrl } from './work-fixtures';
import { findDialog } from './dialogs';

// a modal dialog hides the rest of the page from the accessibility tree, the toast region included
const toasts = () => {
  const region = document.querySelector<HTMLElement>('[role="region"][aria-label^="Известия"]');
  if (!region) throw new Error('no toast region');
  return region;
};
const progress = () => screen.getByRole('progressbar', { name: 'Попълненост на проекта' });
const tab = (name: RegExp) => screen.getByRole('tab', { name });

const ALT_REQUIRED = 'Опишете изображението (алтернативен текст).';
const GALLERY_ALT_MISSING = 'Опишете всяко изображение в галерията (алтернативен текст).';

async function addGalleryItem(user: UserEvent, title: string, file = png(`${title}.png`)) {
  await user.click(screen.getByRole('button', { name: 'Добави изображение' }));
  const dialog = await findDialog('dialog', { name: 'Нов елемент в галерията' });
  const save = within(dialog).getByRole('button', { name: 'Добави в галерията' });
  expect(save).toBeDisabled();
  await pasteInto(user, within(dialog).getByLabelText(/^Заглавие/), title);
  expect(save).toBeDisabled(); // still no image
  await user.upload(within(dialog).getByLabelText(/^Изображение/), file);
  expect(await within(toasts()).findByText('Изображението е качено успешно!')).toBeInTheDocument();
  expect(save).toBeDisabled(); // still no alt text
  await pasteInto(user, within(dialog).getByLabelText(/^Алтернативен текст/), `Снимка: ${title}`);
  await waitFor(() => expect(save).toBeEnabled());
  await user.click(save);
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(await within(toasts()).findByText('Елементът е добавен успешно!')).toBeInTheDocument();
}

/** Puts a whole value into a field at once, where typing it key by key is not what is tested. */
async function pasteInto(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

/** The category list loads from the database: wait for the option before choosing it. */
async function chooseCategory(user: UserEvent, name: string) {
  const select = await screen.findByLabelText(/^Категория/);
  await within(select).findByRole('option', { name });
  await user.selectOptions(select, name);
}

const galleryTitles = () =>
  within(screen.getByRole('list', { name: 'Изображения в галерията' }))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('p')?.textContent?.replace(/^\d+\.\s*/, ''));

describe('project form', () => {
  it('the main tab: generated slug, https:// on blur, technology chips, and what each field adds to completeness', async () => {
    fakeBackend();
    renderAdmin(<ProjectForm project={null} onDone={() => {}} />, { path: '/work-admin' });

    expect(screen.getByRole('heading', { name: 'Нов проект' })).toBeInTheDocument();
    // found once: role queries are the slow part of this test, and the elements stay
    const bar = progress();
    const basicTab = tab(/Основна информация/);
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    expect(basicTab).toHaveAccessibleName(/непопълнено/);
    expect(tab(/Медия и категория/)).toHaveAccessibleName(/непопълнено/);

    // whole values at once: what is tested is what each field adds, not typing
    fireEvent.change(screen.getByLabelText(/^Заглавие/), { target: { value: 'CRM за имоти' } });
    expect(bar).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByText(/\/project\/crm-za-imoti/)).toBeInTheDocument();

    const link = screen.getByLabelText(/^Линк към проекта/);
    fireEvent.change(link, { target: { value: 'crm.example.com' } });
    fireEvent.blur(link);
    await waitFor(() => expect(link).toHaveValue('https://crm.example.com'));
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    fireEvent.change(screen.getByLabelText('Кратко описание'), { target: { value: 'Сделки.' } });
    expect(bar).toHaveAttribute('aria-valuenow', '65');
    expect(basicTab).toHaveAccessibleName(/\(попълнено\)/);

    const techField = screen.getByLabelText('Технологии');
    fireEvent.change(techField, { target: { value: 'React, Supabase' } });
    fireEvent.keyDown(techField, { key: 'Enter' });
    expect([...screen.getByLabelText('Технологии на проекта').querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'React',
      'Supabase',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Премахни Supabase' }));
    expect([...screen.getByLabelText('Технологии на проекта').querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'React',
    ]);
  });

  it('the media tab: an image URL, its alt text and a category complete it', async () => {
    fakeBackend();
    renderAdmin(<ProjectForm project={null} onDone={() => {}} />, { path: '/work-admin' });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Продължете към медия' }));
    expect(tab(/Медия и категория/)).toHaveAttribute('aria-selected', 'true');
    await pasteInto(user, screen.getByLabelText('или URL адрес на изображение'), 'https://cdn.example.com/crm.png');
    expect(progress()).toHaveAttribute('aria-valuenow', '20');
    await chooseCategory(user, 'Software Development');
    expect(progress()).toHaveAttribute('aria-valuenow', '35');
    expect(tab(/Медия и категория/)).toHaveAccessibleName(/непопълнено/);
    fireEvent.change(screen.getByLabelText(/^Алтернативен текст/), { target: { value: 'Табло на CRM' } });
    expect(tab(/Медия и категория/)).toHaveAccessibleName(/\(попълнено\)/);
  });

  it('creates a project with what was entered, in_progress, without a gallery', async () => {
    const backend = fakeBackend();
    const onDone = vi.fn();
    renderAdmin(<ProjectForm project={null} onDone={onDone} />, { path: '/work-admin' });
    const user = userEvent.setup({ delay: null });
    // whole values at once: what is tested is what is sent
    const enter = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
    enter(/^Заглавие/, 'CRM за брокери на имоти');
    enter(/^Линк към проекта/, 'crm.example.com');
    enter('Кратко описание', 'Сделки и огледи.');
    enter('Технологии', 'React');
    fireEvent.keyDown(screen.getByLabelText('Технологии'), { key: 'Enter' });
    enter('Размер на екипа (хора)', '4');
    fireEvent.click(screen.getByRole('button', { name: 'Продължете към медия' }));
    enter('или URL адрес на изображение', 'https://cdn.example.com/crm.png');
    enter(/^Алтернативен текст/, '  Табло със сделките на брокера ');
    await within(screen.getByLabelText(/^Категория/)).findByRole('option', { name: 'Software Development' });
    enter(/^Категория/, 'Software Development');
    expect(progress()).toHaveAttribute('aria-valuenow', '100');

    await user.click(screen.getByRole('button', { name: 'Създай проекта' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(await within(toasts()).findByText('Проектът е създаден')).toBeInTheDocument();
    expect(backend.requests.inserts).toHaveLength(1);
    expect(backend.requests.inserts[0]).toMatchObject({
      title: 'CRM за брокери на имоти',
      slug: 'crm-za-brokeri-na-imoti',
      link: 'https://crm.example.com',
      description: 'Сделки и огледи.',
      image: 'https://cdn.example.com/crm.png',
      image_alt: 'Табло със сделките на брокера',
      category: 'Software Development',
      technologies: ['React'],
      team_size: 4,
      status: 'in_progress',
      documentation_url: null,
      client: null,
      gallery: [],
    });
  });

  it('uploads gallery images to their own bucket under new names and saves them in the order added', async () => {
    const backend = fakeBackend({ projects: [projectRow({ gallery: [] })] });
    const onDone = vi.fn();
    renderAdmin(<ProjectForm project={backend.projects[0]} onDone={onDone} />, { path: '/work-admin' });
    const user = userEvent.setup({ delay: null });
    await user.click(tab(/Галерия/));
    expect(tab(/Галерия/)).toHaveAccessibleName(/непопълнено/);
    await addGalleryItem(user, 'Табло');
    await addGalleryItem(user, 'Карта');
    expect(galleryTitles()).toEqual(['Табло', 'Карта']);
    expect(tab(/Галерия/)).toHaveAccessibleName(/\(попълнено\)/);

    // gallery files go to their own bucket, named timestamp-random.extension, never overwriting
    expect(backend.requests.uploads).toHaveLength(2);
    for (const upload of backend.requests.uploads) {
      expect(upload.bucket).toBe('project-gallery');
      expect(upload.path).toMatch(/^\d{13}-[a-z0-9]{12}\.png$/);
      expect(upload.upsert).toBe('false');
    }

    await user.click(screen.getByRole('button', { name: 'Обнови проекта' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const gallery = backend.requests.updates[0].body.gallery as { id: string; title: string; image: string; alt: string; order: number }[];
    expect(gallery.map((g) => [g.title, g.alt, g.order])).toEqual([
      ['Табло', 'Снимка: Табло', 0],
      ['Карта', 'Снимка: Карта', 1],
    ]);
    expect(gallery[0].id).toMatch(/^\d{13}$/);
    expect(gallery[0].image).toBe(publicUrl('project-gallery', backend.requests.uploads[0].path));
  });

  it('names what is missing and opens the tab to fix: title, link, image (the spec message) and category', async () => {
    const backend = fakeBackend();
    renderAdmin(<ProjectForm project={null} onDone={() => {}} />);
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('option', { name: 'Automation', hidden: true }); // on the tab not shown yet
    await user.click(screen.getByRole('button', { name: 'Създай проекта' }));
    expect(await within(toasts()).findByText('Моля, въведете заглавие на проекта.')).toBeInTheDocument();
    // the toast comes first; the messages under the fields follow as the form library publishes them
    expect(await screen.findByText('Моля, въведете заглавие на проекта.', { selector: 'p[id$="-error"]' })).toBeInTheDocument();
    expect(screen.getByText('Моля, въведете линк към проекта.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/^Заглавие/)).toHaveFocus());

    await pasteInto(user, screen.getByLabelText(/^Заглавие/), 'Проект');
    await pasteInto(user, screen.getByLabelText(/^Линк към проекта/), 'not a url');
    await user.tab();
    expect(await screen.findByText('Моля, въведете валиден URL адрес (напр. example.com)')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Линк към проекта/)).toHaveAttribute('aria-invalid', 'true');
    await user.clear(screen.getByLabelText(/^Линк към проекта/));
    await user.paste('proekt.example.com');
    await pasteInto(user, screen.getByLabelText('Документация (URL)'), 'docs');
    await user.tab();
    expect(screen.getByLabelText('Документация (URL)')).toHaveValue('https://docs');
    expect(await screen.findByText('Моля, въведете валиден URL адрес (напр. example.com)')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Документация (URL)'));

    await user.click(screen.getByRole('button', { name: 'Създай проекта' }));
    expect(tab(/Медия и категория/)).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('Моля, изберете категория.')).toBeInTheDocument();
    expect(screen.getAllByText('Моля, качете изображение или въведете URL').length).toBeGreaterThan(0);
    expect(screen.getByText(ALT_REQUIRED)).toBeInTheDocument();
    expect(backend.requests.inserts).toEqual([]);
  });

  it('keeps the create button disabled while no category exists', async () => {
    fakeBackend({ categories: [] });
    renderAdmin(<ProjectForm project={null} onDone={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Продължете към медия' }));
    expect(await screen.findByText(/Няма категории\. Добавете поне една/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Създай проекта' })).toBeDisabled();
  });

  it('explains a slug another project already has, and keeps everything typed', async () => {
    const backend = fakeBackend({ projects: [projectRow({ slug: 'zaet-adres' })] });
    renderAdmin(<ProjectForm project={null} onDone={() => {}} />);
    const user = userEvent.setup({ delay: null });
    await pasteInto(user, screen.getByLabelText(/^Заглавие/), 'Нов проект');
    await pasteInto(user, screen.getByLabelText(/^Адрес \(slug\)/), 'zaet-adres');
    await pasteInto(user, screen.getByLabelText(/^Линк към проекта/), 'https://nov.example.com');
    await user.click(screen.getByRole('button', { name: 'Продължете към медия' }));
    await pasteInto(user, screen.getByLabelText('или URL адрес на изображение'), '/demo/x.svg');
    await pasteInto(user, screen.getByLabelText(/^Алтернативен текст/), 'Начален екран');
    await chooseCategory(user, 'Automation');
    await user.click(screen.getByRole('button', { name: 'Създай проекта' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Проект с този адрес (slug) вече съществува.');
    expect(alert).not.toHaveTextContent('duplicate key');
    expect(backend.requests.inserts).toHaveLength(1);
    expect(screen.getByLabelText(/^Категория/)).toHaveValue('Automation');
    await user.click(tab(/Основна информация/));
    expect(screen.getByLabelText(/^Заглавие/)).toHaveValue('Нов проект');
    expect(screen.getByLabelText(/^Адрес \(slug\)/)).toHaveValue('zaet-adres');

    // a new slug, and the same form saves
    await user.clear(screen.getByLabelText(/^Адрес \(slug\)/));
    await user.paste('nov-adres');
    await user.click(screen.getByRole('button', { name: 'Създай проекта' }));
    expect(await within(toasts()).findByText('Проектът е създаден')).toBeInTheDocument();
    expect(backend.requests.inserts[1]).toMatchObject({ slug: 'nov-adres', title: 'Нов проект' });
  });

  it("refuses a save without the main image's alt text: the message under it, on its tab; once given, it is sent", async () => {
    const backend = fakeBackend({ projects: [projectRow({ image_alt: '' })] });
    const onDone = vi.fn();
    renderAdmin(<ProjectForm project={backend.projects[0]} onDone={onDone} />);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Обнови проекта' }));
    expect(await within(toasts()).findByText(ALT_REQUIRED)).toBeInTheDocument();
    expect(tab(/Медия и категория/)).toHaveAttribute('aria-selected', 'true');
    const alt = screen.getByLabelText(/^Алтернативен текст/);
    expect(alt).toHaveAttribute('aria-invalid', 'true');
    expect(alt).toHaveAccessibleDescription(expect.stringContaining(ALT_REQUIRED));
    await waitFor(() => expect(alt).toHaveFocus());
    expect(backend.requests.updates).toEqual([]);

    await user.paste('Табло със сделките');
    await user.click(screen.getByRole('button', { name: 'Обнови проекта' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(backend.requests.updates[0].body).toMatchObject({ image_alt: 'Табло със сделките' });
  });

  it('an older gallery item without alt text: the editor says so, a save is refused on the gallery tab, and its dialog asks for it', async () => {
    const old = { id: '1730000000001', title: 'Стара', description: '', image: '/old.png', order: 0 };
    const backend = fakeBackend({ projects: [projectRow({ gallery: [old] })] });
    const onDone = vi.fn();
    renderAdmin(<ProjectForm project={backend.projects[0]} onDone={onDone} />);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Обнови проекта' }));
    expect(await within(toasts()).findByText(GALLERY_ALT_MISSING)).toBeInTheDocument();
    expect(tab(/Галерия/)).toHaveAttribute('aria-selected', 'true');
    const section = screen.getByRole('region', { name: 'Галерия на проекта' });
    expect(within(section).getByText(GALLERY_ALT_MISSING)).toBeInTheDocument();
    expect(within(section).getByText(/^Няма алтернативен текст/)).toBeInTheDocument();
    const edit = within(section).getByRole('button', { name: 'Редактирай: Стара' });
    await waitFor(() => expect(edit).toHaveFocus());
    expect(backend.requests.updates).toEqual([]);

    await user.click(edit);
    const dialog = await findDialog('dialog', { name: 'Редактиране на елемент от галерията' });
    const save = within(dialog).getByRole('button', { name: 'Запази промените' });
    expect(within(dialog).getByLabelText(/^Алтернативен текст/)).toHaveValue('');
    expect(save).toBeDisabled();
    await pasteInto(user, within(dialog).getByLabelText(/^Алтернативен текст/), 'Старият екран');
    await user.click(save);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(section).queryByText(GALLERY_ALT_MISSING)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Обнови проекта' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(backend.requests.updates[0].body.gallery).toEqual([{ ...old, alt: 'Старият екран' }]);
  });

  it("the database's refusal for a missing alt text lands on the main image's alt field", async () => {
    const backend = fakeBackend({ projects: [projectRow()] });
    server.use(
      http.patch(rest('projects'), () =>
        HttpResponse.json({ code: '23514', message: 'Every image needs its alt text', details: null, hint: 'image_alt_missing' }, { status: 400 }),
      ),
    );
    renderAdmin(<ProjectForm project={backend.projects[0]} onDone={() => {}} />);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Обнови проекта' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ALT_REQUIRED);
    expect(tab(/Медия и категория/)).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText(/^Алтернативен текст/)).toHaveAttribute('aria-invalid', 'true');
  });

  const threeItems = () =>
    fakeBackend({
      projects: [
        projectRow({
          status: 'completed',
          gallery: [
            { id: '1730000000002', title: 'Втора', description: '', image: '/2.png', alt: 'Втори екран', order: 1 },
            { id: '1730000000001', title: 'Първа', description: 'Описание', image: '/1.png', alt: 'Първи екран', order: 0 },
            { id: '1730000000003', title: 'Трета', description: '', image: '/3.png', alt: 'Трети екран', order: 2 },
          ],
        }),
      ],
    });

  it('reorders the gallery with the arrows, keeping the focus on the moved item and announcing its place', async () => {
    const backend = threeItems();
    renderAdmin(<ProjectForm project={backend.projects[0]} onDone={() => {}} />);
    const user = userEvent.setup({ delay: null });
    expect(screen.getByRole('heading', { name: 'Редактиране на проект' })).toBeInTheDocument();
    expect(progress()).toHaveAttribute('aria-valuenow', '100');
    await user.click(tab(/Галерия/));
    expect(galleryTitles()).toEqual(['Първа', 'Втора', 'Трета']);
    // each thumbnail says what its picture shows
    expect(screen.getByRole('img', { name: 'Първи екран' })).toHaveAttribute('src', '/1.png');
    expect(screen.getByRole('button', { name: 'Премести нагоре: Първа' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Премести надолу: Трета' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Премести нагоре: Трета' }));
    expect(galleryTitles()).toEqual(['Първа', 'Трета', 'Втора']);
    expect(screen.getByRole('button', { name: 'Премести нагоре: Трета' })).toHaveFocus();
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('„Трета“ е на позиция 2 от 3.');
    await user.click(screen.getByRole('button', { name: 'Премести нагоре: Трета' }));
    expect(galleryTitles()).toEqual(['Трета', 'Първа', 'Втора']);
    // at the top the up button is disabled, so the focus moves to the down button
    await waitFor(() => expect(screen.getByRole('button', { name: 'Премести надолу: Трета' })).toHaveFocus());
  });

  it('edits and deletes gallery items, then saves the renumbered gallery and carries the status through', async () => {
    const backend = threeItems();
    const onDone = vi.fn();
    renderAdmin(<ProjectForm project={backend.projects[0]} onDone={onDone} />);
    const user = userEvent.setup({ delay: null });
    await user.click(tab(/Галерия/));

    await user.click(screen.getByRole('button', { name: 'Редактирай: Първа' }));
    const dialog = await findDialog('dialog', { name: 'Редактиране на елемент от галерията' });
    expect(within(dialog).getByLabelText(/^Описание/)).toHaveValue('Описание');
    expect(within(dialog).getByRole('img', { name: 'Първи екран' })).toHaveAttribute('src', '/1.png');
    await user.clear(within(dialog).getByLabelText(/^Заглавие/));
    await user.paste('Първа (нова)');
    await user.clear(within(dialog).getByLabelText(/^Алтернативен текст/));
    await user.paste(' Първи екран, нов ');
    await user.click(within(dialog).getByRole('button', { name: 'Запази промените' }));
    expect(await within(toasts()).findByText('Елементът е редактиран успешно!')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Изтрий: Втора' }));
    expect(await within(toasts()).findByText('Елементът е изтрит успешно!')).toBeInTheDocument();
    expect(galleryTitles()).toEqual(['Първа (нова)', 'Трета']);

    await user.click(screen.getByRole('button', { name: 'Обнови проекта' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(await within(toasts()).findByText('Проектът е обновен')).toBeInTheDocument();
    const [update] = backend.requests.updates;
    expect(update.id).toBe('p-1');
    expect(update.body.status).toBe('completed');
    expect(typeof update.body.updated_at).toBe('string');
    expect(update.body.gallery).toEqual([
      { id: '1730000000001', title: 'Първа (нова)', description: 'Описание', image: '/1.png', alt: 'Първи екран, нов', order: 0 },
      { id: '1730000000003', title: 'Трета', description: '', image: '/3.png', alt: 'Трети екран', order: 1 },
    ]);
  });
});

describe('gallery dialog', () => {
  it("warns 'Моля попълнете заглавие и изображение' when submitted without them", async () => {
    fakeBackend();
    renderAdmin(<ProjectForm project={null} onDone={() => {}} />);
    const user = userEvent.setup({ delay: null });
    await user.click(tab(/Галерия/));
    await user.click(screen.getByRole('button', { name: 'Добави изображение' }));
    const dialog = await findDialog('dialog');
    await user.type(within(dialog).getByLabelText(/^Заглавие/), 'Само заглавие');
    expect(within(dialog).getByRole('button', { name: 'Добави в галерията' })).toBeDisabled();
    // Enter in a field of a form whose button is disabled: the form's own guard answers
    fireEvent.submit(within(dialog).getByLabelText(/^Заглавие/).closest('form')!);
    expect(await within(toasts()).findByText('Моля попълнете заглавие и изображение')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('closing it with changes asks first: Отказ keeps the dialog and what was typed', async () => {
    fakeBackend();
    renderAdmin(<ProjectForm project={null} onDone={() => {}} />);
    const user = userEvent.setup({ delay: null });
    await user.click(tab(/Галерия/));
    // unchanged: Escape closes at once
    await user.click(screen.getByRole('button', { name: 'Добави изображение' }));
    await findDialog('dialog', { name: 'Нов елемент в галерията' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Добави изображение' }));
    const dialog = await findDialog('dialog', { name: 'Нов елемент в галерията' });
    fireEvent.change(within(dialog).getByLabelText(/^Заглавие/), { target: { value: 'Снимка' } });
    await user.click(within(dialog).getByRole('button', { name: 'Отказ' }));
    let question = await findDialog('alertdialog', { name: 'Незапазени промени' });
    await user.click(within(question).getByRole('button', { name: 'Отказ' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(within(screen.getByRole('dialog')).getByLabelText(/^Заглавие/)).toHaveValue('Снимка');

    // the × asks the same; leaving closes it with nothing added
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Затвори' }));
    question = await findDialog('alertdialog', { name: 'Незапазени промени' });
    await user.click(within(question).getByRole('button', { name: 'Излез без запазване' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText(/Галерията е празна/)).toBeInTheDocument();
  });

  it('accepts images only and disables saving while the upload runs', async () => {
    fakeBackend();
    let release: () => void = () => {};
    server.use(
      http.post(storage('object/project-gallery/*'), async ({ request }) => {
        await new Promise<void>((resolve) => (release = resolve));
        const path = new URL(request.url).pathname.replace('/storage/v1/object/project-gallery/', '');
        return HttpResponse.json({ Id: 'o', Key: `project-gallery/${path}` });
      }),
    );
    renderAdmin(<ProjectForm project={null} onDone={() => {}} />);
    const user = userEvent.setup({ delay: null });
    await user.click(tab(/Галерия/));
    await user.click(screen.getByRole('button', { name: 'Добави изображение' }));
    const dialog = await findDialog('dialog');
    const file = within(dialog).getByLabelText(/^Изображение/);
    expect(file).toHaveAttribute('accept', 'image/*');
    await user.type(within(dialog).getByLabelText(/^Заглавие/), 'Снимка');
    fireEvent.change(within(dialog).getByLabelText(/^Алтернативен текст/), { target: { value: 'Снимка на екрана' } });
    await user.upload(file, png());
    expect(await within(dialog).findByText('Качване...')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Добави в галерията' })).toBeDisabled();
    release();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Добави в галерията' })).toBeEnabled());
  });

  it("says 'Грешка при качване на изображението' when the upload fails", async () => {
    fakeBackend();
    server.use(http.post(storage('object/project-gallery/*'), () => HttpResponse.json({ statusCode: '500', error: 'boom', message: 'Disk full' }, { status: 500 })));
    renderAdmin(<ProjectForm project={null} onDone={() => {}} />);
    const user = userEvent.setup({ delay: null });
    await user.click(tab(/Галерия/));
    await user.click(screen.getByRole('button', { name: 'Добави изображение' }));
    const dialog = await findDialog('dialog');
    await user.type(within(dialog).getByLabelText(/^Заглавие/), 'Снимка');
    await user.upload(within(dialog).getByLabelText(/^Изображение/), png());
    expect(await within(toasts()).findByText('Грешка при качване на изображението')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Добави в галерията' })).toBeDisabled();
  });
});
