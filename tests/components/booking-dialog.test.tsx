import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import BookingDialog from '@/features/booking/BookingDialog';
import { recordWebhook, renderWithProviders, resetToasts } from './contact-fixtures';
import { rest, server } from './msw';

// The toast region sits outside the modal dialog, which hides the rest of the page from the
// accessibility tree (Radix announces toasts through a live region of its own), hence hidden: true.

type Row = Record<string, unknown>;

const SETTINGS = {
  id: 'c0000000-0000-4000-8000-000000000001',
  consultant_name: 'Мария Иванова',
  photo_url: '/demo/consultant.svg',
  working_hours: { start: '09:00', end: '11:00', days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] },
  is_active: true,
};

function serveSettings(settings: typeof SETTINGS | null) {
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
  const grid = screen.getByRole('table');
  const day = within(grid)
    .getAllByRole('button')
    .find((b) => !(b as HTMLButtonElement).disabled)!;
  await user.click(day);
  return new Date(day.getAttribute('data-day')! + 'T00:00:00');
}

const localInstant = (day: Date, h: number, m: number) =>
  new Date(day.getFullYear(), day.getMonth(), day.getDate(), h, m).toISOString();

describe('booking dialog', () => {
  afterEach(() => {
    resetToasts();
    vi.restoreAllMocks();
  });

  it('offers free slots of the chosen day, then books it as pending and notifies the chat', async () => {
    const user = userEvent.setup({ delay: null });
    serveSettings(SETTINGS);
    // 10:00 of any day is already booked by someone else
    const calls = serveTaken((dayStart) => [localInstant(dayStart, 10, 0)]);
    const rows = recordAppointments(() => new HttpResponse(null, { status: 201 }));
    const webhook = recordWebhook();
    const onOpenChange = vi.fn();
    renderWithProviders(<BookingDialog open onOpenChange={onOpenChange} />);

    expect(await screen.findByText('Мария Иванова')).toBeInTheDocument();
    // days before today cannot be chosen; weekends neither
    const todayGrid = screen.getByRole('table');
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
    expect(new Date(calls[0].range_start).getTime()).toBe(day.getTime());
    expect(new Date(calls[0].range_end).getTime()).toBe(new Date(day.getFullYear(), day.getMonth(), day.getDate() + 1).getTime());

    await user.click(within(slots).getByRole('button', { name: '09:30' }));
    await user.click(screen.getByRole('button', { name: 'Продължи' }));

    const submit = screen.getByRole('button', { name: 'Потвърдете резервацията' });
    expect(submit).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Име' }), 'Петър Колев');
    expect(submit).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Имейл' }), 'petar@example.com');
    expect(submit).toBeEnabled();
    await user.type(screen.getByRole('textbox', { name: 'Телефон' }), '0899 111 222');
    await user.click(submit);

    const region = await screen.findByRole('region', { name: /Известия/, hidden: true });
    expect(await within(region).findByText('Вашата резервация е изпратена. Ще се свържем с вас скоро.')).toBeInTheDocument();
    expect(rows).toEqual([
      {
        client_name: 'Петър Колев',
        client_email: 'petar@example.com',
        client_phone: '+359 899 111 222',
        company_name: '',
        preferred_date: localInstant(day, 9, 30),
        message: '',
        status: 'pending',
      },
    ]);
    await waitFor(() => expect(webhook).toHaveLength(1));
    expect(JSON.stringify(webhook[0])).toContain('Петър Колев');
    expect(onOpenChange).toHaveBeenCalledWith(false);
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
    const webhook = recordWebhook();
    renderWithProviders(<BookingDialog open onOpenChange={() => {}} />);

    await pickFutureDay(user);
    const slots = await screen.findByRole('list', { name: /Свободни часове за/ });
    await user.click(within(slots).getByRole('button', { name: '10:00' }));
    await user.click(screen.getByRole('button', { name: 'Продължи' }));
    await user.type(screen.getByRole('textbox', { name: 'Име' }), 'Петър Колев');
    await user.type(screen.getByRole('textbox', { name: 'Имейл' }), 'petar@example.com');
    await user.click(screen.getByRole('button', { name: 'Потвърдете резервацията' }));

    const region = await screen.findByRole('region', { name: /Известия/, hidden: true });
    expect(await within(region).findByText('Този час вече е зает')).toBeInTheDocument();
    expect(rows).toHaveLength(1);
    expect(webhook).toHaveLength(0);
    const again = await screen.findByRole('list', { name: /Свободни часове за/ });
    expect(within(again).queryByRole('button', { name: '10:00' })).not.toBeInTheDocument();
    expect(within(again).getByRole('button', { name: '09:00' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Продължи' })).not.toBeInTheDocument();

    await user.click(within(again).getByRole('button', { name: '10:30' }));
    await user.click(screen.getByRole('button', { name: 'Продължи' }));
    expect(screen.getByRole('textbox', { name: 'Име' })).toHaveValue('Петър Колев');
    expect(screen.getByRole('textbox', { name: 'Имейл' })).toHaveValue('petar@example.com');
  }, 20_000);

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
