import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ContactPage } from '@/admin/contacts/ContactPage';
import type { Contact } from '@/admin/contacts/api';
import { LeadBoard } from '@/admin/inbox/LeadBoard';
import { renderAdmin, resetToasts } from './admin-fixtures';
import { inquiryRow } from './inbox-fixtures';
import { rest, server } from './msw';

// A person's page (timeline, notes, merge, erasure) and the board of stages, against MSW answers
// shaped as the database's (tests/backend/leads.ts proves the database's side).

afterEach(() => resetToasts());
// no calendar settings stored: the consultant's clock is Sofia's, the default
beforeEach(() => server.use(http.get(rest('calendar_settings'), () => HttpResponse.json([]))));

const CONTACT: Contact = {
  id: 'c-1',
  name: 'Петър Петров',
  email: 'petar@example.com',
  phone: '+359888123456',
  created_at: '2026-11-20T08:00:00.000Z',
  updated_at: '2026-11-25T08:00:00.000Z',
  last_seen_at: '2026-11-25T08:00:00.000Z',
};

function timeline(notes: { id: string; body: string; author_name: string; created_at: string }[] = []) {
  return {
    contact: CONTACT,
    inquiries: [{ ...inquiryRow({ id: 'i-1', status: 'proposal', message: 'Искаме CRM.' }), created_at: '2026-11-20T08:00:00.000Z' }],
    bookings: [{ id: 'b-1', status: 'confirmed', preferred_date: '2026-12-02T10:00:00.000Z', created_at: '2026-11-25T08:00:00.000Z', message: '' }],
    events: [{ id: 1, inquiry_id: 'i-1', kind: 'stage', detail: { from: 'new', to: 'proposal', reason: null }, actor: 'Мария Иванова', created_at: '2026-11-21T09:00:00.000Z' }],
    mails: [{ id: 7, purpose: 'inquiry_received', subject: 'Получихме запитването ви — Синаптика', recipient: 'petar@example.com', status: 'sent', created_at: '2026-11-20T08:00:05.000Z', sent_at: '2026-11-20T08:00:06.000Z' }],
    notes: notes.map((n) => ({ ...n, contact_id: 'c-1', inquiry_id: null, author_id: 'u-1' })),
  };
}

describe('a contact’s page', () => {
  it('shows the person’s timeline newest first: booking, stage change, e-mail, inquiry', async () => {
    server.use(http.post(rest('rpc/contact_timeline'), () => HttpResponse.json(timeline())));
    renderAdmin(<ContactPage contact={CONTACT} onDone={() => {}} />);
    const history = await screen.findByRole('list', { name: 'История: Петър Петров' });
    await waitFor(() => expect(within(history).getAllByRole('listitem')).toHaveLength(4));
    const titles = within(history)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('p')?.textContent);
    expect(titles[0]).toMatch(/^Резервация за 02\.12\.2026 г\., 12:00 ч\. \(потвърдена\)$/);
    expect(titles[1]).toBe('Етап: Нова → Оферта (Мария Иванова)');
    expect(titles[2]).toBe('Имейл: Получихме запитването ви — Синаптика');
    expect(titles[3]).toBe('Запитване (Оферта)');
    expect(screen.getByRole('heading', { level: 2, name: 'Петър Петров' })).toBeInTheDocument();
  });

  it('adds a note, and shows the database’s refusal of a note too long in its words', async () => {
    const notes: { id: string; body: string; author_name: string; created_at: string }[] = [];
    const sent: unknown[] = [];
    server.use(
      http.post(rest('rpc/contact_timeline'), () => HttpResponse.json(timeline(notes))),
      http.post(rest('lead_notes'), async ({ request }) => {
        const body = (await request.json()) as { body: string };
        sent.push(body);
        if (body.body.length > 2000) {
          return HttpResponse.json({ code: '23514', message: 'Бележката е твърде дълга: до 2000 знака.', details: null, hint: 'note_too_long' }, { status: 400 });
        }
        notes.push({ id: 'n-1', body: body.body, author_name: 'Мария Иванова', created_at: new Date().toISOString() });
        return HttpResponse.json([{ id: 'n-1' }], { status: 201 });
      }),
    );
    renderAdmin(<ContactPage contact={CONTACT} onDone={() => {}} />);
    const user = userEvent.setup({ delay: null });
    const field = await screen.findByLabelText('Нова бележка');
    await user.click(field);
    await user.paste('б'.repeat(2001));
    await user.click(screen.getByRole('button', { name: 'Добави бележката' }));
    expect(await screen.findByText('Бележката е твърде дълга: до 2000 знака.')).toBeInTheDocument();
    expect(field).toHaveValue('б'.repeat(2001));

    await user.clear(field);
    await user.type(field, 'Обадих се, иска демо.');
    await user.click(screen.getByRole('button', { name: 'Добави бележката' }));
    const history = await screen.findByRole('list', { name: 'История: Петър Петров' });
    expect(await within(history).findByText('Обадих се, иска демо.')).toBeInTheDocument();
    expect(within(history).getByText('Бележка (Мария Иванова)')).toBeInTheDocument();
    expect(sent.at(-1)).toEqual({ contact_id: 'c-1', inquiry_id: null, body: 'Обадих се, иска демо.' });
    expect(field).toHaveValue('');
  });

  it('merges another contact only after the question, and erases only after its own', async () => {
    const merges: unknown[] = [];
    const erasures: unknown[] = [];
    server.use(
      http.post(rest('rpc/contact_timeline'), () => HttpResponse.json(timeline())),
      http.get(rest('contacts'), () =>
        HttpResponse.json([CONTACT, { ...CONTACT, id: 'c-2', name: 'Петър П.', email: 'petar.p@firma.bg' }], { headers: { 'Content-Range': '0-1/2' } }),
      ),
      http.post(rest('rpc/merge_contacts'), async ({ request }) => {
        merges.push(await request.json());
        return new HttpResponse(null, { status: 204 });
      }),
      http.post(rest('rpc/erase_contact'), async ({ request }) => {
        erasures.push(await request.json());
        return HttpResponse.json({ inquiries: 1, bookings: 1, notes: 0, mails: 1 });
      }),
    );
    let done = 0;
    renderAdmin(<ContactPage contact={CONTACT} onDone={() => (done += 1)} />);
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByRole('textbox', { name: 'Търсене на контакт' }), 'Петър');
    await user.click(screen.getByRole('button', { name: 'Търси' }));
    const found = await screen.findByRole('list', { name: 'Намерени контакти' });
    // the contact itself is not offered
    expect(within(found).getAllByRole('listitem')).toHaveLength(1);
    await user.click(within(found).getByRole('button', { name: /Обедини/ }));
    const question = await screen.findByRole('alertdialog');
    expect(question).toHaveTextContent('Да обединим ли „Петър П.“ с този контакт?');
    await user.click(within(question).getByRole('button', { name: 'Отказ' }));
    expect(merges).toEqual([]);
    await user.click(within(found).getByRole('button', { name: /Обедини/ }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Обедини' }));
    await waitFor(() => expect(merges).toEqual([{ keep: 'c-1', other: 'c-2' }]));

    await user.click(screen.getByRole('button', { name: 'Изтрий данните на контакта' }));
    const erase = await screen.findByRole('alertdialog');
    expect(erase).toHaveTextContent('резервациите му ще останат без лични данни');
    await user.click(within(erase).getByRole('button', { name: 'Изтрий данните' }));
    await waitFor(() => expect(erasures).toEqual([{ contact: 'c-1' }]));
    await waitFor(() => expect(done).toBe(1));
  });
});

