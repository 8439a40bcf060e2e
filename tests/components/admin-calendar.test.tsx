import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router-dom';
import AdminPage from '@/admin/panel/AdminPage';
import { CalendarTab } from '@/admin/calendar/CalendarTab';
import { renderAdmin } from './admin-fixtures';
import { findDialog } from './dialogs';
import { rest, server, storage } from './msw';
import { fakeTable } from './paged-table';

// The browser's zone list (hundreds of options, each walked by every query and re-render) cut to a
// few; the list itself is the unit test's (tests/unit/admin-calendar-schema.test.ts).
beforeEach(() => {
  vi.spyOn(Intl, 'supportedValuesOf').mockReturnValue(['America/New_York', 'Asia/Tokyo', 'Europe/London', 'Europe/Sofia']);
  // the tab lists the days off under the settings: none, unless a test says otherwise
  server.use(http.get(rest('calendar_days_off'), () => HttpResponse.json([], { headers: { 'content-range': '*/0' } })));
});
afterEach(() => {
  vi.restoreAllMocks();
});

const toasts = () => screen.getByRole('region', { name: /Известия/ });
/** True when closing the browser tab would ask (the unsaved-changes guard). */
const unload = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};
const ROW = {
  id: 'cal-1',
  consultant_name: 'Мария Иванова',
  photo_url: '/demo/consultant.svg',
  photo_alt: 'Мария Иванова на бюрото си',
  working_hours: { start: '09:00', end: '17:00', days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] },
  is_active: true,
  time_zone: 'Europe/Sofia',
  updated_at: '2026-01-01T10:00:00.000Z',
};

/** 09:30–11:00, Monday off and Saturday on, in Europe/London: the edit both tests make. */
async function editToLondonMornings() {
  const user = userEvent.setup({ delay: null });
  // a time field takes its value in one change event, as a browser's picker gives it
  fireEvent.change(screen.getByLabelText(/^Начало/), { target: { value: '09:30' } });
  fireEvent.change(screen.getByLabelText(/^Край/), { target: { value: '11:00' } });
  await user.click(screen.getByRole('checkbox', { name: 'Понеделник' }));
  await user.click(screen.getByRole('checkbox', { name: 'Събота' }));
  await user.selectOptions(screen.getByRole('combobox', { name: /^Часова зона/ }), 'Europe/London');
}

