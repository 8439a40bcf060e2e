import { TZDate } from '@date-fns/tz';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import BookingDialog from '@/site/dialogs/booking/BookingDialog';
import { solveChallenge } from '@/site/dialogs/proof-solver';
import { renderWithProviders } from './contact-fixtures';
import { CHALLENGE, proofRequired, serveChallenges } from './intake-proof';
import { rest, server } from './msw';

// The widget that solves a proof of work runs in a real browser only (e2e/intake-proof.spec.ts):
// here the solver answers at once with a payload named after the challenge it was given.
vi.mock('@/site/dialogs/proof-solver', () => ({ solveChallenge: vi.fn() }));

// The toast region sits outside the modal dialog, which hides the rest of the page from the
// accessibility tree (Radix announces toasts through a live region of its own), hence hidden: true.

type Row = Record<string, unknown>;

const SETTINGS = {
  id: 'c0000000-0000-4000-8000-000000000001',
  consultant_name: 'Мария Иванова',
  photo_url: '/demo/consultant.svg',
  working_hours: { start: '09:00', end: '11:00', days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] },
  is_active: true,
  booking_horizon_days: 60,
  min_notice_minutes: 120,
};
const EVERY_DAY = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

interface DayOffRow {
  starts_on: string;
  ends_on: string;
  label: string;
}

/** Answers the days off with `rows` and records each request's query string. */
function serveDaysOff(rows: DayOffRow[] = []) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(rest('calendar_days_off'), ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return HttpResponse.json(rows);
    }),
  );
  return queries;
}

/** Every request the page sends, as 'METHOD URL' (MSW's own log, whichever handler answers it). */
function recordRequests() {
  const requests: string[] = [];
  server.events.on('request:start', ({ request }) => {
    requests.push(`${request.method} ${request.url}`);
  });
  return requests;
}

/**
 * Answers booking_paused with `answers` in turn (the last one again): whether bookings wait for the
 * consultant's calendar to be read again. Gives the number of times it was asked.
 */
function servePaused(...answers: boolean[]) {
  let asked = 0;
  server.use(http.post(rest('rpc/booking_paused'), () => HttpResponse.json(answers[Math.min(asked++, answers.length - 1)])));
  return () => asked;
}

function serveSettings(settings: Partial<typeof SETTINGS> | null, daysOff: DayOffRow[] = []) {
  serveDaysOff(daysOff);
  servePaused(false);
  server.use(
    http.get(rest('calendar_settings'), () =>
      settings
        ? HttpResponse.json(settings)
        : HttpResponse.json(
            { code: 'PGRST116', message: 'JSON object requested, multiple (or no) rows returned', details: 'The result contains 0 rows', hint: null },
            { status: 406 },
          ),
    ),
  );
}

/** Answers taken_slots with the given ISO instants and records each request's window. */
function serveTaken(taken: (dayStart: Date) => string[]) {
  const calls: { range_start: string; range_end: string }[] = [];
  server.use(
    http.post(rest('rpc/taken_slots'), async ({ request }) => {
      const body = (await request.json()) as { range_start: string; range_end: string };
      calls.push(body);
      return HttpResponse.json(taken(new Date(body.range_start)));
    }),
  );
  return calls;
}

function recordAppointments(answer: () => Response) {
  const rows: Row[] = [];
  server.use(
    http.post(rest('appointments'), async ({ request }) => {
      const body = (await request.json()) as Row | Row[];
      rows.push(...(Array.isArray(body) ? body : [body]));
      return answer();
    }),
  );
  return rows;
}

/** Goes to next month (every day of it is in the future) and picks its first working day. */
async function pickFutureDay(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Следващ месец' }));
  // the first day that can be chosen: a plain selector, since a query by role over the month's
  // buttons computed each one's name (the grid's roles and names have tests of their own)
  const day = screen.getByRole('table').querySelector<HTMLButtonElement>('button:not(:disabled)')!;
  await user.click(day);
  return day.getAttribute('data-day')!;
}

