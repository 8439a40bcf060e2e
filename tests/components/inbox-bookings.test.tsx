import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { bookingText } from '@/admin/inbox/booking-words';
import { BookingsTab } from '@/admin/inbox/BookingsTab';
import { formatSlotBg, formatTimeBg } from '@/admin/inbox/format';
import type { Booking } from '@/admin/inbox/types';
import { renderAdmin } from './admin-fixtures';
import { bookingRow, CHAT_DOWN, listAnswer, NOT_REPORTED } from './inbox-fixtures';
import { rest, server } from './msw';
import { findDialog } from './dialogs';

// the tab counts this month's no-shows on the consultant's clock: the settings give the zone
beforeEach(() => {
  server.use(http.get(rest('calendar_settings'), () => HttpResponse.json({ id: 'cal-1', time_zone: 'Europe/Sofia', working_hours: { start: '09:00', end: '17:00' }, updated_at: '2026-01-01T10:00:00.000Z' })));
});

const toasts = () => screen.getByRole('region', { name: /Известия/ });

/** Answers the two lists: upcoming (preferred_date=gte.now) and past (preferred_date=lt.now). */
function bookingsAnswer(rows: () => { upcoming: Booking[]; past: Booking[] }) {
  const seen: URL[] = [];
  server.use(
    http.get(rest('appointments'), ({ request }) => {
      const url = new URL(request.url);
      seen.push(url);
      const filter = url.searchParams.get('preferred_date') ?? '';
      const list = filter.startsWith('gte.') ? rows().upcoming : rows().past;
      return listAnswer(list, list.length);
    }),
  );
  return seen;
}

function patches() {
  const seen: { id: string | null; body: unknown }[] = [];
  server.use(
    http.patch(rest('appointments'), async ({ request }) => {
      seen.push({ id: new URL(request.url).searchParams.get('id'), body: await request.json() });
      return HttpResponse.json([{ id: 'b-1' }]);
    }),
  );
  return seen;
}

