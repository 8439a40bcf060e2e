// The content webhook's receiver on a server of your own: keeps a built site in `--out` in step
// with the database, page by page, for a host that serves that directory (nginx, Caddy, a bucket
// synced from it). Hosted Supabase's webhook (the Vault secret content_webhook_url) points at this server's
// /__publish with the same secret.
//
//   PUBLISH_SECRET=… node scripts/publisher/server.mjs --out dist [--port 8788] [--host 127.0.0.1]
//
// The build in --out must have been made with `npm run build` (scripts/publisher/build.mjs) on this
// machine: the publisher renders with that build's own server bundle and configuration.
//
// What the code in scripts/publisher/ reads from the process environment:
//   PUBLISH_SECRET             this server's shared secret with the database webhook (required
//                              here, at least 16 characters; sent as `Authorization: Bearer …`).
//   SUPABASE_SERVICE_ROLE_KEY  only when `vite preview` serves a build made for the local stand-in:
//                              the key it registers itself with as the stand-in's content webhook
//                              (receiver.mjs). Never in .env, never needed with a hosted project.
//   PUBLISH_ON_CHANGE          `0` keeps `vite preview` from mounting the publisher (vite.config.ts).
//   At build time (build.mjs, feeds.mjs, prerender.mjs), from the environment or .env/.env.local:
//   VITE_SUPABASE_URL, VITE_SUPABASE_ANON_KEY (the local stand-in's when unset), VITE_SITE_URL (the
//   public origin for canonical links, the sitemap and the feed), and PRERENDER_TZ (the time zone
//   the pages' dates are written in, Europe/Sofia by default). The build bakes the VITE_* values
//   into its server bundle, which this server and the publisher read them from afterwards.
import { createServer } from 'node:http';
import { resolve } from 'node:path';
import { createPublisher } from './publish.mjs';
import { RECEIVER_PATH, receiverHandler } from './receiver.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const out = resolve(arg('out', 'dist'));
const port = Number(arg('port', '8788'));
const host = arg('host', '127.0.0.1');
const secret = process.env.PUBLISH_SECRET ?? '';
if (secret.length < 16) {
  console.error('[publish] set PUBLISH_SECRET (at least 16 characters); the database webhook sends it as its Bearer token');
  process.exit(2);
}

const publisher = createPublisher({ out });
await publisher.site(); // fail now, not on the first change, when the build is missing
const handle = receiverHandler({ publisher, secret });
const server = createServer((req, res) => handle(req, res));
server.listen(port, host, () => console.log(`[publish] receiving content changes on http://${host}:${port}${RECEIVER_PATH} for ${out}`));
const stop = () => {
  publisher.close();
  server.close(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
