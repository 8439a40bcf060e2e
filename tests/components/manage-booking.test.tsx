import { TZDate } from '@date-fns/tz';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { routes } from '@/app/router';
import { Toaster } from '@/shared/ui/toast';
import { BookingChangeError, BookingLinkError, manageErrorOf } from '@/site/pages/booking/api';
import { refusalText } from '@/site/pages/booking/texts';
import { rest, server } from './msw';

// The visitor's page of the private link (/booking/<token>), rendered through the app's own route
// table. Every answer of the database is fake; the calendar is the booking dialog's.

const TOKEN = 'Tk3J9dQ2xVb7LmN4pR8sW1yZ6cF0hG5jK2nP9qT3uX7';
const NEW_TOKEN = 'Nw8B4vC1xZ7mQ3kL9pR2sT6yU0hG5jF8dA1eW4nV7bM';

const SETTINGS = {
  id: 'c0000000-0000-4000-8000-000000000001',
  consultant_name: 'Мария Иванова',
  photo_url: null,
  working_hours: { start: '09:00', end: '11:00', days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] },
  is_active: true,
  time_zone: 'Europe/Sofia',
  booking_horizon_days: 60,
  min_notice_minutes: 120,
};

const pad = (n: number) => String(n).padStart(2, '0');
/** The instant of a wall-clock time in Sofia on a day ('YYYY-MM-DD'). */
const sofia = (key: string, h: number, m: number) => {
  const [y, mo, d] = key.split('-').map(Number);
  return new Date(new TZDate(y, mo - 1, d, h, m, 'Europe/Sofia').getTime()).toISOString();
};
/** The first weekday of next month in Sofia: in the booking window, its 09:00 free to book. */
function nextMonthWorkday(): string {
  const [y, m] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Sofia' }).format(new Date()).split('-').map(Number);
  const year = m === 12 ? y + 1 : y;
  const month = m === 12 ? 1 : m + 1;
  for (let d = 1; ; d++) {
    const weekday = new Date(Date.UTC(year, month - 1, d)).getUTCDay();
    if (weekday >= 1 && weekday <= 5) return `${year}-${pad(month)}-${pad(d)}`;
  }
}

const DAY = nextMonthWorkday();
const HOUR_MS = 3_600_000;

function booking(extra: Record<string, unknown> = {}) {
  const starts = new Date(sofia(DAY, 9, 0));
  return {
    status: 'pending',
    starts_at: starts.toISOString(),
    ends_at: new Date(starts.getTime() + HOUR_MS / 2).toISOString(),
    client_name: 'Петър Колев',
    consultant_name: 'Мария Иванова',
    time_zone: 'Europe/Sofia',
    visitor_time_zone: null,
    cutoff_hours: 12,
    change_until: new Date(starts.getTime() - 12 * HOUR_MS).toISOString(),
    can_change: true,
    moves_left: 3,
    ...extra,
  };
}

const refusal = (hint: string, status = 400) =>
  HttpResponse.json({ code: 'P0001', message: 'refused', details: null, hint }, { status });

type Body = Record<string, unknown>;

/** Answers one function of the link with `answers` in turn (the last one again), recording each body. */
function serveRpc(name: string, ...answers: (() => Response)[]) {
  const bodies: Body[] = [];
  server.use(
    http.post(rest(`rpc/${name}`), async ({ request }) => {
      bodies.push((await request.json()) as Body);
      return answers[Math.min(bodies.length - 1, answers.length - 1)]();
    }),
  );
  return bodies;
}

/**
 * The calendar as the move reads it: the settings, no days off, nothing taken by others; and
 * whether bookings wait for the consultant's calendar (`paused`, in turn, the last one again).
 */
function serveCalendar(...paused: boolean[]) {
  let asked = 0;
  server.use(
    http.get(rest('calendar_settings'), () => HttpResponse.json(SETTINGS)),
    http.post(rest('rpc/booking_paused'), () => HttpResponse.json(paused[Math.min(asked++, paused.length - 1)] ?? false)),
    http.get(rest('calendar_days_off'), () => HttpResponse.json([])),
    http.post(rest('rpc/taken_slots'), () => HttpResponse.json([])),
  );
}

/** Every address the page asks for. */
function recordUrls() {
  const urls: string[] = [];
  server.events.on('request:start', ({ request }) => {
    urls.push(request.url);
  });
  return urls;
}

