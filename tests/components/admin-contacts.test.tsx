import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { ContactPage } from '@/admin/contacts/ContactPage';
import type { Contact } from '@/admin/contacts/api';
import { LeadBoard } from '@/admin/inbox/LeadBoard';
import { renderAdmin } from './admin-fixtures';
import { inquiryRow } from './inbox-fixtures';
import { rest, server } from './msw';

// A person's page (timeline, notes, new unconfirmed details and possible matches, merge, erasure)
// and the board of stages, against MSW answers shaped as the database's (tests/backend/leads.ts
// and tests/backend/contacts.ts prove the database's side).

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
    inquiries: [
      {
        ...inquiryRow({ id: 'i-1', status: 'proposal', message: 'Искаме CRM.', name: CONTACT.name, email: CONTACT.email, phone: CONTACT.phone }),
        created_at: '2026-11-20T08:00:00.000Z',
      },
    ],
    bookings: [
      {
        id: 'b-1',
        status: 'confirmed',
        preferred_date: '2026-12-02T10:00:00.000Z',
        created_at: '2026-11-25T08:00:00.000Z',
        message: '',
        client_name: CONTACT.name,
        client_email: CONTACT.email,
        client_phone: '',
      },
    ],
    events: [{ id: 1, inquiry_id: 'i-1', kind: 'stage', detail: { from: 'new', to: 'proposal', reason: null }, actor: 'Мария Иванова', created_at: '2026-11-21T09:00:00.000Z' }],
    mails: [{ id: 7, purpose: 'inquiry_received', subject: 'Получихме запитването ви — Синаптика', recipient: 'petar@example.com', status: 'sent', created_at: '2026-11-20T08:00:05.000Z', sent_at: '2026-11-20T08:00:06.000Z' }],
    notes: notes.map((n) => ({ ...n, contact_id: 'c-1', inquiry_id: null, author_id: 'u-1' })),
    unconfirmed: [] as unknown[],
    matches: [] as unknown[],
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

