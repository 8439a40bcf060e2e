// What the visitor dialogs and the newsletter box report to the site's measurement (docs/insights.md),
// and when: the wizard opened, each step reached, the inquiry sent; the booking dialog opened, a day
// and a time chosen, the booking made; a sign-up. Read from the event bus the script would take over.
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import BookingDialog from '@/site/dialogs/booking/BookingDialog';
import InquiryDialog from '@/site/dialogs/inquiry/InquiryDialog';
import { InquiryWizard } from '@/site/dialogs/inquiry/InquiryWizard';
import { loadNewsletterForm, NewsletterBox } from '@/site/layout/NewsletterBox';
import { connectInsights, resetInsightsBus, type InsightName } from '@/site/runtime/insights-bus';
import { renderWithProviders } from './contact-fixtures';
import { rest, server } from './msw';

let events: InsightName[] = [];
beforeEach(() => {
  events = [];
  // what other files' dialogs left waiting in this worker's bus is theirs
  resetInsightsBus();
  connectInsights((event) => events.push(event.n));
});
afterEach(() => {
  resetInsightsBus();
  vi.restoreAllMocks();
});

// ---- the inquiry wizard --------------------------------------------------------------------------

let setInquiryOpen: (open: boolean) => void = () => {};
/** The dialog as the page hosts it: open, closed by the visitor, opened again. */
function InquiryHost() {
  const [open, setOpen] = useState(true);
  setInquiryOpen = setOpen;
  return <InquiryDialog open={open} onOpenChange={setOpen} />;
}

async function toContactStep(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: /Фитнес/ }));
  expect(screen.getByRole('heading', { name: 'Вашите данни за контакт' })).toBeInTheDocument();
}

/** Step 2 filled in, then 'Напред'. */
async function fillContact(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('textbox', { name: 'Компания' }));
  await user.paste('Фитнес Про');
  await user.click(screen.getByRole('textbox', { name: 'Име' }));
  await user.paste('Десислава Георгиева');
  await user.click(screen.getByRole('radio', { name: 'Имейл' }));
  await user.click(screen.getByRole('textbox', { name: 'Имейл' }));
  await user.paste('desi@fitnes.bg');
  await user.click(screen.getByRole('button', { name: 'Напред' }));
  expect(screen.getByRole('heading', { name: 'Разкажете ни повече' })).toBeInTheDocument();
}

async function toMessageStep(user: ReturnType<typeof userEvent.setup>) {
  await toContactStep(user);
  await fillContact(user);
}

describe('the inquiry wizard reports', () => {
  it('its opening, each step as it is reached and the inquiry once it is saved', async () => {
    const user = userEvent.setup({ delay: null });
    server.use(http.post(rest('contact_submissions'), () => new HttpResponse(null, { status: 201 })));
    renderWithProviders(<InquiryHost />);
    expect(events).toEqual(['wizard_open']);
    await toContactStep(user);
    expect(events).toEqual(['wizard_open', 'wizard_step_2']);
    await fillContact(user);
    expect(events).toEqual(['wizard_open', 'wizard_step_2', 'wizard_step_3']);
    // back and forth is not a step reached again
    await user.click(screen.getByRole('button', { name: 'Назад' }));
    await user.click(screen.getByRole('button', { name: 'Напред' }));
    expect(events).toEqual(['wizard_open', 'wizard_step_2', 'wizard_step_3']);

    await user.click(screen.getByRole('textbox', { name: 'Съобщение' }));
    await user.paste('Искаме AI тренировъчни планове.');
    await user.click(screen.getByRole('button', { name: 'Изпрати' }));
    const region = await screen.findByRole('region', { name: /Известия/, hidden: true });
    expect(await within(region).findByText('Успешно!')).toBeInTheDocument();
    expect(events).toEqual(['wizard_open', 'wizard_step_2', 'wizard_step_3', 'inquiry_sent']);
  }, 20_000);

  it('a visitor who gives up at step 2 reaches no further; opened again, it stands at step 2 again', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<InquiryHost />);
    await toContactStep(user);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => setInquiryOpen(true));
    expect(screen.getByRole('heading', { name: 'Вашите данни за контакт' })).toBeInTheDocument();
    expect(events).toEqual(['wizard_open', 'wizard_step_2', 'wizard_open', 'wizard_step_2']);
  });

  it('an inquiry the database refuses is not reported as sent', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup({ delay: null });
    server.use(http.post(rest('contact_submissions'), () => HttpResponse.json({ code: '23514', message: 'check', details: null, hint: null }, { status: 400 })));
    renderWithProviders(<InquiryWizard />);
    await toMessageStep(user);
    await user.click(screen.getByRole('textbox', { name: 'Съобщение' }));
    await user.paste('Здравейте');
    await user.click(screen.getByRole('button', { name: 'Изпрати' }));
    expect(await screen.findByText('Нещо се обърка. Моля, опитайте отново.')).toBeInTheDocument();
    expect(events).toEqual(['wizard_step_2', 'wizard_step_3']);
  });

  it('a draft restored at step 3 has reached step 2 as well', async () => {
    const user = userEvent.setup({ delay: null });
    const first = renderWithProviders(<InquiryWizard />);
    await toMessageStep(user);
    first.unmount();
    events = [];
    // the page's own memory keeps the draft: the wizard opens where it was left
    renderWithProviders(<InquiryWizard />);
    expect(screen.getByRole('heading', { name: 'Разкажете ни повече' })).toBeInTheDocument();
    expect(events).toEqual(['wizard_step_2', 'wizard_step_3']);
  });
});

