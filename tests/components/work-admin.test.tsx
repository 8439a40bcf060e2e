import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { signedOutState } from '@/admin/kit/session/auth-context';
import WorkAdminPage from '@/admin/panel/WorkAdminPage';
import { CategoriesTab } from '@/admin/work/CategoriesTab';
import { ProjectsTab } from '@/admin/work/ProjectsTab';
import { unsavedText } from '@/admin/kit/navigation/unsaved-changes';
import { renderAdmin } from './admin-fixtures';
import { rest, server } from './msw';
import { CATEGORY_VERSION, fakeBackend, projectRow } from './work-fixtures';
import { findDialog } from './dialogs';

const toasts = () => screen.getByRole('region', { name: /Известия/ });

describe('/work-admin page', () => {
  it('has the title, the back link to /blog-admin and the tabs Проекти and Категории', async () => {
    fakeBackend({ projects: [projectRow()] });
    renderAdmin(<WorkAdminPage />, { path: '/work-admin' });
    const main = screen.getByRole('main');
    expect(main).toHaveAttribute('id', 'main');
    expect(within(main).getByRole('heading', { level: 1, name: 'Управление на Проекти' })).toBeInTheDocument();
    // back to an administrator's first screen, 'Табло'
    expect(screen.getAllByRole('link', { name: /Към администраторския панел/ })[0]).toHaveAttribute('href', '/blog-admin/dashboard');
    expect(screen.getByRole('tab', { name: /Проекти/ })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('heading', { name: 'CRM за брокери' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: /Категории/ }));
    expect(screen.getByRole('tab', { name: /Категории/ })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('Automation')).toBeInTheDocument();
    expect(screen.getByLabelText('Ново име на категория')).toBeInTheDocument();
    // the projects panel is hidden, not shown next to the categories
    expect(screen.queryByRole('heading', { name: 'CRM за брокери' })).not.toBeInTheDocument();
  });

  it('asks to sign in, with a login link, when there is no user', () => {
    renderAdmin(<WorkAdminPage />, { path: '/work-admin', auth: signedOutState });
    expect(screen.getByText('Моля, влезте в системата, за да управлявате проектите.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Вход' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });
});

/** n projects, p-1 the newest. */
function manyProjects(n: number) {
  return Array.from({ length: n }, (_, i) =>
    projectRow({ id: `p-${i + 1}`, title: `Проект ${i + 1}`, slug: `proekt-${i + 1}`, client: `Клиент ${i + 1}`, created_at: new Date(Date.UTC(2026, 2, 1) - i * 3_600_000).toISOString() }),
  );
}

const projectTitles = () => within(screen.getByRole('list', { name: 'Списък с проекти' })).getAllByText(/^Проект \d+$/, { selector: 'h3' }).map((h) => h.textContent);
const projectPager = () => screen.getByRole('navigation', { name: 'Страници на проектите' });

describe('projects list', () => {
  it('shows image, title, category chip, description, the live link and the created date; newest first', async () => {
    fakeBackend({
      projects: [
        projectRow(),
        projectRow({ id: 'p-2', title: 'QR меню', category: 'Automation', link: 'https://menu.example.com', created_at: '2026-03-01T09:00:00.000Z' }),
      ],
    });
    renderAdmin(<ProjectsTab />, { path: '/work-admin' });
    expect(screen.getByText('Зареждане на проекти...')).toBeInTheDocument();
    const items = await screen.findAllByRole('listitem');
    expect(within(items[0]).getByRole('heading', { name: 'QR меню' })).toBeInTheDocument();
    const crm = within(items[1]);
    expect(crm.getByRole('heading', { name: 'CRM за брокери' })).toBeInTheDocument();
    expect(crm.getByText('Software Development')).toBeInTheDocument();
    expect(crm.getByText('Сделки, огледи и задачи на едно място.')).toBeInTheDocument();
    const link = crm.getByRole('link', { name: /Отвори линк/ });
    expect(link).toHaveAttribute('href', 'https://crm.example.com');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(crm.getByText('9 февруари 2026 г.')).toBeInTheDocument();
    expect(items[1].querySelector('img')).toHaveAttribute('src', '/demo/project-crm.svg');
    expect(screen.getByText('Общо проекти: 2')).toBeInTheDocument();
  });

  it('asks for one page of 20 with an exact count, naming the card columns (never the detailed description or the gallery)', async () => {
    const backend = fakeBackend({ projects: [projectRow()] });
    renderAdmin(<ProjectsTab />);
    await screen.findByRole('heading', { name: 'CRM за брокери' });
    const params = backend.requests.projectGets[0];
    expect(params.get('select')).toBe('id,title,category,image,link,description,created_at,updated_at');
    expect(params.get('order')).toBe('created_at.desc,id.desc');
    expect(params.get('offset')).toBe('0');
    expect(params.get('limit')).toBe('20');
  });

  it('page 2 shows the next projects with the total', async () => {
    fakeBackend({ projects: manyProjects(23) });
    renderAdmin(<ProjectsTab />);
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('heading', { name: 'Проект 1' });
    expect(projectTitles()).toHaveLength(20);
    expect(screen.getByText('Общо проекти: 23')).toBeInTheDocument();
    await user.click(within(projectPager()).getByRole('button', { name: 'Страница 2' }));
    expect(await screen.findByRole('heading', { name: 'Проект 21' })).toBeInTheDocument();
    expect(projectTitles()).toEqual(['Проект 21', 'Проект 22', 'Проект 23']);
    expect(within(projectPager()).getByRole('button', { name: 'Страница 2' })).toHaveAttribute('aria-current', 'page');
    expect(within(projectPager()).getByText(/21–23 от 23/)).toBeInTheDocument();
  });

  it('the search narrows the list by title, client or category', async () => {
    const rows = manyProjects(23);
    rows[21].client = 'Имоти Запад';
    rows[4].category = 'Automation';
    rows[4].title = 'Имоти бот';
    const backend = fakeBackend({ projects: rows });
    renderAdmin(<ProjectsTab />);
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('heading', { name: 'Проект 1' });
    await user.type(screen.getByRole('searchbox', { name: 'Търсене' }), 'имоти{Enter}');
    expect(await screen.findByText('Намерени проекти: 2')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Имоти бот' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Проект 22' })).toBeInTheDocument();
    expect(backend.requests.projectGets.at(-1)!.get('or')).toBe('(title.ilike."*имоти*",client.ilike."*имоти*",category.ilike."*имоти*")');

    await user.clear(screen.getByRole('searchbox', { name: 'Търсене' }));
    await user.type(screen.getByRole('searchbox', { name: 'Търсене' }), 'няма такъв{Enter}');
    expect(await screen.findByText('Няма проекти, които отговарят на търсенето.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Изчисти търсенето' }));
    expect(await screen.findByText('Общо проекти: 23')).toBeInTheDocument();
  });

  it('Редактирай loads the project by id with every column, and the form shows it', async () => {
    const backend = fakeBackend({ projects: [projectRow({ detailed_description: 'Подробен разказ за проекта.', client: 'Имоти ООД' })] });
    renderAdmin(<ProjectsTab />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Редактирай CRM за брокери' }));
    expect(screen.getByRole('heading', { name: 'Редактиране на проект' })).toBeInTheDocument();
    expect(screen.getByText('Зареждане на проекта...')).toBeInTheDocument();
    expect(await screen.findByLabelText('Подробно описание')).toHaveValue('Подробен разказ за проекта.');
    expect(screen.getByLabelText(/^Заглавие/)).toHaveValue('CRM за брокери');
    const read = backend.requests.projectGets.filter((p) => p.has('id'));
    expect(read).toHaveLength(1);
    expect(read[0].get('id')).toBe('eq.p-1');
    expect(read[0].get('select')).toContain('detailed_description');
    expect(read[0].get('select')).toContain('gallery');
    expect(read[0].get('select')).toContain('image_alt');
    expect(screen.getByLabelText(/^Алтернативен текст/, { selector: 'input' })).toHaveValue('Табло на CRM системата със сделките');
  });

  it('says so with a way back when the project cannot be loaded for editing', async () => {
    fakeBackend({ projects: [projectRow()] });
    server.use(http.get(rest('projects'), ({ request }) => (new URL(request.url).searchParams.has('id') ? HttpResponse.json({ code: 'XX000', message: 'boom' }, { status: 500 }) : undefined)));
    renderAdmin(<ProjectsTab />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Редактирай CRM за брокери' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Неуспешно зареждане на проекта.');
    expect(within(alert).getByRole('button', { name: 'Опитайте отново' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Назад към проектите' }));
    expect(await screen.findByRole('heading', { name: 'CRM за брокери' })).toBeInTheDocument();
  });

  it('leaving the project form with changes asks; Отказ keeps what was typed, leaving drops it', async () => {
    fakeBackend({ projects: [projectRow()] });
    renderAdmin(<ProjectsTab />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Редактирай CRM за брокери' }));
    const title = await screen.findByLabelText(/^Заглавие/);
    // unchanged: back at once
    await user.click(screen.getByRole('button', { name: 'Назад към проектите' }));
    await user.click(await screen.findByRole('button', { name: 'Редактирай CRM за брокери' }));
    fireEvent.change(await screen.findByLabelText(/^Заглавие/), { target: { value: 'Ново заглавие' } });
    expect(title).not.toBeInTheDocument(); // a new form was opened

    await user.click(screen.getByRole('button', { name: 'Назад към проектите' }));
    let question = await findDialog('alertdialog', { name: unsavedText.title });
    expect(question).toHaveTextContent(unsavedText.message);
    await user.click(within(question).getByRole('button', { name: 'Отказ' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText(/^Заглавие/)).toHaveValue('Ново заглавие');

    // the form's own 'Отказ' asks the same
    await user.click(screen.getByRole('button', { name: 'Отказ' }));
    question = await findDialog('alertdialog', { name: unsavedText.title });
    await user.click(within(question).getByRole('button', { name: unsavedText.leave }));
    expect(await screen.findByRole('heading', { name: 'CRM за брокери' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Заглавие/)).not.toBeInTheDocument();
  });

  it("says 'Няма проекти. Създайте първия.' when there are none", async () => {
    fakeBackend({ projects: [] });
    renderAdmin(<ProjectsTab />);
    expect(await screen.findByText('Няма проекти. Създайте първия.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '+ Добави нов проект' })).toBeInTheDocument();
  });

  it("says 'Неуспешно зареждане на проекти.' when the list fails", async () => {
    server.use(http.get(rest('projects'), () => HttpResponse.json({ code: 'XX000', message: 'boom' }, { status: 500 })));
    renderAdmin(<ProjectsTab />);
    expect(await screen.findByText('Неуспешно зареждане на проекти.')).toBeInTheDocument();
  });

  it('deletes a project only after the confirmation', async () => {
    const backend = fakeBackend({ projects: [projectRow()] });
    renderAdmin(<ProjectsTab />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /^Изтрий CRM за брокери/ }));
    let dialog = await findDialog('alertdialog');
    expect(dialog).toHaveTextContent('Сигурни ли сте, че искате да изтриете този проект?');
    await user.click(within(dialog).getByRole('button', { name: 'Отказ' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(backend.requests.projectDeletes).toEqual([]);

    await user.click(screen.getByRole('button', { name: /^Изтрий CRM за брокери/ }));
    dialog = await findDialog('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Изтрий' }));
    expect(await within(toasts()).findByText('Проектът е изтрит')).toBeInTheDocument();
    expect(backend.requests.projectDeletes).toEqual(['p-1']);
    expect(await screen.findByText('Няма проекти. Създайте първия.')).toBeInTheDocument();
  });

  it("shows 'Неуспешно изтриване на проекта.' when nothing was deleted", async () => {
    fakeBackend({ projects: [projectRow()] });
    server.use(http.delete(rest('projects'), () => HttpResponse.json({ code: 'XX000', message: '' }, { status: 500 })));
    renderAdmin(<ProjectsTab />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /^Изтрий CRM/ }));
    await user.click(within(await findDialog('alertdialog')).getByRole('button', { name: 'Изтрий' }));
    expect(await within(toasts()).findByText('Неуспешно изтриване на проекта.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'CRM за брокери' })).toBeInTheDocument();
  });
});

describe('categories', () => {
  it('refuses a blank name, then adds a trimmed one', async () => {
    const backend = fakeBackend({ categories: ['Automation'] });
    renderAdmin(<CategoriesTab />);
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Automation');
    await user.type(screen.getByLabelText('Ново име на категория'), '   ');
    await user.click(screen.getByRole('button', { name: 'Добави' }));
    expect(await screen.findByText('Моля, въведете име на категорията.', { selector: 'p' })).toBeInTheDocument();
    expect(backend.requests.categoryInserts).toEqual([]);

    await user.clear(screen.getByLabelText('Ново име на категория'));
    await user.type(screen.getByLabelText('Ново име на категория'), '  Чатботове ');
    await user.click(screen.getByRole('button', { name: 'Добави' }));
    expect(await within(toasts()).findByText('Категорията е добавена')).toBeInTheDocument();
    expect(backend.requests.categoryInserts).toEqual([{ name: 'Чатботове' }]);
    expect(await screen.findByText('Чатботове')).toBeInTheDocument();
    expect(screen.getByLabelText('Ново име на категория')).toHaveValue('');
  });

  it('says so when the name is taken', async () => {
    fakeBackend({ categories: ['Automation'] });
    renderAdmin(<CategoriesTab />);
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Automation');
    await user.type(screen.getByLabelText('Ново име на категория'), 'Automation');
    await user.click(screen.getByRole('button', { name: 'Добави' }));
    expect(await within(toasts()).findByText('Вече има категория с това име.')).toBeInTheDocument();
    expect(screen.getByLabelText('Ново име на категория')).toHaveValue('Automation');
  });

  it('renames inline through the SQL function; blank is refused; Отказ keeps the old name', async () => {
    const backend = fakeBackend({ categories: ['Automation'], projects: [projectRow({ category: 'Automation' })] });
    renderAdmin(<CategoriesTab />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /^Преименувай Automation/ }));
    const input = screen.getByLabelText('Ново име за категория Automation');
    expect(input).toHaveFocus();
    await user.clear(input);
    await user.type(input, 'Променено');
    await user.click(screen.getByRole('button', { name: 'Отказ' }));
    // a changed name is not dropped without a question
    await user.click(within(await findDialog('alertdialog', { name: unsavedText.title })).getByRole('button', { name: unsavedText.leave }));
    expect(await screen.findByText('Automation')).toBeInTheDocument();
    expect(backend.requests.renames).toEqual([]);

    await user.click(screen.getByRole('button', { name: /^Преименувай Automation/ }));
    await user.clear(screen.getByLabelText('Ново име за категория Automation'));
    await user.click(screen.getByRole('button', { name: 'Запази' }));
    expect(await screen.findByText('Името на категорията не може да бъде празно.', { selector: 'p' })).toBeInTheDocument();
    expect(backend.requests.renames).toEqual([]);

    await user.type(screen.getByLabelText('Ново име за категория Automation'), ' Автоматизация ');
    await user.click(screen.getByRole('button', { name: 'Запази' }));
    expect(await within(toasts()).findByText('Категорията е обновена')).toBeInTheDocument();
    // guarded by the version the list loaded
    expect(backend.requests.renames).toEqual([{ category_id: 'c-1', new_name: 'Автоматизация', expected_updated_at: CATEGORY_VERSION }]);
    expect(await screen.findByText('Автоматизация')).toBeInTheDocument();
    expect(backend.projects[0].category).toBe('Автоматизация');
  });

  it('Escape leaves the rename without saving; with a changed name it asks first', async () => {
    const backend = fakeBackend({ categories: ['Automation'] });
    renderAdmin(<CategoriesTab />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /^Преименувай Automation/ }));
    await user.keyboard('{Escape}');
    expect(screen.queryByLabelText('Ново име за категория Automation')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: /^Преименувай Automation/ })).toHaveFocus());

    await user.click(screen.getByRole('button', { name: /^Преименувай Automation/ }));
    await user.type(screen.getByLabelText('Ново име за категория Automation'), 'X{Escape}');
    const question = await findDialog('alertdialog', { name: unsavedText.title });
    await user.click(within(question).getByRole('button', { name: 'Отказ' }));
    expect(screen.getByLabelText('Ново име за категория Automation')).toHaveValue('AutomationX');
    await user.type(screen.getByLabelText('Ново име за категория Automation'), '{Escape}');
    await user.click(within(await findDialog('alertdialog')).getByRole('button', { name: unsavedText.leave }));
    await waitFor(() => expect(screen.queryByLabelText('Ново име за категория Automation')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: /^Преименувай Automation/ })).toHaveFocus());
    expect(backend.requests.renames).toEqual([]);
  });

  it('refuses to delete a category a project uses, after checking one project id', async () => {
    const backend = fakeBackend({ categories: ['Automation'], projects: [projectRow({ category: 'Automation' })] });
    renderAdmin(<CategoriesTab />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /^Изтрий Automation/ }));
    const dialog = await findDialog('alertdialog');
    expect(dialog).toHaveTextContent('Сигурни ли сте, че искате да изтриете тази категория?');
    await user.click(within(dialog).getByRole('button', { name: 'Изтрий' }));
    expect(await within(toasts()).findByText('Тази категория се използва в съществуващи проекти.')).toBeInTheDocument();
    const usage = backend.requests.projectGets.at(-1)!;
    expect(usage.get('select')).toBe('id');
    expect(usage.get('category')).toBe('eq.Automation');
    expect(usage.get('limit')).toBe('1');
    expect(backend.requests.categoryDeletes).toEqual([]);
    expect(screen.getByText('Automation')).toBeInTheDocument();
  });

  it('maps the database refusal (a project took the category meanwhile) to the same message', async () => {
    const backend = fakeBackend({ categories: ['Automation'] });
    server.use(
      http.get(rest('projects'), () => HttpResponse.json([])),
      http.delete(rest('project_categories'), () =>
        HttpResponse.json({ code: '23503', message: 'violates foreign key constraint "projects_category_fkey"' }, { status: 409 }),
      ),
    );
    renderAdmin(<CategoriesTab />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /^Изтрий Automation/ }));
    await user.click(within(await findDialog('alertdialog')).getByRole('button', { name: 'Изтрий' }));
    expect(await within(toasts()).findByText('Тази категория се използва в съществуващи проекти.')).toBeInTheDocument();
    expect(backend.categories).toHaveLength(1);
  });

  it('deletes an unused category', async () => {
    const backend = fakeBackend({ categories: ['Automation', 'Празна'], projects: [projectRow({ category: 'Automation' })] });
    renderAdmin(<CategoriesTab />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /^Изтрий Празна/ }));
    await user.click(within(await findDialog('alertdialog')).getByRole('button', { name: 'Изтрий' }));
    expect(await within(toasts()).findByText('Категорията е изтрита')).toBeInTheDocument();
    expect(backend.requests.categoryDeletes).toEqual(['c-2']);
    await waitFor(() => expect(screen.queryByText('Празна')).not.toBeInTheDocument());
  });

  it("says 'Неуспешно зареждане на категории.' when the list fails", async () => {
    server.use(http.get(rest('project_categories'), () => HttpResponse.json({ code: 'XX000', message: 'boom' }, { status: 500 })));
    renderAdmin(<CategoriesTab />);
    expect(await screen.findByText('Неуспешно зареждане на категории.')).toBeInTheDocument();
  });
});
