// HTTP entry of the stand-in: /rest/v1, /auth/v1, /storage/v1, /functions/v1 and the local-only /__local.
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { AuthSettings } from './auth/settings.ts';
import { handleAuth } from './auth/handler.ts';
import { SignInLimiter, type SignInLimits } from './auth/ratelimit.ts';
import { readProjectConfig } from './config.ts';
import { openLocalDb, ROOT_DIR, type LocalDb, type OpenOptions } from './db.ts';
import type { Handler, ServerContext } from './context.ts';
import { apiKeyRefusal, CLIENT_ADDRESS_HEADER, json, resolveClaims, type LocalRequest, type LocalResponse } from './http.ts';
import { LOCAL_JWT_SECRET, LOCAL_MAIL_WEBHOOK_SECRET, LOCAL_PORT } from './keys.ts';
import { CronRunner } from './cron.ts';
import { FunctionsRuntime, type FunctionsOptions } from './functions/runtime.ts';
import { handleMail, handleMailBatch, handleMailbox, MailCatcher, MAX_MAIL_BATCH_BODY, MAX_MAIL_BODY } from './mail.ts';
import { NetDispatcher } from './net.ts';
import { getCatalog } from './rest/catalog.ts';
import { handleRest } from './rest/handler.ts';
import { handleStorage } from './storage/handler.ts';

/** JSON bodies (REST, auth) above this are refused with 413. */
export const MAX_JSON_BODY = 1024 * 1024;
/** One chat-webhook message may be this large (a chat service's own limits are far smaller). */
export const MAX_WEBHOOK_BODY = 64 * 1024;
/** The chat-webhook sink keeps the newest this many messages. */
export const WEBHOOK_KEEP = 200;
/** Uploads above this are refused before any bucket rule is read. */
export const MAX_UPLOAD_BODY = 12 * 1024 * 1024;

export interface StartOptions extends OpenOptions {
  port?: number;
  host?: string;
  jwtSecret?: string;
  jwtExpiry?: number;
  /** Allowed browser origins; by default any http origin on localhost or 127.0.0.1. */
  corsOrigins?: string[];
  /** Host names accepted in the Host header besides 127.0.0.1, localhost, [::1] and `host`. */
  allowedHosts?: string[];
  /** PostgREST's max-rows (default: [api] max_rows of supabase/config.toml; 0 for none). */
  maxRows?: number;
  /** Sign-in rate limits (default: [auth.rate_limit] sign_in_sign_ups per 5 minutes, per IP and per e-mail). */
  signInLimits?: Partial<SignInLimits>;
  quiet?: boolean;
  /**
   * Take a request's client address from its own cf-connecting-ip header instead of the socket,
   * as behind a trusted proxy: tests use it to play several visitors from one machine.
   */
  trustClientAddress?: boolean;
  /** Sign-up settings over config.toml's (tests turn sign-ups on, as hosted projects have them). */
  auth?: Partial<AuthSettings>;
  /** Receives each confirmation link a sign-up would have e-mailed (default: printed unless quiet). */
  onConfirmationLink?: (email: string, link: string) => void;
  /** Serve this database instead of opening PGlite (e.g. a real PostgreSQL, see engine/postgres.ts). */
  db?: LocalDb;
  /** Edge Functions at /functions/v1: where they are, their secrets, limits and logs (functions/runtime.ts). */
  functions?: FunctionsOptions;
  /**
   * The mail provider's rate limit the catcher plays: requests a second (Resend: 2 by default),
   * more answered 429 with retry-after and ratelimit-* headers (mail.ts). Default: no limit.
   */
  mailRequestsPerSecond?: number;
}

export interface LocalSupabase {
  url: string;
  port: number;
  db: LocalDb;
  context: ServerContext;
  /** pg_net's worker: sends what database webhooks queued (see net.ts). */
  net: NetDispatcher;
  /** pg_cron's worker: runs the jobs cron.schedule() stored (see cron.ts). */
  cron: CronRunner;
  /** The e-mails the database sent to the provider's API, caught (see mail.ts and useLocalMailCatcher). */
  mail: MailCatcher;
  /** The Edge Functions' Deno workers (see functions/runtime.ts). */
  functions: FunctionsRuntime;
  close(): Promise<void>;
}