// ---- the booking dialog --------------------------------------------------------------------------

const EVERY_DAY = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/** A consultant taking bookings every day from 09:00 to 11:00, nothing booked, no day off. */
function serveCalendar() {
  server.use(
    http.get(rest('calendar_settings'), () =>
      HttpResponse.json({
        id: 'c0000000-0000-4000-8000-000000000001',
        consultant_name: 'Мария Иванова',
        photo_url: null,
        working_hours: { start: '09:00', end: '11:00', days: EVERY_DAY },
        is_active: true,
        booking_horizon_days: 60,
        min_notice_minutes: 120,
      }),
    ),
    http.get(rest('calendar_days_off'), () => HttpResponse.json([])),
    http.post(rest('rpc/booking_paused'), () => HttpResponse.json(false)),
    http.post(rest('rpc/taken_slots'), () => HttpResponse.json([])),
    http.post(rest('appointments'), () => new HttpResponse(null, { status: 201 })),
  );
}

describe('the booking dialog reports', () => {
  const originalTz = process.env.TZ;
  beforeEach(() => {
    process.env.TZ = 'Europe/Sofia';
  });
  afterEach(() => {
    process.env.TZ = originalTz;
  });

  it('its opening, the day and the time chosen, and the booking once it is saved', async () => {
    const user = userEvent.setup({ delay: null });
    serveCalendar();
    renderWithProviders(<BookingDialog open onOpenChange={() => {}} />);
    expect(events).toEqual(['booking_open']);
    await user.click(await screen.findByRole('button', { name: 'Следващ месец' }));
    await user.click(screen.getByRole('table').querySelector<HTMLButtonElement>('button:not(:disabled)')!);
    expect(events).toEqual(['booking_open', 'booking_day']);
    const slots = await screen.findByRole('list', { name: /Свободни часове за/ });
    await user.click(within(slots).getByRole('button', { name: '09:30' }));
    expect(events).toEqual(['booking_open', 'booking_day', 'booking_time']);

    await user.click(screen.getByRole('button', { name: 'Продължи' }));
    await user.click(screen.getByRole('textbox', { name: 'Име' }));
    await user.paste('Петър Колев');
    await user.click(screen.getByRole('textbox', { name: 'Имейл' }));
    await user.paste('petar@example.com');
    await user.click(screen.getByRole('button', { name: 'Потвърдете резервацията' }));
    const region = await screen.findByRole('region', { name: /Известия/, hidden: true });
    expect(await within(region).findByText('Вашата резервация е изпратена. Ще се свържем с вас скоро.')).toBeInTheDocument();
    expect(events).toEqual(['booking_open', 'booking_day', 'booking_time', 'booking_made']);
  }, 20_000);

  it('nothing while it stays closed', () => {
    serveCalendar();
    renderWithProviders(<BookingDialog open={false} onOpenChange={() => {}} />);
    expect(events).toEqual([]);
  });
});

// ---- the newsletter box --------------------------------------------------------------------------

describe("the footer's newsletter box reports", () => {
  beforeAll(() => Promise.all([loadNewsletterForm(), import('@/shared/db/public-db').then((m) => m.getPublicDb())]), 60_000);

  async function signUp(answer: Response) {
    server.use(http.post(rest('rpc/subscribe_newsletter'), () => answer));
    render(<NewsletterBox />);
    const field = screen.getByRole('textbox', { name: 'Имейл за бюлетина' });
    fireEvent.change(field, { target: { value: 'ivan@example.com' } });
    fireEvent.submit(field.closest('form')!);
    await act(async () => {
      await loadNewsletterForm();
    });
  }

  it('a sign-up once the database took it', async () => {
    await signUp(new HttpResponse(null, { status: 204 }));
    expect(await screen.findByRole('button', { name: 'Готово!' })).toBeInTheDocument();
    expect(events).toEqual(['newsletter_signup']);
  });

  it('no sign-up when it was refused', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await signUp(HttpResponse.json({ code: 'XX000', message: 'down', details: null, hint: null }, { status: 500 }));
    expect(await screen.findByRole('button', { name: 'Абонирайте се' })).toBeEnabled();
    await vi.waitFor(() => expect(screen.getByRole('textbox', { name: 'Имейл за бюлетина' })).toHaveAttribute('aria-invalid', 'true'));
    expect(events).toEqual([]);
  });
});
