// The content webhook's receiver on a server of your own: keeps a built site in `--out` in step
// with the database, page by page, for a host that serves that directory (nginx, Caddy, a bucket
// synced from it). Hosted Supabase's webhook (private.content_webhook) points at this server's
// /__publish with the same secret.
//
//   PUBLISH_SECRET=… node scripts/publish-server.mjs --out dist [--port 8788] [--host 127.0.0.1]
//
// The build in --out must have been made with `npm run build` on this machine (the publisher
// renders with that build's own server bundle and configuration).
import { createServer } from 'node:http';
import { resolve } from 'node:path';
import { createPublisher } from './publish/publisher.mjs';
import { RECEIVER_PATH, receiverHandler } from './publish/receiver.mjs';

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
