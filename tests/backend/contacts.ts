// Contacts change only by an admin (migration *_contacts_by_admin.sql): a form is attached to an
// existing contact only on its exact mailbox and never rewrites it; what it typed stays on its own
// row and shows on the contact's page as new, unconfirmed details, with the other contacts of the
// same phone, for the admin to adopt, dismiss or merge. The review's attack replayed: a stranger's
// form with a client's phone, then with the client's mailbox, leaves the client's contact as it was.
// Defined once and run against the stand-in (contacts.test.ts) and PostgreSQL 15
// (rls-matrix.postgres.test.ts).
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from './harness.ts';
import { bookableDay } from './slots.ts';

const ADMIN = { sub: 'a0000000-0000-4000-8000-000000000001', email: 'admin@example.com' };

interface Detail {
  field: 'name' | 'email' | 'phone';
  value: string;
  count: number;
  sources: { kind: 'inquiry' | 'booking'; id: string; at: string }[];
}
interface Match {
  id: string;
  name: string;
  email: string;
  phone: string;
  phones: string[];
}
interface Timeline {
  contact: { id: string; name: string; email: string; phone: string };
  inquiries: { id: string; name: string; email: string; phone: string }[];
  bookings: { id: string; client_name: string }[];
  events: { kind: string; detail: Record<string, unknown>; actor: string | null }[];
  unconfirmed: Detail[];
  matches: Match[];
}
interface Person {
  name: string;
  email: string;
  phone: string;
}

