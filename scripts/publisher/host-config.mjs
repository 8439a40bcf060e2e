// What a host needs besides the files, written into the build by build.mjs (after the pages):
//
//   <out>/_headers         the security headers on every response (Netlify and Cloudflare Pages)
//   <out>/_redirects       the admin's addresses answer /admin.html and the site app's /spa.html,
//                          with 200; every other address without a file answers /404.html with
//                          404 (both hosts)
//   <out>/_headers.nginx   the same headers as nginx add_header lines, for deploy/nginx/site.conf
//   <out>/404.html         written by the prerenderer (site.mjs writeNotFound)
//
// The Content-Security-Policy allows exactly what the site loads: its own scripts and the inline
// scripts of its pages by their SHA-256 (the click queue and the islands' loader, the same on every
// page of a build: computed here from the pages themselves, never 'unsafe-inline' for scripts),
// the Supabase project's origin for data, storage and realtime, and images from the site, the
// project and the origins in SITE_CSP_IMG_ORIGINS. Styles allow 'unsafe-inline': the prerendered
// markup carries style attributes (animations' start states), which no hash can allow.
//
//   node scripts/publisher/host-config.mjs --out dist
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { envValue, siteEnv } from './config.mjs';

/**
 * The admin's addresses: the sign-in with the pages the auth e-mails link to (/login/nova-parola,
 * /login/pokana) and the panels (their previews among them). They answer
 * admin.html with 200, the admin's own app (src/app/admin-main.tsx).
 */
export const ADMIN_ROUTES = ['/login', '/login/*', '/blog-admin', '/blog-admin/*', '/work-admin', '/work-admin/*'];

/** Whether a path is the admin's (ADMIN_ROUTES): vite's dev and preview servers answer it with admin.html. */
export function isAdminPath(pathname) {
  return /^\/(login|blog-admin|work-admin)(\/.*)?$/.test(pathname);
}

/**
 * Addresses that have no file of their own and are the site app's to show, status 200 (spa.html):
 * the links e-mails carry (they hold a token), the blog's later pages and the resources' list.
 * Every other address without a file is a 404.
 */
export const APP_SHELL_ROUTES = [
  '/booking/:token',
  '/newsletter/confirm/:token',
  '/newsletter/unsubscribe/:token',
  '/lichni-danni/potvardi/:token',
  '/blog/page/:page',
  '/blog/category/:category/page/:page',
  '/resources',
];

/** The SHA-256 sources ('sha256-…') of the inline scripts the browser runs in one HTML document. */
export function inlineScriptHashes(html) {
  const hashes = new Set();
  for (const m of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    const attrs = m[1] ?? '';
    if (/\ssrc\s*=/i.test(attrs)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase();
    // data blocks (application/json) are never run: they need no allowance
    if (type && type !== 'module' && type !== 'text/javascript') continue;
    hashes.add(`sha256-${createHash('sha256').update(m[2], 'utf8').digest('base64')}`);
  }
  return hashes;
}

/** Every .html file below `dir`. */
function htmlFiles(dir) {
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...htmlFiles(path));
    else if (entry.name.endsWith('.html')) found.push(path);
  }
  return found;
}

/** The origin of an http(s) address, and the same host's WebSocket origin (realtime). */
function origins(url) {
  const u = new URL(url);
  return { http: u.origin, ws: `${u.protocol === 'https:' ? 'wss' : 'ws'}://${u.host}` };
}

/**
 * The Content-Security-Policy of the site, as one header value.
 * @param {{ supabaseUrl: string, scriptHashes: Iterable<string>, imageOrigins?: string[] }} options
 */