describe('Резервации', () => {
  it('shows upcoming bookings soonest first, then past ones most recent first, with details and status', async () => {
    const before = Date.now();
    const seen = bookingsAnswer(() => ({
      upcoming: [
        bookingRow(),
        bookingRow({ id: 'b-2', client_name: 'Елена Маринова', company_name: '', client_phone: '', message: '', status: 'confirmed', preferred_date: '2026-11-24T12:00:00.000Z' }),
      ],
      past: [bookingRow({ id: 'b-3', client_name: 'Стар Клиент', status: 'cancelled', preferred_date: '2026-01-05T12:00:00.000Z' })],
    }));
    renderAdmin(<BookingsTab />);

    const upcoming = await screen.findByRole('list', { name: 'Предстоящи резервации' });
    const past = await screen.findByRole('list', { name: 'Минали резервации' });
    expect(screen.getByRole('heading', { level: 3, name: /^Предстоящи/ })).toHaveTextContent('Предстоящи (2)');
    expect(within(upcoming).getAllByRole('heading', { level: 4 }).map((h) => h.textContent)).toEqual(['Петър Георгиев', 'Елена Маринова']);
    expect(within(past).getAllByRole('heading', { level: 4 }).map((h) => h.textContent)).toEqual(['Стар Клиент']);

    const first = within(upcoming).getByRole('article', { name: 'Петър Георгиев' });
    expect(within(first).getByText('Вила Рила')).toBeInTheDocument();
    expect(within(first).getByText('Чака потвърждение')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'petar@example.com' })).toHaveAttribute('href', 'mailto:petar@example.com');
    expect(within(first).getByRole('link', { name: '+359 89 911 1222' })).toHaveAttribute('href', 'tel:+359899111222');
    expect(within(first).getByText('Искаме онлайн резервации.')).toBeInTheDocument();
    const when = first.querySelector('time')!;
    expect(when).toHaveAttribute('datetime', '2026-11-23T12:00:00.000Z');
    // weekday, date and HH:mm in the viewer's time zone (noon UTC is the same day everywhere in Europe)
    expect(when.textContent).toMatch(/^понеделник, 23 ноември 2026 г\. в \d\d:00$/);
    expect(within(first).getByRole('button', { name: 'Потвърди резервацията на Петър Георгиев' })).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Откажи резервацията на Петър Георгиев' })).toBeInTheDocument();

    const confirmed = within(upcoming).getByRole('article', { name: 'Елена Маринова' });
    expect(within(confirmed).getByText('Потвърдена')).toBeInTheDocument();
    expect(within(confirmed).getByText('Няма съобщение')).toBeInTheDocument();
    expect(within(confirmed).queryByRole('button', { name: /Потвърди/ })).toBeNull();
    expect(within(confirmed).getByRole('button', { name: /Откажи/ })).toBeInTheDocument();

    const cancelled = within(past).getByRole('article', { name: 'Стар Клиент' });
    expect(within(cancelled).getByText('Отказана')).toBeInTheDocument();
    // nothing left to do with it; its history is still there to read
    expect(within(cancelled).queryByRole('button', { name: /Потвърди|Откажи/ })).toBeNull();
    expect(within(cancelled).getByRole('button', { name: 'История на резервацията на Стар Клиент' })).toBeInTheDocument();

    // the split is at the moment of loading; upcoming ascending, past descending
    const up = seen.find((u) => u.searchParams.get('preferred_date')?.startsWith('gte.'))!;
    const down = seen.find((u) => u.searchParams.get('preferred_date')?.startsWith('lt.'))!;
    const boundary = Date.parse(up.searchParams.get('preferred_date')!.slice(4));
    expect(boundary).toBeGreaterThanOrEqual(before - 1000);
    expect(boundary).toBeLessThanOrEqual(Date.now());
    expect(up.searchParams.get('order')).toBe('preferred_date.asc,created_at.asc');
    expect(down.searchParams.get('order')).toBe('preferred_date.desc,created_at.desc');
    expect(up.searchParams.get('limit')).toBe('20');
  });

  it('marks each booking the team chat has not received, with its last error as text; none before a report or once received', async () => {
    const seen = bookingsAnswer(() => ({
      upcoming: [
        bookingRow({ id: 'b-1', client_name: 'Без известие', ...CHAT_DOWN }),
        bookingRow({ id: 'b-2', client_name: 'Получена от чата' }),
      ],
      past: [bookingRow({ id: 'b-3', client_name: 'Още не е докладвана', status: 'confirmed', preferred_date: '2026-01-05T12:00:00.000Z', ...NOT_REPORTED })],
    }));
    renderAdmin(<BookingsTab />);

    const missed = await screen.findByRole('article', { name: 'Без известие' });
    expect(within(missed).getByText('Известието до екипа не е изпратено')).toBeInTheDocument();
    expect(within(missed).getByText('Чатът на екипа не е получил тази резервация: вижте я оттук.')).toBeInTheDocument();
    expect(within(missed).getByText('HTTP 500: the chat is down')).toBeVisible();
    expect(missed).toHaveTextContent('Последна грешка: HTTP 500: the chat is down');
    // the booking's own actions are still there
    expect(within(missed).getByRole('button', { name: 'Потвърди резервацията на Без известие' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Получена от чата' })).not.toHaveTextContent(/Известието до екипа|Последна грешка/);
    expect(await screen.findByRole('article', { name: 'Още не е докладвана' })).not.toHaveTextContent(/Известието до екипа|Последна грешка/);
    expect(screen.getAllByText('Известието до екипа не е изпратено')).toHaveLength(1);
    // read with the rows: one request per section's page
    expect(seen).toHaveLength(2);
    for (const url of seen) {
      expect(url.searchParams.get('select')).toBe(
        'id,client_name,client_email,client_phone,company_name,preferred_date,message,status,created_at,visitor_time_zone,meeting_url,notified_at,notify_error',
      );
    }
  });

  it('confirms a pending booking and says so', async () => {
    let status: Booking['status'] = 'pending';
    bookingsAnswer(() => ({ upcoming: [bookingRow({ status })], past: [] }));
    const seen = patches();
    server.use(
      http.patch(rest('appointments'), async ({ request }) => {
        const body = (await request.json()) as { status: Booking['status'] };
        seen.push({ id: new URL(request.url).searchParams.get('id'), body });
        status = body.status;
        return HttpResponse.json([{ id: 'b-1' }]);
      }),
    );
    renderAdmin(<BookingsTab />);
    await userEvent.click(await screen.findByRole('button', { name: /^Потвърди/ }));
    expect(await within(toasts()).findByText('Резервацията е потвърдена')).toBeInTheDocument();
    // the database e-mails the visitor; the admin is told so
    expect(within(toasts()).getByText(/^Петър Георгиев, понеделник, 23 ноември 2026 г\. в \d\d:00\. Клиентът ще получи имейл с поканата\.$/)).toBeInTheDocument();
    expect(seen).toEqual([{ id: 'eq.b-1', body: { status: 'confirmed' } }]);
    expect(await screen.findByText('Потвърдена')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Потвърди/ })).toBeNull();
  });

  it('asks before cancelling; cancelling frees the slot and says so', async () => {
    bookingsAnswer(() => ({ upcoming: [bookingRow()], past: [] }));
    const seen = patches();
    renderAdmin(<BookingsTab />);
    const user = userEvent.setup({ delay: null });

    await user.click(await screen.findByRole('button', { name: /^Откажи/ }));
    let dialog = await findDialog('alertdialog', { name: 'Отказване на резервация' });
    expect(within(dialog).getByText(/Да се откаже ли резервацията на Петър Георгиев за понеделник, 23 ноември 2026 г\./)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Отказ' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(seen).toEqual([]);

    await user.click(screen.getByRole('button', { name: /^Откажи/ }));
    dialog = await findDialog('alertdialog', { name: 'Отказване на резервация' });
    await user.click(within(dialog).getByRole('button', { name: 'Откажи резервацията' }));
    expect(await within(toasts()).findByText('Резервацията е отказана')).toBeInTheDocument();
    expect(within(toasts()).getByText('Часът е освободен за други посетители. Клиентът ще получи имейл за отмяната.')).toBeInTheDocument();
    expect(seen).toEqual([{ id: 'eq.b-1', body: { status: 'cancelled' } }]);
  });

  it("shows the database's refusal of a status change in the error toast", async () => {
    bookingsAnswer(() => ({ upcoming: [bookingRow({ status: 'confirmed' })], past: [] }));
    server.use(
      http.patch(rest('appointments'), () =>
        HttpResponse.json(
          { code: '23514', message: 'Статусът на резервацията не може да се промени от „cancelled“ на „cancelled“.', details: null, hint: null },
          { status: 400 },
        ),
      ),
    );
    renderAdmin(<BookingsTab />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /^Откажи/ }));
    await user.click(within(await findDialog('alertdialog')).getByRole('button', { name: 'Откажи резервацията' }));
    expect(await within(toasts()).findByText('Грешка')).toBeInTheDocument();
    expect(within(toasts()).getByText(/Статусът на резервацията не може да се промени/)).toBeInTheDocument();
    expect(screen.getByText('Потвърдена')).toBeInTheDocument();
  });

  it('says when there are no bookings, and shows a load error with a retry', async () => {
    let fail = true;
    server.use(
      http.get(rest('appointments'), ({ request }) => {
        const upcoming = new URL(request.url).searchParams.get('preferred_date')?.startsWith('gte.');
        if (upcoming && fail) return HttpResponse.json({ code: 'XX000', message: 'boom' }, { status: 500 });
        return listAnswer([], 0);
      }),
    );
    renderAdmin(<BookingsTab />);
    const card = await screen.findByRole('alert');
    expect(within(card).getByText('Неуспешно зареждане на резервации.')).toBeInTheDocument();
    expect(await screen.findByText('Няма минали резервации.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(within(card).getByRole('button', { name: 'Опитайте отново' }));
    expect(await screen.findByText('Няма предстоящи резервации.')).toBeInTheDocument();
  });
});

