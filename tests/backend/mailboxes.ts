// Mailboxes as their providers fold them (migration *_mailboxes_by_provider.sql): a `+tag` is
// dropped only where the provider delivers plus addresses, Gmail's dots only on Gmail, and a
// change of the providers' table rewrites private.mailbox_key, rebuilds the indexes that compute
// it and recomputes every stored mailbox: the one a key split off gets a key of its own, two that
// become one are merged. Defined once and run against the stand-in (mailboxes.test.ts) and
// PostgreSQL 15 (rls-matrix.postgres.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from './harness.ts';

export function defineMailboxes(start: () => Promise<Harness>): void {
  let h: Harness;
  let n = 0;
  const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    h.local.db.asSystem(async (tx) => (await tx.query<T>(text, params)).rows);
  const unique = () => `${++n}x${process.pid % 1000}x${Date.now() % 100000}`;
  const key = async (address: string) => (await sql<{ k: string }>('select private.mailbox_key($1) as k', [address]))[0].k;
  /** An inquiry as the database stores one (its contact found or made by the trigger); its id and contact. */
  const inquiry = async (email: string) =>
    (
      await sql<{ id: string; contact_id: string }>(
        `insert into public.contact_submissions (name, email, company, message, purpose, contact_method)
         values ('Мария Проверкова', $1, 'Фирма', 'Здравейте.', 'custom', 'email') returning id, contact_id`,
        [email],
      )
    )[0];
  const keysOf = async (contact: string) =>
    (await sql<{ key: string }>(`select key from private.contact_keys where contact_id = $1 and key like 'email:%' order by key`, [contact])).map((r) => r.key);
  const ownerOf = async (mailbox: string) =>
    (await sql<{ contact_id: string }>('select contact_id from private.contact_keys where key = $1', [`email:${mailbox}`]))[0]?.contact_id ?? null;
  /** Inquiries of a mailbox through the expression index only: a stale index answers what the old rules computed. */
  const indexedInquiries = (mailbox: string) =>
    h.local.db.asSystem(async (tx) => {
      await tx.query('set local enable_seqscan = off');
      await tx.query('set local enable_bitmapscan = off');
      const plan = (await tx.query<{ 'QUERY PLAN': string }>('explain select count(*) from public.contact_submissions where private.mailbox_key(email) = $1', [mailbox])).rows
        .map((r) => r['QUERY PLAN'])
        .join('\n');
      expect(plan).toMatch(/contact_submissions_mailbox_idx/);
      return (await tx.query<{ n: number }>('select count(*)::int as n from public.contact_submissions where private.mailbox_key(email) = $1', [mailbox])).rows[0].n;
    });
  const setRule = (domain: string, plus: boolean) =>
    sql(
      `insert into private.mailbox_providers (domain, provider, plus_addressing, note) values ($1, 'Тест', $2, 'a test')
       on conflict (domain) do update set plus_addressing = excluded.plus_addressing`,
      [domain, plus],
    );
  const dropRule = (domain: string) => sql('delete from private.mailbox_providers where domain = $1', [domain]);
  const testDomains: string[] = [];
  const domain = () => {
    const d = `d${unique()}.test`;
    testDomains.push(d);
    return d;
  };

  beforeAll(async () => {
    h = await start();
  });
  afterAll(async () => {
    if (testDomains.length) await sql('delete from private.mailbox_providers where domain = any ($1)', [testDomains]);
    await h.close();
  });

  describe('the mailbox of an address', () => {
    it('drops a +tag only where the provider delivers plus addresses, and ignores dots only on Gmail', async () => {
      const cases: [string, string][] = [
        ['Victim+1@Gmail.com', 'victim@gmail.com'],
        ['v.i.c.t.i.m+x@googlemail.com', 'victim@gmail.com'],
        ['a.b+news@outlook.com', 'a.b@outlook.com'],
        ['A.B+news@Hotmail.com', 'a.b@hotmail.com'],
        ['a.b+x@icloud.com', 'a.b@icloud.com'],
        ['a.b+x@me.com', 'a.b@me.com'],
        ['a.b+x@fastmail.com', 'a.b@fastmail.com'],
        ['a.b+x@proton.me', 'a.b@proton.me'],
        ['a.b+x@pm.me', 'a.b@pm.me'],
        ['a.b+x@protonmail.com', 'a.b@protonmail.com'],
        // no plus addressing there: a tag is another address, kept as typed (lower case)
        ['Victim+x@ABV.bg', 'victim+x@abv.bg'],
        ['victim+x@mail.bg', 'victim+x@mail.bg'],
        ['victim+x@yahoo.com', 'victim+x@yahoo.com'],
        ['v.i.c.t.i.m@abv.bg', 'v.i.c.t.i.m@abv.bg'],
        // a domain nobody listed: as typed
        ['a.b+x@example.bg', 'a.b+x@example.bg'],
        ['  Someone@Example.COM ', 'someone@example.com'],
        // nothing before the tag: the address as it is
        ['+x@gmail.com', '+x@gmail.com'],
        ['', ''],
        ['no-at-sign', 'no-at-sign'],
      ];
      const got = await sql<{ k: string }>('select private.mailbox_key(a) as k from unnest($1::text[]) with ordinality as t (a, i) order by i', [cases.map((c) => c[0])]);
      expect(cases.map(([address], i) => [address, got[i].k])).toEqual(cases);
      expect(await key(null as unknown as string)).toBe('');
      // the rules are the table's, written into an IMMUTABLE function the indexes may compute
      expect(
        await sql(`select provolatile, prosrc ~ 'generated by private.apply_mailbox_providers' as generated from pg_proc where oid = 'private.mailbox_key(text)'::regprocedure`),
      ).toEqual([{ provolatile: 'i', generated: true }]);
      expect(await sql(`select plus_addressing from private.mailbox_providers where domain in ('abv.bg', 'mail.bg', 'yahoo.com', 'gmail.com') order by domain`)).toEqual([
        { plus_addressing: false },
        { plus_addressing: true },
        { plus_addressing: false },
        { plus_addressing: false },
      ]);
    });
  });

  describe('a change of the providers’ rules', () => {
    it('splits a mailbox: each spelling gets its own key, and a contact keeps no key that only another spelling gave it', async () => {
      // a provider believed to fold tags (as every domain was before), which turns out not to
      const d = domain();
      await setRule(d, true);
      const local = `zhertva${unique()}`;
      // a stranger writes first, under a tag of the victim's address: the contact gets the victim's key
      const stranger = await inquiry(`${local}+x@${d}`);
      expect(await keysOf(stranger.contact_id)).toEqual([`email:${local}@${d}`]);
      await sql(
        `insert into private.mail_outbox (inquiry_id, purpose, recipient, mailbox, subject, status)
         values ($1, 'inquiry_received', $2, private.mailbox_key($2), 'Проверка на пощенската кутия', 'sent')`,
        [stranger.id, `${local}+x@${d}`],
      );
      await sql(`insert into public.newsletter_subscribers (email, mailbox, status, confirmed_at) values ($1, private.mailbox_key($1), 'confirmed', now())`, [`${local}+n@${d}`]);
      await sql(`insert into private.proven_mailboxes (mailbox, how) values (private.mailbox_key($1), 'a test')`, [`${local}+x@${d}`]);
      expect(await indexedInquiries(`${local}@${d}`)).toBe(1);

      await dropRule(d);

      expect(await key(`${local}+x@${d}`)).toBe(`${local}+x@${d}`);
      // the stranger's contact holds the spelling it wrote, not the victim's mailbox
      expect(await keysOf(stranger.contact_id)).toEqual([`email:${local}+x@${d}`]);
      expect(await ownerOf(`${local}@${d}`)).toBeNull();
      // so the victim's own inquiry is a contact of its own
      const victim = await inquiry(`${local}@${d}`);
      expect(victim.contact_id).not.toBe(stranger.contact_id);
      expect(await keysOf(victim.contact_id)).toEqual([`email:${local}@${d}`]);
      // the outbox, the subscribers and the index follow the new rules
      expect(await sql(`select mailbox from private.mail_outbox where inquiry_id = $1 and subject = 'Проверка на пощенската кутия'`, [stranger.id])).toEqual([{ mailbox: `${local}+x@${d}` }]);
      expect(await sql('select mailbox from public.newsletter_subscribers where email = $1', [`${local}+n@${d}`])).toEqual([{ mailbox: `${local}+n@${d}` }]);
      expect(await indexedInquiries(`${local}@${d}`)).toBe(1);
      expect(await indexedInquiries(`${local}+x@${d}`)).toBe(1);
      // a proof is a key: it stays with the address it stands for
      expect(await sql('select mailbox from private.proven_mailboxes where mailbox like $1', [`${local}%`])).toEqual([{ mailbox: `${local}@${d}` }]);
    });

    it('joins spellings into one mailbox: subscribers merged with their consents, contacts keep their keys for an admin to merge', async () => {
      const d = domain();
      const local = `chitatel${unique()}`;
      const plain = `${local}@${d}`;
      const tagged = `${local}+novini@${d}`;
      // an older contact and subscriber under the plain address, a newer one under the tag
      const first = await inquiry(plain);
      const second = await inquiry(tagged);
      expect(second.contact_id).not.toBe(first.contact_id);
      const [older] = await sql<{ id: string }>(
        `insert into public.newsletter_subscribers (email, mailbox, status, confirmed_at, created_at)
         values ($1, private.mailbox_key($1), 'confirmed', now() - interval '2 days', now() - interval '3 days') returning id`,
        [plain],
      );
      const [newer] = await sql<{ id: string }>(
        `insert into public.newsletter_subscribers (email, mailbox, status, confirmed_at, unsubscribed_at, unsubscribed_via, created_at)
         values ($1, private.mailbox_key($1), 'unsubscribed', now() - interval '1 day', now() - interval '1 hour', 'link', now() - interval '1 day') returning id`,
        [tagged],
      );
      for (const id of [older.id, newer.id]) {
        await sql(`insert into public.newsletter_consents (subscriber_id, page, wording, wording_version) values ($1, '/blog', 'текст', '2026-12')`, [id]);
      }
      await sql(`insert into private.proven_mailboxes (mailbox, how, proven_at) values ($1, 'older', now() - interval '1 day'), ($2, 'newer', now())`, [plain, tagged]);

      await setRule(d, true);

      // one subscriber: the latest word (the unsubscribe) stands, with both sign-ups' consents
      expect(await sql('select id, email, mailbox, status from public.newsletter_subscribers where mailbox = $1', [plain])).toEqual([
        { id: newer.id, email: tagged, mailbox: plain, status: 'unsubscribed' },
      ]);
      expect(await sql<{ n: number }>('select count(*)::int as n from public.newsletter_consents where subscriber_id = $1', [newer.id])).toEqual([{ n: 2 }]);
      expect(await sql('select mailbox, how from private.proven_mailboxes where mailbox like $1', [`${local}%`])).toEqual([{ mailbox: plain, how: 'newer' }]);
      // the key stays with the contact that had it; the other contact is the admin's to merge
      expect(await keysOf(first.contact_id)).toEqual([`email:${plain}`]);
      expect(await keysOf(second.contact_id)).toEqual([]);
      expect(await indexedInquiries(plain)).toBe(2);
      expect((await inquiry(`${local}+drugo@${d}`)).contact_id).toBe(first.contact_id);

      // and back: nothing merged comes apart, but every spelling is its own mailbox again
      await dropRule(d);
      expect(await sql('select mailbox from public.newsletter_subscribers where id = $1', [newer.id])).toEqual([{ mailbox: tagged }]);
      expect(await keysOf(second.contact_id)).toEqual([`email:${tagged}`]);
      expect(await ownerOf(plain)).toBe(first.contact_id);
      expect(await indexedInquiries(plain)).toBe(1);
    });
  });
}
