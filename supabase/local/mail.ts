// The stand-in's mail catcher. On hosted Supabase the database sends e-mails through pg_net to the
// mail provider's HTTP API (Resend: POST /emails, and POST /emails/batch for up to 100 at once).
// Here that API is /__local/mail and /__local/mail/batch, which keep each message in memory
// instead of sending it, the way the Supabase CLI's local mail catcher keeps auth e-mails: tests
// read them back as JSON (GET /__local/mail), a developer reads them at /__local/mailbox.
// What it is sent is checked as the provider checks it, custom headers (`headers`, e.g.
// List-Unsubscribe) included, which are kept with the message; a batch with one invalid e-mail
// is refused whole, as the provider refuses it by default.
import { createHash, randomUUID } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { header, json, type LocalRequest, type LocalResponse } from './http.ts';

/** One send request may be this large (attachments arrive base64-encoded inside the JSON). */
export const MAX_MAIL_BODY = 1024 * 1024;
/** The provider's batch send takes at most this many e-mails. */
export const MAX_BATCH_EMAILS = 100;
/** A batch request may be this large: each of its e-mails may be as large as one send. */
export const MAX_MAIL_BATCH_BODY = MAX_BATCH_EMAILS * MAX_MAIL_BODY;
/** The catcher keeps the newest this many messages. */
export const MAIL_KEEP = 200;
/** How long the provider remembers an Idempotency-Key. */
const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Keys remembered at most (the oldest forgotten first), so a long session stays bounded. */
const IDEMPOTENCY_KEEP = 2000;
/** The provider's own limits. */
const MAX_KEY_LENGTH = 256;
const MAX_RECIPIENTS = 50;

export interface CaughtAttachment {
  filename: string;
  contentType: string;
  /** The bytes, base64-encoded. */
  content: string;
}

/** A message as GET /__local/mail lists it. */
export interface CaughtMail {
  id: string;
  /** The recipients as they were given, joined with ", ". */
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: CaughtAttachment[];
  /** The custom headers the sender gave (`headers`), names as given; {} when none. */
  headers: Record<string, string>;
  created_at: string;
}

interface StoredAttachment {
  filename: string;
  contentType: string;
  bytes: Buffer;
}

interface StoredMail {
  id: string;
  to: string[];
  /** The bare addresses of `to`, lower-cased, for the ?to= filter. */
  addresses: string[];
  subject: string;
  text: string;
  html: string;
  attachments: StoredAttachment[];
  headers: Record<string, string>;
  created_at: string;
}

type MailInput = Omit<StoredMail, 'id' | 'created_at'>;

export interface MailCatcherOptions {
  keep?: number;
  /** Told of each new message (the CLI prints a line). */
  onMessage?: (mail: CaughtMail) => void;
  /**
   * The provider's rate limit: requests a second to the send and batch endpoints together, as
   * Resend counts them per team (2 by default there); more in a second are answered 429. 0 or
   * absent: no limit.
   */
  requestsPerSecond?: number;
  /**
   * Where the catcher keeps what it caught (the messages kept, every recipient's count, the
   * Idempotency-Keys) across restarts of a stand-in with a data directory; absent: memory only.
   */
  file?: string;
}

/** What GET /__local/mail/stats answers: every message taken since the last DELETE, not only those kept. */
export interface MailStats {
  /** Messages taken (an Idempotency-Key's repeat is not a new message). */
  received: number;
  /** Distinct recipients. */
  recipients: number;
  /** Recipients who were sent more than one message, with how many. */
  duplicates: { to: string; count: number }[];
  /** Requests answered 429. */
  rate_limited: number;
  first_at: string | null;
  last_at: string | null;
  requests_per_second: number;
}

/** The file's snapshot: the messages kept (written a moment after a change). */
interface SavedState {
  stored: (Omit<StoredMail, 'attachments'> & { attachments: CaughtAttachment[] })[];
  rateLimited: number;
}

/**
 * A line of the journal beside it, appended before a request is answered: what was taken, and the
 * key it came under. A stand-in stopped the moment after still knows the key when the same batch
 * comes again, so it takes nothing twice.
 */
interface JournalEntry {
  key?: string;
  digest?: string;
  ids: string[];
  addresses: string[][];
  at: number;
}