export function defineContacts(start: () => Promise<Harness>): void {
  let h: Harness;
  let admin: SupabaseClient;
  let stranger: SupabaseClient;
  let n = 0;
  const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    h.local.db.asSystem(async (tx) => (await tx.query<T>(text, params)).rows);
  const unique = () => `${++n}-${process.pid}-${Date.now() % 100000}`;
  /** A Bulgarian mobile number nobody else in this run has. */
  const phone = () => `+35989${String((process.pid * 7919 + ++n * 104729 + Date.now()) % 10_000_000).padStart(7, '0')}`;
  /** Sends an inquiry as a visitor of its own; returns its id. */
  async function send(fields: Partial<Person>): Promise<string> {
    const message = `Искаме оферта (${unique()}).`;
    const { email = '', phone = '' } = fields;
    const { error } = await h.visitor().from('contact_submissions').insert({
      name: fields.name ?? 'Клиент',
      email,
      phone,
      company: 'Фирма ООД',
      message,
      purpose: 'custom',
      contact_method: email && phone ? 'both' : phone ? 'phone' : 'email',
    });
    expect(error).toBeNull();
    return (await sql<{ id: string }>('select id from public.contact_submissions where message = $1', [message]))[0].id;
  }
  const contactOf = async (table: 'contact_submissions' | 'appointments', id: string) =>
    (await sql<{ contact_id: string }>(`select contact_id from public.${table} where id = $1`, [id]))[0].contact_id;
  const contactRow = async (id: string) => (await sql<Person>('select name, email, phone from public.contacts where id = $1', [id]))[0];
  const keysOf = async (id: string) =>
    (await sql<{ key: string }>('select key from private.contact_keys where contact_id = $1 order by key', [id])).map((k) => k.key);
  const timeline = async (contact: string) => {
    const { data, error } = await admin.rpc('contact_timeline', { contact });
    expect(error).toBeNull();
    return data as Timeline;
  };
  const review = (client: SupabaseClient, contact: string, field: string, value: string, decision: 'adopt' | 'dismiss') =>
    client.rpc('review_contact_detail', { contact, field, value, decision });
  /** A client who wrote first: their inquiry and the contact it made. */
  async function client(): Promise<{ person: Person; inquiry: string; contact: string }> {
    const person = { name: 'Клиент Истински', email: `client-${unique()}@example.com`, phone: phone() };
    const inquiry = await send(person);
    return { person, inquiry, contact: await contactOf('contact_submissions', inquiry) };
  }

  beforeAll(async () => {
    h = await start();
    admin = h.as(ADMIN);
    stranger = h.as({ sub: 'b0000000-0000-4000-8000-00000000002f', email: 'contact-stranger@example.com' });
  });
  afterAll(() => h.close());

  describe('a stranger’s form', () => {
    it('with a client’s phone leaves the client’s contact as it was and makes its own, shown to the admin as a possible match', async () => {
      const { person, inquiry, contact } = await client();
      const attacker = { name: 'Измамник Непознат', email: `attacker-${unique()}@example.com`, phone: person.phone };
      const attack = await send(attacker);

      expect(await contactRow(contact)).toEqual(person);
      expect(await keysOf(contact)).toEqual([`email:${person.email}`]);
      const own = await contactOf('contact_submissions', attack);
      expect(own).not.toBe(contact);
      expect(await contactRow(own)).toEqual(attacker);
      // what the stranger typed stays on the stranger's row
      expect(await sql('select name, email, phone from public.contact_submissions where id = $1', [attack])).toEqual([attacker]);

      const page = await timeline(contact);
      expect(page.contact).toMatchObject(person);
      expect(page.inquiries.map((i) => i.id)).toEqual([inquiry]);
      expect(page.unconfirmed).toEqual([]);
      expect(page.matches).toEqual([expect.objectContaining({ id: own, name: attacker.name, email: attacker.email, phones: [person.phone] })]);
      // and the other way round
      expect((await timeline(own)).matches.map((m) => m.id)).toEqual([contact]);

      // the stranger's mailbox stays the stranger's: a later form from it does not reach the client
      const again = await send({ ...attacker, phone: '' });
      expect(await contactOf('contact_submissions', again)).toBe(own);
    });

    it('with only a client’s phone (no address) makes a contact of its own', async () => {
      const { person, contact } = await client();
      const byPhone = await send({ name: 'Обадете ми се', phone: person.phone });
      const own = await contactOf('contact_submissions', byPhone);
      expect(own).not.toBe(contact);
      expect(await contactRow(contact)).toEqual(person);
      expect(await keysOf(own)).toEqual([]);
      expect((await timeline(contact)).matches.map((m) => m.id)).toEqual([own]);
    });

    it('with a client’s mailbox is attached to the client but changes nothing of the contact: its other name and phone show as unconfirmed', async () => {
      const { person, inquiry, contact } = await client();
      const otherPhone = phone();
      const attack = await send({ name: 'Измамник Непознат', email: person.email.toUpperCase(), phone: otherPhone });
      expect(await contactOf('contact_submissions', attack)).toBe(contact);
      expect(await contactRow(contact)).toEqual(person);
      expect(await keysOf(contact)).toEqual([`email:${person.email}`]);

      const page = await timeline(contact);
      expect(page.inquiries.map((i) => i.id).sort()).toEqual([inquiry, attack].sort());
      expect(page.inquiries.find((i) => i.id === attack)).toMatchObject({ name: 'Измамник Непознат', phone: otherPhone });
      expect(page.unconfirmed).toEqual([
        { field: 'name', value: 'Измамник Непознат', count: 1, sources: [{ kind: 'inquiry', id: attack, at: expect.any(String) }] },
        { field: 'phone', value: otherPhone, count: 1, sources: [{ kind: 'inquiry', id: attack, at: expect.any(String) }] },
      ]);
      // the new phone is nobody else's: no possible match
      expect(page.matches).toEqual([]);
    });

    it('a booking with a client’s mailbox or phone changes nothing either', async () => {
      const { person, contact } = await client();
      const day = bookableDay(46);
      const sameMailbox = await h.visitor().from('appointments').insert({
        client_name: 'Резервирал Друг',
        client_email: person.email,
        client_phone: phone(),
        preferred_date: day.at(10),
      });
      expect(sameMailbox.error).toBeNull();
      const samePhone = await h.visitor().from('appointments').insert({
        client_name: 'Резервирал Трети',
        client_email: `booker-${unique()}@example.com`,
        client_phone: person.phone,
        preferred_date: day.at(14),
      });
      expect(samePhone.error).toBeNull();
      expect(await contactRow(contact)).toEqual(person);
      expect(await keysOf(contact)).toEqual([`email:${person.email}`]);

      const [attached] = await sql<{ id: string }>('select id from public.appointments where preferred_date = $1', [day.at(10)]);
      const [apart] = await sql<{ id: string; contact_id: string }>('select id, contact_id from public.appointments where preferred_date = $1', [day.at(14)]);
      expect(await contactOf('appointments', attached.id)).toBe(contact);
      expect(apart.contact_id).not.toBe(contact);
      const page = await timeline(contact);
      expect(page.unconfirmed.map((d) => [d.field, d.value, d.sources[0].kind])).toEqual([
        ['name', 'Резервирал Друг', 'booking'],
        ['phone', expect.stringMatching(/^\+35989/), 'booking'],
      ]);
      expect(page.matches.map((m) => m.id)).toEqual([apart.contact_id]);
    });
  });

  describe('the admin', () => {
    it('adopts a detail into the contact, recorded with who did it; the old one does not come back as unconfirmed', async () => {
      const { person, contact } = await client();
      const newPhone = phone();
      await send({ name: 'Клиент Истински', email: person.email, phone: newPhone });

      for (const other of [h.anon, stranger]) {
        expect((await review(other, contact, 'phone', newPhone, 'adopt')).error?.code).toBe('42501');
      }
      expect(await contactRow(contact)).toEqual(person);

      expect((await review(admin, contact, 'phone', newPhone, 'adopt')).error).toBeNull();
      expect(await contactRow(contact)).toEqual({ ...person, phone: newPhone });
      const page = await timeline(contact);
      expect(page.unconfirmed).toEqual([]);
      expect(page.events).toEqual([
        expect.objectContaining({ kind: 'detail_adopted', detail: { field: 'phone', from: person.phone, to: newPhone }, actor: 'Мария Иванова' }),
      ]);
    });

    it('dismisses a detail (recorded, and gone from the list); refuses one no form of the contact carries', async () => {
      const { person, contact } = await client();
      await send({ name: 'Измамник Непознат', email: person.email });
      expect((await timeline(contact)).unconfirmed.map((d) => d.value)).toEqual(['Измамник Непознат']);

      const gone = await review(admin, contact, 'name', 'Някой Друг', 'adopt');
      expect(gone.error?.hint).toBe('detail_gone');
      expect(gone.error?.message).toBe('Тези данни вече ги няма при контакта.');
      expect((await review(admin, contact, 'company', 'x', 'adopt')).error?.code).toBe('22023');

      // the same name however it is spaced or cased is the same detail
      expect((await review(admin, contact, 'name', '  измамник   непознат ', 'dismiss')).error).toBeNull();
      const page = await timeline(contact);
      expect(page.unconfirmed).toEqual([]);
      expect(page.events).toEqual([
        expect.objectContaining({ kind: 'detail_dismissed', detail: { field: 'name', value: 'Измамник Непознат' }, actor: 'Мария Иванова' }),
      ]);
      expect(await contactRow(contact)).toEqual(person);
    });

    it('dismisses a possible match (it stays apart), or merges it, after which its details are unconfirmed here', async () => {
      const { person, contact } = await client();
      const twin = await contactOf('contact_submissions', await send({ name: 'Близнак', email: `twin-${unique()}@example.com`, phone: person.phone }));
      const same = await contactOf('contact_submissions', await send({ name: 'К. Истински', email: `same-${unique()}@example.com`, phone: person.phone }));
      expect((await timeline(contact)).matches.map((m) => m.id).sort()).toEqual([twin, same].sort());

      expect((await review(stranger, contact, 'match', twin, 'dismiss')).error?.code).toBe('42501');
      expect((await review(admin, contact, 'match', twin, 'adopt')).error?.hint).toBe('match_merge');
      expect((await review(admin, contact, 'match', twin, 'dismiss')).error).toBeNull();
      const kept = await timeline(contact);
      expect(kept.matches.map((m) => m.id)).toEqual([same]);
      expect(kept.events).toEqual([
        expect.objectContaining({ kind: 'match_dismissed', detail: expect.objectContaining({ id: twin, name: 'Близнак' }), actor: 'Мария Иванова' }),
      ]);
      expect((await timeline(twin)).matches).toEqual([expect.objectContaining({ id: same })]);
      // the decision names the other contact by its id alone: its erasure leaves nothing of it here
      expect((await admin.rpc('erase_contact', { contact: twin })).error).toBeNull();
      const afterErasure = JSON.stringify([
        await sql('select * from private.contact_detail_reviews where contact_id = $1', [contact]),
        await sql('select detail from private.lead_events where contact_id = $1', [contact]),
        (await timeline(contact)).events,
      ]);
      expect(afterErasure).toContain(twin);
      expect(afterErasure).not.toContain('Близнак');
      expect(afterErasure).not.toContain('twin-');

      expect((await admin.rpc('merge_contacts', { keep: contact, other: same })).error).toBeNull();
      const page = await timeline(contact);
      expect(page.matches).toEqual([]);
      expect(await contactRow(contact)).toEqual(person);
      expect(page.unconfirmed.map((d) => [d.field, d.value])).toEqual([
        ['name', 'К. Истински'],
        ['email', expect.stringMatching(/^same-/)],
      ]);
    });

    it('renames a contact as before; its old name does not come back as unconfirmed', async () => {
      const { person, contact } = await client();
      const { data, error } = await admin.from('contacts').update({ name: 'Клиент Истински (управител)' }).eq('id', contact).select('name');
      expect(error).toBeNull();
      expect(data).toEqual([{ name: 'Клиент Истински (управител)' }]);
      expect((await timeline(contact)).unconfirmed).toEqual([]);
      // nobody else writes a contact
      for (const other of [h.anon, stranger]) {
        const { data: changed } = await other.from('contacts').update({ name: 'Измамник' }).eq('id', contact).select('id');
        expect(changed ?? []).toEqual([]);
      }
      expect((await h.anon.from('contacts').update({ email: 'x@example.com' }).eq('id', contact)).error?.code).toBe('42501');
      expect(await contactRow(contact)).toEqual({ ...person, name: 'Клиент Истински (управител)' });
    });
  });
}
