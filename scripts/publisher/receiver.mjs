// The receiving end of the content webhook: an HTTP handler that checks the shared secret, takes
// the database webhook's JSON and hands it to the publisher, answering 202 at once (pg_net waits
// for the answer, not for the pages). Mounted on `vite preview` (vite.config.ts) and served alone
// by server.mjs.
//
// Read from the process environment (never from .env, whose values may reach the browser):
//   PUBLISH_SECRET             the webhook's Bearer token. On `vite preview` with a hosted project
//                              nothing is mounted without it; with the local stand-in a fresh one
//                              is made per start when it is unset.
//   SUPABASE_SERVICE_ROLE_KEY  with the local stand-in only: the key `vite preview` registers
//                              itself with as the stand-in's content webhook (the tool that starts
//                              the preview passes the stand-in's key in). Without it the preview
//                              serves the build as it is and its pages do not follow changes.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createPublisher } from './publish.mjs';

export const RECEIVER_PATH = '/__publish';
const MAX_BODY = 256 * 1024;

const sameSecret = (given, expected) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

function reply(res, status, body) {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(body));
}

/**
 * A connect/node handler for POST /__publish. Anything else is passed to `next` (or answered 404).
 * @param {{ publisher: ReturnType<typeof createPublisher>, secret: string }} options
 */
export function receiverHandler({ publisher, secret }) {
  return (req, res, next) => {
    const pathname = (req.url ?? '').split('?')[0];
    if (pathname !== RECEIVER_PATH) return next ? next() : reply(res, 404, { message: 'Not found' });
    if (req.method !== 'POST') return reply(res, 405, { message: 'Method not allowed' });
    const token = /^Bearer\s+(.+)$/i.exec(String(req.headers.authorization ?? ''))?.[1] ?? '';
    if (!secret || !sameSecret(token, secret)) {
      req.resume();
      return reply(res, 401, { message: 'Unauthorized' });
    }
    const chunks = [];
    let size = 0;
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
    });
    req.on('end', () => {
      if (size > MAX_BODY) return reply(res, 413, { message: 'Payload too large' });
      let payload;
      try {
        payload = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return reply(res, 400, { message: 'Body must be JSON' });
      }
      reply(res, 202, { accepted: publisher.accept(payload) });
    });
  };
}

const isLocalStandIn = (url) => /^https?:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?\/?$/i.test(url);

/**
 * Points the local stand-in's content webhook at `hookUrl` (retrying while the stand-in starts);
 * the local equivalent of the one SQL statement a deployer runs on hosted Supabase.
 */
export async function registerWithStandIn({ supabaseUrl, serviceKey, hookUrl, secret, log = console, attempts = 120 }) {
  for (let i = 0; i < attempts; i++) {
    try {
      const res = await fetch(`${supabaseUrl.replace(/\/$/, '')}/__local/content-webhook`, {
        method: 'PUT',
        headers: { apikey: serviceKey, Authorization: `Bearer ${serviceKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ url: hookUrl, secret }),
        signal: AbortSignal.timeout(2000),
      });
      if (res.ok) return true;
      log.warn(`[publish] the stand-in refused the content webhook (${res.status})`);
      return false;
    } catch {
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  log.warn(`[publish] no stand-in answered at ${supabaseUrl}: pages will not follow database changes`);
  return false;
}

/**
 * Mounts the publisher on a `vite preview` server for the build in `out`. With the local stand-in
 * it registers itself as the content webhook (a fresh secret per start, with the stand-in's
 * SUPABASE_SERVICE_ROLE_KEY), so a change made in the admin reaches the static files with no step
 * by hand. With a hosted project nothing is mounted unless PUBLISH_SECRET is set (then the
 * database's webhook row must carry the same secret).
 */
export async function attachToPreview(server, { out, log = console }) {
  const publisher = createPublisher({ out, log });
  let buildConfig;
  try {
    buildConfig = (await publisher.site()).ssr.buildConfig;
  } catch (error) {
    log.warn(`[publish] pages will not follow database changes: ${error.message}`);
    return;
  }
  const local = isLocalStandIn(buildConfig.url);
  const serviceKey = process.env.SUPABASE_SERVICE_ROLE_KEY ?? '';
  if (local && !serviceKey) {
    log.warn('[publish] pages will not follow database changes: SUPABASE_SERVICE_ROLE_KEY is not set, so the stand-in cannot be told where to send them');
    return;
  }
  const secret = process.env.PUBLISH_SECRET || (local ? randomBytes(24).toString('base64url') : '');
  if (!secret) return;
  server.middlewares.use(receiverHandler({ publisher, secret }));
  if (!local) return;
  const register = () => {
    const address = server.httpServer?.address();
    if (!address || typeof address === 'string') return;
    const hookUrl = `http://127.0.0.1:${address.port}${RECEIVER_PATH}`;
    void registerWithStandIn({ supabaseUrl: buildConfig.url, serviceKey, hookUrl, secret, log }).then((ok) => {
      if (ok) log.log(`[publish] static pages follow the database: the stand-in's content webhook calls ${hookUrl}`);
    });
  };
  if (server.httpServer?.listening) register();
  else server.httpServer?.once('listening', register);
  server.httpServer?.once('close', () => {
    publisher.close();
    // the stand-in may outlive this server (one started by `npm run dev`): stop it calling here
    void fetch(`${buildConfig.url.replace(/\/$/, '')}/__local/content-webhook`, {
      method: 'DELETE',
      headers: { apikey: serviceKey, Authorization: `Bearer ${serviceKey}` },
    }).catch(() => {});
  });
}