/** An Idempotency-Key as the provider scopes it: per endpoint, with a digest of the request body. */
export interface Idempotency {
  /** The endpoint, e.g. `POST /emails`: the provider remembers a key per method and endpoint. */
  endpoint: string;
  key: string;
  digest: string;
}

export class MailCatcher {
  /** Oldest first. */
  private readonly stored: StoredMail[] = [];
  /** By endpoint and key: the body's digest and the ids answered the first time. */
  private readonly keys = new Map<string, { ids: string[]; digest: string; at: number }>();
  /** Messages kept at most. */
  readonly keep: number;
  /** The provider's requests a second (0: no limit); a test or `PUT /__local/mail/limits` may change it. */
  requestsPerSecond: number;
  /** Messages taken per recipient address (lower-case), since the last clear. */
  private readonly counts = new Map<string, number>();
  private received = 0;
  private rateLimited = 0;
  private firstAt: string | null = null;
  private lastAt: string | null = null;
  /** The second (ms since epoch, floored) the requests are being counted in, and how many came. */
  private window = { second: 0, requests: 0 };
  private saving: NodeJS.Timeout | null = null;

  constructor(private readonly options: MailCatcherOptions = {}) {
    this.keep = options.keep ?? MAIL_KEEP;
    this.requestsPerSecond = options.requestsPerSecond ?? 0;
    if (options.file) this.load(options.file);
  }

  /**
   * Counts one request against the provider's rate: null when it may go on, else the seconds until
   * the next window. Either way the ratelimit-* headers the provider sends with every answer.
   */
  admit(now = Date.now()): { headers: Record<string, string>; retryAfter: number | null } {
    const limit = this.requestsPerSecond;
    if (!limit) return { headers: {}, retryAfter: null };
    const second = Math.floor(now / 1000) * 1000;
    if (this.window.second !== second) this.window = { second, requests: 0 };
    const reset = Math.max(1, Math.ceil((second + 1000 - now) / 1000));
    if (this.window.requests >= limit) {
      this.rateLimited += 1;
      this.changed();
      return {
        headers: { 'ratelimit-limit': String(limit), 'ratelimit-remaining': '0', 'ratelimit-reset': String(reset), 'retry-after': String(reset) },
        retryAfter: reset,
      };
    }
    this.window.requests += 1;
    return {
      headers: { 'ratelimit-limit': String(limit), 'ratelimit-remaining': String(limit - this.window.requests), 'ratelimit-reset': String(reset) },
      retryAfter: null,
    };
  }

  /** Every message taken since the last clear, counted per recipient. */
  stats(): MailStats {
    const duplicates = [...this.counts].filter(([, n]) => n > 1).map(([to, count]) => ({ to, count }));
    return {
      received: this.received,
      recipients: this.counts.size,
      duplicates,
      rate_limited: this.rateLimited,
      first_at: this.firstAt,
      last_at: this.lastAt,
      requests_per_second: this.requestsPerSecond,
    };
  }