const ALLOWED_HEADERS =
  'authorization, apikey, content-type, prefer, range, range-unit, x-client-info, x-upsert, accept-profile, content-profile, cache-control, x-supabase-api-version, accept';
const EXPOSED_HEADERS = 'content-range, content-location, location, x-supabase-api-version, range-unit';

function corsHeaders(origin: string | undefined, allowed: string[] | undefined, trustClientAddress: boolean): Record<string, string> {
  if (!origin) return {};
  const ok = allowed ? allowed.includes(origin) : /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/.test(origin);
  if (!ok) return {};
  return {
    'access-control-allow-origin': origin,
    'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS',
    'access-control-allow-headers': trustClientAddress ? `${ALLOWED_HEADERS}, ${CLIENT_ADDRESS_HEADER}` : ALLOWED_HEADERS,
    'access-control-expose-headers': EXPOSED_HEADERS,
    'access-control-max-age': '600',
    vary: 'Origin',
  };
}

class BodyTooLarge extends Error {}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > limit) {
      req.resume();
      reject(new BodyTooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > limit) {
        failed = true;
        reject(new BodyTooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!failed) resolve(Buffer.concat(chunks));
    });
    req.on('error', reject);
  });
}

// Stand-in for a chat service's incoming webhook: the site posts a message per inquiry and the
// e2e tests read them back. Bounded: each message at most MAX_WEBHOOK_BODY, the newest
// WEBHOOK_KEEP kept, and kept as the text that arrived so reading them back never re-serialises.
const webhookHandler: Handler = async (req, ctx) => {
  if (req.method === 'POST') {
    const raw = req.body.toString('utf8').trim() || 'null';
    try {
      JSON.parse(raw);
    } catch {
      return json(400, { message: 'Body must be JSON' });
    }
    const received = ctx.webhook.received;
    received.push({ at: new Date().toISOString(), raw });
    if (received.length > WEBHOOK_KEEP) received.splice(0, received.length - WEBHOOK_KEEP);
    return { status: 204 };
  }
  if (req.method === 'GET') {
    const items = ctx.webhook.received.map(({ at, raw }) => `{"at":${JSON.stringify(at)},"body":${raw}}`);
    return { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' }, body: `[${items.join(',')}]` };
  }
  if (req.method === 'DELETE') {
    ctx.webhook.received.length = 0;
    return { status: 204 };
  }
  return json(405, { message: 'Method not allowed' });
};

// Local-only equivalent of the SQL a deployer runs once on hosted Supabase (docs/deploying.md,
// "Fresh pages after every change"): points the content webhook (the Vault secrets
// content_webhook_url and content_webhook_secret) at a receiver. PUT {url, secret} sets it,
// DELETE removes it, GET tells where it points. Service role only.
const contentWebhookHandler: Handler = async (req, ctx) => {
  const who = resolveClaims(req, ctx.jwtSecret);
  if (!who.ok || who.claims.role !== 'service_role') return json(403, { message: 'The service role key is required' });
  if (req.method === 'GET') {
    const rows = await ctx.db.asSystem((tx) => tx.query<{ url: string | null }>(`select private.vault_secret('content_webhook_url') as url`));
    return json(200, { url: rows.rows[0]?.url ?? null });
  }
  if (req.method === 'DELETE') {
    await ctx.db.asSystem((tx) =>
      tx.query(`select private.set_vault_secret('content_webhook_url', null), private.set_vault_secret('content_webhook_secret', null)`),
    );
    return { status: 204 };
  }
  if (req.method !== 'PUT') return json(405, { message: 'Method not allowed' });
  let input: { url?: unknown; secret?: unknown };
  try {
    input = JSON.parse(req.body.toString('utf8'));
  } catch {
    return json(400, { message: 'Body must be JSON' });
  }
  if (typeof input.url !== 'string' || !/^https?:\/\/\S+$/i.test(input.url)) return json(400, { message: 'url must be an http(s) URL' });
  const secret = typeof input.secret === 'string' && input.secret ? input.secret : null;
  await ctx.db.asSystem((tx) =>
    tx.query(
      `select private.set_vault_secret('content_webhook_url', $1, 'Where content changes are posted (the local publisher)'),
              private.set_vault_secret('content_webhook_secret', $2, 'The content webhook''s Bearer token')`,
      [input.url, secret],
    ),
  );
  return { status: 204 };
};

/**
 * POST /__local/cron {"job": name}: runs a scheduled job now, as pg_cron would at its minute (the
 * service role only). Local only: hosted pg_cron has no such door, and the jobs run on their own
 * every minute here too; end-to-end tests use it so they need not wait for the next minute.
 */
const cronHandler: Handler = async (req, ctx) => {
  const who = resolveClaims(req, ctx.jwtSecret);
  if (!who.ok || who.claims.role !== 'service_role') return json(403, { message: 'The service role key is required' });
  if (req.method !== 'POST') return json(405, { message: 'Method not allowed' });
  let job: unknown;
  try {
    job = (JSON.parse(req.body.toString('utf8')) as { job?: unknown }).job;
  } catch {
    return json(400, { message: 'Body must be JSON' });
  }
  if (typeof job !== 'string' || !ctx.runCronJob) return json(400, { message: 'job must name a scheduled job' });
  try {
    await ctx.runCronJob(job);
  } catch (error) {
    return json(404, { message: (error as Error).message });
  }
  return { status: 204 };
};

/**
 * `/__local/intake-limits` (service role): GET lists private.intake_limits as {name: value}; PUT
 * {name: value, …} changes numbers that exist. The local shortcut for the one SQL
 * statement (`update private.intake_limits set value = … where name = …`), so an end-to-end test can
 * put a site-wide ceiling back for itself.
 */
const intakeLimitsHandler: Handler = async (req, ctx) => {
  const who = resolveClaims(req, ctx.jwtSecret);
  if (!who.ok || who.claims.role !== 'service_role') return json(403, { message: 'The service role key is required' });
  if (req.method === 'PUT') {
    let input: unknown;
    try {
      input = JSON.parse(req.body.toString('utf8'));
    } catch {
      return json(400, { message: 'Body must be JSON' });
    }
    const entries = input && typeof input === 'object' && !Array.isArray(input) ? Object.entries(input) : [];
    if (!entries.length || entries.some(([, v]) => !Number.isInteger(v) || (v as number) < 0)) {
      return json(400, { message: 'Body must map limit names to whole numbers' });
    }
    const unknown = await setIntakeLimits(ctx.db, Object.fromEntries(entries) as Record<string, number>);
    if (unknown.length) return json(404, { message: `No such limit: ${unknown.join(', ')}` });
  } else if (req.method !== 'GET') {
    return json(405, { message: 'Method not allowed' });
  }
  const rows = await ctx.db.asSystem((tx) => tx.query<{ name: string; value: number }>('select name, value from private.intake_limits order by name'));
  return json(200, Object.fromEntries(rows.rows.map((r) => [r.name, r.value])));
};

/** Sets numbers of private.intake_limits; returns the names that do not exist (nothing is changed then). */
export async function setIntakeLimits(db: LocalDb, limits: Record<string, number>): Promise<string[]> {
  return db.asSystem(async (tx) => {
    const names = Object.keys(limits);
    const known = new Set((await tx.query<{ name: string }>('select name from private.intake_limits where name = any($1)', [names])).rows.map((r) => r.name));
    const unknown = names.filter((n) => !known.has(n));
    if (unknown.length) return unknown;
    for (const [name, value] of Object.entries(limits)) {
      await tx.query('update private.intake_limits set value = $2 where name = $1', [name, value]);
    }
    return [];
  });
}

/** Public objects load in <img> tags, which send no headers: open without a key. */
const publicStoragePath = (path: string, method: string) =>
  (method === 'GET' || method === 'HEAD') && /^\/(object|render\/image)\/public\//.test(path);
/** A confirmation link is opened from an e-mail, with no key: hosted's gateway leaves it open too. */
const openAuthPath = (path: string, method: string) => method === 'GET' && /^\/(verify|callback|authorize)\/?$/.test(path);

/**
 * A route is either a handler of buffered requests (the body read up to `limit` first) or, for
 * /functions/v1, a `stream` route that gets the request and response as they are: a function's
 * body streams to it, its answer streams back, and it answers OPTIONS and CORS itself.
 */
type Route =
  | { prefix: string; handler: Handler; limit: number; needsKey?: (path: string, method: string) => boolean; stream?: undefined }
  | { prefix: string; stream: true };

const routes: Route[] = [
  // hosted's gateway asks no apikey for functions; the function's verify_jwt decides (functions/gateway.ts)
  { prefix: '/functions/v1', stream: true },
  { prefix: '/rest/v1', handler: handleRest, limit: MAX_JSON_BODY, needsKey: () => true },
  { prefix: '/auth/v1', handler: handleAuth, limit: MAX_JSON_BODY, needsKey: (path, method) => !openAuthPath(path, method) },
  {
    prefix: '/storage/v1',
    handler: handleStorage,
    limit: MAX_UPLOAD_BODY,
    needsKey: (path, method) => !publicStoragePath(path, method),
  },
  { prefix: '/__local/chat-webhook', handler: webhookHandler, limit: MAX_WEBHOOK_BODY },
  { prefix: '/__local/mail/batch', handler: handleMailBatch, limit: MAX_MAIL_BATCH_BODY },
  { prefix: '/__local/mail', handler: handleMail, limit: MAX_MAIL_BODY },
  { prefix: '/__local/mailbox', handler: handleMailbox, limit: 0 },
  { prefix: '/__local/content-webhook', handler: contentWebhookHandler, limit: MAX_WEBHOOK_BODY },
  { prefix: '/__local/cron', handler: cronHandler, limit: 1024 },
  { prefix: '/__local/intake-limits', handler: intakeLimitsHandler, limit: 4096 },
  {
    prefix: '/__local/health',
    handler: async () => json(200, { ok: true }),
    limit: 0,
  },
];

function send(res: ServerResponse, response: LocalResponse, extra: Record<string, string>, head: boolean) {
  const headers: Record<string, string> = { ...extra, ...(response.headers ?? {}) };
  let payload: Buffer | string | undefined;
  if (response.body === undefined || response.body === null) {
    payload = undefined;
  } else if (Buffer.isBuffer(response.body) || typeof response.body === 'string') {
    payload = response.body;
  } else {
    payload = JSON.stringify(response.body);
    headers['content-type'] ??= 'application/json; charset=utf-8';
  }
  if (payload !== undefined) headers['content-length'] = String(Buffer.byteLength(payload));
  res.writeHead(response.status, headers);
  res.end(head ? undefined : payload);
}

const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '[::1]', '::1'];