/** The instant of a wall-clock time in Sofia on a day ('YYYY-MM-DD'), whatever zone the test runs in. */
const sofia = (key: string, h: number, m: number) => {
  const [y, mo, d] = key.split('-').map(Number);
  return new Date(new TZDate(y, mo - 1, d, h, m, 'Europe/Sofia').getTime()).toISOString();
};
/**
 * Picks a day of next month and the slot, and continues to the details step. `again`: back on the
 * calendar after a refusal, the day still chosen or else the first choosable one shown.
 */
async function toDetails(user: ReturnType<typeof userEvent.setup>, slot: string, again = false) {
  const grid = await screen.findByRole('table');
  if (!again) await pickFutureDay(user);
  else if (!screen.queryByRole('list', { name: /Свободни часове за/ })) {
    await user.click(grid.querySelector<HTMLButtonElement>('button:not(:disabled)')!);
  }
  const slots = await screen.findByRole('list', { name: /Свободни часове за/ });
  await user.click(within(slots).getByRole('button', { name: slot }));
  // found by its text and held to its name: a query by role and name over the whole dialog
  // computes the name of every day and time button
  const next = screen.getByText('Продължи').closest('button')!;
  expect(next).toHaveAccessibleName('Продължи');
  await user.click(next);
}

/** Name and e-mail pasted in at once (typing them is not what these tests are about). */
async function fillDetails(user: ReturnType<typeof userEvent.setup>, name: string, email: string) {
  await user.click(screen.getByRole('textbox', { name: 'Име' }));
  await user.paste(name);
  await user.click(screen.getByRole('textbox', { name: 'Имейл' }));
  await user.paste(email);
}