describe('calendar settings', () => {
  it('the preview follows the form: the hours, the days and exactly the slots visitors will get', async () => {
    server.use(http.get(rest('calendar_settings'), () => HttpResponse.json(ROW)));
    renderAdmin(<CalendarTab />);
    expect(await screen.findByRole('heading', { name: 'Настройки на календара' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Понеделник' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Събота' })).not.toBeChecked();
    expect(screen.getByRole('combobox', { name: /^Часова зона/ })).toHaveValue('Europe/Sofia');
    const start = screen.getByLabelText(/^Начало/);
    expect(start).toHaveAttribute('type', 'time');
    expect(start).toHaveValue('09:00');
    await editToLondonMornings();
    expect(screen.getByText('09:30 – 11:00 (Europe/London)')).toBeInTheDocument();
    expect(screen.getByText('Вторник, Сряда, Четвъртък, Петък, Събота')).toBeInTheDocument();
    const offered = screen.getByRole('list', { name: /^Часове за посетителите/ });
    expect(within(offered).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['09:30', '10:00', '10:30']);
  });

  it('updates the existing row by id: hours with their minutes, working days in week order, time zone', async () => {
    const patches: { id: string | null; body: Record<string, unknown> }[] = [];
    server.use(
      http.get(rest('calendar_settings'), () => HttpResponse.json(ROW)),
      http.patch(rest('calendar_settings'), async ({ request }) => {
        patches.push({ id: new URL(request.url).searchParams.get('id'), body: (await request.json()) as Record<string, unknown> });
        return HttpResponse.json([{ id: 'cal-1' }]);
      }),
    );
    renderAdmin(<CalendarTab />);
    await screen.findByLabelText(/^Начало/);
    await editToLondonMornings();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Запази настройките' }));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0].id).toBe('eq.cal-1');
    expect(patches[0].body).toMatchObject({
      consultant_name: 'Мария Иванова',
      photo_url: '/demo/consultant.svg',
      photo_alt: 'Мария Иванова на бюрото си',
      working_hours: { start: '09:30', end: '11:00', days: ['tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] },
      time_zone: 'Europe/London',
      is_active: true,
    });
    expect(await within(toasts()).findByText('Настройките на календара са запазени')).toBeInTheDocument();
  });

  it('inserts the row when there is none (PGRST116 is not an error)', async () => {
    const inserts: Record<string, unknown>[] = [];
    server.use(
      http.get(rest('calendar_settings'), () =>
        HttpResponse.json({ code: 'PGRST116', message: 'JSON object requested, multiple (or no) rows returned', details: 'The result contains 0 rows', hint: null }, { status: 406 }),
      ),
      http.post(rest('calendar_settings'), async ({ request }) => {
        inserts.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json([{ id: 'cal-new' }], { status: 201 });
      }),
    );
    renderAdmin(<CalendarTab />);
    expect(await screen.findByLabelText(/^Име на консултанта/)).toHaveValue('Консултант');
    await userEvent.click(screen.getByRole('button', { name: 'Запази настройките' }));
    await waitFor(() => expect(inserts).toHaveLength(1));
    expect(inserts[0]).toMatchObject({ consultant_name: 'Консултант', photo_url: null, photo_alt: '', working_hours: { start: '09:00', end: '17:00' }, is_active: true });
  });

  it('a photo needs its alt text: a save without it is refused with the message on the field; once given it is sent', async () => {
    const patches: Record<string, unknown>[] = [];
    server.use(
      http.get(rest('calendar_settings'), () => HttpResponse.json({ ...ROW, photo_alt: '' })),
      http.patch(rest('calendar_settings'), async ({ request }) => {
        patches.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json([{ id: 'cal-1', updated_at: '2026-01-02T10:00:00.000Z' }]);
      }),
    );
    renderAdmin(<CalendarTab />);
    const alt = await screen.findByLabelText(/^Алтернативен текст/);
    const save = screen.getByRole('button', { name: 'Запази настройките' });
    fireEvent.click(save);
    await waitFor(() => expect(alt).toHaveAttribute('aria-invalid', 'true'));
    expect(alt).toHaveAccessibleDescription(expect.stringContaining('Опишете изображението (алтернативен текст).'));
    expect(patches).toEqual([]);

    fireEvent.change(alt, { target: { value: ' Мария Иванова на бюрото си ' } });
    await waitFor(() => expect(alt).not.toHaveAttribute('aria-invalid'));
    fireEvent.click(save);
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toMatchObject({ photo_url: '/demo/consultant.svg', photo_alt: 'Мария Иванова на бюрото си' });
  });

  it('refuses an end before the start', async () => {
    server.use(http.get(rest('calendar_settings'), () => HttpResponse.json(ROW)));
    renderAdmin(<CalendarTab />);
    const end = await screen.findByLabelText(/^Край/);
    await userEvent.clear(end);
    await userEvent.type(end, '08:00');
    await userEvent.click(screen.getByRole('button', { name: 'Запази настройките' }));
    expect(await screen.findByText('Краят на работното време трябва да е след началото.')).toBeInTheDocument();
  });

  it('refuses a week without working days, and saves nothing', async () => {
    const patches: unknown[] = [];
    server.use(
      http.get(rest('calendar_settings'), () => HttpResponse.json({ ...ROW, working_hours: { ...ROW.working_hours, days: ['monday'] } })),
      http.patch(rest('calendar_settings'), () => {
        patches.push(1);
        return HttpResponse.json([{ id: 'cal-1' }]);
      }),
    );
    renderAdmin(<CalendarTab />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('checkbox', { name: 'Понеделник' }));
    expect(screen.getByText('Няма работни дни')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Запази настройките' }));
    // the schema's resolver answers asynchronously: wait for the message rather than expect it at once
    expect(await screen.findByText('Изберете поне един работен ден.')).toBeInTheDocument();
    expect(patches).toEqual([]);
  });

  it('shows the spec texts when loading or saving fails', async () => {
    server.use(http.get(rest('calendar_settings'), () => HttpResponse.json({ code: 'XX000', message: 'boom' }, { status: 500 })));
    renderAdmin(<CalendarTab />);
    expect(await screen.findByText('Не можахме да заредим настройките на календара')).toBeInTheDocument();

    server.use(
      http.get(rest('calendar_settings'), () => HttpResponse.json(ROW)),
      http.patch(rest('calendar_settings'), () => HttpResponse.json({ code: '42501', message: 'permission denied' }, { status: 403 })),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Опитайте отново' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Запази настройките' }));
    expect(await within(toasts()).findByText('Не можахме да запазим настройките')).toBeInTheDocument();
  });

  it('an unsaved change survives a look at another tab, and counts as unsaved until it is saved', async () => {
    server.use(
      http.post(storage('object/list/blog-images'), () => HttpResponse.json([])),
      http.get(rest('blog_posts'), () => HttpResponse.json([])),
      http.head(rest('contact_submissions'), () => new HttpResponse(null, { headers: { 'content-range': '*/0' } })),
      http.head(rest('appointments'), () => new HttpResponse(null, { headers: { 'content-range': '*/0' } })),
      http.get(rest('calendar_settings'), () => HttpResponse.json(ROW)),
      http.patch(rest('calendar_settings'), () => HttpResponse.json([{ id: 'cal-1', updated_at: '2026-01-02T10:00:00.000Z' }])),
    );
    renderAdmin(
      <Routes>
        <Route path="/blog-admin/*" element={<AdminPage />} />
      </Routes>,
      { path: '/blog-admin/calendar' },
    );
    const user = userEvent.setup({ delay: null });
    const name = await screen.findByLabelText(/^Име на консултанта/);
    expect(unload()).toBe(false);
    await user.clear(name);
    await user.paste('Петър Петров');
    expect(unload()).toBe(true);

    await user.click(screen.getByRole('tab', { name: 'Публикации' }));
    expect(await screen.findByText('Няма публикации')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Име на консултанта/, { selector: 'input' })).not.toBeVisible();
    await user.click(screen.getByRole('tab', { name: 'Календар' }));
    expect(screen.getByLabelText(/^Име на консултанта/)).toHaveValue('Петър Петров');
    expect(unload()).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Запази настройките' }));
    expect(await within(toasts()).findByText('Настройките на календара са запазени')).toBeInTheDocument();
    // saved: the form stays open with the saved values and nothing is unsaved any more
    await waitFor(() => expect(unload()).toBe(false));
    expect(screen.getByLabelText(/^Име на консултанта/)).toHaveValue('Петър Петров');
  });
});

