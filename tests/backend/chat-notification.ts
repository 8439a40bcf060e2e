// The team-chat notification, sent by the database (migration *_chat_from_database.sql): each new
// inquiry and booking becomes a message in private.chat_outbox, pg_net posts it after the commit
// to the address in the Vault secret `chat_webhook_url`, and the scheduled job records the answer on the row and
// sends failures again. Defined once and run against the stand-in (chat-notification.test.ts) and
// against PostgreSQL 15 with the real pg_cron (rls-matrix.postgres.test.ts).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TZDate } from '@date-fns/tz';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { Harness } from './harness.ts';

interface Received {
  body: { content?: string; embeds?: { title: string; color: number; fields: { name: string; value: string }[] }[]; allowed_mentions?: unknown };
}

export function defineChatNotification(start: () => Promise<Harness>): void {
  let h: Harness;
  let receiver: Server;
  let receiverUrl = '';
  let answer = 204;
  const received: Received[] = [];
  let n = 0;

  const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    h.local.db.asSystem(async (tx) => (await tx.query<T>(text, params)).rows);
  /** What the scheduled job does once a minute (then pg_net's worker sends what it queued). */
  const runJob = async () => {
    await sql('select private.process_chat_outbox()');
    h.local.net.kick();
  };
  const sent = async () => {
    await h.local.net.settled();
    return received.splice(0);
  };

  beforeAll(async () => {
    h = await start();
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        received.push({ body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
        res.writeHead(answer, { 'content-type': 'text/plain' }).end(answer >= 400 ? 'the chat is down' : undefined);
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhook`;
    // the tests play the job's minute themselves (runJob): the worker's own run, at whatever
    // second a minute turns, must not land between a send and the check of what it left
    await sql(`update cron.job set active = false where jobname = 'chat-notifications'`);
  });
  afterAll(async () => {
    await sql(`update cron.job set active = true where jobname = 'chat-notifications'`);
    await sql(`select private.set_vault_secret('chat_webhook_url', null)`);
    await h.close();
    await new Promise((resolve) => receiver.close(resolve));
  });
  beforeEach(async () => {
    answer = 204;
    await sql(`select private.set_vault_secret('chat_webhook_url', $1)`, [receiverUrl]);
    await sent();
  });

  const inquiry = () => ({
    name: 'Мила Тестова',
    email: `chat${++n}@example.com`,
    phone: '+359888123456',
    company: 'Хотел Чат',
    message: 'Искаме чатбот <@everyone>.',
    purpose: 'hospitality',
    contact_method: 'both',
  });

  /** A Monday at 10:00 in Sofia, a week or more ahead. */
  function nextMonday() {
    const now = TZDate.tz('Europe/Sofia');
    const day = new TZDate(now.getFullYear(), now.getMonth(), now.getDate() + 8, 10, 0, 'Europe/Sofia');
    while (day.getDay() !== 1) day.setDate(day.getDate() + 1);
    return day;
  }

  const fields = (m: Received) => Object.fromEntries(m.body.embeds![0].fields.map((f) => [f.name, f.value]));

  it('an inquiry reaches the chat after the commit, in the chat\'s format, and is marked notified by the job', async () => {
    const { error } = await h.visitor().from('contact_submissions').insert(inquiry());
    expect(error).toBeNull();
    const [message, ...more] = await sent();
    expect(more).toEqual([]);
    expect(message.body.content).toBe('📩 Ново запитване от сайта');
    expect(message.body.embeds![0]).toMatchObject({ title: 'Запитване: Туризъм и ресторанти', color: 0x2f4cc4 });
    // what the visitor typed, with the chat's markdown escaped (no mention, no link, no heading)
    expect(fields(message)).toEqual({
      Име: 'Мила Тестова',
      Компания: 'Хотел Чат',
      Услуга: 'Туризъм и ресторанти',
      Имейл: `chat${n}\\@example.com`,
      Телефон: '+359888123456',
      'Предпочитан начин за контакт': 'Имейл и телефон',
      Съобщение: 'Искаме чатбот \\<\\@everyone\\>.',
    });
    expect(message.body.allowed_mentions).toEqual({ parse: [] }); // nobody is pinged by a visitor's text

    const [before] = await sql<{ notified_at: Date | null }>('select notified_at from public.contact_submissions where email = $1', [`chat${n}@example.com`]);
    expect(before.notified_at).toBeNull();
    await runJob();
    const [after] = await sql<{ notified_at: Date | null; notify_error: string | null; updated_at: Date; created_at: Date }>(
      'select notified_at, notify_error, updated_at, created_at from public.contact_submissions where email = $1',
      [`chat${n}@example.com`],
    );
    expect(after.notified_at).not.toBeNull();
    expect(after.notify_error).toBeNull();
    // recording the delivery is not an edit: the admins' version (updated_at) stays
    expect(after.updated_at.getTime()).toBe(after.created_at.getTime());
    expect(await sql(`select status from private.chat_outbox order by id desc limit 1`)).toEqual([{ status: 'sent' }]);
  });

  it('a booking names its day and time in the consultant\'s zone', async () => {
    const monday = nextMonday();
    const { error } = await h.visitor().from('appointments').insert({
      client_name: 'Борис Чат',
      client_email: `chat${++n}@example.com`,
      client_phone: '',
      company_name: '',
      message: '',
      preferred_date: monday.toISOString(),
    });
    expect(error).toBeNull();
    const [message] = await sent();
    const months = ['януари', 'февруари', 'март', 'април', 'май', 'юни', 'юли', 'август', 'септември', 'октомври', 'ноември', 'декември'];
    const when = `понеделник, ${monday.getDate()} ${months[monday.getMonth()]} ${monday.getFullYear()} г., 10:00 (българско време)`;
    expect(message.body.content).toBe('📅 Нова заявка за консултация');
    expect(message.body.embeds![0].title).toBe(`Консултация: ${when}`);
    expect(fields(message)).toEqual({
      Клиент: 'Борис Чат',
      Компания: 'Не е посочена',
      Имейл: `chat${n}\\@example.com`,
      Телефон: 'Не е предоставен',
      'Дата и час': when,
      Съобщение: 'Няма съобщение',
    });
  });

  it('a failed delivery is recorded on the row and sent again by the job until it succeeds', async () => {
    answer = 500;
    const row = inquiry();
    await h.visitor().from('contact_submissions').insert(row);
    expect(await sent()).toHaveLength(1);
    await runJob();
    const [failed] = await sql<{ notify_error: string | null; notified_at: Date | null }>(
      'select notify_error, notified_at from public.contact_submissions where email = $1',
      [row.email],
    );
    expect(failed).toEqual({ notify_error: 'HTTP 500: the chat is down', notified_at: null });
    // the admin sees it in the inbox (the columns are theirs to read)
    const admin = h.as({ sub: 'a0000000-0000-4000-8000-000000000001', email: 'admin@example.com' });
    const listed = await admin.from('contact_submissions').select('notify_error').eq('email', row.email).single();
    expect(listed.data).toEqual({ notify_error: 'HTTP 500: the chat is down' });

    // not again at once: the next attempt waits a minute
    await runJob();
    expect(await sent()).toEqual([]);
    answer = 204;
    await sql(`update private.chat_outbox set last_attempt_at = now() - interval '2 minutes' where status = 'failed'`);
    await runJob();
    expect(await sent()).toHaveLength(1);
    await runJob();
    const [recovered] = await sql<{ notify_error: string | null; notified_at: Date | null }>(
      'select notify_error, notified_at from public.contact_submissions where email = $1',
      [row.email],
    );
    expect(recovered.notify_error).toBeNull();
    expect(recovered.notified_at).not.toBeNull();
  });

  it('without an address nothing is queued or sent', async () => {
    await sql(`select private.set_vault_secret('chat_webhook_url', null)`);
    const before = (await sql<{ n: number }>('select count(*)::int as n from private.chat_outbox'))[0].n;
    expect((await h.visitor().from('contact_submissions').insert(inquiry())).error).toBeNull();
    expect(await sent()).toEqual([]);
    expect((await sql<{ n: number }>('select count(*)::int as n from private.chat_outbox'))[0].n).toBe(before);
  });

  it('a bot\'s dropped inquiry tells nobody', async () => {
    expect((await h.visitor().from('contact_submissions').insert({ ...inquiry(), bot_trap: 'spam' })).error).toBeNull();
    expect(await sent()).toEqual([]);
  });

  it('visitors can neither read nor set where the chat is, nor see the outbox', async () => {
    for (const role of ['anon', 'authenticated'] as const) {
      // the address is a Vault secret: neither the function that reads it nor Vault itself is theirs
      await expect(h.local.db.asRole({ role }, (tx) => tx.query(`select private.vault_secret('chat_webhook_url')`))).rejects.toMatchObject({ code: '42501' });
      await expect(h.local.db.asRole({ role }, (tx) => tx.query(`select decrypted_secret from vault.decrypted_secrets`))).rejects.toMatchObject({ code: '42501' });
      await expect(
        h.local.db.asRole({ role }, (tx) => tx.query(`select private.set_vault_secret('chat_webhook_url', 'https://evil.example/hook')`)),
      ).rejects.toMatchObject({ code: '42501' });
      await expect(h.local.db.asRole({ role }, (tx) => tx.query('select * from private.chat_outbox'))).rejects.toMatchObject({ code: '42501' });
    }
    expect(await sql(`select private.vault_secret('chat_webhook_url') as url`)).toEqual([{ url: receiverUrl }]);
  });

  it('the job is scheduled every minute', async () => {
    expect(await sql(`select schedule, command from cron.job where jobname = 'chat-notifications'`)).toEqual([
      { schedule: '* * * * *', command: 'select private.process_chat_outbox()' },
    ]);
  });
}
