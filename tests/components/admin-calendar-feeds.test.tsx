// The calendar tab's parts of issue 40: the buffers around meetings (saved with the settings), the
// meeting link (its own row and save) and the consultant's private calendars ('Календари за заетост').
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CalendarFeedsSection } from '@/admin/calendar/CalendarFeedsSection';
import { CalendarTab } from '@/admin/calendar/CalendarTab';
import { MeetingLinkSection } from '@/admin/calendar/MeetingLinkSection';
import type { CalendarFeed } from '@/admin/calendar/feeds-api';
import { renderAdmin } from './admin-fixtures';
import { findDialog } from './dialogs';
import { rest, server } from './msw';

afterEach(() => {
  vi.restoreAllMocks();
});

const toasts = () => screen.getByRole('region', { name: /Известия/ });
const refusal = (code: string, message: string, hint: string | null = null) => HttpResponse.json({ code, message, details: null, hint }, { status: 400 });

describe('the buffers around meetings', () => {
  const ROW = {
    id: 'cal-1',
    consultant_name: 'Мария Иванова',
    photo_url: null,
    photo_alt: '',
    working_hours: { start: '09:00', end: '17:00', days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] },
    is_active: true,
    time_zone: 'Europe/Sofia',
    booking_horizon_days: 60,
    min_notice_minutes: 120,
    manage_cutoff_hours: 12,
    buffer_before_minutes: 10,
    buffer_after_minutes: 0,
    updated_at: '2026-01-01T10:00:00.000Z',
  };

  beforeEach(() => {
    // a few zones instead of the browser's hundreds (tests/components/admin-calendar.test.tsx says why)
    vi.spyOn(Intl, 'supportedValuesOf').mockReturnValue(['Europe/London', 'Europe/Sofia']);
    server.use(http.get(rest('calendar_days_off'), () => HttpResponse.json([], { headers: { 'content-range': '*/0' } })));
  });

  it('are read with the settings, refused outside 0–240 or off the 5-minute step with the message on the field, and saved with the rest', async () => {
    const selects: string[] = [];
    const patches: Record<string, unknown>[] = [];
    server.use(
      http.get(rest('calendar_settings'), ({ request }) => {
        selects.push(new URL(request.url).searchParams.get('select') ?? '');
        return HttpResponse.json(ROW);
      }),
      http.patch(rest('calendar_settings'), async ({ request }) => {
        patches.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json([{ id: 'cal-1', updated_at: '2026-01-02T10:00:00.000Z' }]);
      }),
    );
    renderAdmin(<CalendarTab />);
    const before = await screen.findByRole('spinbutton', { name: /^Почивка преди срещата \(мин\.\)/ });
    const after = screen.getByRole('spinbutton', { name: /^Почивка след срещата \(мин\.\)/ });
    expect(selects[0]).toContain('buffer_before_minutes');
    expect(selects[0]).toContain('buffer_after_minutes');
    expect(before).toHaveValue(10);
    expect(after).toHaveValue(0);
    expect(before).toHaveAccessibleDescription(/свободни преди всяка среща и всеки зает период/);
    expect(after).toHaveAccessibleDescription(/свободни след всяка среща и всеки зает период/);
    expect(screen.getByText('Свободно около всяка среща и заетост: 10 минути преди.')).toBeInTheDocument();

    fireEvent.change(before, { target: { value: '7' } });
    fireEvent.change(after, { target: { value: '245' } });
    const save = screen.getByRole('button', { name: 'Запази настройките' });
    fireEvent.click(save);
    await waitFor(() => expect(before).toHaveAttribute('aria-invalid', 'true'));
    expect(before).toHaveAccessibleDescription(/Въведете минути, кратни на 5 \(0, 5, 10, 15…\)\.$/);
    expect(after).toHaveAttribute('aria-invalid', 'true');
    expect(after).toHaveAccessibleDescription(/Въведете цял брой минути от 0 до 240\.$/);
    expect(patches).toEqual([]);

    fireEvent.change(before, { target: { value: '15' } });
    fireEvent.change(after, { target: { value: '30' } });
    await waitFor(() => expect(after).not.toHaveAttribute('aria-invalid'));
    fireEvent.click(save);
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toMatchObject({ buffer_before_minutes: 15, buffer_after_minutes: 30, consultant_name: 'Мария Иванова' });
    expect(await within(toasts()).findByText('Настройките на календара са запазени')).toBeInTheDocument();
  });

  it("puts the database's refusal of a buffer on its field", async () => {
    server.use(
      http.get(rest('calendar_settings'), () => HttpResponse.json(ROW)),
      http.patch(rest('calendar_settings'), () =>
        refusal('23514', 'new row for relation "calendar_settings" violates check constraint "calendar_settings_buffer_after_check"'),
      ),
    );
    renderAdmin(<CalendarTab />);
    const after = await screen.findByRole('spinbutton', { name: /^Почивка след срещата/ });
    fireEvent.click(screen.getByRole('button', { name: 'Запази настройките' }));
    expect(await within(toasts()).findByText('Не можахме да запазим настройките')).toBeInTheDocument();
    expect(after).toHaveAttribute('aria-invalid', 'true');
    expect(after).toHaveAccessibleDescription(/Въведете цял брой минути от 0 до 240\.$/);
  });
});