  private load(file: string): void {
    try {
      if (existsSync(file)) {
        const state = JSON.parse(readFileSync(file, 'utf8')) as SavedState;
        this.stored.push(...state.stored.map((m) => ({ ...m, attachments: m.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, bytes: Buffer.from(a.content, 'base64') })) })));
        this.rateLimited = state.rateLimited;
      }
    } catch {
      // a snapshot cut short by a crash: the messages kept start empty
    }
    if (!existsSync(`${file}l`)) return;
    for (const line of readFileSync(`${file}l`, 'utf8').split('\n')) {
      let entry: JournalEntry;
      try {
        entry = JSON.parse(line) as JournalEntry;
      } catch {
        continue; // an empty or half-written last line
      }
      this.count(entry.addresses, new Date(entry.at).toISOString());
      if (entry.key !== undefined && entry.digest !== undefined) this.keys.set(entry.key, { ids: entry.ids, digest: entry.digest, at: entry.at });
    }
    this.forgetOldKeys(Date.now());
  }

  /** Counts messages, each with its recipients' addresses. */
  private count(messages: string[][], at: string): void {
    for (const to of messages.flat()) this.counts.set(to, (this.counts.get(to) ?? 0) + 1);
    this.received += messages.length;
    this.firstAt ??= at;
    this.lastAt = at;
  }

  /** Writes the state soon (many changes in a row make one write), where it is kept on disk. */
  private changed(): void {
    const file = this.options.file;
    if (!file || this.saving) return;
    this.saving = setTimeout(() => {
      this.saving = null;
      this.save(file);
    }, 100);
    this.saving.unref();
  }

  private save(file: string): void {
    const state: SavedState = {
      stored: this.stored.map((m) => ({ ...m, attachments: m.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.bytes.toString('base64') })) })),
      rateLimited: this.rateLimited,
    };
    try {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(`${file}.tmp`, JSON.stringify(state));
      renameSync(`${file}.tmp`, file);
    } catch {
      // the catcher goes on in memory
    }
  }

  /** Writes what is pending now (the stand-in closes). */
  flush(): void {
    if (this.saving) {
      clearTimeout(this.saving);
      this.saving = null;
      if (this.options.file) this.save(this.options.file);
    }
  }

  /** The messages newest first, optionally only those to one address (case-insensitive). */
  messages(to?: string): CaughtMail[] {
    const wanted = to?.trim().toLowerCase();
    const out: CaughtMail[] = [];
    for (let i = this.stored.length - 1; i >= 0; i--) {
      const mail = this.stored[i];
      if (wanted && !mail.addresses.includes(wanted)) continue;
      out.push(publicShape(mail));
    }
    return out;
  }

  /** Forgets every message, every count and every idempotency key. */
  clear(): void {
    this.stored.length = 0;
    this.keys.clear();
    this.counts.clear();
    this.received = 0;
    this.rateLimited = 0;
    this.firstAt = null;
    this.lastAt = null;
    if (this.options.file) {
      try {
        writeFileSync(`${this.options.file}l`, '');
      } catch {
        // the catcher goes on in memory
      }
    }
    this.changed();
  }

  /** @internal the stored message, for attachment downloads. */
  find(id: string): StoredMail | undefined {
    return this.stored.find((m) => m.id === id);
  }

  /**
   * Keeps a message and answers its id; with a key seen within 24 hours, the first message's id
   * and nothing kept, or a conflict when that key came with another payload (as the provider does).
   */
  add(input: MailInput, idempotency?: { key: string; digest: string }, now = Date.now()): { id: string } | { conflict: true } {
    const result = this.addAll([input], idempotency && { endpoint: 'POST /emails', ...idempotency }, now);
    return 'conflict' in result ? result : { id: result.ids[0] };
  }

  /**
   * Keeps the messages in order, all of them, and answers their ids in the same order; a key seen
   * on the same endpoint within 24 hours answers the ids of the first time and keeps nothing, or a
   * conflict when it came with another payload.
   */
  addAll(inputs: MailInput[], idempotency?: Idempotency, now = Date.now()): { ids: string[] } | { conflict: true } {
    const remembered = idempotency && { key: JSON.stringify([idempotency.endpoint, idempotency.key]), digest: idempotency.digest };
    if (remembered) {
      this.forgetOldKeys(now);
      const seen = this.keys.get(remembered.key);
      if (seen) return seen.digest === remembered.digest ? { ids: [...seen.ids] } : { conflict: true };
    }
    const created_at = new Date(now).toISOString();
    const mails: StoredMail[] = inputs.map((input) => ({ ...input, id: randomUUID(), created_at }));
    this.stored.push(...mails);
    if (this.stored.length > this.keep) this.stored.splice(0, this.stored.length - this.keep);
    const ids = mails.map((m) => m.id);
    if (remembered) {
      this.keys.set(remembered.key, { ids, digest: remembered.digest, at: now });
      if (this.keys.size > IDEMPOTENCY_KEEP) this.keys.delete(this.keys.keys().next().value as string);
    }
    this.count(mails.map((m) => m.addresses), created_at);
    if (this.options.file) {
      const entry: JournalEntry = { ids, addresses: mails.map((m) => m.addresses), at: now, ...(remembered ?? {}) };
      try {
        mkdirSync(dirname(this.options.file), { recursive: true });
        appendFileSync(`${this.options.file}l`, `${JSON.stringify(entry)}\n`);
      } catch {
        // the catcher goes on in memory
      }
    }
    this.changed();
    for (const mail of mails) this.options.onMessage?.(publicShape(mail));
    return { ids: [...ids] };
  }

  /**
   * Keeps an e-mail the stand-in's auth server sends (an invite, a password reset), as the CLI's
   * local mail catcher keeps GoTrue's SMTP mail: not through the provider's API, so neither its
   * rate limit nor its checks apply. Answers the message's id.
   */
  deliver(mail: { to: string; subject: string; html: string; text?: string }, now = Date.now()): string {
    const address = mail.to.trim().toLowerCase();
    const result = this.addAll([{ to: [mail.to], addresses: [address], subject: mail.subject, text: mail.text ?? '', html: mail.html, attachments: [], headers: {} }], undefined, now);
    return 'ids' in result ? result.ids[0] : '';
  }

  private forgetOldKeys(now: number) {
    // keys are inserted in time order: the expired ones are at the front
    for (const [key, { at }] of this.keys) {
      if (now - at < IDEMPOTENCY_WINDOW_MS) break;
      this.keys.delete(key);
    }
  }
}