describe('new, unconfirmed details on a contact’s page', () => {
  // a stranger's inquiry with the client's mailbox: attached, but the contact is the client's
  const ATTACK = {
    ...inquiryRow({ id: 'i-2', message: 'Пратете офертата тук.', name: 'Измамник Непознат', email: CONTACT.email, phone: '+359877000111' }),
    created_at: '2026-11-26T09:30:00.000Z',
  };
  const NAME = { field: 'name', value: 'Измамник Непознат', count: 1, sources: [{ kind: 'inquiry', id: 'i-2', at: ATTACK.created_at }] };
  const PHONE = { field: 'phone', value: '+359877000111', count: 2, sources: [{ kind: 'inquiry', id: 'i-2', at: ATTACK.created_at }] };
  const TWIN = { id: 'c-9', name: 'Петър Другия', email: 'drug@example.com', phone: CONTACT.phone, last_seen_at: '2026-11-27T08:00:00.000Z', phones: [CONTACT.phone] };

  /** The page of a contact a stranger's inquiry reached, answering the admin's decisions as the database would. */
  function attacked() {
    const state = { contact: CONTACT, unconfirmed: [NAME, PHONE] as unknown[], reviews: [] as unknown[] };
    server.use(
      http.post(rest('rpc/contact_timeline'), () => {
        const base = timeline();
        return HttpResponse.json({ ...base, contact: state.contact, inquiries: [ATTACK, ...base.inquiries], unconfirmed: state.unconfirmed });
      }),
      http.post(rest('rpc/review_contact_detail'), async ({ request }) => {
        const body = (await request.json()) as { field: string; value: string; decision: string };
        state.reviews.push(body);
        state.unconfirmed = state.unconfirmed.filter((d) => (d as { field: string }).field !== body.field);
        if (body.decision === 'adopt' && body.field === 'phone') state.contact = { ...state.contact, phone: body.value };
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderAdmin(<ContactPage contact={CONTACT} onDone={() => {}} />);
    return state;
  }

  it('shows them apart from the contact’s own, and adopts one only after the question', async () => {
    const state = attacked();
    const user = userEvent.setup({ delay: null });
    const box = await screen.findByRole('region', { name: 'Нови, непотвърдени данни' });
    expect(within(box).getByText(/Изпратени са с формуляр и не са променили контакта/)).toBeInTheDocument();
    const items = within(box).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual(['Име: Измамник Непознат', 'Телефон: +359 87 700 0111']);
    expect(items[1]).toHaveTextContent(/От запитване на 26\.11\.2026 г\., 11:30 ч\. и още 1/);
    // the heading and the line under it are the contact's own, not the stranger's
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Петър Петров');
    expect(screen.getByText('petar@example.com · +359 88 812 3456')).toBeInTheDocument();
    // the stranger's inquiry says who sent it
    const history = screen.getByRole('list', { name: 'История: Петър Петров' });
    expect(within(history).getByText('Изпратено от: Измамник Непознат · petar@example.com · +359 87 700 0111')).toBeInTheDocument();

    const adopt = within(box).getByRole('button', { name: 'Приеми Телефон „+359 87 700 0111“' });
    await user.click(adopt);
    const question = await screen.findByRole('alertdialog');
    expect(question).toHaveTextContent('Да стане ли „+359 87 700 0111“ телефонът на контакта вместо „+359 88 812 3456“?');
    await user.click(within(question).getByRole('button', { name: 'Отказ' }));
    expect(state.reviews).toEqual([]);

    await user.click(adopt);
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Приеми' }));
    await waitFor(() => expect(state.reviews).toEqual([{ contact: 'c-1', field: 'phone', value: '+359877000111', decision: 'adopt' }]));
    expect(await screen.findByText('petar@example.com · +359 87 700 0111')).toBeInTheDocument();
  });

  it('dismisses one without a question; the contact stays as it was', async () => {
    const state = attacked();
    const user = userEvent.setup({ delay: null });
    const box = await screen.findByRole('region', { name: 'Нови, непотвърдени данни' });
    await user.click(within(box).getByRole('button', { name: 'Отхвърли Име „Измамник Непознат“' }));
    await waitFor(() => expect(state.reviews).toEqual([{ contact: 'c-1', field: 'name', value: 'Измамник Непознат', decision: 'dismiss' }]));
    await waitFor(() => expect(within(box).getAllByRole('listitem')).toHaveLength(1));
    expect(within(box).getByRole('listitem')).toHaveTextContent('Телефон: +359 87 700 0111');
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Петър Петров');
  });

  it('shows another contact with the same phone, kept apart or merged only after the question', async () => {
    const calls: { to: string; body: unknown }[] = [];
    server.use(
      http.post(rest('rpc/contact_timeline'), () => HttpResponse.json({ ...timeline(), matches: [TWIN] })),
      http.post(rest('rpc/review_contact_detail'), async ({ request }) => {
        calls.push({ to: 'review', body: await request.json() });
        return new HttpResponse(null, { status: 204 });
      }),
      http.post(rest('rpc/merge_contacts'), async ({ request }) => {
        calls.push({ to: 'merge', body: await request.json() });
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderAdmin(<ContactPage contact={CONTACT} onDone={() => {}} />);
    const user = userEvent.setup({ delay: null });
    const box = await screen.findByRole('region', { name: 'Възможно същият човек' });
    expect(within(box).getByRole('listitem')).toHaveTextContent('Петър Другия');
    expect(within(box).getByRole('listitem')).toHaveTextContent('общ телефон: +359 88 812 3456');
    expect(screen.queryByRole('region', { name: 'Нови, непотвърдени данни' })).not.toBeInTheDocument();

    await user.click(within(box).getByRole('button', { name: 'Обедини Петър Другия' }));
    const question = await screen.findByRole('alertdialog');
    expect(question).toHaveTextContent('Да обединим ли „Петър Другия“ с този контакт?');
    await user.click(within(question).getByRole('button', { name: 'Отказ' }));
    expect(calls).toEqual([]);

    await user.click(within(box).getByRole('button', { name: 'Не е същият Петър Другия' }));
    await waitFor(() => expect(calls).toEqual([{ to: 'review', body: { contact: 'c-1', field: 'match', value: 'c-9', decision: 'dismiss' } }]));
    await user.click(within(box).getByRole('button', { name: 'Обедини Петър Другия' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Обедини' }));
    await waitFor(() => expect(calls.at(-1)).toEqual({ to: 'merge', body: { keep: 'c-1', other: 'c-9' } }));
  });

  it('keeps the admins’ decisions in the history, with who made them', async () => {
    const at = (minute: number) => `2026-11-27T09:${String(minute).padStart(2, '0')}:00.000Z`;
    const events = [
      { id: 13, inquiry_id: null, kind: 'match_dismissed', detail: { id: 'c-gone' }, actor: 'Мария Иванова', created_at: at(13) },
      { id: 12, inquiry_id: null, kind: 'match_dismissed', detail: { id: 'c-9', name: 'Петър Другия', email: 'drug@example.com', phone: '' }, actor: 'Мария Иванова', created_at: at(12) },
      { id: 11, inquiry_id: null, kind: 'detail_dismissed', detail: { field: 'name', value: 'Измамник Непознат' }, actor: 'Мария Иванова', created_at: at(11) },
      { id: 10, inquiry_id: null, kind: 'detail_adopted', detail: { field: 'phone', from: '+359888123456', to: '+359877000111' }, actor: 'Мария Иванова', created_at: at(10) },
    ];
    server.use(http.post(rest('rpc/contact_timeline'), () => HttpResponse.json({ ...timeline(), events })));
    renderAdmin(<ContactPage contact={CONTACT} onDone={() => {}} />);
    const history = await screen.findByRole('list', { name: 'История: Петър Петров' });
    await waitFor(() => expect(within(history).getAllByRole('listitem')).toHaveLength(7));
    const titles = within(history)
      .getAllByRole('listitem')
      .slice(0, 4)
      .map((item) => item.querySelector('p')?.textContent);
    expect(titles).toEqual([
      'Не е същият човек като контакт, който вече го няма (Мария Иванова)',
      'Не е същият човек като Петър Другия, drug@example.com (Мария Иванова)',
      'Отхвърлени данни: Име „Измамник Непознат“ (Мария Иванова)',
      'Приети данни: Телефон „+359877000111“ вместо „+359888123456“ (Мария Иванова)',
    ]);
  });

  it('says so in the database’s words when the admin may no longer decide', async () => {
    server.use(
      http.post(rest('rpc/contact_timeline'), () => HttpResponse.json({ ...timeline(), unconfirmed: [NAME] })),
      http.post(rest('rpc/review_contact_detail'), () =>
        HttpResponse.json({ code: 'P0002', message: 'Тези данни вече ги няма при контакта.', details: null, hint: 'detail_gone' }, { status: 404 }),
      ),
    );
    renderAdmin(<ContactPage contact={CONTACT} onDone={() => {}} />);
    const user = userEvent.setup({ delay: null });
    const box = await screen.findByRole('region', { name: 'Нови, непотвърдени данни' });
    await user.click(within(box).getByRole('button', { name: 'Отхвърли Име „Измамник Непознат“' }));
    expect(await screen.findByText('Тези данни вече ги няма при контакта.')).toBeInTheDocument();
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