describe('the meeting link', () => {
  /** The one row of meeting_settings, taking the admins' updates. */
  function meetingRow(link: string | null, answer?: () => Response) {
    const row = { meeting_link: link, updated_at: '2026-01-01T10:00:00.000Z' };
    const patches: { id: string | null; body: Record<string, unknown> }[] = [];
    server.use(
      http.get(rest('meeting_settings'), ({ request }) => {
        // the one row, by its id
        expect(new URL(request.url).searchParams.get('id')).toBe('eq.true');
        return HttpResponse.json([row]);
      }),
      http.patch(rest('meeting_settings'), async ({ request }) => {
        const body = (await request.json()) as { meeting_link: string | null };
        patches.push({ id: new URL(request.url).searchParams.get('id'), body });
        if (answer) return answer();
        row.meeting_link = body.meeting_link;
        row.updated_at = '2026-01-02T10:00:00.000Z';
        return HttpResponse.json([row]);
      }),
    );
    return patches;
  }

  it('is empty for a Jitsi room per booking; a link must be https://; a good one is saved, and emptying it goes back to Jitsi', async () => {
    const patches = meetingRow(null);
    renderAdmin(<MeetingLinkSection />);
    const user = userEvent.setup({ delay: null });
    const field = await screen.findByRole('textbox', { name: 'Връзка за срещите' });
    expect(field).toHaveValue('');
    expect(field).toHaveAccessibleDescription(/Оставете празно, за да получава всяка резервация своя нова стая в Jitsi Meet/);
    expect(screen.getByText('Сега: всяка резервация получава своя стая в Jitsi Meet.')).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Запази връзката' });

    await user.type(field, 'zoom.us/j/123');
    await user.click(save);
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveAccessibleDescription(/Въведете пълен адрес, който започва с https:\/\/, напр\. https:\/\/zoom\.us\/j\/123456789\.$/);
    await user.clear(field);
    await user.paste(`https://zoom.us/j/${'1'.repeat(490)}`);
    expect(await screen.findByText('Връзката може да е най-много 500 знака.')).toBeInTheDocument();
    expect(patches).toEqual([]);

    await user.clear(field);
    await user.paste(' https://zoom.us/j/123456789 ');
    await user.click(save);
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toEqual({ id: 'eq.true', body: { meeting_link: 'https://zoom.us/j/123456789' } });
    expect(await within(toasts()).findByText('Връзката за срещите е запазена')).toBeInTheDocument();
    expect(within(toasts()).getByText('Всяка нова резервация ще получава тази връзка.')).toBeInTheDocument();
    expect(await screen.findByText('Сега: всички срещи са на https://zoom.us/j/123456789')).toBeInTheDocument();

    await user.clear(field);
    await user.click(save);
    await waitFor(() => expect(patches).toHaveLength(2));
    expect(patches[1].body).toEqual({ meeting_link: null });
    expect(await screen.findByText('Сега: всяка резервация получава своя стая в Jitsi Meet.')).toBeInTheDocument();
  });

  it("puts the database's refusal on the field", async () => {
    meetingRow('https://meet.google.com/abc-defg-hij', () =>
      refusal('23514', 'new row for relation "meeting_settings" violates check constraint "meeting_settings_link_check"'),
    );
    renderAdmin(<MeetingLinkSection />);
    const user = userEvent.setup({ delay: null });
    const field = await screen.findByRole('textbox', { name: 'Връзка за срещите' });
    expect(field).toHaveValue('https://meet.google.com/abc-defg-hij');
    await user.clear(field);
    await user.paste('https://meet.google.com/xyz');
    await user.click(screen.getByRole('button', { name: 'Запази връзката' }));
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveAccessibleDescription(/започва с https:\/\//);
    expect(within(toasts()).getByText('Грешка')).toBeInTheDocument();
  });
});

const feed = (over: Partial<CalendarFeed>): CalendarFeed => ({
  id: 'f-1',
  label: 'Служебен',
  url_hint: 'https://calendar.google.com/…/basic.ics',
  is_active: true,
  created_at: '2026-11-01T08:00:00.000Z',
  last_attempt_at: '2026-11-25T08:10:00.000Z',
  last_synced_at: '2026-11-25T08:10:00.000Z',
  last_error: null,
  last_error_at: null,
  busy_count: 12,
  stale: false,
  owner_email: null,
  skipped: [],
  ...over,
});

const GOOD = feed({});
/** Not read for hours: its last good sync is old, its last try failed, bookings wait for it. */
const FAILING = feed({
  id: 'f-2',
  label: 'Личен',
  url_hint: 'https://outlook.office365.com/…',
  last_synced_at: null,
  last_attempt_at: '2026-11-25T08:20:00.000Z',
  last_error: 'Календарът не отговори: HTTP 404.',
  last_error_at: '2026-11-25T08:20:00.000Z',
  busy_count: 0,
  stale: true,
});

/** The feeds' functions: the list (counting its reads) and every call of the others with its arguments. */
function feedFunctions(rows: CalendarFeed[]) {
  const calls: { name: string; args: unknown }[] = [];
  let reads = 0;
  server.use(
    http.post(rest('rpc/calendar_feeds'), () => {
      reads += 1;
      return HttpResponse.json(rows);
    }),
  );
  for (const name of ['add_calendar_feed', 'remove_calendar_feed', 'set_calendar_feed_active', 'sync_calendar_feeds']) {
    server.use(
      http.post(rest(`rpc/${name}`), async ({ request }) => {
        const text = await request.text();
        calls.push({ name, args: text ? JSON.parse(text) : null });
        if (name === 'add_calendar_feed') return HttpResponse.json('f-new');
        if (name === 'sync_calendar_feeds') return HttpResponse.json(false);
        return new HttpResponse(null, { status: 204 });
      }),
    );
  }
  return { calls, reads: () => reads };
}

describe('Календари за заетост', () => {
  it('shows each calendar masked, with its last good sync on the consultant’s clock, its busy periods, its error and the pause it causes', async () => {
    feedFunctions([GOOD, FAILING]);
    renderAdmin(<CalendarFeedsSection zone="Asia/Tokyo" />);
    const list = await screen.findByRole('list', { name: 'Календари за заетост' });
    const [good, failing] = within(list).getAllByRole('article');

    expect(good).toHaveAccessibleName('Служебен');
    expect(good).toHaveTextContent('Адрес: https://calendar.google.com/…/basic.ics');
    // 08:10 UTC is 17:10 in Tokyo
    expect(good).toHaveTextContent('Последна успешна синхронизация: 25.11.2026 г., 17:10 ч.');
    expect(good).toHaveTextContent('Заети периоди: 12');
    expect(within(good).getByRole('switch', { name: 'Включен календар „Служебен“' })).toBeChecked();
    expect(good).not.toHaveTextContent(/Последна грешка|спрени/);

    expect(failing).toHaveAccessibleName('Личен');
    expect(failing).toHaveTextContent('Адрес: https://outlook.office365.com/…');
    expect(failing).toHaveTextContent('Последна успешна синхронизация: още няма');
    expect(failing).toHaveTextContent('Заети периоди: 0');
    expect(failing).toHaveTextContent('Последна грешка (25.11.2026 г., 17:20 ч.):Календарът не отговори: HTTP 404.');
    expect(within(failing).getByText('Календарът не отговори: HTTP 404.')).toBeVisible();
    expect(failing).toHaveTextContent('Новите резервации са спрени, докато този календар не бъде прочетен успешно (или докато не го изключите).');
  });

  it('says what the last good sync skipped and why, whose calendar it is, and an error from before the sync could run', async () => {
    const SKIPPING = feed({
      owner_email: 'maria@example.com',
      busy_count: 40,
      skipped: [
        { reason: 'invalid_date', count: 2, first: '2027-01-05' },
        { reason: 'endless_rule', count: 1, first: '2027-01-07' },
        { reason: 'too_long', count: 1, first: null },
      ],
    });
    const UNREACHED = feed({
      id: 'f-3',
      label: 'Outlook',
      last_error:
        'Синхронизацията не стигна до календара: функцията calendar-sync не успя да стартира (грешка 503, BOOT_ERROR). Вижте логовете ѝ (Edge Functions → calendar-sync → Logs).',
      last_error_at: '2026-11-25T08:21:00.000Z',
    });
    feedFunctions([SKIPPING, UNREACHED]);
    renderAdmin(<CalendarFeedsSection zone="Europe/Sofia" />);
    const list = await screen.findByRole('list', { name: 'Календари за заетост' });
    const [skipping, unreached] = within(list).getAllByRole('article');

    expect(skipping).toHaveTextContent('Вашият имейл в календара: maria@example.com');
    expect(skipping).toHaveTextContent('Заети периоди: 40');
    const report = within(skipping).getByRole('group', { name: 'Пропуснати при последната синхронизация: 4' });
    expect(within(report).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Събития с невалидна дата или час: 2 (първото от 05.01.2027 г.)',
      'Повтарящи се събития, чието правило не може да бъде разгърнато (повтаря се твърде често или никога не съвпада): 1 (от 07.01.2027 г.)',
      'Събития, по-дълги от 31 дни (за по-дълго отсъствие добавете почивни дни): 1',
    ]);
    expect(report).toHaveTextContent('Останалите събития са прочетени.');
    // a sync that skipped nothing says nothing of it, and a feed without an owner's address shows none
    expect(within(unreached).queryByRole('group')).toBeNull();
    expect(unreached).not.toHaveTextContent('Вашият имейл');
    expect(unreached).toHaveTextContent('Последна грешка (25.11.2026 г., 10:21 ч.):Синхронизацията не стигна до календара: функцията calendar-sync не успя да стартира');
  });

  it('takes the owner’s address with a new calendar, checked as the database checks it', async () => {
    const { calls } = feedFunctions([]);
    renderAdmin(<CalendarFeedsSection zone="Europe/Sofia" />);
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Все още няма добавени календари.');
    const owner = screen.getByLabelText(/^Вашият имейл в този календар/);
    expect(owner).not.toBeRequired();
    expect(owner).toHaveAccessibleDescription(/По него разпознаваме поканите, които не сте приели: те не заемат време\./);
    await user.type(screen.getByLabelText(/^Име/), 'Outlook');
    await user.click(screen.getByLabelText(/^Адрес \(iCal\)/));
    await user.paste('https://outlook.office365.com/owa/calendar/x/reachcalendar.ics');
    await user.type(owner, 'maria at example');
    const add = screen.getByRole('button', { name: 'Добави календара' });
    await user.click(add);
    await waitFor(() => expect(owner).toHaveAttribute('aria-invalid', 'true'));
    expect(owner).toHaveAccessibleDescription(/Въведете имейл адреса, с който сте в този календар, или оставете полето празно\.$/);
    expect(calls).toEqual([]);

    await user.clear(owner);
    await user.type(owner, ' Maria@Example.com ');
    await user.click(add);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      name: 'add_calendar_feed',
      args: { label: 'Outlook', url: 'https://outlook.office365.com/owa/calendar/x/reachcalendar.ics', owner_email: 'maria@example.com' },
    });

    // the database's own refusal of it lands on the field
    server.use(
      http.post(rest('rpc/add_calendar_feed'), () =>
        refusal('22023', 'Въведете имейл адреса, с който сте в този календар, или оставете полето празно.', 'calendar_feed_owner'),
      ),
    );
    await waitFor(() => expect(owner).toHaveValue(''));
    await user.type(screen.getByLabelText(/^Име/), 'Пак');
    await user.click(screen.getByLabelText(/^Адрес \(iCal\)/));
    await user.paste('https://outlook.office365.com/owa/calendar/y/reachcalendar.ics');
    await user.type(owner, 'maria@example.com');
    await user.click(add);
    await waitFor(() => expect(owner).toHaveAttribute('aria-invalid', 'true'));
    expect(owner).toHaveFocus();
  });

  it('adds a calendar through the function, never to be shown again, and puts the database’s refusals where they belong', async () => {
    const { calls, reads } = feedFunctions([]);
    renderAdmin(<CalendarFeedsSection zone="Europe/Sofia" />);
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByText('Все още няма добавени календари.')).toBeInTheDocument();
    const name = screen.getByLabelText(/^Име/);
    const address = screen.getByLabelText(/^Адрес \(iCal\)/);
    // typed unseen; where to find it is said next to it
    expect(address).toHaveAttribute('type', 'password');
    expect(address).toHaveAccessibleDescription(/Google Calendar: Настройки → \(календарът\) → „Таен адрес във формат iCal“/);
    expect(address).toHaveAccessibleDescription(/Outlook: Настройки → Календар → Споделени календари → „Публикуване на календар“ → ICS връзка/);
    const add = screen.getByRole('button', { name: 'Добави календара' });

    // the browser's own check first: https:// only
    await user.type(name, 'Служебен');
    await user.type(address, 'http://example.com/basic.ics');
    await user.click(add);
    await waitFor(() => expect(address).toHaveAccessibleDescription(/Адресът на календара трябва да започва с https:\/\/\.$/));
    expect(calls).toEqual([]);

    const secret = 'https://calendar.google.com/calendar/ical/maria%40example.com/private-0123456789abcdef/basic.ics';
    await user.clear(address);
    await user.paste(secret);
    await user.click(add);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({ name: 'add_calendar_feed', args: { label: 'Служебен', url: secret } });
    expect(await within(toasts()).findByText('Календарът е добавен')).toBeInTheDocument();
    // the form is empty again, and the address is nowhere on the page
    await waitFor(() => expect(address).toHaveValue(''));
    expect(name).toHaveValue('');
    expect(document.body.innerHTML).not.toContain('private-0123456789abcdef');
    // the list is read again after the change
    await waitFor(() => expect(reads()).toBe(2));

    // a calendar added already: the database's message on the address
    server.use(http.post(rest('rpc/add_calendar_feed'), () => refusal('P0001', 'Този календар вече е добавен.', 'calendar_feed_duplicate')));
    await user.type(name, 'Пак той');
    await user.click(address);
    await user.paste(secret);
    await user.click(add);
    await waitFor(() => expect(address).toHaveAttribute('aria-invalid', 'true'));
    expect(address).toHaveAccessibleDescription(/Този календар вече е добавен\.$/);

    // the limit belongs to the whole form
    server.use(http.post(rest('rpc/add_calendar_feed'), () => refusal('P0001', 'Може да добавите до 10 календара.', 'calendar_feed_limit')));
    await user.clear(address);
    await user.paste('https://outlook.office365.com/owa/calendar/x/calendar.ics');
    await user.click(add);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Може да добавите до 10 календара.');
  });

  it('removes a calendar only after asking: Escape and „Отказ“ keep it', async () => {
    const { calls, reads } = feedFunctions([GOOD, FAILING]);
    renderAdmin(<CalendarFeedsSection zone="Europe/Sofia" />);
    const user = userEvent.setup({ delay: null });
    const remove = await screen.findByRole('button', { name: 'Премахни календара „Личен“' });

    await user.click(remove);
    let dialog = await findDialog('alertdialog', { name: 'Премахване на календар' });
    expect(dialog).toHaveTextContent('Да се премахне ли календарът „Личен“?');
    // the focus is in the question, on its safe answer
    expect(within(dialog).getByRole('button', { name: 'Отказ' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await user.click(remove);
    dialog = await findDialog('alertdialog', { name: 'Премахване на календар' });
    await user.click(within(dialog).getByRole('button', { name: 'Отказ' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls).toEqual([]);

    await user.click(remove);
    dialog = await findDialog('alertdialog', { name: 'Премахване на календар' });
    await user.click(within(dialog).getByRole('button', { name: 'Премахни календара' }));
    await waitFor(() => expect(calls).toEqual([{ name: 'remove_calendar_feed', args: { feed: 'f-2' } }]));
    expect(await within(toasts()).findByText('Календарът е премахнат')).toBeInTheDocument();
    expect(reads()).toBe(2);
  });

  it('switches a calendar off and asks for a sync; a sync refused as too soon says so', async () => {
    const { calls } = feedFunctions([GOOD, FAILING]);
    renderAdmin(<CalendarFeedsSection zone="Europe/Sofia" />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('switch', { name: 'Включен календар „Личен“' }));
    await waitFor(() => expect(calls).toEqual([{ name: 'set_calendar_feed_active', args: { feed: 'f-2', active: false } }]));
    expect(await within(toasts()).findByText('Календарът е изключен')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Синхронизирай сега' }));
    await waitFor(() => expect(calls.map((c) => c.name)).toEqual(['set_calendar_feed_active', 'sync_calendar_feeds']));
    expect(await within(toasts()).findByText('Синхронизацията не започна')).toBeInTheDocument();
    expect(within(toasts()).getByText('Последната синхронизация започна преди по-малко от минута. Опитайте отново след малко.')).toBeInTheDocument();
  });
});

describe('the feeds list, live', () => {
  afterEach(() => vi.useRealTimers());

  it('reads itself again every 30 s while the calendar tab is shown, and not while another tab is', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { reads } = feedFunctions([GOOD]);
    const shown = renderAdmin(<CalendarFeedsSection zone="Europe/Sofia" />, { path: '/blog-admin/calendar' });
    await screen.findByRole('article', { name: 'Служебен' });
    expect(reads()).toBe(1);
    await vi.advanceTimersByTimeAsync(30_000);
    await waitFor(() => expect(reads()).toBe(2));
    shown.unmount();

    renderAdmin(<CalendarFeedsSection zone="Europe/Sofia" />, { path: '/blog-admin/posts' });
    await screen.findByRole('article', { name: 'Служебен' });
    expect(reads()).toBe(3);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(reads()).toBe(3);
  });
});