/** The socket's address (without the IPv4-mapped prefix), or a trusted client's own header. */
function clientAddress(req: IncomingMessage, trustHeader: boolean): string {
  const claimed = req.headers[CLIENT_ADDRESS_HEADER];
  if (trustHeader && typeof claimed === 'string' && claimed.trim()) return claimed.trim();
  return (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
}

/** The host name of a Host header (without the port), lower-cased. */
function hostName(value: string): string {
  const v = value.trim().toLowerCase();
  if (v.startsWith('[')) return v.slice(0, v.indexOf(']') + 1);
  return v.replace(/:\d+$/, '');
}

export async function startLocalSupabase(options: StartOptions = {}): Promise<LocalSupabase> {
  const config = readProjectConfig();
  const db = options.db ?? (await openLocalDb(options));
  const allowedHosts = new Set([...LOOPBACK_HOSTS, ...(options.host ? [options.host.toLowerCase()] : []), ...(options.allowedHosts ?? []).map((h) => h.toLowerCase())]);
  const perIp = options.signInLimits?.perIp ?? config.signInsPerFiveMinutes;
  const context: ServerContext = {
    db,
    jwtSecret: options.jwtSecret ?? LOCAL_JWT_SECRET,
    jwtExpiry: options.jwtExpiry ?? 3600,
    storageDir: options.memory ? null : join(db.location === 'memory' ? ROOT_DIR : db.location, '..', 'storage'),
    memoryObjects: new Map(),
    webhook: { received: [] },
    mail: new MailCatcher({
      onMessage: options.quiet ? undefined : (mail) => console.log(`[local-supabase] mail to ${mail.to}: ${JSON.stringify(mail.subject)}`),
      requestsPerSecond: options.mailRequestsPerSecond,
      // a stand-in with a data directory keeps what its catcher caught (and the keys it answered) across restarts
      file: options.memory || options.db ? undefined : join(db.location, '..', 'mail-catcher.json'),
    }),
    maxRows: options.maxRows !== undefined ? (options.maxRows > 0 ? options.maxRows : null) : config.maxRows,
    signInLimiter: new SignInLimiter({
      perIp,
      perEmail: options.signInLimits?.perEmail ?? perIp,
      windowMs: options.signInLimits?.windowMs ?? 5 * 60 * 1000,
    }),
    trustClientAddress: options.trustClientAddress ?? false,
    auth: {
      enableSignup: config.enableSignup,
      emailProvider: config.emailProvider,
      enableConfirmations: config.enableConfirmations,
      siteUrl: config.siteUrl,
      additionalRedirectUrls: config.additionalRedirectUrls,
      minimumPasswordLength: config.minimumPasswordLength,
      ...options.auth,
    },
    onConfirmationLink:
      options.onConfirmationLink ??
      (options.quiet ? undefined : (email, link) => console.log(`[local-supabase] sign-up of ${email}: confirm it at ${link}`)),
  };

  const net = new NetDispatcher(db, { quiet: options.quiet });
  let ownUrl = '';
  const functions = new FunctionsRuntime(options.functions ?? {}, {
    url: () => ownUrl,
    jwtSecret: context.jwtSecret,
    config,
    quiet: options.quiet ?? false,
  });
  const cron = new CronRunner(db, { quiet: options.quiet, afterRun: () => net.kick() });
  context.runCronJob = (name) => cron.runJob(name);

  const server: Server = createHttpServer(async (req, res) => {
    const cors = corsHeaders(req.headers.origin, options.corsOrigins, context.trustClientAddress);
    try {
      const url = new URL(req.url ?? '/', 'http://localhost');
      // A web page that points its own domain at 127.0.0.1 (DNS rebinding) still sends its own Host.
      const hostHeader = req.headers.host;
      if (hostHeader !== undefined && !allowedHosts.has(hostName(hostHeader))) {
        send(res, json(403, { message: `Host not allowed: ${hostName(hostHeader)}` }), {}, false);
        return;
      }
      const route = routes.find((r) => url.pathname === r.prefix || url.pathname.startsWith(`${r.prefix}/`));
      if (route?.stream) {
        await functions.handle(req, res, url, url.pathname.slice(route.prefix.length) || '/', clientAddress(req, context.trustClientAddress));
        return;
      }
      if (req.method === 'OPTIONS') {
        res.writeHead(204, cors);
        res.end();
        return;
      }
      if (!route) {
        send(res, json(404, { message: 'no Route matched with those values' }), cors, false);
        return;
      }
      const method = req.method ?? 'GET';
      const path = url.pathname.slice(route.prefix.length) || '/';
      if (route.needsKey?.(path, method)) {
        const refusal = apiKeyRefusal({ headers: req.headers, url }, context.jwtSecret);
        if (refusal) {
          req.resume();
          send(res, refusal, cors, method === 'HEAD');
          return;
        }
      }
      let body: Buffer;
      try {
        body = await readBody(req, route.limit);
      } catch (error) {
        if (error instanceof BodyTooLarge) {
          send(
            res,
            json(413, { statusCode: '413', error: 'Payload too large', message: 'The request body is too large' }),
            { ...cors, connection: 'close' },
            false,
          );
          return;
        }
        throw error;
      }
      const local: LocalRequest = {
        method: method === 'HEAD' ? 'GET' : method,
        url,
        path,
        headers: req.headers,
        body,
        ip: clientAddress(req, context.trustClientAddress),
      };
      const response = await route.handler(local, context);
      send(res, response, cors, method === 'HEAD');
      // a write may have queued webhook requests (net.http_post); pg_net sends them after commit
      if (route.prefix === '/rest/v1' && method !== 'GET' && method !== 'HEAD') net.kick();
    } catch (error) {
      if (!options.quiet) console.error('[local-supabase] unexpected error', error);
      if (!res.headersSent) send(res, json(500, { message: 'Internal error in the local stand-in' }), cors, false);
      else res.end();
    }
  });

  // the schema cache is read once up front, as PostgREST does, instead of on the first request
  void getCatalog(db).catch(() => {});

  const host = options.host ?? '127.0.0.1';
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? LOCAL_PORT, host, () => resolve());
    });
  } catch (error) {
    await functions.close();
    throw error;
  }
  const port = (server.address() as AddressInfo).port;
  ownUrl = `http://${host}:${port}`;
  // requests queued before a restart of a persistent database go out now
  net.kick();
  cron.start();
  return {
    url: ownUrl,
    port,
    db,
    context,
    net,
    cron,
    mail: context.mail,
    functions,
    async close() {
      await functions.close();
      await cron.close();
      net.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      context.mail.flush();
      await db.close();
    },
  };
}

