import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { formatDateTimeBg } from '@/shared/domain/dates';
import { PostForm } from '@/admin/posts/PostForm';
import { ProjectForm } from '@/admin/work/ProjectForm';
import { postRow, renderAdmin } from './admin-fixtures';
import { version, versionedTable } from './conflict-fixtures';
import { findDialog } from './dialogs';
import { rest, server } from './msw';
import { projectRow } from './work-fixtures';

/*
 * 'История на версиите' under the post and project forms: the versions public.content_revisions
 * keeps, read only when the section is opened; a version's diff against the form; its restore
 * as a new, guarded save.
 */

interface FakeRevision {
  id: string;
  table_name: 'blog_posts' | 'projects';
  record_id: string;
  saved_at: string;
  saved_by_name: string;
  record: Record<string, unknown>;
}

/** content_revisions as PostgREST answers the panel's two reads: a page of the list, one record. */
function revisionsTable(rows: FakeRevision[], options: { failFirst?: 'list' | 'record' } = {}) {
  const reads: URLSearchParams[] = [];
  let failing = options.failFirst;
  const eq = (params: URLSearchParams, column: string) => params.get(column)?.replace(/^eq\./, '') ?? null;
  const refuse = () => {
    failing = undefined;
    return HttpResponse.json({ code: '57014', message: 'canceling statement due to statement timeout', details: null, hint: null }, { status: 500 });
  };
  server.use(
    http.get(rest('content_revisions'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      reads.push(params);
      if (params.get('select') === 'record') {
        if (failing === 'record') return refuse();
        const found = rows.filter((r) => r.id === eq(params, 'id')).map((r) => ({ record: r.record }));
        return HttpResponse.json(found);
      }
      if (failing === 'list') return refuse();
      const matching = rows
        .filter((r) => r.table_name === eq(params, 'table_name') && r.record_id === eq(params, 'record_id'))
        .sort((a, b) => b.saved_at.localeCompare(a.saved_at));
      const offset = Number(params.get('offset') ?? 0);
      const limit = Number(params.get('limit') ?? matching.length);
      const page = matching.slice(offset, offset + limit).map((r) => ({
        id: r.id,
        saved_at: r.saved_at,
        saved_by_name: r.saved_by_name,
        title: typeof r.record.title === 'string' ? r.record.title : null,
      }));
      const range = page.length ? `${offset}-${offset + page.length - 1}/${matching.length}` : `*/${matching.length}`;
      return HttpResponse.json(page, { headers: { 'Content-Range': range } });
    }),
  );
  return { reads };
}

const LOADED = postRow({ updated_at: version(1) });

/** The post as a save on 3 March left it: another title, excerpt and body; a draft then. */
const OLDER: FakeRevision = {
  id: 'r-2',
  table_name: 'blog_posts',
  record_id: 'p-1',
  saved_at: '2026-03-03T08:15:00.000Z',
  saved_by_name: 'Иван Петров',
  record: {
    ...LOADED,
    blog_users: undefined,
    title: 'Първа версия',
    excerpt: 'Кратко описание на първата публикация.',
    content: '## Здравейте\nстар ред',
    is_published: false,
    published_at: null,
    updated_at: '2026-03-03T08:15:00.000Z',
  },
};
const OLDEST: FakeRevision = {
  ...OLDER,
  id: 'r-1',
  saved_at: '2026-03-01T16:40:00.000Z',
  saved_by_name: '',
  record: { ...OLDER.record, title: 'Чернова' },
};

/** What the post form reads besides the versions: its author picker and the calendar's time zone. */
function noAuthors() {
  server.use(
    http.get(rest('blog_users'), () => HttpResponse.json([])),
    http.get(rest('calendar_settings'), () => HttpResponse.json([])),
  );
}

const toasts = () => {
  // a modal dialog hides the rest of the page from the accessibility tree, the toast region included
  const region = document.querySelector<HTMLElement>('[role="region"][aria-label^="Известия"]');
  if (!region) throw new Error('no toast region');
  return region;
};