function publicShape(mail: StoredMail): CaughtMail {
  return {
    id: mail.id,
    to: mail.to.join(', '),
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    attachments: mail.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.bytes.toString('base64') })),
    headers: { ...mail.headers },
    created_at: mail.created_at,
  };
}

// ---- the provider's API ----

/** What the mail services need of the server: the catcher alone. */
interface MailContext {
  mail: MailCatcher;
}

const providerError = (statusCode: number, name: string, message: string): LocalResponse => json(statusCode, { statusCode, name, message });
const invalid = (message: string) => providerError(422, 'validation_error', message);

const ADDRESS = /^[^\s@<>",;]+@[^\s@<>",;]+\.[^\s@<>",;]+$/;

/** The bare address of `addr` or `Name <addr>`, lower-cased; null when it is neither. */
function addressOf(value: string): string | null {
  const m = /^(?:[^<>]*<([^<>]+)>|([^<>]+))$/.exec(value.trim());
  const address = (m?.[1] ?? m?.[2])?.trim();
  return address && ADDRESS.test(address) ? address.toLowerCase() : null;
}

const present = (v: unknown) => v !== undefined && v !== null && v !== '';

/** A header name as RFC 5322 has it: printable ASCII but the colon, no spaces. */
const HEADER_NAME = /^[\x21-\x39\x3b-\x7e]+$/;

/**
 * The custom headers (`headers`: name → string value), or the message they are refused with. A
 * value with CR or LF in it would end its header line and start another one in the message the
 * provider builds (header injection): refused, as any line break is.
 */
function readHeaders(value: unknown): Record<string, string> | string {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) return 'Invalid `headers` field: an object of header names and string values is expected.';
  const entries = Object.entries(value);
  for (const [name, headerValue] of entries) {
    if (!HEADER_NAME.test(name)) return `Invalid \`headers\` field: ${JSON.stringify(name)} is not a header name.`;
    if (typeof headerValue !== 'string') return `Invalid \`headers\` field: the value of ${JSON.stringify(name)} must be a string.`;
    if (/[\r\n]/.test(headerValue)) return `Invalid \`headers\` field: the value of ${JSON.stringify(name)} contains a line break (CR or LF).`;
  }
  // fromEntries defines each name as the object's own, "__proto__" too
  return Object.fromEntries(entries) as Record<string, string>;
}

