// The stand-in's mail catcher (supabase/local/mail.ts): the mail provider's send API as the
// database calls it through pg_net, the JSON the tests read back, and the mailbox page.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAIL_KEEP, MAX_BATCH_EMAILS, MAX_MAIL_BODY, MailCatcher, type MailStats } from '../../supabase/local/mail.ts';
import { useLocalMailCatcher } from '../../supabase/local/server.ts';
import { startHarness, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());
beforeEach(() => {
  h.local.mail.clear();
  h.local.mail.requestsPerSecond = 0;
});

const KEY = { authorization: 'Bearer local-mail-key', 'content-type': 'application/json' };
const INVITE = 'BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nSUMMARY:Среща\r\nEND:VCALENDAR\r\n';
const UNSUBSCRIBE = 'https://sinaptika.example/functions/v1/newsletter-unsubscribe?token=QmVzdCB0b2tlbg_-x&list=news';

const message = (over: Record<string, unknown> = {}) => ({
  from: 'Синаптика <zdravei@sinaptika.example>',
  to: 'ana@example.com',
  subject: 'Потвърден час',
  html: '<p>Здравейте!</p>',
  text: 'Здравейте!',
  ...over,
});

function post(body: unknown, headers: Record<string, string> = KEY) {
  return fetch(`${h.url}/__local/mail`, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
}

function postBatch(body: unknown, headers: Record<string, string> = KEY) {
  return fetch(`${h.url}/__local/mail/batch`, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
}

/** The newsletter's e-mail to one reader: the one-click unsubscribe pair, with the reader's own token. */
const issue = (i: number, over: Record<string, unknown> = {}) =>
  message({
    to: `reader${i}@example.com`,
    subject: `Бюлетин, брой ${i}`,
    headers: {
      'List-Unsubscribe': `<${UNSUBSCRIBE}&reader=${i}>, <mailto:otpisvane@sinaptika.example?subject=unsubscribe>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    ...over,
  });

async function list(query = '') {
  const res = await fetch(`${h.url}/__local/mail${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>[];
}

describe('the provider API', () => {
  it('keeps a message and lists it newest first, in the documented shape', async () => {
    const first = await post(message({ subject: 'Първо', html: undefined }));
    expect(first.status).toBe(200);
    const second = await post(
      message({
        to: ['ana@example.com', 'Борис <boris@example.com>'],
        reply_to: 'zdravei@sinaptika.example',
        attachments: [
          { filename: 'invite.ics', content: Buffer.from(INVITE).toString('base64'), content_type: 'text/calendar; charset=utf-8; method=REQUEST' },
          { filename: 'bare.bin', content: Buffer.from([0, 1, 2, 255]).toString('base64') },
        ],
      }),
    );
    expect(second.status).toBe(200);
    const { id } = (await second.json()) as { id: string };
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);

    const mails = await list();
    expect(mails.map((m) => m.subject)).toEqual(['Потвърден час', 'Първо']);
    expect(mails[0]).toEqual({
      id,
      to: 'ana@example.com, Борис <boris@example.com>',
      subject: 'Потвърден час',
      text: 'Здравейте!',
      html: '<p>Здравейте!</p>',
      attachments: [
        { filename: 'invite.ics', contentType: 'text/calendar; charset=utf-8; method=REQUEST', content: Buffer.from(INVITE).toString('base64') },
        { filename: 'bare.bin', contentType: 'application/octet-stream', content: 'AAEC/w==' },
      ],
      headers: {},
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(Buffer.from(String((mails[0].attachments as { content: string }[])[0].content), 'base64').toString('utf8')).toBe(INVITE);
    expect(mails[1]).toMatchObject({ to: 'ana@example.com', html: '', attachments: [] });
    expect(h.local.mail.messages()).toEqual(mails);
  });

  it('filters by recipient, whatever the case', async () => {
    await post(message({ to: ['ana@example.com', 'Борис <boris@example.com>'], subject: 'До двамата' }));
    await post(message({ to: 'vera@example.com', subject: 'До Вера' }));
    expect((await list('?to=BORIS@example.com')).map((m) => m.subject)).toEqual(['До двамата']);
    expect((await list('?to=vera@example.com')).map((m) => m.subject)).toEqual(['До Вера']);
    expect(await list('?to=nobody@example.com')).toEqual([]);
  });

  it('refuses a send without a key, as the provider does', async () => {
    const res = await post(message(), { 'content-type': 'application/json' });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ statusCode: 401, name: 'missing_api_key', message: 'Missing API key in the authorization header' });
    expect(h.local.mail.messages()).toEqual([]);
  });

  it('refuses a body without a subject, without any body text, with a bad address, or not JSON', async () => {
    for (const body of [message({ subject: undefined }), message({ html: undefined, text: undefined }), message({ to: 'not an address' })]) {
      const res = await post(body);
      expect(res.status).toBe(422);
      expect(await res.json()).toMatchObject({ statusCode: 422, name: 'validation_error', message: expect.any(String) });
    }
    const res = await post('{"from": ');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ statusCode: 400 });
    expect(h.local.mail.messages()).toEqual([]);
  });

  it('keeps the custom headers exactly as given, the one-click unsubscribe pair too', async () => {
    const headers = {
      'List-Unsubscribe': `<${UNSUBSCRIBE}>, <mailto:otpisvane@sinaptika.example?subject=unsubscribe>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'X-Entity-Ref-ID': 'бюлетин/2026-03',
    };
    const res = await post(message({ headers }));
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: string };
    const [mail] = await list();
    expect(mail).toMatchObject({ id, headers });
    // in the order given, nothing added, nothing renamed
    expect(Object.entries(mail.headers as object)).toEqual(Object.entries(headers));
    expect(h.local.mail.messages()[0].headers).toEqual(headers);
  });

  it('refuses custom headers the provider would not send: not strings, not header names, or with a line break', async () => {
    for (const [headers, wrong] of [
      [{ 'X-Count': 3 }, /"X-Count" must be a string/],
      [{ 'X-Flag': null }, /"X-Flag" must be a string/],
      [{ 'X-List': ['a', 'b'] }, /"X-List" must be a string/],
      [{ 'X Space': 'a' }, /"X Space" is not a header name/],
      [{ 'X-Colon:': 'a' }, /is not a header name/],
      [{ '': 'a' }, /is not a header name/],
      [['List-Unsubscribe', '<https://a.example>'], /an object of header names/],
      ['List-Unsubscribe: <https://a.example>', /an object of header names/],
      // header injection: a value that would end its line and start another header (or the body)
      [{ 'List-Unsubscribe': '<https://a.example>\r\nBcc: everyone@example.com' }, /"List-Unsubscribe" contains a line break/],
      [{ 'X-Note': 'one\ntwo' }, /"X-Note" contains a line break/],
      [{ 'X-Note': 'one\rtwo' }, /"X-Note" contains a line break/],
    ] as const) {
      const res = await post(message({ headers }));
      expect(res.status, JSON.stringify(headers)).toBe(422);
      const body = (await res.json()) as { message: string };
      expect(body).toMatchObject({ statusCode: 422, name: 'validation_error' });
      expect(body.message).toMatch(/^Invalid `headers` field: /);
      expect(body.message).toMatch(wrong);
    }
    expect(h.local.mail.messages()).toEqual([]);
    // none given, or null, is none
    expect((await post(message({ headers: null }))).status).toBe(200);
    expect((await post(message({ headers: {} }))).status).toBe(200);
    expect(h.local.mail.messages().map((m) => m.headers)).toEqual([{}, {}]);
  });

  it('sends a message once per idempotency key, answering the first id again', async () => {
    const headers = { ...KEY, 'idempotency-key': 'booking-confirmed/42' };
    const a = (await (await post(message(), headers)).json()) as { id: string };
    const again = await post(message(), headers);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ id: a.id });
    expect((await list()).map((m) => m.id)).toEqual([a.id]);
    // the same key with another payload is a mistake the provider refuses
    const other = await post(message({ subject: 'Друго' }), headers);
    expect(other.status).toBe(409);
    expect(await other.json()).toMatchObject({ statusCode: 409, name: 'invalid_idempotent_request' });
    // another key is another message
    const b = (await (await post(message(), { ...KEY, 'idempotency-key': 'booking-confirmed/43' })).json()) as { id: string };
    expect(b.id).not.toBe(a.id);
    expect(await list()).toHaveLength(2);
  });

  it('serves an attachment with its bytes, type and file name', async () => {
    const bytes = Buffer.from([0x00, 0xff, 0x10, 0x80, 0x7f]);
    const { id } = (await (
      await post(
        message({
          attachments: [
            { filename: 'invite.ics', content: Buffer.from(INVITE).toString('base64'), content_type: 'text/calendar; charset=utf-8; method=REQUEST' },
            { filename: 'покана "1".bin', content: bytes.toString('base64') },
          ],
        }),
      )
    ).json()) as { id: string };

    const ics = await fetch(`${h.url}/__local/mail/${id}/attachments/0`);
    expect(ics.status).toBe(200);
    expect(ics.headers.get('content-type')).toBe('text/calendar; charset=utf-8; method=REQUEST');
    expect(ics.headers.get('content-disposition')).toBe('attachment; filename="invite.ics"');
    expect(await ics.text()).toBe(INVITE);

    const bin = await fetch(`${h.url}/__local/mail/${id}/attachments/1`);
    expect(bin.headers.get('content-type')).toBe('application/octet-stream');
    expect(bin.headers.get('content-disposition')).toBe(
      `attachment; filename="______ _1_.bin"; filename*=UTF-8''${encodeURIComponent('покана "1".bin')}`,
    );
    expect(Buffer.from(await bin.arrayBuffer())).toEqual(bytes);

    expect((await fetch(`${h.url}/__local/mail/${id}/attachments/2`)).status).toBe(404);
    expect((await fetch(`${h.url}/__local/mail/00000000-0000-0000-0000-000000000000/attachments/0`)).status).toBe(404);
  });

  it('empties on DELETE', async () => {
    await post(message());
    const res = await fetch(`${h.url}/__local/mail`, { method: 'DELETE' });
    expect(res.status).toBe(204);
    expect(await list()).toEqual([]);
  });

  it(`keeps the newest ${MAIL_KEEP} messages`, async () => {
    for (let i = 0; i < MAIL_KEEP + 5; i++) {
      const res = await post(message({ subject: `№ ${i}` }));
      expect(res.status).toBe(200);
    }
    const mails = await list();
    expect(mails).toHaveLength(MAIL_KEEP);
    expect(mails[0].subject).toBe(`№ ${MAIL_KEEP + 4}`);
    expect(mails.at(-1)?.subject).toBe('№ 5');
  });

  it('catches what the database posts through pg_net', async () => {
    await h.local.db.asSystem((tx) =>
      tx.query(`select net.http_post($1, $2::jsonb, '{}'::jsonb, $3::jsonb)`, [
        `${h.url}/__local/mail`,
        JSON.stringify(message({ subject: 'От базата' })),
        JSON.stringify({ ...KEY, 'Idempotency-Key': 'from-db/1' }),
      ]),
    );
    h.local.net.kick();
    await h.local.net.settled();
    expect(h.local.mail.messages().map((m) => m.subject)).toEqual(['От базата']);
  });
});

describe('the batch API', () => {
  it('keeps a batch in order, headers and all, and answers its ids in the same order', async () => {
    const batch = [issue(1), issue(2, { text: undefined }), issue(3, { to: ['reader3@example.com', 'Вера <vera@example.com>'] })];
    const res = await postBatch(batch);
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { data: { id: string }[] };
    expect(answer).toEqual({ data: [{ id: expect.any(String) }, { id: expect.any(String) }, { id: expect.any(String) }] });
    const ids = answer.data.map((d) => d.id);
    expect(new Set(ids).size).toBe(3);

    // newest first, as always: the batch's last e-mail on top
    const mails = await list();
    expect(mails.map((m) => m.id)).toEqual([...ids].reverse());
    expect(mails.map((m) => m.subject)).toEqual(['Бюлетин, брой 3', 'Бюлетин, брой 2', 'Бюлетин, брой 1']);
    expect(mails[2]).toEqual({
      id: ids[0],
      to: 'reader1@example.com',
      subject: 'Бюлетин, брой 1',
      text: 'Здравейте!',
      html: '<p>Здравейте!</p>',
      attachments: [],
      headers: {
        'List-Unsubscribe': `<${UNSUBSCRIBE}&reader=1>, <mailto:otpisvane@sinaptika.example?subject=unsubscribe>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(mails[1]).toMatchObject({ to: 'reader2@example.com', text: '' });
    expect((await list('?to=vera@example.com')).map((m) => m.id)).toEqual([ids[2]]);
  });

  it('refuses the whole batch when one e-mail is invalid, and keeps none of it', async () => {
    const tooMany = Array.from({ length: 51 }, (_, i) => `r${i}@example.com`);
    for (const [bad, wrong] of [
      [issue(2, { to: 'not an address' }), /Invalid `to` field/],
      [issue(2, { subject: undefined }), /Missing `subject` field/],
      [issue(2, { to: tooMany }), /Too many recipients/],
      [issue(2, { headers: { 'List-Unsubscribe': `<${UNSUBSCRIBE}>\r\nBcc: all@example.com` } }), /contains a line break/],
      [issue(2, { headers: { 'X-Reader': 2 } }), /must be a string/],
      ['reader2@example.com', /must be a JSON object/],
      [null, /must be a JSON object/],
    ] as const) {
      const res = await postBatch([issue(1), bad, issue(3)]);
      expect(res.status, JSON.stringify(bad).slice(0, 80)).toBe(422);
      const body = (await res.json()) as { message: string };
      expect(body).toMatchObject({ statusCode: 422, name: 'validation_error' });
      expect(body.message).toMatch(/^Invalid e-mail at index 1 of the batch: /);
      expect(body.message).toMatch(wrong);
    }
    // two bad ones: the first is named, the other counted
    const two = (await (await postBatch([issue(1), issue(2, { to: 'x' }), issue(3, { html: undefined, text: undefined })])).json()) as { message: string };
    expect(two.message).toMatch(/^Invalid e-mail at index 1 of the batch \(and 1 more invalid\): /);
    expect(h.local.mail.messages()).toEqual([]);
  });

  it(`takes at most ${MAX_BATCH_EMAILS} e-mails, and refuses an empty batch or one that is not an array`, async () => {
    const over = await postBatch(Array.from({ length: MAX_BATCH_EMAILS + 1 }, (_, i) => issue(i)));
    expect(over.status).toBe(422);
    expect(await over.json()).toEqual({
      statusCode: 422,
      name: 'validation_error',
      message: `Too many e-mails in the batch (${MAX_BATCH_EMAILS + 1}): at most ${MAX_BATCH_EMAILS}.`,
    });
    expect(h.local.mail.messages()).toEqual([]);

    for (const body of [[], issue(1), { emails: [issue(1)] }]) {
      const res = await postBatch(body);
      expect(res.status).toBe(422);
      expect(await res.json()).toMatchObject({ statusCode: 422, name: 'validation_error' });
    }
    expect(await (await postBatch(issue(1))).json()).toMatchObject({ message: 'The `request.body` field must be an `array`.' });
    const notJson = await postBatch('[{"from": ');
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ statusCode: 400, name: 'validation_error' });
    expect(h.local.mail.messages()).toEqual([]);

    const full = await postBatch(Array.from({ length: MAX_BATCH_EMAILS }, (_, i) => issue(i)));
    expect(full.status).toBe(200);
    expect(((await full.json()) as { data: unknown[] }).data).toHaveLength(MAX_BATCH_EMAILS);
    expect(h.local.mail.messages()).toHaveLength(MAX_BATCH_EMAILS);
  });

  it('refuses attachments and scheduled_at, which the batch endpoint does not take', async () => {
    const attachments = [{ filename: 'invite.ics', content: Buffer.from(INVITE).toString('base64') }];
    for (const [over, field] of [
      [{ attachments }, 'attachments'],
      [{ attachments: [] }, 'attachments'],
      [{ scheduled_at: 'in 1 min' }, 'scheduled_at'],
    ] as const) {
      const res = await postBatch([issue(1), issue(2, over)]);
      expect(res.status).toBe(422);
      expect(await res.json()).toEqual({
        statusCode: 422,
        name: 'validation_error',
        message: `Invalid e-mail at index 1 of the batch: The \`${field}\` field is not supported in batch sending.`,
      });
    }
    expect(h.local.mail.messages()).toEqual([]);
    // the single send still takes attachments
    expect((await post(message({ attachments }))).status).toBe(200);
  });

  it('holds each e-mail of a batch to the limits of one send, not the batch as a whole', async () => {
    // four e-mails of a third of that limit each: together larger than one send may be
    const third = 'а'.repeat(Math.floor(MAX_MAIL_BODY / 2 / 3)); // Cyrillic: two bytes a letter
    const big = [1, 2, 3, 4].map((i) => issue(i, { html: third }));
    expect(Buffer.byteLength(JSON.stringify(big))).toBeGreaterThan(MAX_MAIL_BODY);
    expect((await postBatch(big)).status).toBe(200);
    expect(h.local.mail.messages()).toHaveLength(4);
    h.local.mail.clear();

    const tooBig = await postBatch([issue(1), issue(2, { html: 'a'.repeat(MAX_MAIL_BODY) })]);
    expect(tooBig.status).toBe(422);
    expect(await tooBig.json()).toMatchObject({ message: expect.stringMatching(/^Invalid e-mail at index 1 of the batch: The e-mail is larger than/) });
    expect(h.local.mail.messages()).toEqual([]);
  });

  it(`keeps the newest ${MAIL_KEEP} messages, batches counted e-mail by e-mail`, async () => {
    const batches = Math.ceil(MAIL_KEEP / MAX_BATCH_EMAILS) + 1;
    for (let b = 0; b < batches; b++) {
      const res = await postBatch(Array.from({ length: MAX_BATCH_EMAILS }, (_, i) => issue(b * MAX_BATCH_EMAILS + i)));
      expect(res.status).toBe(200);
    }
    const mails = await list();
    expect(mails).toHaveLength(MAIL_KEEP);
    const last = batches * MAX_BATCH_EMAILS - 1;
    expect(mails[0].subject).toBe(`Бюлетин, брой ${last}`);
    expect(mails.at(-1)?.subject).toBe(`Бюлетин, брой ${last - MAIL_KEEP + 1}`);
  });

  it('asks for a key as the single send does', async () => {
    const res = await postBatch([issue(1)], { 'content-type': 'application/json' });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ statusCode: 401, name: 'missing_api_key', message: 'Missing API key in the authorization header' });
    const longKey = await postBatch([issue(1)], { ...KEY, 'idempotency-key': 'k'.repeat(257) });
    expect(longKey.status).toBe(400);
    expect(await longKey.json()).toMatchObject({ statusCode: 400, name: 'invalid_idempotency_key' });
    expect(h.local.mail.messages()).toEqual([]);
    expect((await fetch(`${h.url}/__local/mail/batch`)).status).toBe(405);
  });

  it('sends a batch once per idempotency key, answering the first ids again', async () => {
    const headers = { ...KEY, 'idempotency-key': 'newsletter/2026-03/1' };
    const batch = [issue(1), issue(2), issue(3)];
    const first = await postBatch(batch, headers);
    expect(first.status).toBe(200);
    const answer = await first.json();

    const again = await postBatch(batch, headers);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(answer);
    expect((await list()).map((m) => m.id)).toEqual((answer as { data: { id: string }[] }).data.map((d) => d.id).reverse());

    // the same key with another payload is refused, and keeps nothing
    const other = await postBatch([issue(1), issue(2)], headers);
    expect(other.status).toBe(409);
    expect(await other.json()).toMatchObject({ statusCode: 409, name: 'invalid_idempotent_request' });
    expect(h.local.mail.messages()).toHaveLength(3);

    // another key is another batch; the provider keeps a key per endpoint, so a single send may use this one too
    expect((await postBatch(batch, { ...KEY, 'idempotency-key': 'newsletter/2026-03/2' })).status).toBe(200);
    expect((await post(message(), headers)).status).toBe(200);
    expect(h.local.mail.messages()).toHaveLength(7);
  });

  it('keeps the valid e-mails and lists the others with x-batch-validation: permissive', async () => {
    const headers = { ...KEY, 'x-batch-validation': 'permissive' };
    const batch = [issue(0), issue(1, { to: 'not an address' }), issue(2), issue(3, { attachments: [] })];
    const res = await postBatch(batch, headers);
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { data: { id: string }[]; errors: { index: number; message: string }[] };
    expect(answer).toEqual({
      data: [{ id: expect.any(String) }, { id: expect.any(String) }],
      errors: [
        { index: 1, message: expect.stringMatching(/^Invalid `to` field/) },
        { index: 3, message: 'The `attachments` field is not supported in batch sending.' },
      ],
    });
    const mails = await list();
    expect(mails.map((m) => [m.id, m.subject])).toEqual([
      [answer.data[1].id, 'Бюлетин, брой 2'],
      [answer.data[0].id, 'Бюлетин, брой 0'],
    ]);
    // all valid: an empty list of errors; a mode the provider does not have: refused
    expect(await (await postBatch([issue(4)], headers)).json()).toEqual({ data: [{ id: expect.any(String) }], errors: [] });
    const unknown = await postBatch([issue(5)], { ...KEY, 'x-batch-validation': 'lenient' });
    expect(unknown.status).toBe(422);
    expect(await unknown.json()).toMatchObject({ statusCode: 422, name: 'validation_error' });
    // the batch's own limits hold in either mode
    expect((await postBatch(Array.from({ length: MAX_BATCH_EMAILS + 1 }, (_, i) => issue(i)), headers)).status).toBe(422);
    expect(h.local.mail.messages()).toHaveLength(3);
  });

  it('catches a batch the database posts through pg_net', async () => {
    await h.local.db.asSystem((tx) =>
      tx.query(`select net.http_post($1, $2::jsonb, '{}'::jsonb, $3::jsonb)`, [
        `${h.url}/__local/mail/batch`,
        JSON.stringify([issue(1, { subject: 'От базата 1' }), issue(2, { subject: 'От базата 2' })]),
        JSON.stringify({ ...KEY, 'Idempotency-Key': 'from-db/batch/1' }),
      ]),
    );
    h.local.net.kick();
    await h.local.net.settled();
    const mails = h.local.mail.messages();
    expect(mails.map((m) => m.subject)).toEqual(['От базата 2', 'От базата 1']);
    expect(mails[1].headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });
});

