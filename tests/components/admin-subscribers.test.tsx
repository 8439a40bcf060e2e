// The 'Абонати' tab: the newsletter's subscribers with their states and dates, the counts per
// state, the state filter and the search (in the address), 'Отпиши' and 'Изтрий' after their
// questions, 'Премахни блокирането' with its reason in a dialog and the record of lifts, a refusal
// in Bulgarian, and the consent records as CSV. Against MSW answers shaped as the database's
// (supabase/migrations/20261128001000_newsletter.sql, 20261128001400_mailboxes_by_provider.sql).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AdminPage from '@/admin/panel/AdminPage';
import { fetchAllConsents, type Consent, type SubscriberConsents, type SuppressionLift } from '@/admin/subscribers/api';
import { csvDateTime } from '@/admin/kit/formats/csv';
import { SubscribersTab } from '@/admin/subscribers/SubscribersTab';
import { formatDateTimeBg } from '@/shared/domain/dates';
import { adminAuth, currentAddress, renderAdmin, resetToasts } from './admin-fixtures';
import { findDialog } from './dialogs';
import { rest, server, storage } from './msw';
import { fakeTable } from './paged-table';

afterEach(() => {
  vi.restoreAllMocks();
});

const toasts = () => screen.getByRole('region', { name: /Известия/ });
const subscriberList = () => screen.getByRole('list', { name: 'Списък с абонати' });
// by text, not by role: role queries over a whole list are slow in jsdom
const rowOf = (email: string) => within(subscriberList()).getByText(email, { selector: 'h3' }).closest('li') as HTMLElement;
const emails = () => [...subscriberList().querySelectorAll('h3')].map((h) => h.textContent);
const counts = () => [...screen.getByRole('list', { name: 'Абонати по състояние' }).querySelectorAll('li')].map((li) => li.textContent);

const WORDING = 'Полезни идеи за AI и автоматизация, веднъж месечно. Ще ви изпратим имейл за потвърждение; можете да се отпишете по всяко време.';

/** A consent record as the table holds it. */
type ConsentRow = Consent & { id: number; subscriber_id: string; network: string | null };

function consent(overrides: Partial<ConsentRow> = {}): ConsentRow {
  return {
    id: 1,
    subscriber_id: 's-1',
    given_at: '2026-12-02T09:00:00.000Z',
    page: '/blog/crm',
    wording: WORDING,
    wording_version: '2026-12',
    confirmed_at: '2026-12-02T09:10:00.000Z',
    // the keyed hash of the visitor's network: never shown, never exported
    network: 'hash-of-network',
    ...overrides,
  };
}

type Row = SubscriberConsents & {
  mailbox: string;
  soft_bounces: number;
  updated_at: string;
  confirmation_sent_at: string | null;
  newsletter_suppression_lifts: SuppressionLift[];
};

function subscriber(overrides: Partial<Row> & Pick<Row, 'id' | 'email'>): Row {
  return {
    mailbox: overrides.email.toLowerCase(),
    status: 'confirmed',
    suppressed_reason: null,
    soft_bounces: 0,
    confirmation_sent_at: null,
    confirmed_at: null,
    unsubscribed_at: null,
    unsubscribed_via: null,
    suppressed_at: null,
    created_at: '2026-12-01T08:00:00.000Z',
    updated_at: '2026-12-01T08:00:00.000Z',
    newsletter_consents: [],
    newsletter_suppression_lifts: [],
    ...overrides,
  };
}

/** Newest first: s-1 subscribed last. */
const SUBSCRIBERS: Row[] = [
  subscriber({
    id: 's-1',
    email: 'ana@example.com',
    status: 'confirmed',
    created_at: '2026-12-03T09:00:00.000Z',
    confirmed_at: '2026-12-03T09:10:00.000Z',
    newsletter_consents: [consent()],
  }),
  subscriber({ id: 's-2', email: 'boris@example.com', status: 'pending', created_at: '2026-12-02T09:00:00.000Z' }),
  subscriber({
    id: 's-3',
    email: 'vera@example.com',
    status: 'unsubscribed',
    created_at: '2026-12-01T09:00:00.000Z',
    confirmed_at: '2026-12-01T09:30:00.000Z',
    unsubscribed_at: '2026-12-02T18:00:00.000Z',
    unsubscribed_via: 'one_click',
  }),
  subscriber({
    id: 's-4',
    email: 'bounce@example.com',
    status: 'suppressed',
    suppressed_reason: 'bounced',
    soft_bounces: 3,
    created_at: '2026-11-30T09:00:00.000Z',
    confirmed_at: '2026-11-30T09:05:00.000Z',
    suppressed_at: '2026-12-01T07:00:00.000Z',
  }),
  subscriber({
    id: 's-5',
    email: 'spam@example.com',
    status: 'suppressed',
    suppressed_reason: 'complained',
    created_at: '2026-11-29T09:00:00.000Z',
    suppressed_at: '2026-11-30T07:00:00.000Z',
  }),
];