/** The send request's fields as the provider checks them, or the message it refuses with. */
function readSend(body: Record<string, unknown>, { batch = false } = {}): MailInput | string {
  if (batch) {
    // the batch endpoint takes neither (the catcher refuses them rather than drop them unsaid)
    for (const field of ['attachments', 'scheduled_at']) {
      if (body[field] !== undefined && body[field] !== null) return `The \`${field}\` field is not supported in batch sending.`;
    }
  }
  for (const field of ['from', 'to', 'subject']) if (!present(body[field])) return `Missing \`${field}\` field.`;
  if (!present(body.html) && !present(body.text)) return 'Missing `html` or `text` field.';
  if (typeof body.from !== 'string' || !addressOf(body.from)) {
    return 'Invalid `from` field. The email address needs to follow the `email@example.com` or `Name <email@example.com>` format.';
  }
  const to = typeof body.to === 'string' ? [body.to] : body.to;
  if (!Array.isArray(to) || to.length === 0 || to.some((t) => typeof t !== 'string' || !addressOf(t))) {
    return 'Invalid `to` field. The email address needs to follow the `email@example.com` or `Name <email@example.com>` format.';
  }
  if (to.length > MAX_RECIPIENTS) return `Too many recipients in \`to\`: at most ${MAX_RECIPIENTS}.`;
  if (body.reply_to !== undefined && body.reply_to !== null) {
    const replyTo = typeof body.reply_to === 'string' ? [body.reply_to] : body.reply_to;
    if (!Array.isArray(replyTo) || replyTo.some((r) => typeof r !== 'string' || !addressOf(r))) return 'Invalid `reply_to` field.';
  }
  if (typeof body.subject !== 'string') return 'Invalid `subject` field.';
  for (const field of ['html', 'text'] as const) {
    if (present(body[field]) && typeof body[field] !== 'string') return `Invalid \`${field}\` field.`;
  }
  const headers = readHeaders(body.headers);
  if (typeof headers === 'string') return headers;
  const attachments: StoredAttachment[] = [];
  if (body.attachments !== undefined && body.attachments !== null) {
    if (!Array.isArray(body.attachments)) return 'Invalid `attachments` field.';
    for (const [i, item] of body.attachments.entries()) {
      const a = (item ?? {}) as Record<string, unknown>;
      if (typeof a.filename !== 'string' || !a.filename) return `Missing \`attachments[${i}].filename\` field.`;
      // the provider can fetch a `path` URL; the catcher keeps only what it was given
      if (typeof a.content !== 'string') return `The local mail catcher needs \`attachments[${i}].content\` (base64).`;
      const base64 = a.content.replace(/\s+/g, '');
      if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) return `Invalid \`attachments[${i}].content\`: not base64.`;
      if (a.content_type !== undefined && typeof a.content_type !== 'string') return `Invalid \`attachments[${i}].content_type\` field.`;
      attachments.push({
        filename: a.filename,
        contentType: (a.content_type as string | undefined)?.trim() || 'application/octet-stream',
        bytes: Buffer.from(base64, 'base64'),
      });
    }
  }
  return {
    to: to as string[],
    addresses: (to as string[]).map((t) => addressOf(t) as string),
    subject: body.subject,
    text: typeof body.text === 'string' ? body.text : '',
    html: typeof body.html === 'string' ? body.html : '',
    attachments,
    headers,
  };
}

/** The caller's key and Idempotency-Key, checked as the provider checks them before the body. */
function readCaller(req: LocalRequest): { idempotencyKey: string | undefined } | LocalResponse {
  // any key will do locally, but one must be sent, as the provider insists
  const key = /^Bearer\s+(\S+)/i.exec(header(req, 'authorization') ?? '')?.[1];
  if (!key) return providerError(401, 'missing_api_key', 'Missing API key in the authorization header');
  const idempotencyKey = header(req, 'idempotency-key');
  if (idempotencyKey !== undefined && (idempotencyKey.length < 1 || idempotencyKey.length > MAX_KEY_LENGTH)) {
    return providerError(400, 'invalid_idempotency_key', `The key must be between 1-${MAX_KEY_LENGTH} chars.`);
  }
  return { idempotencyKey };
}

function readJson(req: LocalRequest): { value: unknown } | LocalResponse {
  try {
    return { value: JSON.parse(req.body.toString('utf8')) };
  } catch {
    return providerError(400, 'validation_error', 'The request body must be JSON.');
  }
}

/** What an Idempotency-Key is compared by: the request body, as parsed. */
const digestOf = (body: unknown) => createHash('sha256').update(JSON.stringify(body)).digest('hex');

const conflict = () => providerError(409, 'invalid_idempotent_request', 'Same idempotency key used with a different request payload.');

