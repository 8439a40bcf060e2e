// The bookings tab's parts of issue 40: the meeting link of a booking, 'Не се яви' after a
// confirmed meeting has ended (and taking it back), the status filter and this month's no-shows.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { BookingsTab } from '@/admin/inbox/BookingsTab';
import type { Booking } from '@/admin/inbox/types';
import { currentAddress, renderAdmin } from './admin-fixtures';
import { bookingRow, listAnswer } from './inbox-fixtures';
import { rest, server } from './msw';

const toasts = () => screen.getByRole('region', { name: /Известия/ });
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** The consultant's zone, the two lists (upcoming: preferred_date=gte.…, past: lt.…) and the no-show count. */
function serve(rows: { upcoming?: Booking[]; past?: Booking[] }, { zone = 'Europe/Sofia', noShows = 0 } = {}) {
  const lists: URL[] = [];
  const counts: URL[] = [];
  const patches: { id: string | null; body: unknown }[] = [];
  server.use(
    http.get(rest('calendar_settings'), () => HttpResponse.json({ id: 'cal-1', time_zone: zone, working_hours: { start: '09:00', end: '17:00' }, updated_at: '2026-01-01T10:00:00.000Z' })),
    http.get(rest('appointments'), ({ request }) => {
      const url = new URL(request.url);
      lists.push(url);
      const list = (url.searchParams.get('preferred_date') ?? '').startsWith('gte.') ? (rows.upcoming ?? []) : (rows.past ?? []);
      return listAnswer(list, list.length);
    }),
    http.head(rest('appointments'), ({ request }) => {
      counts.push(new URL(request.url));
      return new HttpResponse(null, { headers: { 'content-range': `*/${noShows}` } });
    }),
    http.patch(rest('appointments'), async ({ request }) => {
      patches.push({ id: new URL(request.url).searchParams.get('id'), body: await request.json() });
      return HttpResponse.json([{ id: 'b-1' }]);
    }),
  );
  return { lists, counts, patches };
}

describe('a booking’s meeting link', () => {
  it('is a link in the booking’s details that opens in a new tab', async () => {
    serve({ upcoming: [bookingRow({ meeting_url: 'https://meet.jit.si/Konsultaciya-0123abcd' })] });
    renderAdmin(<BookingsTab />);
    const card = await screen.findByRole('article', { name: 'Петър Георгиев' });
    const link = within(card).getByRole('link', { name: /^https:\/\/meet\.jit\.si\/Konsultaciya-0123abcd/ });
    expect(link).toHaveAttribute('href', 'https://meet.jit.si/Konsultaciya-0123abcd');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(within(card).getByText('Връзка за срещата')).toBeInTheDocument();
  });
});

describe('Не се яви', () => {
  it('is offered only once a confirmed meeting has ended, and marks it without an e-mail', async () => {
    const { patches } = serve({
      upcoming: [bookingRow({ id: 'b-0', client_name: 'Утрешен', status: 'confirmed', preferred_date: new Date(Date.now() + 86_400_000).toISOString() })],
      past: [
        bookingRow({ id: 'b-1', client_name: 'Свършила', status: 'confirmed', preferred_date: minutesAgo(31) }),
        bookingRow({ id: 'b-2', client_name: 'Още тече', status: 'confirmed', preferred_date: minutesAgo(20) }),
        bookingRow({ id: 'b-3', client_name: 'Непотвърдена', status: 'pending', preferred_date: minutesAgo(120) }),
      ],
    });
    renderAdmin(<BookingsTab />);
    const user = userEvent.setup({ delay: null });
    const ended = await screen.findByRole('article', { name: 'Свършила' });
    expect(within(screen.getByRole('article', { name: 'Утрешен' })).queryByRole('button', { name: /Не се яви/ })).toBeNull();
    expect(within(screen.getByRole('article', { name: 'Още тече' })).queryByRole('button', { name: /Не се яви/ })).toBeNull();
    expect(within(screen.getByRole('article', { name: 'Непотвърдена' })).queryByRole('button', { name: /Не се яви/ })).toBeNull();

    await user.click(within(ended).getByRole('button', { name: 'Не се яви – Свършила' }));
    await waitFor(() => expect(patches).toEqual([{ id: 'eq.b-1', body: { status: 'no_show' } }]));
    expect(await within(toasts()).findByText('Отбелязано: клиентът не се яви')).toBeInTheDocument();
    expect(within(toasts()).getByText(/Клиентът не получава имейл за това\.$/)).toBeInTheDocument();
  });

  it('shows the status, and takes it back to confirmed', async () => {
    const { patches } = serve({ past: [bookingRow({ status: 'no_show', preferred_date: minutesAgo(600) })] });
    renderAdmin(<BookingsTab />);
    const user = userEvent.setup({ delay: null });
    const card = await screen.findByRole('article', { name: 'Петър Георгиев' });
    expect(within(card).getByText('Не се яви')).toBeInTheDocument();
    // a no-show is neither confirmed nor cancelled again from here
    expect(within(card).queryByRole('button', { name: /^Потвърди|^Откажи|^Не се яви/ })).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Все пак се яви – Петър Георгиев' }));
    await waitFor(() => expect(patches).toEqual([{ id: 'eq.b-1', body: { status: 'confirmed' } }]));
    expect(await within(toasts()).findByText('Срещата отново е потвърдена')).toBeInTheDocument();
  });

  it("shows the database's refusal of an early no-show", async () => {
    serve({ past: [bookingRow({ status: 'confirmed', preferred_date: minutesAgo(45) })] });
    server.use(
      http.patch(rest('appointments'), () =>
        HttpResponse.json(
          { code: '23514', message: 'Срещата още не е свършила: „Не се яви“ се отбелязва след края ѝ.', details: null, hint: 'booking_no_show_early' },
          { status: 400 },
        ),
      ),
    );
    renderAdmin(<BookingsTab />);
    await userEvent.setup({ delay: null }).click(await screen.findByRole('button', { name: /^Не се яви/ }));
    expect(await within(toasts()).findByText('Срещата още не е свършила: „Не се яви“ се отбелязва след края ѝ.')).toBeInTheDocument();
  });
});