export function contentSecurityPolicy({ supabaseUrl, scriptHashes, imageOrigins = [] }) {
  const supabase = origins(supabaseUrl);
  const hashes = [...scriptHashes].sort().map((h) => `'${h}'`);
  return [
    "default-src 'self'",
    // the admin's image resizing compiles WebAssembly (pica); no eval of strings
    `script-src 'self' ${hashes.join(' ')} 'wasm-unsafe-eval'`.replace(/\s+/g, ' '),
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${[supabase.http, ...imageOrigins].join(' ')}`,
    "font-src 'self'",
    `connect-src 'self' ${supabase.http} ${supabase.ws}`,
    // the proof-of-work solver and the image resizer run in workers of the site's own scripts
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The headers of every response, in order: [name, value]. HSTS only where the site is served over https. */
export function securityHeaders({ csp, https }) {
  return [
    ['Content-Security-Policy', csp],
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()'],
    ['X-Frame-Options', 'DENY'],
    ...(https ? [['Strict-Transport-Security', 'max-age=31536000; includeSubDomains']] : []),
  ];
}

/**
 * Netlify's and Cloudflare Pages' _headers: the security headers everywhere, long caching for hashed assets.
 * @param {[string, string][]} headers
 */
export function headersFile(headers) {
  const lines = ['/*', ...headers.map(([name, value]) => `  ${name}: ${value}`), '', '/assets/*', '  Cache-Control: public, max-age=31536000, immutable', ''];
  return `# Written by scripts/publisher/host-config.mjs at build time: do not edit by hand.\n${lines.join('\n')}`;
}

/**
 * Netlify's and Cloudflare Pages' _redirects. A file that exists is always served first (neither
 * host applies a 200 or 404 rule over an existing file), so these only decide addresses without one.
 */
export function redirectsFile() {
  const lines = [
    '# Written by scripts/publisher/host-config.mjs at build time: do not edit by hand.',
    "# The admin's addresses: the admin's app shows them (status 200).",
    ...ADMIN_ROUTES.map((route) => `${route} /admin.html 200`),
    "# The site app's addresses: the site's app shows them (status 200).",
    ...APP_SHELL_ROUTES.map((route) => `${route} /spa.html 200`),
    '# Every other address without a file: the site\'s own not-found page, status 404.',
    '/* /404.html 404',
    '',
  ];
  return lines.join('\n');
}

/**
 * The headers as nginx add_header lines (`always`: on 404s too), for an include in the server block.
 * @param {[string, string][]} headers
 */
export function nginxHeaders(headers) {
  const quote = (v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  return [
    '# Written by scripts/publisher/host-config.mjs at build time: do not edit by hand.',
    '# Included by deploy/nginx/site.conf in every place that answers.',
    ...headers.map(([name, value]) => `add_header ${name} ${quote(value)} always;`),
    '',
  ].join('\n');
}

function writeAtomically(file, text) {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, file);
}

/**
 * Writes _headers, _redirects and _headers.nginx into `out` from its pages; returns what it used.
 * The inline scripts must be the same on every page (they are: site.mjs), so a page the publisher
 * writes later runs under the same policy.
 */
export function writeHostConfig(out, { supabaseUrl = siteEnv().VITE_SUPABASE_URL, siteUrl = envValue('VITE_SITE_URL') ?? '', imageOrigins } = {}) {
  const pages = htmlFiles(out);
  if (!pages.some((p) => p === join(out, '404.html'))) throw new Error(`${out}/404.html is missing: prerender first`);
  const scriptHashes = new Set();
  for (const page of pages) for (const h of inlineScriptHashes(readFileSync(page, 'utf8'))) scriptHashes.add(h);
  const extra = imageOrigins ?? (envValue('SITE_CSP_IMG_ORIGINS') ?? '').split(/\s+/).filter(Boolean);
  const csp = contentSecurityPolicy({ supabaseUrl, scriptHashes, imageOrigins: extra });
  const https = siteUrl.startsWith('https://');
  // Netlify and Cloudflare Pages serve only over https: HSTS there; nginx adds it in its TLS server
  writeAtomically(join(out, '_headers'), headersFile(securityHeaders({ csp, https: true })));
  writeAtomically(join(out, '_redirects'), redirectsFile());
  writeAtomically(join(out, '_headers.nginx'), nginxHeaders(securityHeaders({ csp, https: false })));
  return { csp, scriptHashes: [...scriptHashes].sort(), https };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const outArg = process.argv.indexOf('--out');
  const out = resolve(outArg > 0 ? process.argv[outArg + 1] : 'dist');
  if (!existsSync(out) || !statSync(out).isDirectory()) {
    console.error(`[host-config] ${out} is not a build`);
    process.exit(1);
  }
  const { scriptHashes } = writeHostConfig(out);
  console.log(`[host-config] wrote _headers, _redirects and _headers.nginx to ${out} (${scriptHashes.length} inline script hash(es))`);
}