/** POST /__local/mail (the provider's send), GET (the kept messages), DELETE, and attachment downloads. */
export const handleMail = async (req: LocalRequest, ctx: MailContext): Promise<LocalResponse> => {
  const catcher = ctx.mail;
  const parts = req.path.split('/').filter(Boolean);
  if (parts.length === 3 && parts[1] === 'attachments') {
    if (req.method !== 'GET') return json(405, { message: 'Method not allowed' });
    return attachmentDownload(catcher, parts[0], parts[2]);
  }
  if (parts.length === 1 && parts[0] === 'stats') {
    if (req.method !== 'GET') return json(405, { message: 'Method not allowed' });
    return json(200, catcher.stats(), { 'cache-control': 'no-store' });
  }
  if (parts.length === 1 && parts[0] === 'limits') return setLimits(req, catcher);
  if (parts.length > 0) return json(404, { message: 'Not found' });
  if (req.method === 'GET') return json(200, catcher.messages(req.url.searchParams.get('to') ?? undefined), { 'cache-control': 'no-store' });
  if (req.method === 'DELETE') {
    catcher.clear();
    return { status: 204 };
  }
  if (req.method !== 'POST') return json(405, { message: 'Method not allowed' });

  const caller = readCaller(req);
  if ('status' in caller) return caller;
  const rate = catcher.admit();
  if (rate.retryAfter !== null) return rateLimited(catcher, rate.headers);
  return withHeaders(sendOne(req, catcher, caller.idempotencyKey), rate.headers);
};

function sendOne(req: LocalRequest, catcher: MailCatcher, idempotencyKey: string | undefined): LocalResponse {
  const parsed = readJson(req);
  if ('status' in parsed) return parsed;
  const body = parsed.value;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return providerError(400, 'validation_error', 'The request body must be a JSON object.');
  }
  const input = readSend(body as Record<string, unknown>);
  if (typeof input === 'string') return invalid(input);
  const result = catcher.add(input, idempotencyKey === undefined ? undefined : { key: idempotencyKey, digest: digestOf(body) });
  if ('conflict' in result) return conflict();
  return json(200, { id: result.id });
}

/** The provider's 429, with its ratelimit-* and retry-after headers. */
function rateLimited(catcher: MailCatcher, headers: Record<string, string>): LocalResponse {
  return withHeaders(
    providerError(429, 'rate_limit_exceeded', `Too many requests. You can only make ${catcher.requestsPerSecond} requests per second. Please try again later.`),
    headers,
  );
}

function withHeaders(response: LocalResponse, headers: Record<string, string>): LocalResponse {
  return { ...response, headers: { ...response.headers, ...headers } };
}

/**
 * PUT /__local/mail/limits `{ "requests_per_second": N }` (0: no limit): the provider's rate from
 * now on, as `--mail-rate-limit` sets it at the start; GET answers it.
 */
function setLimits(req: LocalRequest, catcher: MailCatcher): LocalResponse {
  if (req.method === 'GET') return json(200, { requests_per_second: catcher.requestsPerSecond });
  if (req.method !== 'PUT') return json(405, { message: 'Method not allowed' });
  const parsed = readJson(req);
  if ('status' in parsed) return parsed;
  const value = (parsed.value as { requests_per_second?: unknown } | null)?.requests_per_second;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 10_000) {
    return json(400, { message: 'requests_per_second must be a whole number from 0 (no limit) to 10000' });
  }
  catcher.requestsPerSecond = value;
  return json(200, { requests_per_second: value });
}

/** One e-mail of a batch as the provider checks it, or the message it refuses it with. */
function readBatchEmail(item: unknown): MailInput | string {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return 'An e-mail must be a JSON object.';
  // the limit of one send, for each e-mail of the batch
  if (Buffer.byteLength(JSON.stringify(item)) > MAX_MAIL_BODY) return `The e-mail is larger than ${MAX_MAIL_BODY} bytes, the most one send may be.`;
  return readSend(item as Record<string, unknown>, { batch: true });
}

/**
 * POST /__local/mail/batch: the provider's batch send (POST /emails/batch; the database derives
 * its address by appending /batch to the send address). Up to 100 e-mails, each checked as a send
 * is (but with no attachments or scheduled_at), kept in order and answered as
 * `{ data: [{ id }, …] }` in the same order. Strict by default, as the provider is: one invalid
 * e-mail refuses the whole batch and keeps none. With `x-batch-validation: permissive` the valid
 * ones are kept and the others listed as `errors: [{ index, message }]`.
 */