/**
 * Points the team-chat notification (the Vault secret `chat_webhook_url`) at this stand-in's own
 * sink, as `npm run dev`, `npm run backend` and `npm run preview` want: an address that already
 * points at a stand-in's sink is updated (its port may have changed), any other address is left alone.
 */
export async function useLocalChatSink(local: LocalSupabase): Promise<void> {
  await local.db.asSystem((tx) =>
    tx.query(
      `select private.set_vault_secret('chat_webhook_url', $1, 'The local stand-in''s chat sink')
        where coalesce(private.vault_secret('chat_webhook_url'), '') = ''
           or private.vault_secret('chat_webhook_url') ~ '^http://(127\\.0\\.0\\.1|localhost)(:[0-9]+)?/__local/chat-webhook$'`,
      [`${local.url}/__local/chat-webhook`],
    ),
  );
}

/**
 * Points the database's e-mails (private.mail_settings, and the key in Vault) at this stand-in's
 * mail catcher, with `siteUrl` as the origin of the links in them and this stand-in's Edge
 * Functions as the newsletter's one-click unsubscribe address. As with useLocalChatSink,
 * settings that already point at a stand-in's catcher are updated (its port and the site's may have
 * changed), and a real provider's settings are left alone.
 */
export async function useLocalMailCatcher(local: LocalSupabase, siteUrl: string): Promise<void> {
  await local.db.asSystem(async (tx) => {
    const { rows } = await tx.query<{ local: boolean }>(
      `insert into private.mail_settings (api_url, sender, reply_to, site_url, functions_url) values ($1, $2, $3, $4, $5)
       on conflict (id) do update
         set api_url = excluded.api_url, site_url = excluded.site_url, functions_url = excluded.functions_url, updated_at = now()
        where private.mail_settings.api_url ~ '^http://(127\\.0\\.0\\.1|localhost)(:[0-9]+)?/__local/mail$'
       returning true as local`,
      [
        `${local.url}/__local/mail`,
        'Синаптика <zdravei@sinaptika.example>',
        'zdravei@sinaptika.example',
        siteUrl.replace(/\/+$/, ''),
        // the newsletter's one-click unsubscribe: this stand-in's Edge Functions
        `${local.url}/functions/v1`,
      ],
    );
    // the catcher takes any key; a real provider's key stays as it is
    if (rows.length) await tx.query(`select private.set_vault_secret('mail_api_key', 'local-mail-key', 'The local stand-in''s mail catcher takes any key')`);
  });
  // the newsletter's functions: the GET of a one-click address leads to this site's page, and the
  // mail-events webhook takes deliveries signed with the stand-in's own secret (.env overrides both)
  local.functions.defaults = { ...local.functions.defaults, SITE_URL: siteUrl.replace(/\/+$/, ''), RESEND_WEBHOOK_SECRET: LOCAL_MAIL_WEBHOOK_SECRET };
}