describe("the provider's rate limit and what was received", () => {
  const stats = async () => (await (await fetch(`${h.url}/__local/mail/stats`)).json()) as MailStats;

  it('answers 429 past the requests a second it is given, with retry-after and ratelimit-* headers, and counts the refusals', async () => {
    const set = await fetch(`${h.url}/__local/mail/limits`, { method: 'PUT', body: JSON.stringify({ requests_per_second: 2 }) });
    expect(await set.json()).toEqual({ requests_per_second: 2 });
    // six requests at once arrive within two seconds' windows, which take four: two at least are
    // refused; the send and the batch endpoint share the limit, as the provider's team limit does
    const answers = await Promise.all([post(message()), postBatch([issue(1)]), post(message()), postBatch([issue(2)]), postBatch([issue(3)]), post(message())]);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused.length).toBeGreaterThanOrEqual(2);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(6 - refused.length);
    expect(await refused[0].json()).toMatchObject({ statusCode: 429, name: 'rate_limit_exceeded' });
    expect(Number(refused[0].headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(refused[0].headers.get('ratelimit-limit')).toBe('2');
    expect(refused[0].headers.get('ratelimit-remaining')).toBe('0');
    expect(answers.find((a) => a.status === 200)!.headers.get('ratelimit-limit')).toBe('2');
    expect(await stats()).toMatchObject({ received: 6 - refused.length, rate_limited: refused.length, requests_per_second: 2 });
    // the next second takes requests again
    await new Promise((r) => setTimeout(r, Number(refused[0].headers.get('retry-after')) * 1000));
    expect((await postBatch([issue(4)])).status).toBe(200);
  });

  it('counts a second as the provider does: the limit, what remains of it, and the seconds until the next', () => {
    const catcher = new MailCatcher({ requestsPerSecond: 2 });
    const second = Date.UTC(2026, 10, 29, 10, 0, 0);
    expect(catcher.admit(second + 100)).toEqual({ retryAfter: null, headers: { 'ratelimit-limit': '2', 'ratelimit-remaining': '1', 'ratelimit-reset': '1' } });
    expect(catcher.admit(second + 300).headers['ratelimit-remaining']).toBe('0');
    expect(catcher.admit(second + 900)).toEqual({
      retryAfter: 1,
      headers: { 'ratelimit-limit': '2', 'ratelimit-remaining': '0', 'ratelimit-reset': '1', 'retry-after': '1' },
    });
    // a new second: two more
    expect(catcher.admit(second + 1000).retryAfter).toBeNull();
    expect(catcher.stats()).toMatchObject({ rate_limited: 1 });
    // no limit: no headers, never refused
    expect(new MailCatcher().admit(second)).toEqual({ headers: {}, retryAfter: null });
  });

  it('refuses a limit that is not a whole number', async () => {
    for (const body of ['{"requests_per_second": -1}', '{"requests_per_second": 1.5}', '{}', 'x']) {
      expect((await fetch(`${h.url}/__local/mail/limits`, { method: 'PUT', body })).status, body).toBe(400);
    }
  });

  it('counts every message received, past the newest it keeps, and names whoever got more than one', async () => {
    for (let i = 0; i < 3; i++) expect((await postBatch(Array.from({ length: 100 }, (_, j) => issue(i * 100 + j)))).status).toBe(200);
    expect((await post(message({ to: 'reader7@example.com' }))).status).toBe(200);
    // a repeat under the same key is not a new message
    const again = { ...KEY, 'idempotency-key': 'batch-1' };
    expect((await postBatch([issue(900)], again)).status).toBe(200);
    expect((await postBatch([issue(900)], again)).status).toBe(200);
    const counted = await stats();
    expect(counted).toMatchObject({ received: 302, recipients: 301, duplicates: [{ to: 'reader7@example.com', count: 2 }], rate_limited: 0 });
    expect(counted.first_at! <= counted.last_at!).toBe(true);
    expect((await (await fetch(`${h.url}/__local/mail`)).json()).length).toBe(MAIL_KEEP);
    await fetch(`${h.url}/__local/mail`, { method: 'DELETE' });
    expect(await stats()).toMatchObject({ received: 0, recipients: 0, duplicates: [] });
  });

  it('keeps what it caught and the keys it answered in its file, for the stand-in that starts on the same data', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mail-catcher-'));
    try {
      const file = join(dir, 'mail-catcher.json');
      const before = new MailCatcher({ file });
      const first = before.addAll([{ to: ['ana@example.com'], addresses: ['ana@example.com'], subject: 'Брой 1', text: 'x', html: '', attachments: [], headers: {} }], {
        endpoint: 'POST /emails/batch',
        key: 'newsletter-batch-7',
        digest: 'd1',
      });
      // stopped at once (no snapshot written yet): the journal still knows what it took, and the key
      const stopped = new MailCatcher({ file });
      expect(stopped.stats()).toMatchObject({ received: 1, recipients: 1 });
      expect(stopped.addAll([{ to: ['ana@example.com'], addresses: ['ana@example.com'], subject: 'Брой 1', text: 'x', html: '', attachments: [], headers: {} }], {
        endpoint: 'POST /emails/batch',
        key: 'newsletter-batch-7',
        digest: 'd1',
      })).toEqual(first);
      before.flush();
      const after = new MailCatcher({ file });
      expect(after.messages().map((m) => m.subject)).toEqual(['Брой 1']);
      expect(after.stats()).toMatchObject({ received: 1, recipients: 1 });
      // the batch sent again after the restart is the one it took before: nothing new
      const again = after.addAll([{ to: ['ana@example.com'], addresses: ['ana@example.com'], subject: 'Брой 1', text: 'x', html: '', attachments: [], headers: {} }], {
        endpoint: 'POST /emails/batch',
        key: 'newsletter-batch-7',
        digest: 'd1',
      });
      expect(again).toEqual(first);
      expect(after.stats()).toMatchObject({ received: 1, duplicates: [] });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the mailbox page', () => {
  it('lists every message, newest first, with everything from a message escaped', async () => {
    await post(message({ subject: 'Първо писмо', text: 'Потвърдете: http://127.0.0.1:5173/confirm?a=1&b=2' }));
    const { id } = (await (
      await post(
        message({
          subject: '<script>alert(1)</script>',
          html: '<p onclick="x()">"цитат" & <b>удебелено</b></p>',
          attachments: [{ filename: '<img>.ics', content: Buffer.from(INVITE).toString('base64'), content_type: 'text/calendar' }],
        }),
      )
    ).json()) as { id: string };

    const res = await fetch(`${h.url}/__local/mailbox`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    expect(res.headers.get('content-security-policy')).not.toMatch(/script-src/);
    const page = await res.text();
    expect(page).toContain('<title>Пощенска кутия (локално)</title>');
    expect(page).not.toContain('<script>');
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page.indexOf('&lt;script&gt;')).toBeLessThan(page.indexOf('Първо писмо'));
    // the HTML body only inside the sandboxed frame, as an escaped attribute
    expect(page).not.toContain('<p onclick');
    expect(page).toMatch(/<iframe sandbox="[^"]*" title="[^"]*" srcdoc="[^"<>]*&lt;p onclick=&quot;x\(\)&quot;&gt;&quot;цитат&quot; &amp; &lt;b&gt;/);
    expect(page).not.toMatch(/sandbox="[^"]*allow-(scripts|same-origin)/);
    expect(page).toContain(`<a href="/__local/mail/${id}/attachments/0">&lt;img&gt;.ics</a>`);
    // the text body's links can be followed
    expect(page).toContain('<a href="http://127.0.0.1:5173/confirm?a=1&amp;b=2">http://127.0.0.1:5173/confirm?a=1&amp;b=2</a>');
    // no custom headers, no headers section
    expect(page).not.toContain('Заглавки');
  });

  it("shows each message's custom headers, escaped, with the unsubscribe address a link", async () => {
    await post(
      message({
        subject: 'Бюлетин',
        headers: {
          'List-Unsubscribe': `<${UNSUBSCRIBE}>, <mailto:otpisvane@sinaptika.example?subject=unsubscribe>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          'X-<b>': '<script>alert("x")</script> & \'more\'',
        },
      }),
    );
    const page = await (await fetch(`${h.url}/__local/mailbox`)).text();
    const escapedUrl = UNSUBSCRIBE.replace(/&/g, '&amp;');
    expect(page).toContain('<h3>Заглавки</h3>');
    expect(page).toContain(
      `<dt>List-Unsubscribe</dt><dd>&lt;<a href="${escapedUrl}">${escapedUrl}</a>&gt;, &lt;mailto:otpisvane@sinaptika.example?subject=unsubscribe&gt;</dd>`,
    );
    expect(page).toContain('<dt>List-Unsubscribe-Post</dt><dd>List-Unsubscribe=One-Click</dd>');
    expect(page).toContain('<dt>X-&lt;b&gt;</dt><dd>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;more&#39;</dd>');
    expect(page).not.toContain('<script>');
    expect(page).not.toContain('<b>');
  });

  it('says so when the box is empty', async () => {
    const page = await (await fetch(`${h.url}/__local/mailbox`)).text();
    expect(page).toContain('Няма писма.');
    expect(page).not.toContain('<article');
  });
});

describe('useLocalMailCatcher', () => {
  it('points the database at this catcher and leaves a real provider alone', async (ctx) => {
    const exists = await h.local.db.asSystem((tx) =>
      tx.query<{ ok: boolean }>(`select to_regclass('private.mail_settings') is not null as ok`),
    );
    // the table comes with the migration for e-mails; without it there is nothing to point
    if (!exists.rows[0].ok) ctx.skip();
    // where and as whom, from private.mail_settings; the provider's key, from Vault
    const settings = async () =>
      (
        await h.local.db.asSystem((tx) =>
          tx.query<Record<string, string>>(
            `select api_url, private.vault_secret('mail_api_key') as api_key, sender, reply_to, site_url from private.mail_settings`,
          ),
        )
      ).rows;
    await h.local.db.asSystem(async (tx) => {
      await tx.query('delete from private.mail_settings');
      await tx.query(`select private.set_vault_secret('mail_api_key', null)`);
    });

    await useLocalMailCatcher(h.local, 'http://127.0.0.1:5173/');
    expect(await settings()).toEqual([
      {
        api_url: `${h.url}/__local/mail`,
        api_key: 'local-mail-key',
        sender: 'Синаптика <zdravei@sinaptika.example>',
        reply_to: 'zdravei@sinaptika.example',
        site_url: 'http://127.0.0.1:5173',
      },
    ]);

    // a stand-in's catcher on another port, and another site: both follow
    await h.local.db.asSystem((tx) => tx.query(`update private.mail_settings set api_url = 'http://localhost:1/__local/mail'`));
    await useLocalMailCatcher(h.local, 'http://127.0.0.1:4174');
    expect(await settings()).toMatchObject([{ api_url: `${h.url}/__local/mail`, site_url: 'http://127.0.0.1:4174' }]);

    await h.local.db.asSystem(async (tx) => {
      await tx.query(`update private.mail_settings set api_url = 'https://api.resend.com/emails', site_url = 'https://sinaptika.example'`);
      await tx.query(`select private.set_vault_secret('mail_api_key', 're_real')`);
    });
    await useLocalMailCatcher(h.local, 'http://127.0.0.1:5173');
    expect(await settings()).toMatchObject([{ api_url: 'https://api.resend.com/emails', api_key: 're_real', site_url: 'https://sinaptika.example' }]);
  });
});