describe('the status filter and this month’s no-shows', () => {
  it('counts this month’s no-shows on the consultant’s clock in one request', async () => {
    const { counts } = serve({}, { zone: 'Asia/Tokyo', noShows: 3 });
    renderAdmin(<BookingsTab />);
    expect(await screen.findByText(/^Неявили се този месец:/)).toHaveTextContent('Неявили се този месец: 3');
    expect(counts).toHaveLength(1);
    const params = counts[0].searchParams;
    expect(params.get('status')).toBe('eq.no_show');
    expect(params.get('select')).toBe('id');
    const [from, to] = params.getAll('preferred_date');
    expect(from).toMatch(/^gte\./);
    expect(to).toMatch(/^lt\./);
    // midnight of the month's first day and of the next month's, in Tokyo
    const tokyo = (iso: string) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
    const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(new Date()).split('-').map(Number);
    const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
    expect(tokyo(from.slice(4))).toBe(`${year}-${String(month).padStart(2, '0')}-01, 00:00`);
    expect(tokyo(to.slice(3))).toBe(`${next}-01, 00:00`);
  });

  it('offers „Не се яви“ among the statuses; choosing it narrows both lists and starts them at their first page', async () => {
    const { lists } = serve({});
    // 100 bookings in all, so the pages in the address exist; one no-show
    server.use(
      http.get(rest('appointments'), ({ request }) => {
        const url = new URL(request.url);
        lists.push(url);
        const offset = Number(url.searchParams.get('offset') ?? '0');
        if (url.searchParams.get('status') === 'eq.no_show') {
          const past = (url.searchParams.get('preferred_date') ?? '').startsWith('lt.');
          return listAnswer(past ? [bookingRow({ status: 'no_show', preferred_date: minutesAgo(600) })] : [], past ? 1 : 0);
        }
        return listAnswer([bookingRow({ id: `b-${offset}`, status: 'confirmed' })], 100, offset);
      }),
    );
    renderAdmin(<BookingsTab />, { path: '/blog-admin/bookings?past.page=2&upcoming.page=3' });
    const user = userEvent.setup({ delay: null });
    const filter = await screen.findByRole('combobox', { name: 'Статус' });
    expect(within(filter).getAllByRole('option').map((o) => o.textContent)).toEqual(['Всички', 'Чакат потвърждение', 'Потвърдени', 'Отказани', 'Не се яви']);
    await screen.findAllByRole('list', { name: /резервации$/ });
    expect(lists.map((url) => url.searchParams.get('status'))).toEqual([null, null]);
    expect(lists.map((url) => url.searchParams.get('offset')).sort()).toEqual(['20', '40']);

    await user.selectOptions(filter, 'no_show');
    expect(await screen.findByText('Няма предстоящи резервации със статус „Не се яви“.')).toBeInTheDocument();
    expect(currentAddress()).toBe('/blog-admin/bookings?bookings.status=no_show');
    const narrowed = lists.filter((url) => url.searchParams.get('status') === 'eq.no_show');
    expect(narrowed.map((url) => url.searchParams.get('preferred_date')!.split('.')[0]).sort()).toEqual(['gte', 'lt']);
    for (const url of narrowed) expect(url.searchParams.get('offset') ?? '0').toBe('0');
    expect(within(await screen.findByRole('list', { name: 'Минали резервации' })).getByText('Не се яви')).toBeInTheDocument();

    await user.selectOptions(filter, '');
    await waitFor(() => expect(currentAddress()).toBe('/blog-admin/bookings'));
  });
});