async function openHistory(user = userEvent.setup({ delay: null })) {
  const toggle = screen.getByRole('button', { name: 'История на версиите' });
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await user.click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  return user;
}

describe('post form: the history of versions', () => {
  it('reads nothing until opened, then lists the versions newest first with who saved them and when', async () => {
    noAuthors();
    const { reads } = revisionsTable([OLDEST, OLDER]);
    renderAdmin(<PostForm post={LOADED} onDone={() => {}} />);
    expect(reads).toHaveLength(0);

    await openHistory();
    const list = await screen.findByRole('list', { name: 'Предишни версии' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('p')?.textContent)).toEqual(['Първа версия', 'Чернова']);
    expect(items[0]).toHaveTextContent(`${formatDateTimeBg(OLDER.saved_at)} · Иван Петров`);
    expect(items[1]).toHaveTextContent(`${formatDateTimeBg(OLDEST.saved_at)} · неизвестен`);
    expect(items[0].querySelector('time')).toHaveAttribute('dateTime', OLDER.saved_at);
    expect(within(items[0]).getByRole('button', { name: `Покажи разликите на версията от ${formatDateTimeBg(OLDER.saved_at)}` })).toBeInTheDocument();

    // only what the rows show; the title picked out of the stored record; one page of ten
    expect(reads).toHaveLength(1);
    expect(reads[0].get('select')).toBe('id,saved_at,saved_by_name,title:record->>title');
    expect(reads[0].get('table_name')).toBe('eq.blog_posts');
    expect(reads[0].get('record_id')).toBe('eq.p-1');
    expect(reads[0].get('order')).toBe('saved_at.desc,id.desc');
    expect(reads[0].get('limit')).toBe('10');
  });

  it("says when there are none, and pages through many", async () => {
    noAuthors();
    revisionsTable([]);
    const { unmount } = renderAdmin(<PostForm post={LOADED} onDone={() => {}} />);
    await openHistory();
    expect(await screen.findByText('Няма предишни версии.')).toBeInTheDocument();
    unmount();

    const many = Array.from({ length: 12 }, (_, i) => ({
      ...OLDER,
      id: `r-${i + 1}`,
      saved_at: `2026-03-${String(i + 1).padStart(2, '0')}T10:00:00.000Z`,
      record: { ...OLDER.record, title: `Версия ${i + 1}` },
    }));
    const { reads } = revisionsTable(many);
    renderAdmin(<PostForm post={LOADED} onDone={() => {}} />);
    const user = await openHistory();
    const pager = await screen.findByRole('navigation', { name: 'Страници на версиите' });
    expect(within(screen.getByRole('list', { name: 'Предишни версии' })).getAllByRole('listitem')).toHaveLength(10);
    await user.click(within(pager).getByRole('button', { name: 'Следваща страница' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Предишни версии' })).getAllByRole('listitem')).toHaveLength(2));
    expect(screen.getByRole('list', { name: 'Предишни версии' })).toHaveTextContent('Версия 1');
    expect(reads.at(-1)?.get('offset')).toBe('10');
  });

  it('a failed read of the list says so and tries again', async () => {
    noAuthors();
    const { reads } = revisionsTable([OLDER], { failFirst: 'list' });
    renderAdmin(<PostForm post={LOADED} onDone={() => {}} />);
    const user = await openHistory();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Неуспешно зареждане на версиите.');
    await user.click(within(alert).getByRole('button', { name: 'Опитайте отново' }));
    expect(await screen.findByRole('list', { name: 'Предишни версии' })).toHaveTextContent('Първа версия');
    expect(reads).toHaveLength(2);
  });

  it("opening a version reads its record and shows its changes against the form's unsaved values", async () => {
    noAuthors();
    const { reads } = revisionsTable([OLDER]);
    renderAdmin(<PostForm post={LOADED} onDone={() => {}} />);
    // an unsaved edit: the diff is against what the form holds now
    fireEvent.change(screen.getByLabelText(/^Заглавие/), { target: { value: 'Първа версия за бизнеса' } });
    const user = await openHistory();
    await user.click(await screen.findByRole('button', { name: /^Покажи разликите/ }));

    const dialog = await findDialog('dialog', { name: `Версия от ${formatDateTimeBg(OLDER.saved_at)}` });
    expect(dialog).toHaveAccessibleDescription('Запазена от Иван Петров.');
    const title = await within(dialog).findByRole('region', { name: 'Заглавие' });
    expect(title.querySelector('ins')).toHaveTextContent('добавено: за бизнеса (край на добавеното)');
    expect(title.querySelector('del')).toBeNull();
    expect(within(dialog).getByRole('region', { name: 'Кратко описание' })).toHaveTextContent('Без промени.');
    const content = within(dialog).getByRole('region', { name: 'Съдържание' });
    expect(content.querySelector('del')).toHaveTextContent('премахнато: стар ред');
    expect(within(dialog).getByRole('list', { name: 'Легенда' })).toHaveTextContent('зачертано — премахнато след тази версия');
    expect(reads.at(-1)?.get('select')).toBe('record');
    expect(reads.at(-1)?.get('id')).toBe('eq.r-2');

    // Escape closes it, and the page is as it was
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText(/^Заглавие/)).toHaveValue('Първа версия за бизнеса');
  });

  it('a failed read of a version says so in the dialog and tries again', async () => {
    noAuthors();
    revisionsTable([OLDER], { failFirst: 'record' });
    renderAdmin(<PostForm post={LOADED} onDone={() => {}} />);
    const user = await openHistory();
    await user.click(await screen.findByRole('button', { name: /^Покажи разликите/ }));
    const dialog = await findDialog('dialog', { name: /^Версия от/ });
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Неуспешно зареждане на версията.');
    expect(within(dialog).getByRole('button', { name: 'Възстанови тази версия' })).toBeDisabled();
    await user.click(within(alert).getByRole('button', { name: 'Опитайте отново' }));
    expect(await within(dialog).findByRole('region', { name: 'Заглавие' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Възстанови тази версия' })).toBeEnabled();
  });

  it("restore asks once, then saves the version's text as a guarded update that keeps the post published", async () => {
    noAuthors();
    revisionsTable([OLDER]);
    const table = versionedTable('blog_posts', [LOADED]);
    const onDone = vi.fn();
    renderAdmin(<PostForm post={LOADED} onDone={onDone} />);
    const user = await openHistory();
    await user.click(await screen.findByRole('button', { name: /^Покажи разликите/ }));
    let dialog = await findDialog('dialog', { name: /^Версия от/ });
    await within(dialog).findByRole('region', { name: 'Заглавие' });

    // 'Отказ' changes nothing
    await user.click(within(dialog).getByRole('button', { name: 'Възстанови тази версия' }));
    let question = await findDialog('alertdialog', { name: 'Възстановяване на версия' });
    expect(question).toHaveAccessibleDescription(expect.stringContaining(formatDateTimeBg(OLDER.saved_at)));
    await user.click(within(question).getByRole('button', { name: 'Отказ' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(table.patches).toHaveLength(0);

    dialog = await findDialog('dialog', { name: /^Версия от/ });
    await user.click(within(dialog).getByRole('button', { name: 'Възстанови тази версия' }));
    question = await findDialog('alertdialog', { name: 'Възстановяване на версия' });
    await user.click(within(question).getByRole('button', { name: 'Възстанови' }));

    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(table.patches).toHaveLength(1);
    expect(table.patches[0]).toMatchObject({ id: 'p-1', guard: version(1), applied: true });
    expect(table.patches[0].body).toMatchObject({
      title: 'Първа версия',
      content: '## Здравейте\nстар ред',
      excerpt: 'Кратко описание на първата публикация.',
      // the publish state is the post's now, not the version's
      is_published: true,
      published_at: LOADED.published_at,
    });
    expect(await within(toasts()).findByText('Публикацията е обновена')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a restore that meets a newer save opens the conflict dialog, nothing overwritten', async () => {
    noAuthors();
    revisionsTable([OLDER]);
    const table = versionedTable('blog_posts', [{ ...LOADED, title: 'Заглавие на другия', updated_at: version(2) }]);
    const onDone = vi.fn();
    renderAdmin(<PostForm post={LOADED} onDone={onDone} />);
    const user = await openHistory();
    await user.click(await screen.findByRole('button', { name: /^Покажи разликите/ }));
    const dialog = await findDialog('dialog', { name: /^Версия от/ });
    await within(dialog).findByRole('region', { name: 'Заглавие' });
    await user.click(within(dialog).getByRole('button', { name: 'Възстанови тази версия' }));
    await user.click(within(await findDialog('alertdialog', { name: 'Възстановяване на версия' })).getByRole('button', { name: 'Възстанови' }));

    await findDialog('alertdialog', { name: 'Някой друг промени този запис' });
    expect(table.patches).toEqual([expect.objectContaining({ guard: version(1), applied: false })]);
    expect(table.rows[0].title).toBe('Заглавие на другия');
    expect(onDone).not.toHaveBeenCalled();
  });

  it('a new post has no history', () => {
    noAuthors();
    renderAdmin(<PostForm post={null} onDone={() => {}} />);
    expect(screen.queryByRole('button', { name: 'История на версиите' })).not.toBeInTheDocument();
  });
});

describe('project form: the history of versions', () => {
  it("lists the project's versions and restores one through the guarded save", async () => {
    const loaded = projectRow({ updated_at: version(1), detailed_description: 'Нов подробен текст.' });
    const older: FakeRevision = {
      id: 'r-9',
      table_name: 'projects',
      record_id: 'p-1',
      saved_at: '2026-02-20T12:00:00.000Z',
      saved_by_name: 'Мария Иванова',
      record: { ...loaded, title: 'CRM', description: 'Стар кратък текст.', detailed_description: null, updated_at: '2026-02-20T12:00:00.000Z' },
    };
    const { reads } = revisionsTable([older]);
    const table = versionedTable('projects', [loaded]);
    server.use(http.get(rest('project_categories'), () => HttpResponse.json([{ id: 'c-1', name: 'Software Development', updated_at: version(1) }])));
    const onDone = vi.fn();
    renderAdmin(<ProjectForm project={loaded} onDone={onDone} />, { path: '/work-admin' });

    const user = await openHistory();
    const list = await screen.findByRole('list', { name: 'Предишни версии' });
    expect(within(list).getByRole('listitem')).toHaveTextContent(`CRM${formatDateTimeBg(older.saved_at)} · Мария Иванова`);
    expect(reads[0].get('table_name')).toBe('eq.projects');

    await user.click(within(list).getByRole('button', { name: /^Покажи разликите/ }));
    const dialog = await findDialog('dialog', { name: /^Версия от/ });
    const detailed = await within(dialog).findByRole('region', { name: 'Подробно описание' });
    expect(detailed.querySelector('ins')).toHaveTextContent('Нов подробен текст.');
    expect(within(dialog).getByRole('region', { name: 'Кратко описание' }).querySelector('del')).toHaveTextContent('Стар');

    await user.click(within(dialog).getByRole('button', { name: 'Възстанови тази версия' }));
    await user.click(within(await findDialog('alertdialog', { name: 'Възстановяване на версия' })).getByRole('button', { name: 'Възстанови' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(table.patches).toEqual([expect.objectContaining({ id: 'p-1', guard: version(1), applied: true })]);
    expect(table.patches[0].body).toMatchObject({
      title: 'CRM',
      description: 'Стар кратък текст.',
      detailed_description: null,
      category: 'Software Development',
    });
  });
});