type Refusal = { status: number; code: string; message: string };

/**
 * The subscribers as a table, newsletter_counts over it, and the two admin functions: each records
 * its arguments and changes the table as the database would, or answers `refuse`.
 */
function fakeNewsletter(initial: Row[] = SUBSCRIBERS) {
  const table = fakeTable('newsletter_subscribers', initial.map((row) => ({ ...row })));
  const calls = { counts: 0, unsubscribe: [] as unknown[], erase: [] as unknown[], lift: [] as unknown[] };
  const answer = { refuse: null as Refusal | null, refuseCounts: null as Refusal | null };
  const refusal = (r: Refusal) => HttpResponse.json({ code: r.code, message: r.message, details: null, hint: null }, { status: r.status });
  server.use(
    http.post(rest('rpc/newsletter_counts'), () => {
      calls.counts += 1;
      if (answer.refuseCounts) return refusal(answer.refuseCounts);
      const count = (status: string) => table.rows.filter((row) => row.status === status).length;
      return HttpResponse.json({ pending: count('pending'), confirmed: count('confirmed'), unsubscribed: count('unsubscribed'), suppressed: count('suppressed') });
    }),
    http.post(rest('rpc/admin_unsubscribe_newsletter'), async ({ request }) => {
      const body = (await request.json()) as { subscriber: string };
      calls.unsubscribe.push(body);
      if (answer.refuse) return refusal(answer.refuse);
      const row = table.rows.find((r) => r.id === body.subscriber && (r.status === 'pending' || r.status === 'confirmed'));
      if (row) Object.assign(row, { status: 'unsubscribed', unsubscribed_at: '2026-12-04T10:00:00.000Z', unsubscribed_via: 'admin' });
      return new HttpResponse(null, { status: 204 });
    }),
    http.post(rest('rpc/lift_newsletter_suppression'), async ({ request }) => {
      const body = (await request.json()) as { subscriber: string; reason: string };
      calls.lift.push(body);
      if (answer.refuse) return refusal(answer.refuse);
      if (!body.reason?.trim()) return refusal({ status: 400, code: '22023', message: 'Напишете защо премахвате блокирането.' });
      const row = table.rows.find((r) => r.id === body.subscriber);
      if (!row || row.status !== 'suppressed') return refusal({ status: 400, code: 'P0001', message: 'Този адрес вече не е блокиран.' });
      const restored = row.confirmed_at ? 'confirmed' : 'pending';
      row.newsletter_suppression_lifts = [
        ...(row.newsletter_suppression_lifts as SuppressionLift[]),
        { lifted_at: '2026-12-04T11:00:00.000Z', lifted_by_name: 'Мария Иванова', reason: body.reason.trim(), suppressed_reason: row.suppressed_reason!, restored_status: restored },
      ];
      Object.assign(row, { status: restored, suppressed_reason: null, suppressed_at: null, soft_bounces: 0 });
      return HttpResponse.json(restored);
    }),
    http.post(rest('rpc/erase_newsletter_subscriber'), async ({ request }) => {
      const body = (await request.json()) as { subscriber: string };
      calls.erase.push(body);
      if (answer.refuse) return refusal(answer.refuse);
      table.rows = table.rows.filter((r) => r.id !== body.subscriber);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { table, calls, answer };
}

function renderTab(path = '/blog-admin/subscribers', auth = adminAuth()) {
  return renderAdmin(<SubscribersTab />, { path, auth });
}

describe('the subscribers list', () => {
  it('shows each address with its state and dates, newest first, and the counts per state as text; one page of the shown columns', async () => {
    const { table } = fakeNewsletter();
    renderTab();
    expect(screen.getByRole('heading', { level: 2, name: 'Абонати' })).toBeInTheDocument();
    expect(await screen.findByText('Общо абонати: 5')).toBeInTheDocument();
    expect(emails()).toEqual(['ana@example.com', 'boris@example.com', 'vera@example.com', 'bounce@example.com', 'spam@example.com']);
    expect(await screen.findByRole('list', { name: 'Абонати по състояние' })).toBeInTheDocument();
    expect(counts()).toEqual(['Чакат потвърждение: 1', 'Потвърдени: 1', 'Отписани: 1', 'Спрени: 2']);

    // the state as a badge: a stopped address says why
    expect(within(rowOf('ana@example.com')).getByText('Потвърден')).toBeInTheDocument();
    expect(within(rowOf('boris@example.com')).getByText('Чака потвърждение')).toBeInTheDocument();
    expect(within(rowOf('vera@example.com')).getByText('Отписан')).toBeInTheDocument();
    expect(within(rowOf('bounce@example.com')).getByText('Спрян (отказан адрес)')).toBeInTheDocument();
    expect(within(rowOf('spam@example.com')).getByText('Спрян (отбелязан като нежелан)')).toBeInTheDocument();

    // the dates, and how an address was unsubscribed
    const ana = rowOf('ana@example.com');
    expect(ana).toHaveTextContent(`Абониран на:${formatDateTimeBg('2026-12-03T09:00:00.000Z')}`);
    expect(ana).toHaveTextContent(`Потвърден на:${formatDateTimeBg('2026-12-03T09:10:00.000Z')}`);
    expect(within(ana).getByText(formatDateTimeBg('2026-12-03T09:10:00.000Z'))).toHaveAttribute('datetime', '2026-12-03T09:10:00.000Z');
    expect(ana).not.toHaveTextContent('Отписан на:');
    expect(rowOf('vera@example.com')).toHaveTextContent(`Отписан на:${formatDateTimeBg('2026-12-02T18:00:00.000Z')} (с едно натискане)`);
    expect(rowOf('bounce@example.com')).toHaveTextContent(`Спрян на:${formatDateTimeBg('2026-12-01T07:00:00.000Z')} (след 3 временни отказа)`);
    expect(rowOf('spam@example.com')).toHaveTextContent(`Спрян на:${formatDateTimeBg('2026-11-30T07:00:00.000Z')}`);
    expect(rowOf('spam@example.com')).not.toHaveTextContent('временни отказа');

    // 'Отпиши' only where mail may still go; 'Изтрий' everywhere; each named with its address
    expect(within(ana).getByRole('button', { name: 'Отпиши ana@example.com' })).toBeInTheDocument();
    expect(within(rowOf('boris@example.com')).getByRole('button', { name: 'Отпиши boris@example.com' })).toBeInTheDocument();
    for (const email of ['vera@example.com', 'bounce@example.com', 'spam@example.com']) {
      expect(within(rowOf(email)).queryByRole('button', { name: /Отпиши/ })).toBeNull();
      expect(within(rowOf(email)).getByRole('button', { name: `Изтрий ${email}` })).toBeInTheDocument();
    }

    // 'Премахни блокирането' only where an address is stopped
    for (const email of ['bounce@example.com', 'spam@example.com']) {
      expect(within(rowOf(email)).getByRole('button', { name: `Премахни блокирането ${email}` })).toBeInTheDocument();
    }
    for (const email of ['ana@example.com', 'boris@example.com', 'vera@example.com']) {
      expect(within(rowOf(email)).queryByRole('button', { name: /Премахни блокирането/ })).toBeNull();
    }

    // one page of 20 with an exact count, in the index's order, with the record of lifts; never the mailbox or the consents
    const [first] = table.listGets();
    expect(first.searchParams.get('select')).toBe(
      'id,email,status,suppressed_reason,confirmed_at,unsubscribed_at,unsubscribed_via,suppressed_at,created_at,soft_bounces,newsletter_suppression_lifts(lifted_at,lifted_by_name,reason,suppressed_reason,restored_status)',
    );
    expect(first.searchParams.get('order')).toBe('created_at.desc,id.desc');
    expect(first.searchParams.get('offset')).toBe('0');
    expect(first.searchParams.get('limit')).toBe('20');
    expect(table.prefers[0]).toContain('count=exact');
    expect(screen.queryByRole('navigation', { name: 'Страници на абонатите' })).toBeNull();
  });

  it('the state filter and the search by address narrow the list, and the address keeps them', async () => {
    const { table } = fakeNewsletter();
    renderTab();
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByText('Общо абонати: 5')).toBeInTheDocument();

    await user.selectOptions(within(screen.getByRole('search', { name: 'Търсене и филтър на абонатите' })).getByLabelText('Състояние'), 'Спрени');
    expect(await screen.findByText('Намерени абонати: 2')).toBeInTheDocument();
    expect(emails()).toEqual(['bounce@example.com', 'spam@example.com']);
    expect(table.listGets().at(-1)!.searchParams.get('status')).toBe('eq.suppressed');
    expect(currentAddress()).toBe('/blog-admin/subscribers?subscribers.status=suppressed');

    // Enter applies the search at once, with the filter
    await user.type(screen.getByRole('searchbox', { name: 'Търсене' }), 'SPAM@{Enter}');
    expect(await screen.findByText('Намерени абонати: 1')).toBeInTheDocument();
    expect(emails()).toEqual(['spam@example.com']);
    const last = table.listGets().at(-1)!;
    expect(last.searchParams.get('or')).toBe('(email.ilike."*SPAM@*")');
    expect(last.searchParams.get('status')).toBe('eq.suppressed');
    expect(currentAddress()).toBe('/blog-admin/subscribers?subscribers.status=suppressed&subscribers.q=SPAM@');

    await user.click(screen.getByRole('button', { name: 'Изчисти търсенето' }));
    expect(await screen.findByText('Общо абонати: 5')).toBeInTheDocument();
    expect(currentAddress()).toBe('/blog-admin/subscribers');
  });

  it('opens where the address says: its first request already asks for the state chosen', async () => {
    const { table } = fakeNewsletter();
    renderTab('/blog-admin/subscribers?subscribers.status=pending');
    expect(await screen.findByText('Намерени абонати: 1')).toBeInTheDocument();
    expect(within(screen.getByRole('search')).getByLabelText('Състояние')).toHaveValue('pending');
    expect(table.listGets()).toHaveLength(1);
    expect(table.listGets()[0].searchParams.get('status')).toBe('eq.pending');
  });

  it("/blog-admin/subscribers opens the panel's 'Абонати' tab, loaded with it", async () => {
    fakeNewsletter();
    server.use(
      http.post(storage('object/list/blog-images'), () => HttpResponse.json([])),
      http.head(rest('contact_submissions'), () => new HttpResponse(null, { headers: { 'content-range': '*/0' } })),
      http.head(rest('appointments'), () => new HttpResponse(null, { headers: { 'content-range': '*/0' } })),
    );
    renderAdmin(
      <Routes>
        <Route path="/blog-admin/*" element={<AdminPage />} />
      </Routes>,
      { path: '/blog-admin/subscribers' },
    );
    expect(await screen.findByRole('tab', { name: 'Абонати', selected: true })).toBeInTheDocument();
    expect(await screen.findByText('Общо абонати: 5')).toBeInTheDocument();
  });
});

describe('the admin’s hand', () => {
  it("'Отпиши' asks first; 'Отказ' changes nothing; confirmed, it calls the database, says so, and the list and counts follow", async () => {
    const { calls } = fakeNewsletter();
    renderTab();
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Общо абонати: 5');
    await waitFor(() => expect(counts()).toEqual(['Чакат потвърждение: 1', 'Потвърдени: 1', 'Отписани: 1', 'Спрени: 2']));

    await user.click(within(rowOf('ana@example.com')).getByRole('button', { name: 'Отпиши ana@example.com' }));
    let question = await findDialog('alertdialog', { name: 'Отписване от бюлетина' });
    expect(question).toHaveTextContent('Да отпишем ли ana@example.com?');
    await user.click(within(question).getByRole('button', { name: 'Отказ' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.unsubscribe).toEqual([]);

    await user.click(within(rowOf('ana@example.com')).getByRole('button', { name: 'Отпиши ana@example.com' }));
    question = await findDialog('alertdialog', { name: 'Отписване от бюлетина' });
    await user.click(within(question).getByRole('button', { name: 'Отпиши' }));
    expect(await within(toasts()).findByText('Абонатът е отписан')).toBeInTheDocument();
    expect(calls.unsubscribe).toEqual([{ subscriber: 's-1' }]);
    await waitFor(() => expect(within(rowOf('ana@example.com')).getByText('Отписан')).toBeInTheDocument());
    expect(rowOf('ana@example.com')).toHaveTextContent('(от администратор)');
    expect(within(rowOf('ana@example.com')).queryByRole('button', { name: /Отпиши/ })).toBeNull();
    await waitFor(() => expect(counts()).toEqual(['Чакат потвърждение: 1', 'Потвърдени: 0', 'Отписани: 2', 'Спрени: 2']));
  });

  it("'Изтрий' warns that the erasure cannot be undone and only its fact stays; confirmed, it erases and the row goes", async () => {
    const { calls } = fakeNewsletter();
    renderTab();
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Общо абонати: 5');

    await user.click(within(rowOf('vera@example.com')).getByRole('button', { name: 'Изтрий vera@example.com' }));
    let question = await findDialog('alertdialog', { name: 'Изтриване на абоната' });
    expect(question).toHaveTextContent('Всичко за vera@example.com ще бъде изтрито');
    expect(question).toHaveTextContent('Това не може да се върне.');
    expect(question).toHaveTextContent('Ще остане само записът, че е направено изтриване, без данни за човека.');
    await user.click(within(question).getByRole('button', { name: 'Отказ' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.erase).toEqual([]);

    await user.click(within(rowOf('vera@example.com')).getByRole('button', { name: 'Изтрий vera@example.com' }));
    question = await findDialog('alertdialog', { name: 'Изтриване на абоната' });
    await user.click(within(question).getByRole('button', { name: 'Изтрий завинаги' }));
    expect(await within(toasts()).findByText('Данните на абоната са изтрити')).toBeInTheDocument();
    expect(calls.erase).toEqual([{ subscriber: 's-3' }]);
    expect(await screen.findByText('Общо абонати: 4')).toBeInTheDocument();
    expect(emails()).not.toContain('vera@example.com');
    await waitFor(() => expect(counts()).toEqual(['Чакат потвърждение: 1', 'Потвърдени: 1', 'Отписани: 0', 'Спрени: 2']));
  });

  it('a refusal for lack of rights (42501) says so in Bulgarian and re-checks the admin’s admission', async () => {
    const { calls, answer } = fakeNewsletter();
    answer.refuse = { status: 403, code: '42501', message: 'Only administrators erase subscribers' };
    const recheck = vi.fn(() => Promise.resolve());
    renderTab('/blog-admin/subscribers', adminAuth({ recheck }));
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Общо абонати: 5');

    await user.click(within(rowOf('boris@example.com')).getByRole('button', { name: 'Изтрий boris@example.com' }));
    await user.click(within(await findDialog('alertdialog')).getByRole('button', { name: 'Изтрий завинаги' }));
    expect(await within(toasts()).findByText('Нямате права за тази промяна. Проверете дали профилът ви е активен.')).toBeInTheDocument();
    expect(calls.erase).toEqual([{ subscriber: 's-2' }]);
    await waitFor(() => expect(recheck).toHaveBeenCalledTimes(1));
    expect(emails()).toContain('boris@example.com');
    // the row's buttons work again
    expect(within(rowOf('boris@example.com')).getByRole('button', { name: 'Отпиши boris@example.com' })).toBeEnabled();
  });

  it('counts and a list that cannot load say so, each with a retry', async () => {
    const { answer } = fakeNewsletter();
    answer.refuseCounts = { status: 403, code: '42501', message: 'Only administrators see the subscribers' };
    let failList = true;
    server.use(
      http.get(rest('newsletter_subscribers'), () =>
        failList ? HttpResponse.json({ code: '42501', message: 'permission denied for table newsletter_subscribers' }, { status: 403 }) : undefined,
      ),
    );
    renderTab();
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByText('Неуспешно зареждане на броя по състояние.')).toBeInTheDocument();
    const card = await screen.findByRole('alert');
    expect(within(card).getByText('Неуспешно зареждане на абонати.')).toBeInTheDocument();

    answer.refuseCounts = null;
    failList = false;
    await user.click(within(card).getByRole('button', { name: 'Опитайте отново' }));
    expect(await screen.findByText('Общо абонати: 5')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Опитайте отново' }));
    await waitFor(() => expect(counts()).toEqual(['Чакат потвърждение: 1', 'Потвърдени: 1', 'Отписани: 1', 'Спрени: 2']));
  });
});

describe('lifting a suppression', () => {
  const REASON = 'Клиентът потвърди по телефона, че адресът работи.';

  it("'Премахни блокирането' asks for a reason in a dialog; none is refused under the field; with one, the database lifts it, says so, and the row shows the record", async () => {
    const { calls } = fakeNewsletter();
    renderTab();
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Общо абонати: 5');
    await waitFor(() => expect(counts()).toEqual(['Чакат потвърждение: 1', 'Потвърдени: 1', 'Отписани: 1', 'Спрени: 2']));

    await user.click(within(rowOf('bounce@example.com')).getByRole('button', { name: 'Премахни блокирането bounce@example.com' }));
    const dialog = await findDialog('dialog', { name: 'Премахване на блокирането' });
    expect(dialog).toHaveAccessibleDescription(/^bounce@example\.com връща писмата ни \(отказан адрес\)\. Премахнете блокирането само ако/);
    const reason = within(dialog).getByRole('textbox', { name: 'Причина' });
    expect(reason).toBeRequired();
    expect(reason).toHaveFocus();
    expect(reason).toHaveAccessibleDescription('Записва се заедно с вашето име и часа. До 500 знака.');

    // no reason (spaces are none): said under the field, nothing sent
    await user.type(reason, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Премахни блокирането' }));
    expect(within(dialog).getByText('Напишете защо премахвате блокирането.')).toBeInTheDocument();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveAccessibleDescription(/Напишете защо премахвате блокирането\./);
    expect(reason).toHaveFocus();
    expect(calls.lift).toEqual([]);

    await user.clear(reason);
    await user.paste(`  ${REASON} `);
    expect(within(dialog).queryByText('Напишете защо премахвате блокирането.')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Премахни блокирането' }));
    expect(await within(toasts()).findByText('Блокирането е премахнато')).toBeInTheDocument();
    expect(within(toasts()).getByText('bounce@example.com отново е в състояние „Потвърден“.')).toBeInTheDocument();
    expect(calls.lift).toEqual([{ subscriber: 's-4', reason: REASON }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // the row: its state again, the lift on record with who, when and why, no button any more
    await waitFor(() => expect(within(rowOf('bounce@example.com')).getByText('Потвърден')).toBeInTheDocument());
    const row = rowOf('bounce@example.com');
    expect(row).toHaveTextContent(`Блокирането премахнато на:${formatDateTimeBg('2026-12-04T11:00:00.000Z')} от Мария Иванова: „${REASON}“`);
    expect(row).not.toHaveTextContent('Спрян на:');
    expect(within(row).queryByRole('button', { name: /Премахни блокирането/ })).toBeNull();
    await waitFor(() => expect(counts()).toEqual(['Чакат потвърждение: 1', 'Потвърдени: 2', 'Отписани: 1', 'Спрени: 1']));
  });

  it('Escape closes the dialog and sends nothing; a refusal is said in the dialog, keeping the reason, and re-checks the admission', async () => {
    const { calls, answer } = fakeNewsletter();
    const recheck = vi.fn(() => Promise.resolve());
    renderTab('/blog-admin/subscribers', adminAuth({ recheck }));
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Общо абонати: 5');

    const open = within(rowOf('spam@example.com')).getByRole('button', { name: 'Премахни блокирането spam@example.com' });
    await user.click(open);
    let dialog = await findDialog('dialog', { name: 'Премахване на блокирането' });
    expect(dialog).toHaveAccessibleDescription(/^spam@example\.com е отбелязал писмо от нас като нежелано\./);
    await user.paste('Погрешно');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(open).toHaveFocus();
    expect(calls.lift).toEqual([]);

    // opened again: a fresh field
    await user.click(open);
    dialog = await findDialog('dialog', { name: 'Премахване на блокирането' });
    expect(within(dialog).getByRole('textbox', { name: 'Причина' })).toHaveValue('');
    answer.refuse = { status: 403, code: '42501', message: 'Only administrators lift suppressions' };
    await user.paste(REASON);
    await user.click(within(dialog).getByRole('button', { name: 'Премахни блокирането' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Нямате права за тази промяна. Проверете дали профилът ви е активен.');
    expect(within(dialog).getByRole('textbox', { name: 'Причина' })).toHaveValue(REASON);
    await waitFor(() => expect(recheck).toHaveBeenCalledTimes(1));

    // the database's own words, when it refuses for another reason
    answer.refuse = { status: 400, code: 'P0001', message: 'Този адрес вече не е блокиран.' };
    await user.click(within(dialog).getByRole('button', { name: 'Премахни блокирането' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('Този адрес вече не е блокиран.'));
    expect(calls.lift).toEqual([
      { subscriber: 's-5', reason: REASON },
      { subscriber: 's-5', reason: REASON },
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Отказ' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(rowOf('spam@example.com')).getByText('Спрян (отбелязан като нежелан)')).toBeInTheDocument();
  });
});

/** jsdom's Blob has no arrayBuffer(); FileReader reads it. */
function blobBytes(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

function captureDownloads() {
  const files: { name: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  let n = 0;
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    writable: true,
    value: (blob: Blob) => {
      const url = `blob:test/${++n}`;
      blobs.set(url, blob);
      return url;
    },
  });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: () => {} });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    files.push({ name: this.download, blob: blobs.get(this.href)! });
  });
  return files;
}

describe('CSV export of the consent records', () => {
  it('downloads the consents of the current filter as UTF-8 CSV with a BOM, each subscriber with their consents in the same request', async () => {
    const files = captureDownloads();
    const readers: Row[] = [
      subscriber({
        id: 's-1',
        email: 'reader0@example.com',
        created_at: '2026-12-03T12:00:00.000Z',
        confirmed_at: '2026-12-03T12:30:00.000Z',
        newsletter_consents: [
          // the later sign-up first, as the database may give them: the file has them oldest first
          consent({ id: 2, given_at: '2026-12-03T11:00:00.000Z', page: '/blog/ai', confirmed_at: null, wording: 'Текст, с "кавички"', wording_version: '2027-01' }),
          consent({ id: 1, given_at: '2026-12-01T08:00:00.000Z', page: '/blog/crm' }),
        ],
      }),
      // no record of consent: still a line, its consent fields empty; an address a spreadsheet would read as a formula
      subscriber({ id: 's-2', email: '=1+2@example.com', created_at: '2026-12-02T12:00:00.000Z', confirmed_at: '2026-12-02T12:30:00.000Z' }),
      subscriber({
        id: 's-3',
        email: 'gone@example.com',
        status: 'unsubscribed',
        created_at: '2026-11-01T08:00:00.000Z',
        unsubscribed_at: '2026-11-20T08:00:00.000Z',
        unsubscribed_via: 'link',
        newsletter_consents: [consent({ id: 3, subscriber_id: 's-3' })],
      }),
    ];
    const { table } = fakeNewsletter(readers);
    renderTab();
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Общо абонати: 3');
    await user.selectOptions(within(screen.getByRole('search')).getByLabelText('Състояние'), 'Потвърдени');
    expect(await screen.findByText('Намерени абонати: 2')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Експорт в CSV' }));
    expect(await within(toasts()).findByText('Файлът е изтеглен')).toBeInTheDocument();
    expect(within(toasts()).getByText('Експортирани съгласия: 2 (абонати: 2).')).toBeInTheDocument();

    // one request for up to 1,000 subscribers with their consents embedded, under the filter shown
    const exports = table.listGets().filter((url) => url.searchParams.get('limit') === '1000');
    expect(exports).toHaveLength(1);
    expect(exports[0].searchParams.get('offset')).toBe('0');
    expect(exports[0].searchParams.get('status')).toBe('eq.confirmed');
    expect(exports[0].searchParams.get('order')).toBe('created_at.desc,id.desc');
    expect(exports[0].searchParams.get('select')).toBe(
      'id,email,status,suppressed_reason,confirmed_at,unsubscribed_at,unsubscribed_via,suppressed_at,created_at,newsletter_consents(given_at,page,wording,wording_version,confirmed_at)',
    );

    expect(files).toHaveLength(1);
    const today = new Date();
    const stamp = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    expect(files[0].name).toBe(`abonati-saglasia-${stamp}.csv`);
    expect(files[0].blob.type).toBe('text/csv;charset=utf-8');
    const bytes = await blobBytes(files[0].blob);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text.endsWith('\r\n')).toBe(true);
    // (the decoder drops the byte-order mark)
    expect(text.slice(0, -2).split('\r\n')).toEqual([
      'Имейл,Състояние,Дадено на,Страница,Версия на текста,Текст,Потвърдено на,Отписан на',
      // a line per consent, oldest first; quoted and guarded against formulas as the inquiries' export
      `reader0@example.com,Потвърден,${csvDateTime('2026-12-01T08:00:00.000Z')},/blog/crm,2026-12,"${WORDING}",${csvDateTime('2026-12-02T09:10:00.000Z')},`,
      `reader0@example.com,Потвърден,${csvDateTime('2026-12-03T11:00:00.000Z')},/blog/ai,2027-01,"Текст, с ""кавички""",,`,
      "'=1+2@example.com,Потвърден,,,,,,",
    ]);
    expect(csvDateTime('2026-12-01T08:00:00.000Z')).toMatch(/^2026-12-01 \d\d:00$/);
  });

  it('reads every page of the filter and search, a chunk per request, and exports a subscriber once when a sign-up shifts the pages', async () => {
    const rows: Row[] = ['a', 'b', 'c', 'd', 'e'].map((name, i) =>
      subscriber({ id: `s-${name}`, email: `${name}@example.com`, created_at: `2026-12-0${5 - i}T08:00:00.000Z`, newsletter_consents: [consent()] }),
    );
    const table = fakeTable('newsletter_subscribers', rows);
    let reads = 0;
    server.use(
      http.get(rest('newsletter_subscribers'), () => {
        // a visitor subscribes right after the first chunk was read: every later row moves down by one
        reads += 1;
        if (reads === 2) table.rows.unshift(subscriber({ id: 's-new', email: 'new@example.com', created_at: '2026-12-06T08:00:00.000Z' }));
        return undefined;
      }),
    );
    const exported = await fetchAllConsents({ search: 'example', status: 'confirmed' }, 2);
    expect(exported.map((row) => row.id)).toEqual(['s-a', 's-b', 's-c', 's-d', 's-e']);
    expect(table.listGets().map((url) => [url.searchParams.get('offset'), url.searchParams.get('limit')])).toEqual([
      ['0', '2'],
      ['2', '2'],
      ['4', '2'],
      ['6', '2'],
    ]);
    for (const url of table.listGets()) {
      expect(url.searchParams.get('status')).toBe('eq.confirmed');
      expect(url.searchParams.get('or')).toBe('(email.ilike."*example*")');
    }
  });

  it('writes when and how an unsubscribed address left, and says when there is nothing to export or the export fails', async () => {
    const files = captureDownloads();
    const gone = subscriber({
      id: 's-u',
      email: 'gone@example.com',
      status: 'unsubscribed',
      unsubscribed_at: '2026-11-20T08:00:00.000Z',
      unsubscribed_via: 'link',
      newsletter_consents: [consent({ subscriber_id: 's-u' })],
    });
    const stopped = subscriber({ id: 's-b', email: 'bounce@example.com', status: 'suppressed', suppressed_reason: 'bounced', created_at: '2026-11-01T08:00:00.000Z' });
    const { table } = fakeNewsletter([gone, stopped]);
    renderTab();
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Общо абонати: 2');
    await user.click(screen.getByRole('button', { name: 'Експорт в CSV' }));
    await within(toasts()).findByText('Файлът е изтеглен');
    const lines = new TextDecoder().decode(await blobBytes(files[0].blob)).split('\r\n');
    expect(lines[1]).toBe(
      `gone@example.com,Отписан,${csvDateTime('2026-12-02T09:00:00.000Z')},/blog/crm,2026-12,"${WORDING}",${csvDateTime('2026-12-02T09:10:00.000Z')},${csvDateTime('2026-11-20T08:00:00.000Z')}`,
    );
    expect(lines[2]).toBe('bounce@example.com,Спрян (отказан адрес),,,,,,');
    resetToasts();

    // nothing matches: no file
    await user.type(screen.getByRole('searchbox', { name: 'Търсене' }), 'никой{Enter}');
    expect(await screen.findByText('Няма абонати, които отговарят на търсенето.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Експорт в CSV' }));
    expect(await within(toasts()).findByText('Няма абонати за експорт')).toBeInTheDocument();
    expect(files).toHaveLength(1);
    resetToasts();

    // the export's read refused
    server.use(
      http.get(rest('newsletter_subscribers'), ({ request }) =>
        new URL(request.url).searchParams.get('limit') === '1000' ? HttpResponse.json({ code: 'XX000', message: 'boom' }, { status: 500 }) : undefined,
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Изчисти търсенето' }));
    await screen.findByText('Общо абонати: 2');
    await user.click(screen.getByRole('button', { name: 'Експорт в CSV' }));
    expect(await within(toasts()).findByText('Неуспешен експорт на съгласията.')).toBeInTheDocument();
    expect(files).toHaveLength(1);
    expect(table.listGets().length).toBeGreaterThan(0);
  });
});
