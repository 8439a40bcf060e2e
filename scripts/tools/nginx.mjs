// Serves a build with the repository's nginx server block (deploy/nginx/site.conf), as a
// self-hosted site would: Debian's `nginx`, in the foreground, in a throw-away prefix directory,
// on a free port of 127.0.0.1. The block is used as written, with its build path and its port
// replaced, and its access log written to the prefix. For the end-to-end tests (e2e/nginx.spec.ts),
// the access log's test (tests/build/nginx-log.test.ts) and by hand:
//
//   node scripts/tools/nginx.mjs [--dir dist] [--port 8080]
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const SITE_CONF = fileURLToPath(new URL('../../deploy/nginx/site.conf', import.meta.url));
const BUILD_PATH_IN_CONF = '/srv/agency-site/dist';
const LOG_DIR_IN_CONF = '/var/log/nginx';

/** The nginx binary, or null when none is installed (`apt-get install nginx`). */
export function findNginx() {
  for (const candidate of ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx']) if (existsSync(candidate)) return candidate;
  const which = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' });
  return which.status === 0 && which.stdout.trim() ? which.stdout.trim() : null;
}

function freePort() {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolvePort(port));
    });
  });
}

/** The repository's server block for `dir` on `port`, logging to `logDir`. */
export function siteConfFor(dir, port, logDir) {
  const conf = readFileSync(SITE_CONF, 'utf8');
  if (!conf.includes(BUILD_PATH_IN_CONF) || !conf.includes(`${LOG_DIR_IN_CONF}/`) || !/^\s*listen 80;$/m.test(conf)) {
    throw new Error(`${SITE_CONF} no longer has the path, the log directory or the listen line this script replaces`);
  }
  return conf
    .replaceAll(BUILD_PATH_IN_CONF, dir)
    .replaceAll(`${LOG_DIR_IN_CONF}/`, `${logDir}/`)
    .replace(/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${port};`);
}

/**
 * Starts nginx serving `dir`; resolves once it answers, with its origin and a stop function.
 */
export async function startNginx({ dir, port } = {}) {
  const nginx = findNginx();
  if (!nginx) throw new Error('nginx is not installed (Debian: apt-get install nginx)');
  const root = resolve(dir ?? 'dist');
  if (!existsSync(join(root, '_headers.nginx'))) throw new Error(`${root} has no _headers.nginx: build it first (scripts/publisher/build.mjs)`);
  const listen = port ?? (await freePort());
  const prefix = mkdtempSync(join(tmpdir(), 'nginx-site-'));
  mkdirSync(join(prefix, 'logs'));
  writeFileSync(join(prefix, 'site.conf'), siteConfFor(root, listen, join(prefix, 'logs')));
  const mimeTypes = ['/etc/nginx/mime.types', '/usr/local/etc/nginx/mime.types'].find(existsSync);
  writeFileSync(
    join(prefix, 'nginx.conf'),
    [
      // as root, the workers would run as nobody, who may not read a build under a private home
      userInfo().uid === 0 ? 'user root;' : '',
      'worker_processes 1;',
      `pid ${join(prefix, 'nginx.pid')};`,
      `error_log ${join(prefix, 'logs', 'error.log')} warn;`,
      'events { worker_connections 256; }',
      'http {',
      mimeTypes ? `  include ${mimeTypes};` : '  types { text/html html; text/css css; application/javascript js; image/svg+xml svg; application/xml xml; }',
      '  default_type application/octet-stream;',
      `  access_log ${join(prefix, 'logs', 'access.log')};`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${join(prefix, `${t}_temp`)};`),
      `  include ${join(prefix, 'site.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const child = spawn(nginx, ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-e', join(prefix, 'logs', 'error.log'), '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const origin = `http://127.0.0.1:${listen}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) {
      rmSync(prefix, { recursive: true, force: true });
      throw new Error(`nginx exited (${child.exitCode}): ${stderr || readFileSync(join(prefix, 'logs', 'error.log'), 'utf8')}`);
    }
    try {
      await fetch(`${origin}/`, { signal: AbortSignal.timeout(1000) });
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill('SIGTERM');
        throw new Error(`nginx did not answer on ${origin}: ${stderr}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    origin,
    /** The server block's access log. */
    accessLog: join(prefix, 'logs', 'access.log'),
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGQUIT');
        await new Promise((r) => child.once('exit', r));
      }
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const arg = (name) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const server = await startNginx({ dir: arg('--dir'), port: arg('--port') ? Number(arg('--port')) : undefined });
  console.log(`nginx serves ${resolve(arg('--dir') ?? 'dist')} on ${server.origin} (Ctrl-C stops it)`);
  const stop = () => void server.stop().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