describe('the booking window', () => {
  const WINDOW_ROW = { ...ROW, booking_horizon_days: 30, min_notice_minutes: 1440 };

  it('shows the stored horizon and notice, and saves new ones: the notice in minutes, the calendar closed', async () => {
    const patches: Record<string, unknown>[] = [];
    server.use(
      http.get(rest('calendar_settings'), () => HttpResponse.json(WINDOW_ROW)),
      http.patch(rest('calendar_settings'), async ({ request }) => {
        patches.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json([{ id: 'cal-1', updated_at: '2026-01-02T10:00:00.000Z' }]);
      }),
    );
    renderAdmin(<CalendarTab />);
    const user = userEvent.setup({ delay: null });
    const horizon = await screen.findByRole('spinbutton', { name: /^Записване до \(дни напред\)/ });
    const notice = screen.getByRole('spinbutton', { name: /^Минимално предизвестие/ });
    const unit = screen.getByRole('combobox', { name: 'Мерна единица на предизвестието' });
    const open = screen.getByRole('checkbox', { name: 'Приемай резервации през сайта' });
    expect(horizon).toHaveValue(30);
    expect(horizon).toHaveAccessibleDescription('Колко дни напред посетителите виждат свободни часове: от 1 до 365.');
    expect(notice).toHaveValue(1);
    expect(unit).toHaveValue('days');
    expect(open).toBeChecked();
    expect(screen.getByText('Записване до 30 дни напред, поне 1 ден предварително.')).toBeInTheDocument();

    await user.clear(horizon);
    await user.type(horizon, '90');
    await user.clear(notice);
    await user.type(notice, '45');
    await user.selectOptions(unit, 'minutes');
    expect(screen.getByText('Записване до 90 дни напред, поне 45 минути предварително.')).toBeInTheDocument();
    await user.click(open);
    expect(screen.getByText('Онлайн записването е спряно: посетителите виждат телефона и имейла.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Запази настройките' }));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toMatchObject({ booking_horizon_days: 90, min_notice_minutes: 45, is_active: false, time_zone: 'Europe/Sofia' });
    expect(await within(toasts()).findByText('Настройките на календара са запазени')).toBeInTheDocument();
  });

  it('refuses a horizon outside 1 to 365 days and a notice over 7 days, with the messages on the fields, and saves nothing', async () => {
    const patches: unknown[] = [];
    server.use(
      http.get(rest('calendar_settings'), () => HttpResponse.json(WINDOW_ROW)),
      http.patch(rest('calendar_settings'), () => {
        patches.push(1);
        return HttpResponse.json([{ id: 'cal-1' }]);
      }),
    );
    renderAdmin(<CalendarTab />);
    const user = userEvent.setup({ delay: null });
    const horizon = await screen.findByRole('spinbutton', { name: /^Записване до/ });
    const notice = screen.getByRole('spinbutton', { name: /^Минимално предизвестие/ });
    await user.clear(horizon);
    await user.type(horizon, '400');
    await user.clear(notice);
    await user.type(notice, '8');
    await user.click(screen.getByRole('button', { name: 'Запази настройките' }));
    expect(await screen.findByText('Въведете цял брой дни от 1 до 365.')).toBeInTheDocument();
    expect(screen.getByText('Предизвестието може да е най-много 7 дни.')).toBeInTheDocument();
    expect(horizon).toHaveAttribute('aria-invalid', 'true');
    expect(horizon).toHaveAccessibleDescription(/Въведете цял брой дни от 1 до 365\.$/);
    expect(notice).toHaveAccessibleDescription(/Предизвестието може да е най-много 7 дни\.$/);
    // 8 in hours is fine: a new unit checks the amount again
    await user.selectOptions(screen.getByRole('combobox', { name: 'Мерна единица на предизвестието' }), 'hours');
    await waitFor(() => expect(screen.queryByText('Предизвестието може да е най-много 7 дни.')).not.toBeInTheDocument());
    expect(patches).toEqual([]);
  });
});

