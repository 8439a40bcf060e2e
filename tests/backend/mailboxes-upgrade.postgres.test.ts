// The mailboxes-by-provider migration on a database that lived before it, on real PostgreSQL 15:
// the migrations before it, the rows their rules made (a +tag folded on abv.bg, as on every
// domain then), then the migration and those after it. Every stored mailbox is computed again:
// the stranger's spelling no longer holds the victim's contact key, the outbox and the
// subscribers follow, the expression index answers with the new rules, and a subscriber
// suppressed before it can be lifted back to the state it had.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresDb } from '../../supabase/local/engine/postgres.ts';
import { applyMigrations, applyPlatform, findPostgres, postgresSkipReason, startPostgres, type PostgresCluster } from './postgres-cluster.ts';

const skip = postgresSkipReason();
if (skip) console.warn(`[mailboxes-upgrade.postgres] skipped: ${skip}`);
const suite = skip ? describe.skip : describe;

const MAILBOXES_BY_PROVIDER = '20261128001400';

suite(`mailboxes by provider, as an upgrade on real PostgreSQL ${findPostgres()?.version ?? ''}`, () => {
  let cluster: PostgresCluster | undefined;
  let db: PostgresDb | undefined;
  const rows = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => db!.asSystem(async (tx) => (await tx.query<T>(text, params)).rows);
  const ids: Record<string, string> = {};
  let before: { strangerKeys: string[]; mailboxes: string[] } = { strangerKeys: [], mailboxes: [] };

  beforeAll(async () => {
    cluster = await startPostgres();
    await applyPlatform(cluster);
    await applyMigrations(cluster, (v) => v < MAILBOXES_BY_PROVIDER);
    db = new PostgresDb({ connection: cluster.connection });
    const inquiry = async (email: string) =>
      (
        await rows<{ id: string; contact_id: string }>(
          `insert into public.contact_submissions (name, email, company, message, purpose, contact_method)
           values ('Мария Проверкова', $1, 'Фирма', 'Здравейте.', 'custom', 'email') returning id, contact_id`,
          [email],
        )
      )[0];
    // a stranger writes under a tag of the victim's abv.bg address, a person under a Gmail tag
    const stranger = await inquiry('zhertva+x@abv.bg');
    ids.stranger = stranger.contact_id;
    ids.strangerInquiry = stranger.id;
    ids.gmail = (await inquiry('ivan.petrov+rabota@gmail.com')).contact_id;
    await rows(
      `insert into private.mail_outbox (inquiry_id, purpose, recipient, mailbox, subject, status)
       values ($1, 'inquiry_received', 'zhertva+x@abv.bg', private.mailbox_key('zhertva+x@abv.bg'), 'Получихме запитването ви', 'sent')`,
      [stranger.id],
    );
    await rows(`insert into private.proven_mailboxes (mailbox, how) values (private.mailbox_key('zhertva@abv.bg'), 'cancelled through the manage link')`);
    await rows(
      `insert into public.newsletter_subscribers (email, mailbox, status, confirmed_at, suppressed_at, suppressed_reason)
       select e, private.mailbox_key(e), s, now() - interval '2 days', case when s = 'suppressed' then now() - interval '1 day' end,
              case when s = 'suppressed' then 'bounced' end
         from (values ('chitatel@abv.bg', 'confirmed'), ('drug+novini@abv.bg', 'pending'), ('otkaz@mail.bg', 'suppressed')) v (e, s)`,
    );
    before = {
      strangerKeys: (await rows<{ key: string }>(`select key from private.contact_keys where contact_id = $1 and key like 'email:%'`, [ids.stranger])).map((r) => r.key),
      mailboxes: (await rows<{ mailbox: string }>('select mailbox from public.newsletter_subscribers order by email')).map((r) => r.mailbox),
    };
    await applyMigrations(cluster, (v) => v >= MAILBOXES_BY_PROVIDER);
  });
  afterAll(async () => {
    await db?.close();
    await cluster?.stop();
  });

  it('the rules of before had folded the tag on abv.bg, the ones after do not', async () => {
    expect(before).toEqual({ strangerKeys: ['email:zhertva@abv.bg'], mailboxes: ['chitatel@abv.bg', 'drug@abv.bg', 'otkaz@mail.bg'] });
    expect(await rows(`select private.mailbox_key('zhertva+x@abv.bg') as k`)).toEqual([{ k: 'zhertva+x@abv.bg' }]);
  });

  it("the stranger's contact holds its own spelling, not the victim's mailbox; Gmail's key is as it was", async () => {
    expect(await rows(`select key from private.contact_keys where contact_id = $1 and key like 'email:%'`, [ids.stranger])).toEqual([{ key: 'email:zhertva+x@abv.bg' }]);
    expect(await rows(`select contact_id from private.contact_keys where key = 'email:zhertva@abv.bg'`)).toEqual([]);
    expect(await rows(`select key from private.contact_keys where contact_id = $1 and key like 'email:%'`, [ids.gmail])).toEqual([{ key: 'email:ivanpetrov@gmail.com' }]);
  });

  it('the outbox, the proofs and the subscribers hold the new keys', async () => {
    expect(await rows('select mailbox from private.mail_outbox where inquiry_id = $1', [ids.strangerInquiry])).toEqual([{ mailbox: 'zhertva+x@abv.bg' }]);
    expect(await rows(`select mailbox from private.proven_mailboxes where mailbox like 'zhertva%'`)).toEqual([{ mailbox: 'zhertva@abv.bg' }]);
    expect(await rows('select email, mailbox from public.newsletter_subscribers order by email')).toEqual([
      { email: 'chitatel@abv.bg', mailbox: 'chitatel@abv.bg' },
      { email: 'drug+novini@abv.bg', mailbox: 'drug+novini@abv.bg' },
      { email: 'otkaz@mail.bg', mailbox: 'otkaz@mail.bg' },
    ]);
  });

  it('the expression index on inquiries answers with the new rules', async () => {
    const count = (mailbox: string) =>
      db!.asSystem(async (tx) => {
        await tx.query('set local enable_seqscan = off');
        await tx.query('set local enable_bitmapscan = off');
        return (await tx.query<{ n: number }>('select count(*)::int as n from public.contact_submissions where private.mailbox_key(email) = $1', [mailbox])).rows[0].n;
      });
    expect(await count('zhertva+x@abv.bg')).toBe(1);
    expect(await count('zhertva@abv.bg')).toBe(0);
  });

  it('a subscriber suppressed before the migration returns to the state it had when lifted', async () => {
    expect(await rows(`select s.email, x.previous_status from private.newsletter_suppressions x join public.newsletter_subscribers s on s.id = x.subscriber_id`)).toEqual([
      { email: 'otkaz@mail.bg', previous_status: 'confirmed' },
    ]);
  });
});