/** Answers booking_history for each booking id from `rows`, counting the requests. */
function historyAnswer(rows: Record<string, unknown[]>, fail: () => boolean = () => false) {
  const asked: string[] = [];
  server.use(
    http.post(rest('rpc/booking_history'), async ({ request }) => {
      const { booking } = (await request.json()) as { booking: string };
      asked.push(booking);
      if (fail()) return HttpResponse.json({ code: 'XX000', message: 'boom', details: null, hint: null }, { status: 500 });
      return HttpResponse.json(rows[booking] ?? []);
    }),
  );
  return asked;
}

const mail = (at: string, detail: Record<string, unknown>) => ({
  at,
  kind: 'mail',
  actor: 'system',
  actor_email: null,
  detail: { purpose: 'booking_received', subject: 'Получихме заявката ви', to: 'petar@example.com', attempts: 1, last_error: null, sent_at: null, ...detail },
});

describe('a booking’s history', () => {
  const MOVED_TO = '2026-11-24T12:00:00.000Z';
  const HISTORY = [
    { at: '2026-11-20T09:00:00.000Z', kind: 'booked', actor: 'visitor', actor_email: null, detail: {} },
    mail('2026-11-20T09:00:01.000Z', { status: 'sent', sent_at: '2026-11-20T09:00:04.000Z' }),
    { at: '2026-11-20T10:00:00.000Z', kind: 'confirmed', actor: 'admin', actor_email: 'admin@example.com', detail: { from: 'pending', to: 'confirmed' } },
    mail('2026-11-20T10:00:01.000Z', { purpose: 'booking_confirmed', subject: 'Консултацията ви е потвърдена', status: 'failed', attempts: 2, last_error: 'HTTP 500: down' }),
    { at: '2026-11-21T08:00:00.000Z', kind: 'moved', actor: 'visitor', actor_email: null, detail: { from: '2026-11-23T12:00:00.000Z', to: MOVED_TO } },
    mail('2026-11-21T08:00:01.000Z', { purpose: 'booking_moved', subject: 'Консултацията ви е преместена', status: 'pending', attempts: 0 }),
    { at: '2026-11-21T09:00:00.000Z', kind: 'reopened', actor: 'admin', actor_email: 'admin@example.com', detail: { from: 'confirmed', to: 'pending' } },
    { at: '2026-11-21T10:00:00.000Z', kind: 'cancelled', actor: 'visitor', actor_email: null, detail: { from: 'pending', to: 'cancelled' } },
    mail('2026-11-21T10:00:01.000Z', { purpose: 'booking_cancelled', subject: 'Консултацията ви е отменена', status: 'given_up', attempts: 10 }),
  ];

  it('is read only when opened, one card at a time, and tells each step and e-mail in order', async () => {
    bookingsAnswer(() => ({ upcoming: [bookingRow(), bookingRow({ id: 'b-2', client_name: 'Елена Маринова' })], past: [] }));
    const asked = historyAnswer({ 'b-1': HISTORY });
    renderAdmin(<BookingsTab />);
    const user = userEvent.setup({ delay: null });
    const card = await screen.findByRole('article', { name: 'Петър Георгиев' });
    const toggle = within(card).getByRole('button', { name: 'История на резервацията на Петър Георгиев' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // the list alone asks for no history
    expect(asked).toEqual([]);

    // a disclosure button: the keyboard opens it as well as a click
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const list = await within(card).findByRole('list', { name: 'История на резервацията на Петър Георгиев' });
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)).toContainElement(list);
    const lines = within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent!.slice(li.querySelector('time')!.textContent!.length + 1));
    expect(lines).toEqual([
      'Записана от клиента',
      `Имейл „Получихме заявката ви“ до petar@example.com: изпратен в ${formatTimeBg('2026-11-20T09:00:04.000Z')}`,
      'Потвърдена от admin@example.com',
      'Имейл „Консултацията ви е потвърдена“ до petar@example.com: неуспешен опит (2): HTTP 500: down',
      `Преместена от клиента: от ${formatSlotBg('2026-11-23T12:00:00.000Z')} на ${formatSlotBg(MOVED_TO)}`,
      'Имейл „Консултацията ви е преместена“ до petar@example.com: чака изпращане',
      'Върната в очакване от admin@example.com',
      'Отменена от клиента',
      'Имейл „Консултацията ви е отменена“ до petar@example.com: отказан след 10 опита',
    ]);
    // each line with its time
    expect(within(list).getAllByRole('listitem')[0].querySelector('time')).toHaveAttribute('datetime', '2026-11-20T09:00:00.000Z');
    expect(asked).toEqual(['b-1']);

    // closing and the other card's list stay without a request
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(card).queryByRole('list', { name: /^История/ })).toBeNull();
    expect(asked).toEqual(['b-1']);
  });

  it('says when the history cannot be read, and reads it again on request', async () => {
    let fail = true;
    bookingsAnswer(() => ({ upcoming: [bookingRow()], past: [] }));
    const asked = historyAnswer({ 'b-1': HISTORY.slice(0, 1) }, () => fail);
    renderAdmin(<BookingsTab />);
    const user = userEvent.setup({ delay: null });
    const card = await screen.findByRole('article', { name: 'Петър Георгиев' });
    await user.click(within(card).getByRole('button', { name: /^История/ }));
    const alert = await within(card).findByRole('alert');
    expect(alert).toHaveTextContent('Неуспешно зареждане на историята на резервацията.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Опитайте отново' }));
    const list = await within(card).findByRole('list', { name: /^История/ });
    expect(list).toHaveTextContent('Записана от клиента');
    expect(asked).toEqual(['b-1', 'b-1']);
  });
});