describe("the visitor's cut-off for changes", () => {
  const CUTOFF_ROW = { ...ROW, booking_horizon_days: 30, min_notice_minutes: 1440, manage_cutoff_hours: 24 };
  const cutoffField = () => screen.findByRole('spinbutton', { name: /^Промени от клиента до \(часа преди срещата\)/ });

  it('shows the stored hours with the hint and in the preview, and saves new ones', async () => {
    const patches: Record<string, unknown>[] = [];
    server.use(
      http.get(rest('calendar_settings'), ({ request }) => {
        // read with the settings, in the same request
        expect(new URL(request.url).searchParams.get('select')).toContain('manage_cutoff_hours');
        return HttpResponse.json(CUTOFF_ROW);
      }),
      http.patch(rest('calendar_settings'), async ({ request }) => {
        patches.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json([{ id: 'cal-1', updated_at: '2026-01-02T10:00:00.000Z' }]);
      }),
    );
    renderAdmin(<CalendarTab />);
    const user = userEvent.setup({ delay: null });
    const cutoff = await cutoffField();
    expect(cutoff).toHaveValue(24);
    expect(cutoff).toHaveAccessibleDescription(
      'Клиентът може да премести или откаже консултацията през личната си връзка до толкова часа преди началото ѝ.',
    );
    expect(screen.getByText('Клиентът може да премести или откаже консултацията до 1 ден преди началото ѝ.')).toBeInTheDocument();

    await user.clear(cutoff);
    await user.type(cutoff, '6');
    expect(screen.getByText('Клиентът може да премести или откаже консултацията до 6 часа преди началото ѝ.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Запази настройките' }));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toMatchObject({ manage_cutoff_hours: 6, booking_horizon_days: 30, min_notice_minutes: 1440 });
    expect(await within(toasts()).findByText('Настройките на календара са запазени')).toBeInTheDocument();
  });

  it('takes the default of 12 hours when the row has none, and refuses more than 168 without saving', async () => {
    const patches: unknown[] = [];
    server.use(
      http.get(rest('calendar_settings'), () => HttpResponse.json(ROW)),
      http.patch(rest('calendar_settings'), () => {
        patches.push(1);
        return HttpResponse.json([{ id: 'cal-1' }]);
      }),
    );
    renderAdmin(<CalendarTab />);
    const user = userEvent.setup({ delay: null });
    const cutoff = await cutoffField();
    expect(cutoff).toHaveValue(12);
    await user.clear(cutoff);
    await user.type(cutoff, '200');
    await user.click(screen.getByRole('button', { name: 'Запази настройките' }));
    expect(await screen.findByText('Въведете цял брой часове от 0 до 168.')).toBeInTheDocument();
    expect(cutoff).toHaveAttribute('aria-invalid', 'true');
    expect(cutoff).toHaveAccessibleDescription(/Въведете цял брой часове от 0 до 168\.$/);
    expect(patches).toEqual([]);
  });

  it("puts the database's refusal on the field", async () => {
    server.use(
      http.get(rest('calendar_settings'), () => HttpResponse.json(CUTOFF_ROW)),
      http.patch(rest('calendar_settings'), () =>
        HttpResponse.json(
          {
            code: '23514',
            message: 'new row for relation "calendar_settings" violates check constraint "calendar_settings_cutoff"',
            details: null,
            hint: null,
          },
          { status: 400 },
        ),
      ),
    );
    renderAdmin(<CalendarTab />);
    const user = userEvent.setup({ delay: null });
    const cutoff = await cutoffField();
    await user.clear(cutoff);
    await user.type(cutoff, '48');
    await user.click(screen.getByRole('button', { name: 'Запази настройките' }));
    expect(await within(toasts()).findByText('Не можахме да запазим настройките')).toBeInTheDocument();
    expect(cutoff).toHaveAttribute('aria-invalid', 'true');
    expect(cutoff).toHaveAccessibleDescription(/Въведете цял брой часове от 0 до 168\.$/);
    expect(cutoff).toHaveFocus();
  });

  it("puts the database's refusal for a missing alt text on the photo's alt field", async () => {
    server.use(
      http.get(rest('calendar_settings'), () => HttpResponse.json(ROW)),
      http.patch(rest('calendar_settings'), () =>
        HttpResponse.json({ code: '23514', message: 'Every image needs its alt text', details: null, hint: 'image_alt_missing' }, { status: 400 }),
      ),
    );
    renderAdmin(<CalendarTab />);
    const alt = await screen.findByLabelText(/^Алтернативен текст/);
    fireEvent.click(screen.getByRole('button', { name: 'Запази настройките' }));
    expect(await within(toasts()).findByText('Не можахме да запазим настройките')).toBeInTheDocument();
    expect(alt).toHaveAttribute('aria-invalid', 'true');
    expect(alt).toHaveAccessibleDescription(expect.stringContaining('Опишете изображението (алтернативен текст).'));
  });
});

