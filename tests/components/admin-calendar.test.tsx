import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router-dom';
import AdminPage from '@/features/admin/AdminPage';
import { CalendarTab } from '@/features/admin/calendar/CalendarTab';
import { renderAdmin, resetToasts } from './admin-fixtures';
import { rest, server, storage } from './msw';

// The browser's zone list (hundreds of options, each walked by every query and re-render) cut to a
// few; the list itself is the unit test's (tests/unit/admin-calendar-schema.test.ts).
beforeEach(() => {
  vi.spyOn(Intl, 'supportedValuesOf').mockReturnValue(['America/New_York', 'Asia/Tokyo', 'Europe/London', 'Europe/Sofia']);
});
afterEach(() => {
  vi.restoreAllMocks();
  resetToasts();
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
    expect(inserts[0]).toMatchObject({ consultant_name: 'Консултант', photo_url: null, working_hours: { start: '09:00', end: '17:00' }, is_active: true });
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
        <Route path="/blog-admin" element={<AdminPage />} />
      </Routes>,
      { path: '/blog-admin?tab=calendar' },
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