function renderAt(token: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: ['/', `/booking/${token}`], initialIndex: 1 });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return router;
}

/** Opens the move, picks the booking's own day and gives the list of its free times. */
async function openMoveOnDay(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Премести' }));
  const panel = screen.getByRole('region', { name: 'Изберете нов ден и час' });
  const grid = await within(panel).findByRole('table');
  await user.click(grid.querySelector<HTMLButtonElement>(`[data-day="${DAY}"]`)!);
  return { panel, slots: await within(panel).findByRole('list', { name: /Свободни часове за/ }) };
}

const originalTz = process.env.TZ;

describe('the booking manage page', () => {
  beforeEach(() => {
    process.env.TZ = 'Europe/Sofia';
  });
  afterEach(() => {
    server.events.removeAllListeners();
    process.env.TZ = originalTz;
  });

  it('shows the booking in Sofia time and in the visitor’s own, and is kept out of search and referrers', async () => {
    process.env.TZ = 'America/New_York';
    const reads = serveRpc('booking_by_token', () => HttpResponse.json(booking()));
    renderAt(TOKEN);

    expect(await screen.findByText('Очаква потвърждение')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Вашата консултация' })).toBeInTheDocument();
    expect(screen.getByText(/Здравейте, Петър Колев!/)).toBeInTheDocument();
    const facts = screen.getByRole('region', { name: 'Среща' });
    expect(within(facts).getByText(/, 09:00–09:30 ч\.$/)).toBeInTheDocument();
    expect(within(facts).getByText('(българско време)')).toBeInTheDocument();
    expect(within(facts).getByText('Във вашето време')).toBeInTheDocument();
    expect(within(facts).getByText(/, 0[23]:00–0[23]:30 ч\.$/)).toBeInTheDocument();
    expect(within(facts).getByText('(America/New_York)')).toBeInTheDocument();
    expect(within(facts).getByText('Мария Иванова')).toBeInTheDocument();
    expect(screen.getByText(/^Можете да преместите или откажете срещата до .*, 21:00 ч\. \(българско време\)\.$/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Премести' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: 'Откажи консултацията' })).toBeInTheDocument();

    expect(reads).toEqual([{ token: TOKEN }]);
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    expect(document.head.querySelector('meta[name="referrer"]')).toHaveAttribute('content', 'no-referrer');
    expect(document.title).toBe('Вашата консултация | Синаптика');
    // no head tag repeats the private address
    expect(document.head.innerHTML).not.toContain(TOKEN);
  });

  it('cancels after one confirmation; the token travels in the body, never in an address', async () => {
    const user = userEvent.setup({ delay: null });
    const urls = recordUrls();
    serveRpc('booking_by_token', () => HttpResponse.json(booking({ status: 'confirmed' })));
    const cancels = serveRpc('cancel_booking', () => HttpResponse.json(booking({ status: 'cancelled', can_change: false })));
    renderAt(TOKEN);

    expect(await screen.findByText('Потвърдена')).toBeInTheDocument();
    // in Sofia the visitor's own time is the same: shown once
    expect(screen.queryByText('Във вашето време')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Откажи консултацията' }));
    let question = screen.getByRole('alertdialog', { name: 'Да откажем ли консултацията?' });
    expect(question).toHaveAccessibleDescription(/ще бъде отменена/);
    // Escape answers no and asks nothing of the database
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(cancels).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Откажи консултацията' }));
    question = screen.getByRole('alertdialog', { name: 'Да откажем ли консултацията?' });
    await user.click(within(question).getByRole('button', { name: 'Да, откажи консултацията' }));

    expect(await screen.findByText('Отменена')).toBeInTheDocument();
    expect(cancels).toEqual([{ token: TOKEN }]);
    expect(screen.queryByRole('button', { name: 'Откажи консултацията' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Премести' })).not.toBeInTheDocument();
    expect(screen.getByText(/^Консултацията е отменена\. Ако желаете/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Запазете нова консултация' })).toBeInTheDocument();
    expect(await screen.findByText('Изпратихме ви потвърждение по имейл.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus());

    expect(urls.some((url) => url.endsWith('/rpc/cancel_booking'))).toBe(true);
    expect(urls.filter((url) => url.includes(TOKEN))).toEqual([]);
  });

  it('moves to a free time, never offering its own, and replaces the address with the new link', async () => {
    const user = userEvent.setup({ delay: null });
    serveCalendar();
    const reads = serveRpc('booking_by_token', () => HttpResponse.json(booking()));
    const moved = booking({ starts_at: sofia(DAY, 10, 0), ends_at: sofia(DAY, 10, 30) });
    const moves = serveRpc('move_booking', () => HttpResponse.json({ token: NEW_TOKEN, booking: moved }));
    const router = renderAt(TOKEN);

    const { slots } = await openMoveOnDay(user);
    expect(screen.getByRole('button', { name: 'Премести' })).toHaveAttribute('aria-expanded', 'true');
    // 09:00 is the booking's own time, though nobody else holds it
    expect(within(slots).getAllByRole('button').map((b) => b.textContent)).toEqual(['09:30', '10:00', '10:30']);
    const confirm = screen.getByRole('button', { name: 'Премести консултацията' });
    expect(confirm).toBeDisabled();
    await user.click(within(slots).getByRole('button', { name: '10:00' }));
    expect(screen.getByText(/, 10:00 ч\. \(българско време\)$/)).toBeInTheDocument();
    await user.click(confirm);

    await waitFor(() => expect(router.state.location.pathname).toBe(`/booking/${NEW_TOKEN}`));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(moves).toEqual([{ token: TOKEN, new_start: sofia(DAY, 10, 0) }]);
    expect(await screen.findByText(/, 10:00–10:30 ч\.$/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Изберете нов ден и час' })).not.toBeInTheDocument();
    expect(await screen.findByText('Консултацията е преместена')).toBeInTheDocument();
    // the move's answer is the booking: the new link is not read again
    expect(reads).toEqual([{ token: TOKEN }]);
  });

  it('shows the link to meet by, opening apart from the page, and says that a move keeps it', async () => {
    const url = 'https://meet.jit.si/Konsultaciya-0123456789abcdef0123456789abcdef';
    serveRpc('booking_by_token', () => HttpResponse.json(booking({ meeting_url: url })));
    renderAt(TOKEN);

    const facts = await screen.findByRole('region', { name: 'Среща' });
    const link = await within(facts).findByRole('link', { name: 'Връзка за срещата' });
    expect(link).toHaveAttribute('href', url);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(facts).getByText('Връзката остава същата и ако срещата бъде преместена.')).toBeInTheDocument();
  });

  it.each([
    ['a cancelled booking (null)', { status: 'cancelled', can_change: false, meeting_url: null }, 'Отменена'],
    ['an address that is not https', { meeting_url: 'javascript:alert(1)' }, 'Очаква потвърждение'],
  ])('shows no meeting link for %s', async (_, extra, status) => {
    serveRpc('booking_by_token', () => HttpResponse.json(booking(extra)));
    renderAt(TOKEN);
    expect(await screen.findByText(status)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Връзка за срещата' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Връзката остава същата/)).not.toBeInTheDocument();
  });

  it('a booking marked as a no-show is shown as over, offering a new consultation instead of a move or a cancel', async () => {
    serveRpc('booking_by_token', () => HttpResponse.json(booking({ status: 'no_show', can_change: false })));
    renderAt(TOKEN);
    expect(await screen.findByText('Пропусната')).toBeInTheDocument();
    expect(screen.getByText('Срещата вече е минала. Ако желаете, запазете нова консултация в удобен за вас час.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Запазете нова консултация' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Премести' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Откажи консултацията' })).not.toBeInTheDocument();
  });

  it('a status it does not know shows no badge and offers no change, even if the answer says it may', async () => {
    serveRpc('booking_by_token', () => HttpResponse.json(booking({ status: 'archived', can_change: true })));
    renderAt(TOKEN);
    expect(await screen.findByText(/^Срещата вече е минала\./)).toBeInTheDocument();
    expect(screen.queryByText('Статус')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Премести' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Откажи консултацията' })).not.toBeInTheDocument();
  });

  it("a move refused because bookings wait for the consultant's calendar says so, and the calendar then offers no times", async () => {
    const user = userEvent.setup({ delay: null });
    // not paused when the move opened; paused when asked again after the refusal
    serveCalendar(false, true);
    serveRpc('booking_by_token', () => HttpResponse.json(booking()));
    const moves = serveRpc('move_booking', () => refusal('booking_paused'));
    const router = renderAt(TOKEN);

    const { panel, slots } = await openMoveOnDay(user);
    await user.click(within(slots).getByRole('button', { name: '10:00' }));
    await user.click(screen.getByRole('button', { name: 'Премести консултацията' }));

    const alert = await within(panel).findByRole('alert');
    expect(alert).toHaveTextContent('Записването е временно спряно');
    expect(alert).toHaveTextContent(
      'Календарът на консултанта се обновява и в момента не можем да преместим срещата. Опитайте отново след малко. Обадете ни се на +359 88 123 4567 или ни пишете на zdravei@sinaptika.example.',
    );
    expect(alert).not.toHaveTextContent(/Нещо се обърка/);
    expect(await within(panel).findByRole('heading', { name: 'Свободните часове се обновяват' })).toBeInTheDocument();
    expect(within(panel).queryByRole('list', { name: /Свободни часове за/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Премести консултацията' })).toBeDisabled();
    expect(moves).toHaveLength(1);
    expect(router.state.location.pathname).toBe(`/booking/${TOKEN}`);
  });

  it('says how many more times the booking may be moved, beside the move button', async () => {
    serveRpc('booking_by_token', () => HttpResponse.json(booking({ moves_left: 2 })));
    renderAt(TOKEN);
    const move = await screen.findByRole('button', { name: 'Премести' });
    expect(screen.getByText('Можете да преместите срещата още 2 пъти.')).toBeInTheDocument();
    expect(move).toHaveAccessibleDescription('Можете да преместите срещата още 2 пъти.');
  });

  it('says it in the singular for the last move', async () => {
    serveRpc('booking_by_token', () => HttpResponse.json(booking({ moves_left: 1 })));
    renderAt(TOKEN);
    expect(await screen.findByRole('button', { name: 'Премести' })).toHaveAccessibleDescription('Можете да преместите срещата още 1 път.');
  });

  it('a booking moved as often as the link allows is not offered a move, says why with the phone and e-mail, and may still be cancelled', async () => {
    serveRpc('booking_by_token', () => HttpResponse.json(booking({ moves_left: 0 })));
    renderAt(TOKEN);

    expect(await screen.findByRole('button', { name: 'Откажи консултацията' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Премести' })).not.toBeInTheDocument();
    expect(screen.getByText(/^Можете да откажете срещата до .*, 21:00 ч\. \(българско време\)\.$/)).toBeInTheDocument();
    expect(
      screen.getByText(
        'Срещата вече е преместена толкова пъти, колкото позволява връзката, затова не може да се премести отново през сайта. Обадете ни се на +359 88 123 4567 или ни пишете на zdravei@sinaptika.example.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Можете да преместите/)).not.toBeInTheDocument();
  });

  it('a move refused as one too many ends the move, says so with the phone and e-mail, and offers no move again', async () => {
    const user = userEvent.setup({ delay: null });
    serveCalendar();
    const reads = serveRpc('booking_by_token', () => HttpResponse.json(booking({ moves_left: 1 })), () => HttpResponse.json(booking({ moves_left: 0 })));
    serveRpc('move_booking', () => refusal('booking_move_limit'));
    const router = renderAt(TOKEN);

    const { slots } = await openMoveOnDay(user);
    await user.click(within(slots).getByRole('button', { name: '10:00' }));
    await user.click(screen.getByRole('button', { name: 'Премести консултацията' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Срещата не може да се премести отново');
    expect(alert).toHaveTextContent(
      'Срещата вече е преместена толкова пъти, колкото позволява връзката. Обадете ни се на +359 88 123 4567 или ни пишете на zdravei@sinaptika.example.',
    );
    expect(screen.queryByRole('region', { name: 'Изберете нов ден и час' })).not.toBeInTheDocument();
    // read again: the page now says why there is no move, and the booking may still be cancelled
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Премести' })).not.toBeInTheDocument());
    expect(reads).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Откажи консултацията' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/booking/${TOKEN}`);
  });

  it('a confirmed booking, once moved, shows that it waits for the consultant again, with one move fewer', async () => {
    const user = userEvent.setup({ delay: null });
    serveCalendar();
    serveRpc('booking_by_token', () => HttpResponse.json(booking({ status: 'confirmed', moves_left: 3 })));
    const moved = booking({ status: 'pending', starts_at: sofia(DAY, 10, 0), ends_at: sofia(DAY, 10, 30), moves_left: 2 });
    serveRpc('move_booking', () => HttpResponse.json({ token: NEW_TOKEN, booking: moved }));
    const router = renderAt(TOKEN);

    expect(await screen.findByText('Потвърдена')).toBeInTheDocument();
    const { slots } = await openMoveOnDay(user);
    // the panel says beforehand what a move does to a confirmed booking
    expect(screen.getByText('След преместването срещата отново ще очаква потвърждение от консултанта.')).toBeInTheDocument();
    await user.click(within(slots).getByRole('button', { name: '10:00' }));
    await user.click(screen.getByRole('button', { name: 'Премести консултацията' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/booking/${NEW_TOKEN}`));
    const facts = screen.getByRole('region', { name: 'Среща' });
    expect(await within(facts).findByText('Очаква потвърждение')).toBeInTheDocument();
    expect(within(facts).queryByText('Потвърдена')).not.toBeInTheDocument();
    expect(within(facts).getByText(/, 10:00–10:30 ч\.$/)).toBeInTheDocument();
    expect(await screen.findByText('Изпратихме ви имейл с новия час и нова връзка. Срещата очаква потвърждение от консултанта.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Премести' })).toHaveAccessibleDescription('Можете да преместите срещата още 2 пъти.');
  });

  it('a time taken meanwhile (409) is explained and hidden, and the chosen day stays', async () => {
    const user = userEvent.setup({ delay: null });
    serveCalendar();
    serveRpc('booking_by_token', () => HttpResponse.json(booking()));
    serveRpc('move_booking', () =>
      HttpResponse.json({ code: '23505', message: 'duplicate key value', details: null, hint: null }, { status: 409 }),
    );
    const router = renderAt(TOKEN);

    const { panel, slots } = await openMoveOnDay(user);
    await user.click(within(slots).getByRole('button', { name: '10:00' }));
    await user.click(screen.getByRole('button', { name: 'Премести консултацията' }));

    const alert = await within(panel).findByRole('alert');
    expect(alert).toHaveTextContent('Този час вече е зает');
    expect(alert).toHaveTextContent('Някой току-що запази избрания от вас час. Моля, изберете друг свободен час.');
    const again = within(panel).getByRole('list', { name: /Свободни часове за/ });
    expect(within(again).getAllByRole('button').map((b) => b.textContent)).toEqual(['09:30', '10:30']);
    expect(screen.getByRole('button', { name: 'Премести консултацията' })).toBeDisabled();
    expect(router.state.location.pathname).toBe(`/booking/${TOKEN}`);
  });

  it('a time the calendar no longer offers is explained and the chosen day stays', async () => {
    const user = userEvent.setup({ delay: null });
    serveCalendar();
    serveRpc('booking_by_token', () => HttpResponse.json(booking()));
    serveRpc('move_booking', () => refusal('booking_too_soon'));
    renderAt(TOKEN);

    const { panel, slots } = await openMoveOnDay(user);
    await user.click(within(slots).getByRole('button', { name: '10:30' }));
    await user.click(screen.getByRole('button', { name: 'Премести консултацията' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Избраният час вече е твърде близо');
    expect(within(panel).getByRole('list', { name: /Свободни часове за/ })).toBeInTheDocument();
    expect(within(panel).getByRole('table').querySelector(`[data-day="${DAY}"]`)).toHaveAttribute('aria-pressed', 'true');
  });

  it('past the cut-off the refusal is explained, the buttons go and the phone and e-mail are offered', async () => {
    const user = userEvent.setup({ delay: null });
    serveRpc('booking_by_token', () => HttpResponse.json(booking()), () => HttpResponse.json(booking({ can_change: false })));
    serveRpc('cancel_booking', () => refusal('booking_change_too_late'));
    renderAt(TOKEN);

    await user.click(await screen.findByRole('button', { name: 'Откажи консултацията' }));
    await user.click(screen.getByRole('button', { name: 'Да, откажи консултацията' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Вече е късно за промяна през сайта');
    expect(alert).toHaveTextContent('до 12 часа преди началото ѝ');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Откажи консултацията' })).not.toBeInTheDocument());
    expect(screen.getByText('Очаква потвърждение')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Телефон: +359 88 123 4567' })).toHaveAttribute('href', 'tel:+359881234567');
  });

  it('when changes are no longer possible online, offers the phone and e-mail instead of the buttons', async () => {
    serveRpc('booking_by_token', () => HttpResponse.json(booking({ status: 'confirmed', can_change: false })));
    renderAt(TOKEN);

    expect(await screen.findByText(/^Срещата вече не може да се премести или откаже през сайта/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Премести' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Откажи консултацията' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Телефон: +359 88 123 4567' })).toHaveAttribute('href', 'tel:+359881234567');
    expect(screen.getByRole('link', { name: 'Имейл: zdravei@sinaptika.example' })).toHaveAttribute('href', 'mailto:zdravei@sinaptika.example');
  });

  it.each([
    ['booking_link_replaced', 'Връзката е заменена', 'След този имейл ви изпратихме по-нов за същата консултация. Работи само връзката от най-новия имейл.'],
    ['booking_link_expired', 'Връзката е изтекла', /^Срещата вече е минала/],
    ['booking_link_unknown', 'Връзката не е валидна', /^Не открихме резервация с тази връзка/],
  ])('a refused link (%s) is a page of its own, with a new booking and the contacts', async (hint, title, text) => {
    serveRpc('booking_by_token', () => refusal(hint));
    renderAt(TOKEN);

    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(title);
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Запазете нова консултация' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Към началната страница' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Имейл: zdravei@sinaptika.example' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Премести' })).not.toBeInTheDocument();
  });

  it('a link that cannot be a token is not asked about', async () => {
    const urls = recordUrls();
    renderAt('not-a-token');
    expect(await screen.findByRole('heading', { level: 1, name: 'Връзката не е валидна' })).toBeInTheDocument();
    expect(urls.filter((url) => url.includes('/rpc/'))).toEqual([]);
  });

  it('shows the loading state, and a failed read offers to try again', async () => {
    const user = userEvent.setup({ delay: null });
    serveRpc('booking_by_token', () => HttpResponse.json({ message: 'upstream down' }, { status: 503 }), () => HttpResponse.json(booking()));
    renderAt(TOKEN);

    expect(await screen.findByRole('status', { name: 'Зареждане...' })).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('Не успяхме да заредим резервацията.');
    await user.click(screen.getByRole('button', { name: 'Опитайте отново' }));
    expect(await screen.findByText('Очаква потвърждение')).toBeInTheDocument();
  });

  it('names every refusal of the database in Bulgarian', () => {
    const titles: Record<string, string> = {
      booking_change_too_late: 'Вече е късно за промяна през сайта',
      booking_already_cancelled: 'Консултацията вече е отменена',
      booking_move_cancelled: 'Отменена консултация не може да се премести',
      booking_move_limit: 'Срещата не може да се премести отново',
      booking_same_slot: 'Консултацията вече е в този час',
      booking_closed: 'Онлайн записването е спряно',
      booking_no_calendar: 'Онлайн записването е спряно',
      booking_paused: 'Записването е временно спряно',
      booking_day_off: 'Този ден вече е почивен',
      booking_too_soon: 'Избраният час вече е твърде близо',
      booking_past: 'Избраният час вече е твърде близо',
      booking_too_far: 'Тази дата вече е извън календара',
      booking_not_working_day: 'Този час вече не се предлага',
      booking_outside_hours: 'Този час вече не се предлага',
      booking_off_grid: 'Този час вече не се предлага',
    };
    for (const [hint, title] of Object.entries(titles)) {
      const error = manageErrorOf({ code: 'P0001', message: 'refused', hint });
      expect(error, hint).toBeInstanceOf(BookingChangeError);
      expect(refusalText((error as BookingChangeError).kind, 12).title, hint).toBe(title);
    }
    expect((manageErrorOf({ code: '23505', message: 'duplicate', hint: null }) as BookingChangeError).kind).toBe('taken');
    expect((manageErrorOf({ code: 'P0001', hint: 'booking_link_replaced' }) as BookingLinkError).kind).toBe('replaced');
    const other = { code: '08000', message: 'connection' };
    expect(manageErrorOf(other)).toBe(other);
  });
});