/** The Sofia date `days` days from now. */
const ahead = (days: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Sofia' }).format(new Date(Date.now() + days * 86_400_000));

/** The days off as PostgREST would serve them, taking inserts too (each answered with its new id). */
function daysOffTable(rows: { id: string; starts_on: string; ends_on: string; label: string }[]) {
  const table = fakeTable('calendar_days_off', rows);
  const inserts: Record<string, unknown>[][] = [];
  server.use(
    http.post(rest('calendar_days_off'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown> | Record<string, unknown>[];
      const added = (Array.isArray(body) ? body : [body]).map((row, i) => ({ id: `new-${inserts.length}-${i}`, ...row }));
      inserts.push(added);
      table.rows.push(...(added as (typeof rows)[number][]));
      return HttpResponse.json(added.map(({ id }) => ({ id })), { status: 201 });
    }),
  );
  return { table, inserts };
}

describe('days off', () => {
  beforeEach(() => {
    server.use(http.get(rest('calendar_settings'), () => HttpResponse.json(ROW)));
  });

  it('lists the coming days off, soonest first, one page of 10 from today on', async () => {
    const { table } = daysOffTable([
      { id: 'd-2', starts_on: ahead(30), ends_on: ahead(34), label: 'Отпуск' },
      { id: 'd-1', starts_on: ahead(5), ends_on: ahead(5), label: '' },
    ]);
    renderAdmin(<CalendarTab />);
    const list = await screen.findByRole('list', { name: 'Почивни дни' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).not.toHaveTextContent('Отпуск');
    expect(items[1]).toHaveTextContent(/^от .+ до .+ \(5 дни\)Отпуск/);
    expect(screen.getByText('Предстоящи почивни дни: 2')).toBeInTheDocument();
    const params = table.gets[0].searchParams;
    expect(params.get('ends_on')).toBe(`gte.${ahead(0)}`);
    expect(params.get('order')).toBe('starts_on.asc,ends_on.asc,id.asc');
    expect(params.get('limit')).toBe('10');
    expect(table.prefers[0]).toContain('count=exact');
  });

  it('adds a single day with a label, and refuses a range that ends before it begins', async () => {
    const { inserts } = daysOffTable([]);
    renderAdmin(<CalendarTab />);
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByText('Няма предстоящи почивни дни.')).toBeInTheDocument();
    const first = screen.getByLabelText(/^Първи ден/);
    const last = screen.getByLabelText(/^Последен ден/);
    fireEvent.change(first, { target: { value: ahead(10) } });
    fireEvent.change(last, { target: { value: ahead(9) } });
    await user.click(screen.getByRole('button', { name: 'Добави почивен ден' }));
    expect(await screen.findByText('Последният ден не може да е преди първия.')).toBeInTheDocument();
    expect(last).toHaveAccessibleDescription(/Последният ден не може да е преди първия\.$/);
    expect(inserts).toEqual([]);

    fireEvent.change(last, { target: { value: '' } });
    await user.type(screen.getByRole('textbox', { name: /^Описание/ }), 'Конференция');
    await user.click(screen.getByRole('button', { name: 'Добави почивен ден' }));
    await waitFor(() => expect(inserts).toHaveLength(1));
    expect(inserts[0]).toEqual([{ id: 'new-0-0', starts_on: ahead(10), ends_on: ahead(10), label: 'Конференция' }]);
    expect(await within(toasts()).findByText('Почивният ден е добавен')).toBeInTheDocument();
    // the list is read again; the form is empty for the next one
    expect(await screen.findByText('Конференция')).toBeInTheDocument();
    expect(first).toHaveValue('');
  });

  it('deletes a day off only after the confirmation', async () => {
    const { table } = daysOffTable([{ id: 'd-1', starts_on: ahead(5), ends_on: ahead(5), label: 'Празник' }]);
    renderAdmin(<CalendarTab />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /^Изтрий почивния ден / }));
    let dialog = await findDialog('alertdialog');
    expect(within(dialog).getByText(/^Сигурни ли сте, че искате да изтриете почивния ден .+\?$/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Отказ' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(table.deletes).toEqual([]);

    // the page is given back to assistive technology once the question is gone
    await user.click(await screen.findByRole('button', { name: /^Изтрий почивния ден / }));
    dialog = await findDialog('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Изтрий' }));
    await waitFor(() => expect(table.deletes).toEqual(['d-1']));
    expect(await within(toasts()).findByText('Почивният ден е изтрит')).toBeInTheDocument();
    expect(await screen.findByText('Няма предстоящи почивни дни.')).toBeInTheDocument();
  });

  it("adds Bulgaria's public holidays of this year and the next in one insert, skips those already there, and says how many", async () => {
    const year = Number(ahead(0).slice(0, 4));
    const { inserts } = daysOffTable([{ id: 'd-1', starts_on: `${year}-12-24`, ends_on: `${year}-12-26`, label: 'Коледа' }]);
    const requests: string[] = [];
    server.events.on('request:start', ({ request }) => void requests.push(request.url));
    try {
      renderAdmin(<CalendarTab />);
      const user = userEvent.setup({ delay: null });
      await user.click(await screen.findByRole('button', { name: `Добави празниците за ${year} и ${year + 1} г.` }));
      await waitFor(() => expect(inserts).toHaveLength(1));
      const added = inserts[0];
      const dates = added.map((row) => row.starts_on);
      expect(added.every((row) => row.ends_on === row.starts_on)).toBe(true);
      expect(added.find((row) => row.starts_on === `${year}-03-03`)?.label).toMatch(/Освобождението/);
      expect(dates).toContain(`${year + 1}-03-03`);
      expect(dates).toContain(`${year + 1}-01-01`);
      // covered by the range already there
      expect(dates).not.toContain(`${year}-12-24`);
      expect(dates).not.toContain(`${year}-12-25`);
      expect(await within(toasts()).findByText(`Добавени са ${added.length} празника за ${year} и ${year + 1} г.`)).toBeInTheDocument();
      // the holidays are computed here: the only requests are the site's own database's
      expect(requests.filter((url) => !url.startsWith(rest('')))).toEqual([]);
    } finally {
      server.events.removeAllListeners();
    }
  });
});
