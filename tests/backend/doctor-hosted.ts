// Tiny sites for the tests of `npm run doctor:hosted` (doctor-hosted.test.ts, and with the
// database's checks rls-matrix.postgres.test.ts): a host that serves the build as it should, and
// one that answers the app shell for everything without a header of its own.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { report, type Finding } from '../../scripts/tools/doctor-hosted.ts';

export async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<{ server: Server; url: string }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

export const HEADERS = {
  'content-security-policy': "default-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
};

/** A host that serves the build as it should: prerendered pages, a real 404, the headers, the sitemap. */
export function goodSite(req: IncomingMessage, res: ServerResponse) {
  const path = new URL(req.url ?? '/', 'http://site').pathname;
  if (path === '/sitemap.xml') {
    res.writeHead(200, { ...HEADERS, 'content-type': 'application/xml' });
    res.end('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>http://site/blog</loc></url></urlset>');
  } else if (path === '/blog' || path.startsWith('/blog/')) {
    res.writeHead(200, { ...HEADERS, 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><div id="root" data-prerendered="${path}"><h1>Блог</h1></div>`);
  } else {
    res.writeHead(404, { ...HEADERS, 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><div id="root" data-prerendered="/404"><h1>Няма такава страница</h1></div>');
  }
}

/** A host that answers the app shell for every address, 200, without a header of its own. */
export function badSite(_req: IncomingMessage, res: ServerResponse) {
  res.writeHead(200, { 'content-type': 'text/html' });
  res.end('<!doctype html><div id="root"></div><script type="module" src="/assets/app.js"></script>');
}

/** One finding as the doctor prints it, by its title. */
export const block = (findings: Finding[], title: string) => {
  const found = findings.find((f) => f.title === title);
  if (!found) throw new Error(`no finding "${title}" in:\n${report(findings)}`);
  return report([found]);
};

/**
 * The environment of a spawned `npm run doctor:hosted`: this process's, with every variable the
 * doctor reads emptied (an empty one counts as unset, and hides .env's), then `set`.
 */
export function doctorEnv(set: Record<string, string> = {}): NodeJS.ProcessEnv {
  const names = ['SUPABASE_DB_URL', 'DATABASE_URL', 'SUPABASE_URL', 'VITE_SUPABASE_URL', 'SUPABASE_ANON_KEY', 'VITE_SUPABASE_ANON_KEY', 'SITE_URL', 'VITE_SITE_URL'];
  return { ...process.env, ...Object.fromEntries(names.map((n) => [n, ''])), ...set };
}