export const handleMailBatch = async (req: LocalRequest, ctx: MailContext): Promise<LocalResponse> => {
  if (req.path !== '/') return json(404, { message: 'Not found' });
  if (req.method !== 'POST') return json(405, { message: 'Method not allowed' });
  const caller = readCaller(req);
  if ('status' in caller) return caller;
  const rate = ctx.mail.admit();
  if (rate.retryAfter !== null) return rateLimited(ctx.mail, rate.headers);
  return withHeaders(sendBatch(req, ctx.mail, caller.idempotencyKey), rate.headers);
};

function sendBatch(req: LocalRequest, catcher: MailCatcher, idempotencyKey: string | undefined): LocalResponse {
  const mode = (header(req, 'x-batch-validation') ?? 'strict').trim().toLowerCase();
  if (mode !== 'strict' && mode !== 'permissive') return invalid('Invalid `x-batch-validation` header: `strict` or `permissive` is expected.');
  const parsed = readJson(req);
  if ('status' in parsed) return parsed;
  const body = parsed.value;
  if (!Array.isArray(body)) return invalid('The `request.body` field must be an `array`.');
  if (body.length === 0) return invalid('The batch holds no e-mail: at least one is expected.');
  if (body.length > MAX_BATCH_EMAILS) return invalid(`Too many e-mails in the batch (${body.length}): at most ${MAX_BATCH_EMAILS}.`);

  const inputs: MailInput[] = [];
  const errors: { index: number; message: string }[] = [];
  for (const [index, item] of body.entries()) {
    const input = readBatchEmail(item);
    if (typeof input === 'string') errors.push({ index, message: input });
    else inputs.push(input);
  }
  if (mode === 'strict' && errors.length > 0) {
    const [first] = errors;
    const others = errors.length > 1 ? ` (and ${errors.length - 1} more invalid)` : '';
    return invalid(`Invalid e-mail at index ${first.index} of the batch${others}: ${first.message}`);
  }
  const result = catcher.addAll(
    inputs,
    idempotencyKey === undefined ? undefined : { endpoint: 'POST /emails/batch', key: idempotencyKey, digest: digestOf(body) },
  );
  if ('conflict' in result) return conflict();
  const data = result.ids.map((id) => ({ id }));
  return json(200, mode === 'permissive' ? { data, errors } : { data });
}

/** A filename for Content-Disposition: ASCII as is, anything else also as RFC 5987 `filename*`. */
function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  if (ascii === filename) return `attachment; filename="${filename}"`;
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

function attachmentDownload(catcher: MailCatcher, id: string, index: string): LocalResponse {
  const attachment = /^\d+$/.test(index) ? catcher.find(id)?.attachments[Number(index)] : undefined;
  if (!attachment) return json(404, { message: 'No such attachment' });
  // a sender's content type goes into a header: anything unprintable is not sent as it is
  const type = /^[\x20-\x7e]+$/.test(attachment.contentType) ? attachment.contentType : 'application/octet-stream';
  return {
    status: 200,
    headers: {
      'content-type': type,
      'content-disposition': contentDisposition(attachment.filename),
      'x-content-type-options': 'nosniff',
      // a download, never a page of this origin, whatever it claims to be
      'content-security-policy': "default-src 'none'; sandbox",
      'cache-control': 'no-store',
    },
    body: attachment.bytes,
  };
}