describe('the board', () => {
  it('shows a column per stage with its count and offers, and moves a lead by its select', async () => {
    const patches: unknown[] = [];
    server.use(
      http.post(rest('rpc/lead_stage_totals'), () =>
        HttpResponse.json([
          { stage: 'new', leads: 1, offers: 0 },
          { stage: 'contacted', leads: 0, offers: 0 },
          { stage: 'proposal', leads: 2, offers: 6050.5 },
          { stage: 'won', leads: 0, offers: 0 },
          { stage: 'lost', leads: 0, offers: 0 },
        ]),
      ),
      http.get(rest('contact_submissions'), ({ request }) => {
        const stage = new URL(request.url).searchParams.get('status');
        if (stage === 'eq.new') return HttpResponse.json([inquiryRow({ id: 'i-1', name: 'Нов Клиент' })]);
        if (stage === 'eq.proposal')
          return HttpResponse.json([
            inquiryRow({ id: 'i-2', name: 'Оферта Едно', status: 'proposal', offer_amount: 4800 }),
            inquiryRow({ id: 'i-3', name: 'Оферта Две', status: 'proposal', offer_amount: 1250.5 }),
          ]);
        return HttpResponse.json([]);
      }),
      http.patch(rest('contact_submissions'), async ({ request }) => {
        patches.push({ id: new URL(request.url).searchParams.get('id'), body: await request.json() });
        return HttpResponse.json([{ id: 'i-1' }]);
      }),
    );
    renderAdmin(<LeadBoard zone="Europe/Sofia" />);
    const board = await screen.findByRole('group', { name: 'Табло на запитванията по етапи' });
    const proposal = within(board).getByRole('region', { name: /^Оферта/ });
    expect(await within(proposal).findByText('Оферта Едно')).toBeInTheDocument();
    expect(within(proposal).getByRole('heading', { level: 3 })).toHaveTextContent('Оферта (2)');
    expect(within(proposal).getByText(/Оферти: 6051/)).toBeInTheDocument();
    const fresh = within(board).getByRole('region', { name: /^Нова/ });
    const user = userEvent.setup({ delay: null });
    await user.selectOptions(await within(fresh).findByRole('combobox', { name: 'Етап на Нов Клиент' }), 'В контакт');
    await waitFor(() => expect(patches).toEqual([{ id: 'eq.i-1', body: { status: 'contacted' } }]));
  });
});
