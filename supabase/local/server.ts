// HTTP entry of the stand-in: /rest/v1, /auth/v1, /storage/v1 and the local-only /__local.
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { handleAuth } from './auth/handler.ts';
import { openLocalDb, ROOT_DIR, type LocalDb, type OpenOptions } from './db.ts';
import { json, type Handler, type LocalRequest, type LocalResponse, type ServerContext } from './http.ts';
import { LOCAL_JWT_SECRET, LOCAL_PORT } from './keys.ts';
import { getCatalog } from './rest/catalog.ts';
import { handleRest } from './rest/handler.ts';
import { handleStorage } from './storage/handler.ts';

/** JSON bodies (REST, auth, webhook) above this are refused with 413. */
export const MAX_JSON_BODY = 1024 * 1024;
/** Uploads above this are refused before any bucket rule is read. */
export const MAX_UPLOAD_BODY = 12 * 1024 * 1024;

export interface StartOptions extends OpenOptions {
  port?: number;
  host?: string;
  jwtSecret?: string;
  jwtExpiry?: number;
  /** Allowed browser origins; by default any http origin on localhost or 127.0.0.1. */
  corsOrigins?: string[];
  quiet?: boolean;
}

export interface LocalSupabase {
  url: string;
  port: number;
  db: LocalDb;
  context: ServerContext;
  close(): Promise<void>;
}

const ALLOWED_HEADERS =
  'authorization, apikey, content-type, prefer, range, range-unit, x-client-info, x-upsert, accept-profile, content-profile, cache-control, x-supabase-api-version, accept';
const EXPOSED_HEADERS = 'content-range, content-location, location, x-supabase-api-version, range-unit';

function corsHeaders(origin: string | undefined, allowed: string[] | undefined): Record<string, string> {
  if (!origin) return {};
  const ok = allowed ? allowed.includes(origin) : /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/.test(origin);
  if (!ok) return {};
  return {
    'access-control-allow-origin': origin,
    'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS',
    'access-control-allow-headers': ALLOWED_HEADERS,
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

const webhookHandler: Handler = async (req, ctx) => {
  if (req.method === 'POST') {
    let body: unknown;
    try {
      body = JSON.parse(req.body.toString('utf8') || 'null');
    } catch {
      return json(400, { message: 'Body must be JSON' });
    }
    ctx.webhook.received.push({ at: new Date().toISOString(), body });
    return { status: 204 };
  }
  if (req.method === 'GET') return json(200, ctx.webhook.received);
  if (req.method === 'DELETE') {
    ctx.webhook.received.length = 0;
    return { status: 204 };
  }
  return json(405, { message: 'Method not allowed' });
};

const routes: { prefix: string; handler: Handler; limit: number }[] = [
  { prefix: '/rest/v1', handler: handleRest, limit: MAX_JSON_BODY },
  { prefix: '/auth/v1', handler: handleAuth, limit: MAX_JSON_BODY },
  { prefix: '/storage/v1', handler: handleStorage, limit: MAX_UPLOAD_BODY },
  { prefix: '/__local/chat-webhook', handler: webhookHandler, limit: MAX_JSON_BODY },
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

export async function startLocalSupabase(options: StartOptions = {}): Promise<LocalSupabase> {
  const db = await openLocalDb(options);
  const context: ServerContext = {
    db,
    jwtSecret: options.jwtSecret ?? LOCAL_JWT_SECRET,
    jwtExpiry: options.jwtExpiry ?? 3600,
    storageDir: options.memory ? null : join(db.location === 'memory' ? ROOT_DIR : db.location, '..', 'storage'),
    memoryObjects: new Map(),
    webhook: { received: [] },
  };

  const server: Server = createHttpServer(async (req, res) => {
    const cors = corsHeaders(req.headers.origin, options.corsOrigins);
    try {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (req.method === 'OPTIONS') {
        res.writeHead(204, cors);
        res.end();
        return;
      }
      const route = routes.find((r) => url.pathname === r.prefix || url.pathname.startsWith(`${r.prefix}/`));
      if (!route) {
        send(res, json(404, { message: 'no Route matched with those values' }), cors, false);
        return;
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
      const method = req.method ?? 'GET';
      const local: LocalRequest = {
        method: method === 'HEAD' ? 'GET' : method,
        url,
        path: url.pathname.slice(route.prefix.length) || '/',
        headers: req.headers,
        body,
      };
      const response = await route.handler(local, context);
      send(res, response, cors, method === 'HEAD');
    } catch (error) {
      if (!options.quiet) console.error('[local-supabase] unexpected error', error);
      if (!res.headersSent) send(res, json(500, { message: 'Internal error in the local stand-in' }), cors, false);
      else res.end();
    }
  });

  // the schema cache is read once up front, as PostgREST does, instead of on the first request
  void getCatalog(db).catch(() => {});

  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? LOCAL_PORT, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${host}:${port}`,
    port,
    db,
    context,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await db.close();
    },
  };
}