// ---- the mailbox page ----

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** Plain text with its http(s) addresses made links (a confirmation link is clicked from here). */
function linkify(text: string): string {
  let out = '';
  let last = 0;
  for (const m of text.matchAll(/https?:\/\/[^\s<>"']+/g)) {
    const url = m[0];
    out += escapeHtml(text.slice(last, m.index)) + `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    last = (m.index ?? 0) + url.length;
  }
  return out + escapeHtml(text.slice(last));
}

const formatSize = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KiB`);

const formatTime = (iso: string) =>
  new Date(iso).toLocaleString('bg-BG', { timeZone: 'Europe/Sofia', dateStyle: 'medium', timeStyle: 'medium' });

/**
 * The page's policy, which the sandboxed e-mail frames inherit too: no scripts anywhere, inline
 * styles only, images only inline (no tracking pixels or remote loads), no forms.
 */
export const MAILBOX_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-src 'self'; form-action 'none'";

const STYLE = `
body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1rem;color:#1a1a1a;background:#f6f6f4}
h1{font-size:1.4rem;margin:0 0 .25rem}
.note{color:#555;margin:0 0 1rem}
article{background:#fff;border:1px solid #ddd;border-radius:6px;padding:1rem;margin:0 0 1rem}
h2{font-size:1.15rem;margin:0 0 .5rem;overflow-wrap:anywhere}
h3{font-size:.85rem;text-transform:uppercase;letter-spacing:.04em;color:#666;margin:1rem 0 .25rem}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.1rem .75rem;margin:0}
dt{color:#666}dd{margin:0;overflow-wrap:anywhere}
.headers dd{font-family:ui-monospace,monospace;font-size:.9em}
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#fafafa;border:1px solid #eee;padding:.75rem;margin:0}
iframe{width:100%;height:28rem;border:1px solid #eee;resize:vertical;background:#fff}
`;

function renderMail(mail: CaughtMail): string {
  const parts = [
    `<article id="m-${escapeHtml(mail.id)}">`,
    `<h2>${escapeHtml(mail.subject) || '(без тема)'}</h2>`,
    `<dl><dt>До</dt><dd>${escapeHtml(mail.to)}</dd>`,
    `<dt>Получено</dt><dd><time datetime="${escapeHtml(mail.created_at)}">${escapeHtml(formatTime(mail.created_at))}</time></dd></dl>`,
  ];
  const headers = Object.entries(mail.headers);
  if (headers.length > 0) {
    // a List-Unsubscribe address can be followed from here, as a link in the text can
    const rows = headers.map(([name, value]) => `<dt>${escapeHtml(name)}</dt><dd>${linkify(value)}</dd>`);
    parts.push(`<h3>Заглавки</h3><dl class="headers">${rows.join('')}</dl>`);
  }
  if (mail.text) parts.push(`<h3>Текст</h3><pre>${linkify(mail.text)}</pre>`);
  if (mail.html) {
    // links open in a new tab: inside the frame they could not leave it (and the sandbox allows
    // popups only for that); no allow-scripts, no allow-same-origin
    const doc = `<base target="_blank">${mail.html}`;
    parts.push(
      `<h3>HTML</h3><iframe sandbox="allow-popups allow-popups-to-escape-sandbox" title="${escapeHtml(`HTML на „${mail.subject}“`)}" srcdoc="${escapeHtml(doc)}"></iframe>`,
    );
  }
  if (mail.attachments.length > 0) {
    const items = mail.attachments.map(
      (a, i) =>
        `<li><a href="/__local/mail/${encodeURIComponent(mail.id)}/attachments/${i}">${escapeHtml(a.filename)}</a> ` +
        `(${escapeHtml(a.contentType)}, ${formatSize(Buffer.byteLength(a.content, 'base64'))})</li>`,
    );
    parts.push(`<h3>Прикачени файлове</h3><ul>${items.join('')}</ul>`);
  }
  parts.push('</article>');
  return parts.join('\n');
}

/** GET /__local/mailbox: every kept message, newest first, readable without JavaScript. */
export const handleMailbox = async (req: LocalRequest, ctx: MailContext): Promise<LocalResponse> => {
  if (req.path !== '/') return json(404, { message: 'Not found' });
  if (req.method !== 'GET') return json(405, { message: 'Method not allowed' });
  const to = req.url.searchParams.get('to')?.trim() || undefined;
  const mails = ctx.mail.messages(to);
  const title = 'Пощенска кутия (локално)';
  const filter = to ? ` Само писмата до ${escapeHtml(to)} (<a href="/__local/mailbox">всички</a>).` : '';
  const html = `<!doctype html>
<html lang="bg">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>${STYLE}</style>
</head>
<body>
<h1>${title}</h1>
<p class="note">Писмата, които сайтът изпраща през локалния заместител на Supabase: тук, вместо до получателя.
Пазят се последните ${ctx.mail.keep}, докато заместителят работи.${filter}
<a href="">Обнови</a> · <a href="/__local/mail">JSON</a></p>
${mails.length === 0 ? '<p>Няма писма.</p>' : mails.map(renderMail).join('\n')}
</body>
</html>
`;
  return {
    status: 200,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': MAILBOX_CSP,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    },
    body: html,
  };
};