/** The Sofia day a taken_slots window starts on. */
const sofiaDay = (rangeStart: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Sofia' }).format(rangeStart);
/** The Sofia date `days` days from now. */
const sofiaDaysAhead = (days: number) => sofiaDay(new Date(Date.now() + days * 86_400_000));

/** Shows the month of a day ('YYYY-MM-DD') with the month buttons, and gives its button. */
async function showDay(user: ReturnType<typeof userEvent.setup>, key: string) {
  const grid = await screen.findByRole('table');
  for (let i = 0; i < 2 && !grid.querySelector(`[data-day="${key}"]`); i++) {
    await user.click(screen.getByRole('button', { name: 'Следващ месец' }));
  }
  return screen.getByRole('table').querySelector<HTMLButtonElement>(`[data-day="${key}"]`)!;
}

const originalTz = process.env.TZ;

describe('booking dialog', () => {
  // a visitor in Bulgaria, unless a test says otherwise
  beforeEach(() => {
    process.env.TZ = 'Europe/Sofia';
  });
  afterEach(() => {
    vi.restoreAllMocks();
    server.events.removeAllListeners();
    process.env.TZ = originalTz;
  });

  it('offers free slots of the chosen day, then books it as pending with the bot traps, and sends nothing else', async () => {
    const user = userEvent.setup({ delay: null });
    serveSettings(SETTINGS);
    // 10:00 of any day is already booked by someone else
    const calls = serveTaken((dayStart) => [sofia(sofiaDay(dayStart), 10, 0)]);
    const rows = recordAppointments(() => new HttpResponse(null, { status: 201 }));
    const requests = recordRequests();
    const onOpenChange = vi.fn();
    renderWithProviders(<BookingDialog open onOpenChange={onOpenChange} />);

    expect(await screen.findByText('Мария Иванова')).toBeInTheDocument();
    // days before today cannot be chosen; weekends neither
    const todayGrid = await screen.findByRole('table');
    const yesterday = new Date();
    yesterday.setDate(yesterday.getDate() - 1);
    if (yesterday.getMonth() === new Date().getMonth()) {
      const key = `${yesterday.getFullYear()}-${String(yesterday.getMonth() + 1).padStart(2, '0')}-${String(yesterday.getDate()).padStart(2, '0')}`;
      expect(todayGrid.querySelector(`[data-day="${key}"]`)).toBeDisabled();
    }
    expect(screen.getByRole('button', { name: 'Предишен месец' })).toBeDisabled();

    const day = await pickFutureDay(user);
    expect(screen.queryByRole('button', { name: 'Продължи' })).not.toBeInTheDocument();

    const slots = await screen.findByRole('list', { name: /Свободни часове за/ });
    await waitFor(() => expect(within(slots).getAllByRole('button').map((b) => b.textContent)).toEqual(['09:00', '09:30', '10:30']));
    expect(calls).toHaveLength(1);
    // the window is the day in Sofia: from its midnight to the next
    expect(calls[0].range_start).toBe(sofia(day, 0, 0));
    expect(new Date(calls[0].range_end).getTime() - new Date(calls[0].range_start).getTime()).toBe(86_400_000);
    expect(screen.getByText('Часовете са по българско време.')).toBeInTheDocument();

    await user.click(within(slots).getByRole('button', { name: '09:30' }));
    await user.click(screen.getByRole('button', { name: 'Продължи' }));

    const submit = screen.getByRole('button', { name: 'Потвърдете резервацията' });
    expect(submit).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Име' }), 'Петър Колев');
    expect(submit).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Имейл' }), 'petar@example.com');
    expect(submit).toBeEnabled();
    await user.type(screen.getByRole('textbox', { name: 'Телефон' }), '0899 111 222');
    expect(screen.getByRole('textbox', { name: 'Телефон' })).toHaveValue('089 911 1222');
    await user.click(submit);

    const region = await screen.findByRole('region', { name: /Известия/, hidden: true });
    expect(await within(region).findByText('Вашата резервация е изпратена. Ще се свържем с вас скоро.')).toBeInTheDocument();
    expect(rows).toEqual([
      {
        client_name: 'Петър Колев',
        client_email: 'petar@example.com',
        client_phone: '+359899111222',
        company_name: '',
        preferred_date: sofia(day, 9, 30),
        message: '',
        // the browser's own zone, for the times in the visitor's e-mails
        visitor_time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        // the hidden field left empty, and how long the form was open: the database drops a bot's row
        bot_trap: null,
        fill_ms: expect.any(Number),
      },
    ]);
    expect(rows[0].fill_ms).toBeGreaterThanOrEqual(0);
    expect(onOpenChange).toHaveBeenCalledWith(false);
    // the database tells the team: the browser reads the calendar and inserts the row, nothing more
    const sent = requests.map((r) => r.replace(/\?.*$/, ''));
    expect(sent.filter((r) => r.startsWith('POST') && !r.includes('/rpc/'))).toEqual([`POST ${rest('appointments')}`]);
    expect(new Set(sent)).toEqual(
      new Set([
        `GET ${rest('calendar_settings')}`,
        `POST ${rest('rpc/booking_paused')}`,
        `GET ${rest('calendar_days_off')}`,
        `POST ${rest('rpc/taken_slots')}`,
        `POST ${rest('appointments')}`,
      ]),
    );
    // asked once, when the dialog opened
    expect(sent.filter((r) => r.endsWith('/rpc/booking_paused'))).toHaveLength(1);
  }, 20_000);

  it('explains a slot taken meanwhile, returns to the calendar without it and keeps the details', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = userEvent.setup({ delay: null });
    serveSettings(SETTINGS);
    serveTaken(() => []);
    const rows = recordAppointments(() =>
      HttpResponse.json(
        {
          code: '23505',
          message: 'duplicate key value violates unique constraint "appointments_slot_taken_idx"',
          details: null,
          hint: null,
        },
        { status: 409 },
      ),
    );
    renderWithProviders(<BookingDialog open onOpenChange={() => {}} />);

    await pickFutureDay(user);
    const slots = await screen.findByRole('list', { name: /Свободни часове за/ });
    await user.click(within(slots).getByRole('button', { name: '10:00' }));
    await user.click(screen.getByRole('button', { name: 'Продължи' }));
    await fillDetails(user, 'Петър Колев', 'petar@example.com');
    await user.click(screen.getByRole('button', { name: 'Потвърдете резервацията' }));

    const region = await screen.findByRole('region', { name: /Известия/, hidden: true });
    expect(await within(region).findByText('Този час вече е зает')).toBeInTheDocument();
    expect(rows).toHaveLength(1);
    const again = await screen.findByRole('list', { name: /Свободни часове за/ });
    expect(within(again).queryByRole('button', { name: '10:00' })).not.toBeInTheDocument();
    expect(within(again).getByRole('button', { name: '09:00' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Продължи' })).not.toBeInTheDocument();

    await user.click(within(again).getByRole('button', { name: '10:30' }));
    await user.click(screen.getByRole('button', { name: 'Продължи' }));
    expect(screen.getByRole('textbox', { name: 'Име' })).toHaveValue('Петър Колев');
    expect(screen.getByRole('textbox', { name: 'Имейл' })).toHaveValue('petar@example.com');
  }, 20_000);

  it('a visitor in New York sees Sofia time with their own beside it, and books the Sofia instant', async () => {
    process.env.TZ = 'America/New_York';
    const user = userEvent.setup({ delay: null });
    serveSettings(SETTINGS);
    serveTaken(() => []);
    const rows = recordAppointments(() => new HttpResponse(null, { status: 201 }));
    renderWithProviders(<BookingDialog open onOpenChange={() => {}} />);
    const day = await pickFutureDay(user);
    const slots = await screen.findByRole('list', { name: /Свободни часове за/ });
    const labels = within(slots).getAllByRole('button').map((b) => b.textContent);
    expect(labels[0]).toMatch(/^09:00 \(0[23]:00 ваше време\)$/);
    expect(labels).toHaveLength(4); // 09:00–10:30 in Sofia, not of the visitor's clock
    expect(screen.getByText('Часовете са по българско време. В скоби е вашето време (America/New_York).')).toBeInTheDocument();
    await user.click(within(slots).getAllByRole('button').at(-1)!);
    await user.click(screen.getByRole('button', { name: 'Продължи' }));
    await fillDetails(user, 'Ан', 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Потвърдете резервацията' }));
    await waitFor(() => expect(rows).toHaveLength(1));
    expect(rows[0].preferred_date).toBe(sofia(day, 10, 30));
  });

  it('refuses an impossible phone number with the message, and sends nothing', async () => {
    const user = userEvent.setup({ delay: null });
    serveSettings(SETTINGS);
    serveTaken(() => []);
    const rows = recordAppointments(() => new HttpResponse(null, { status: 201 }));
    renderWithProviders(<BookingDialog open onOpenChange={() => {}} />);
    await toDetails(user, '09:00');
    await fillDetails(user, 'Петър', 'petar@example.com');
    const phone = screen.getByRole('textbox', { name: 'Телефон' });
    await user.type(phone, '123456');
    // the shared timing: the button refuses at once, the message waits until the field is left
    expect(screen.getByRole('button', { name: 'Потвърдете резервацията' })).toBeDisabled();
    expect(screen.queryByText('Моля въведете валиден телефонен номер')).not.toBeInTheDocument();
    await user.tab();
    expect(await screen.findByText('Моля въведете валиден телефонен номер')).toBeInTheDocument();
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveAccessibleDescription('Моля въведете валиден телефонен номер');
    expect(screen.getByRole('button', { name: 'Потвърдете резервацията' })).toBeDisabled();
    expect(rows).toEqual([]);
  });

  // Each refusal: its title, its text, and where the visitor is left: on the details (2), or back
  // on the calendar (1) with the time, or the whole day, to choose again.
  const CALL_OR_WRITE = /обадете се на \+359 88 123 4567 или ни пишете на zdravei@sinaptika\.example\. Данните ви са запазени\./;
  it.each([
    ['booking_closed', 'Онлайн записването е спряно', CALL_OR_WRITE, 2],
    ['booking_no_calendar', 'Онлайн записването е спряно', CALL_OR_WRITE, 2],
    ['booking_day_off', 'Този ден вече е почивен', /Моля, изберете друга дата\. Данните ви са запазени\./, 1],
    ['booking_too_soon', 'Избраният час вече е твърде близо', /изберете по-късен час\. Данните ви са запазени\./, 1],
    ['booking_past', 'Избраният час вече е твърде близо', /изберете по-късен час\. Данните ви са запазени\./, 1],
    ['booking_too_far', 'Тази дата вече е извън календара', /изберете по-ранна дата\. Данните ви са запазени\./, 1],
    ['booking_limit_client', 'Вече имате чакащи резервации', CALL_OR_WRITE, 2],
    ['booking_limit_email', 'Не можем да приемем още една резервация', CALL_OR_WRITE, 2],
    ['booking_limit_network', 'Не можем да приемем още една резервация', CALL_OR_WRITE, 2],
    ['booking_limit_rate', 'В момента получаваме много резервации', CALL_OR_WRITE, 2],
    ['booking_outside_hours', 'Този час вече не се предлага', /изберете друг свободен час\. Данните ви са запазени\./, 1],
  ] as const)('turns the database refusal %s into a clear message and keeps what was typed', async (hint, title, text, step) => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = userEvent.setup({ delay: null });
    serveSettings(SETTINGS);
    serveTaken(() => []);
    const rows = recordAppointments(() => HttpResponse.json({ code: 'P0001', message: 'refused', details: null, hint }, { status: 400 }));
    renderWithProviders(<BookingDialog open onOpenChange={() => {}} />);
    await toDetails(user, '09:00');
    await fillDetails(user, 'Петър', 'petar@example.com');
    await user.click(screen.getByRole('textbox', { name: 'Съобщение' }));
    await user.paste('Искам оферта');
    await user.click(screen.getByRole('button', { name: 'Потвърдете резервацията' }));
    const region = await screen.findByRole('region', { name: /Известия/, hidden: true });
    expect(await within(region).findByText(title)).toBeInTheDocument();
    expect(within(region).getByText(text)).toBeInTheDocument();
    expect(rows).toHaveLength(1);
    if (step === 1) {
      // back on the calendar: a new time (and day) is chosen, and the details are still there
      expect(await screen.findByRole('table')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Продължи' })).not.toBeInTheDocument();
      await toDetails(user, '10:00', true);
    }
    expect(screen.getByRole('textbox', { name: 'Име' })).toHaveValue('Петър');
    expect(screen.getByRole('textbox', { name: 'Имейл' })).toHaveValue('petar@example.com');
    expect(screen.getByRole('textbox', { name: 'Съобщение' })).toHaveValue('Искам оферта');
    expect(screen.getByRole('button', { name: 'Потвърдете резервацията' })).toBeEnabled();
  });

  it('when the database asks for a proof of work, solves its challenge unseen and books the same slot again with the proof', async () => {
    const user = userEvent.setup({ delay: null });
    const solve = vi.mocked(solveChallenge);
    solve.mockReset().mockImplementation(async (challenge) => `proof-of-${challenge.challenge}`);
    serveSettings(SETTINGS);
    serveTaken(() => []);
    let answers = 0;
    const rows = recordAppointments(() => (++answers === 1 ? proofRequired() : new HttpResponse(null, { status: 201 })));
    const challenges = serveChallenges();
    const onOpenChange = vi.fn();
    renderWithProviders(<BookingDialog open onOpenChange={onOpenChange} />);
    await toDetails(user, '09:30');
    await fillDetails(user, 'Петър Колев', 'petar@example.com');
    await user.click(screen.getByRole('button', { name: 'Потвърдете резервацията' }));

    const region = await screen.findByRole('region', { name: /Известия/, hidden: true });
    expect(await within(region).findByText('Вашата резервация е изпратена. Ще се свържем с вас скоро.')).toBeInTheDocument();
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(solve).toHaveBeenCalledWith(CHALLENGE(1));
    // asked for this form: the database issues the challenge at the level the booking demands
    expect(challenges).toEqual([{ form: 'booking' }]);
    expect(rows).toHaveLength(2);
    expect(rows[0]).not.toHaveProperty('proof');
    // the same row, the same slot, with the solution
    expect(rows[1]).toEqual({ ...rows[0], proof: `proof-of-${CHALLENGE(1).challenge}` });
  });

  it('gives up after three refused proofs with the usual error and keeps the slot and the details', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup({ delay: null });
    const solve = vi.mocked(solveChallenge);
    solve.mockReset().mockImplementation(async (challenge) => `proof-of-${challenge.challenge}`);
    serveSettings(SETTINGS);
    serveTaken(() => []);
    const rows = recordAppointments(proofRequired);
    const challenges = serveChallenges();
    renderWithProviders(<BookingDialog open onOpenChange={() => {}} />);
    await toDetails(user, '09:30');
    await fillDetails(user, 'Петър Колев', 'petar@example.com');
    await user.click(screen.getByRole('button', { name: 'Потвърдете резервацията' }));

    const region = await screen.findByRole('region', { name: /Известия/, hidden: true });
    expect(await within(region).findByText('Нещо се обърка. Моля, опитайте отново.')).toBeInTheDocument();
    expect(challenges).toEqual([1, 2, 3].map(() => ({ form: 'booking' })));
    expect(rows.map((row) => row.proof)).toEqual([undefined, ...[1, 2, 3].map((n) => `proof-of-${CHALLENGE(n).challenge}`)]);
    expect(screen.getByText(/, 09:30 ч\./)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Име' })).toHaveValue('Петър Колев');
    expect(screen.getByRole('textbox', { name: 'Имейл' })).toHaveValue('petar@example.com');
    expect(screen.getByRole('button', { name: 'Потвърдете резервацията' })).toBeEnabled();
  });

  it('disables the days off and the days past the horizon, says why, and reads the days off once for the window', async () => {
    // the horizon ends 10 days from now to the minute: its last day has a slot only when the clock
    // is past that day's first slot (09:00), so the test runs at noon in Sofia whenever it runs
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(sofia(sofiaDaysAhead(0), 12, 0)) });
    onTestFinished(() => void vi.useRealTimers());
    const user = userEvent.setup({ delay: null });
    const off = sofiaDaysAhead(3);
    const last = sofiaDaysAhead(10);
    serveDaysOff([{ starts_on: off, ends_on: off, label: 'Отпуск' }]);
    serveSettings({ ...SETTINGS, working_hours: { ...SETTINGS.working_hours, days: EVERY_DAY }, booking_horizon_days: 10, min_notice_minutes: 0 });
    const queries = serveDaysOff([{ starts_on: off, ends_on: off, label: 'Отпуск' }]);
    renderWithProviders(<BookingDialog open onOpenChange={() => {}} />);

    const dayOff = await showDay(user, off);
    expect(dayOff).toBeDisabled();
    expect(dayOff).toHaveAccessibleName(/, недостъпен: почивен ден \(Отпуск\)$/);
    const open = await showDay(user, sofiaDaysAhead(4));
    expect(open).toBeEnabled();
    expect(open).not.toHaveAccessibleName(/недостъпен/);

    const lastDay = await showDay(user, last);
    expect(lastDay).toBeEnabled();
    // the month of the horizon's last day is the last one offered
    expect(screen.getByRole('button', { name: 'Следващ месец' })).toBeDisabled();
    const beyond = sofiaDaysAhead(11);
    const after = screen.getByRole('table').querySelector<HTMLButtonElement>(`[data-day="${beyond}"]`);
    if (after) {
      expect(after).toBeDisabled();
      expect(after).toHaveAccessibleName(/, недостъпен: извън периода за записване$/);
    }
    expect(screen.getByText('Може да запазите час до 10 дни напред.')).toBeInTheDocument();

    // one request, for the rows that can matter: ending today or later, beginning by the last day
    expect(queries).toHaveLength(1);
    expect(queries[0].get('ends_on')).toBe(`gte.${sofiaDaysAhead(0)}`);
    expect(queries[0].get('starts_on')).toBe(`lte.${last}`);
  });

  it('leaves out the slots sooner than the minimum notice', async () => {
    const user = userEvent.setup({ delay: null });
    const tomorrow = sofiaDaysAhead(1);
    // a notice that ends tomorrow at 12:10 in Sofia
    const notice = Math.ceil((new Date(sofia(tomorrow, 12, 10)).getTime() - Date.now()) / 60_000);
    serveSettings({ ...SETTINGS, working_hours: { start: '09:00', end: '17:00', days: EVERY_DAY }, min_notice_minutes: notice });
    serveTaken(() => []);
    renderWithProviders(<BookingDialog open onOpenChange={() => {}} />);

    const today = await showDay(user, sofiaDaysAhead(0));
    if (today) {
      expect(today).toBeDisabled();
      expect(today).toHaveAccessibleName(/, недостъпен: няма свободни часове$/);
    }
    await user.click(await showDay(user, tomorrow));
    const slots = await screen.findByRole('list', { name: /Свободни часове за/ });
    expect(within(slots).getAllByRole('button').map((b) => b.textContent)).toEqual(['12:30', '13:00', '13:30', '14:00', '14:30', '15:00', '15:30', '16:00', '16:30']);
  });

  it('while the calendar is closed offers the phone and the e-mail instead, and reads nothing more', async () => {
    serveSettings({ ...SETTINGS, is_active: false });
    const requests = recordRequests();
    renderWithProviders(<BookingDialog open onOpenChange={() => {}} />);
    expect(await screen.findByRole('heading', { name: 'Онлайн записването временно е спряно' })).toBeInTheDocument();
    expect(screen.getByText(/В момента не приемаме резервации през сайта\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Телефон: +359 88 123 4567' })).toHaveAttribute('href', 'tel:+359881234567');
    expect(screen.getByRole('link', { name: 'Имейл: zdravei@sinaptika.example' })).toHaveAttribute('href', 'mailto:zdravei@sinaptika.example');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Следващ месец' })).not.toBeInTheDocument();
    // the settings, and whether bookings wait (asked alongside them): no days off, no times
    expect(new Set(requests.map((r) => r.replace(/\?.*$/, '')))).toEqual(new Set([`GET ${rest('calendar_settings')}`, `POST ${rest('rpc/booking_paused')}`]));
  });

  it("while bookings wait for the consultant's calendar, says so instead of offering times, and offers them once asked again", async () => {
    const user = userEvent.setup({ delay: null });
    serveSettings(SETTINGS);
    const asked = servePaused(true, false);
    serveTaken(() => []);
    const requests = recordRequests();
    renderWithProviders(<BookingDialog open onOpenChange={() => {}} />);

    expect(await screen.findByRole('heading', { name: 'Свободните часове се обновяват' })).toBeInTheDocument();
    expect(
      screen.getByText(/^В момента не можем да покажем свободни часове: календарът на консултанта се обновява\. Моля, опитайте отново след малко/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Телефон: +359 88 123 4567' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Продължи' })).not.toBeInTheDocument();
    expect(requests.some((r) => r.includes('calendar_days_off') || r.includes('taken_slots'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Опитайте отново' }));
    await pickFutureDay(user);
    expect(await screen.findByRole('list', { name: /Свободни часове за/ })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Свободните часове се обновяват' })).not.toBeInTheDocument();
    expect(asked()).toBe(2);
  });

  it('a booking refused because the pause began meanwhile says so, keeps what was typed, and the calendar then offers no times', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = userEvent.setup({ delay: null });
    serveSettings(SETTINGS);
    // not paused when the dialog opened; paused when asked again after the refusal
    const asked = servePaused(false, true);
    serveTaken(() => []);
    const rows = recordAppointments(() => HttpResponse.json({ code: 'P0001', message: 'paused', details: null, hint: 'booking_paused' }, { status: 400 }));
    renderWithProviders(<BookingDialog open onOpenChange={() => {}} />);
    await toDetails(user, '09:30');
    await fillDetails(user, 'Петър Колев', 'petar@example.com');
    await user.click(screen.getByRole('textbox', { name: 'Съобщение' }));
    await user.paste('Искам оферта');
    await user.click(screen.getByRole('button', { name: 'Потвърдете резервацията' }));

    const region = await screen.findByRole('region', { name: /Известия/, hidden: true });
    expect(await within(region).findByText('Записването е временно спряно')).toBeInTheDocument();
    expect(
      within(region).getByText(/^Календарът на консултанта се обновява и в момента не можем да запазим часа\. Опитайте отново след малко\. .*Данните ви са запазени\.$/),
    ).toBeInTheDocument();
    expect(within(region).queryByText('Нещо се обърка. Моля, опитайте отново.')).not.toBeInTheDocument();
    expect(rows).toHaveLength(1);
    // still on the details, everything kept, the chosen time too
    expect(screen.getByText(/, 09:30 ч\./)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Име' })).toHaveValue('Петър Колев');
    expect(screen.getByRole('textbox', { name: 'Имейл' })).toHaveValue('petar@example.com');
    expect(screen.getByRole('textbox', { name: 'Съобщение' })).toHaveValue('Искам оферта');
    expect(screen.getByRole('button', { name: 'Потвърдете резервацията' })).toBeEnabled();

    await waitFor(() => expect(asked()).toBe(2));
    await user.click(screen.getByRole('button', { name: 'Назад' }));
    expect(await screen.findByRole('heading', { name: 'Свободните часове се обновяват' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: /Свободни часове за/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Продължи' })).not.toBeInTheDocument();
  });

  it("shows the consultant's uploaded photo as its small copy, with its alt text", async () => {
    const photo = 'https://cdn.test/calendar/maria.800x800.jpg';
    serveSettings({ ...SETTINGS, photo_url: photo, photo_alt: 'Мария Иванова на бюрото си' } as typeof SETTINGS);
    serveTaken(() => []);
    renderWithProviders(<BookingDialog open onOpenChange={() => {}} />);
    const img = await screen.findByRole('img', { name: 'Мария Иванова на бюрото си' });
    expect(img).toHaveAttribute('src', photo);
    const source = img.closest('picture')!.querySelector('source')!;
    expect(source).toHaveAttribute('srcset', 'https://cdn.test/calendar/maria.800x800.w240.webp 240w, https://cdn.test/calendar/maria.800x800.w480.webp 480w, https://cdn.test/calendar/maria.800x800.w720.webp 720w, https://cdn.test/calendar/maria.800x800.w800.webp 800w');
    expect(source).toHaveAttribute('sizes', '48px');
  });

  it('without calendar settings shows no consultant and no slots', async () => {
    const user = userEvent.setup({ delay: null });
    serveSettings(null);
    serveTaken(() => []);
    renderWithProviders(<BookingDialog open onOpenChange={() => {}} />);
    await pickFutureDay(user);
    expect(await screen.findByText('Няма свободни часове за този ден. Моля, изберете друга дата.')).toBeInTheDocument();
    expect(screen.queryByText('Консултацията ще проведе')).not.toBeInTheDocument();
  });
});