describe('the visitor’s time zone', () => {
  it("shows the zone the visitor booked from, with their time, when it is not the consultant's", async () => {
    bookingsAnswer(() => ({
      upcoming: [
        bookingRow({ visitor_time_zone: 'America/New_York' }),
        bookingRow({ id: 'b-2', client_name: 'Елена Маринова', visitor_time_zone: 'Europe/Sofia' }),
        bookingRow({ id: 'b-3', client_name: 'Без зона' }),
      ],
      past: [],
    }));
    let settingsReads = 0;
    server.use(
      http.get(rest('calendar_settings'), () => {
        settingsReads += 1;
        return HttpResponse.json({ id: 'cal-1', time_zone: 'Europe/Sofia', working_hours: { start: '09:00', end: '17:00' }, updated_at: '2026-01-01T10:00:00.000Z' });
      }),
    );
    renderAdmin(<BookingsTab />);
    const abroad = await screen.findByRole('article', { name: 'Петър Георгиев' });
    const zone = await within(abroad).findByText('Часова зона на клиента');
    expect(zone.nextElementSibling).toHaveTextContent(
      `America/New_York${bookingText.visitorTime} ${formatSlotBg('2026-11-23T12:00:00.000Z', 'America/New_York')}`,
    );
    // noon UTC is 07:00 in New York in November
    expect(zone.nextElementSibling).toHaveTextContent(/в 07:00$/);
    expect(screen.getByRole('article', { name: 'Елена Маринова' })).not.toHaveTextContent('Часова зона на клиента');
    expect(screen.getByRole('article', { name: 'Без зона' })).not.toHaveTextContent('Часова зона на клиента');
    // one read of the consultant's zone for the whole page
    expect(settingsReads).toBe(1);
  });
});
