// Writes sitemap.xml and rss.xml (published blog posts) into the build output, read from the
// Supabase project the site is configured for, and adds the Sitemap line to the output's robots.txt.
//
//   node scripts/generate-feeds.mjs [--out dist] [--timeout 8000]
//
// Configuration, like the site itself: VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY from the
// environment or .env / .env.local (local stand-in defaults, see local-backend.mjs siteEnv()), and
// the public origin from VITE_SITE_URL. Only the anonymous key is used, so the files hold exactly
// what any visitor may read.
//
// When the database does not answer (not running, unreachable, refusing the key), the script warns,
// still writes the static pages' sitemap and an empty feed, and exits 0 so the build goes on.
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { siteEnv } from './local-backend.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DEFAULT_SITE_URL = 'http://localhost:5173';
const RSS_ITEMS = 50;

// ---- configuration ------------------------------------------------------------------------------

/** A VITE_* value from the environment, else from .env.local or .env in the working directory. */
function envValue(name) {
  if (process.env[name] !== undefined) return process.env[name];
  let value;
  for (const file of ['.env', '.env.local']) {
    if (!existsSync(file)) continue;
    for (const line of readFileSync(file, 'utf8').split(/\r?\n/)) {
      const m = line.match(/^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/);
      if (m && m[1] === name) value = m[2].replace(/^(['"])(.*)\1$/, '$2');
    }
  }
  return value;
}

/**
 * The public origin without a trailing slash; the default (with a warning) when unset or invalid.
 * @param {string | undefined} raw
 * @param {(message: string) => void} [warn]
 * @returns {string}
 */
export function normalizeSiteUrl(raw, warn = () => {}) {
  const value = (raw ?? '').trim().replace(/\/+$/, '');
  if (!value) {
    warn(`VITE_SITE_URL is not set; the sitemap and feed will point at ${DEFAULT_SITE_URL}.`);
    return DEFAULT_SITE_URL;
  }
  if (!/^https?:\/\/[^\s/]+(\/[^\s]*)?$/i.test(value)) {
    warn(`VITE_SITE_URL "${value}" is not an absolute http(s) address; using ${DEFAULT_SITE_URL}.`);
    return DEFAULT_SITE_URL;
  }
  return value;
}

function parseArgs(argv) {
  const args = { out: 'dist', timeout: 8000 };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [key, inline] = arg.includes('=') ? arg.split(/=(.*)/s) : [arg, undefined];
    const value = () => inline ?? argv[++i];
    if (key === '--out') args.out = value();
    else if (key === '--timeout') args.timeout = Number(value());
    else throw new Error(`Unknown argument "${arg}". Usage: node scripts/generate-feeds.mjs [--out dist] [--timeout ms]`);
  }
  if (!args.out) throw new Error('--out needs a directory');
  if (!Number.isFinite(args.timeout) || args.timeout <= 0) throw new Error('--timeout needs a number of milliseconds');
  return args;
}

// ---- content that lives in the source ---------------------------------------------------------

/** Slugs of the static resource articles (src/content/resources.ts keeps each as `slug: '...'`). */
export function resourceSlugs(sourceText) {
  return [...sourceText.matchAll(/^\s*slug:\s*'([a-z0-9-]+)',?\s*$/gm)].map((m) => m[1]);
}

/** The brand name from src/config/site.ts, for the feed's title. */
export function siteName(sourceText) {
  return /\bname:\s*'([^']+)'/.exec(sourceText)?.[1] ?? 'Синаптика';
}

function readSource(relative) {
  try {
    return readFileSync(path.join(ROOT, relative), 'utf8');
  } catch {
    return '';
  }
}

// ---- XML ---------------------------------------------------------------------------------------

export function escapeXml(value) {
  return String(value)
    // characters XML 1.0 cannot hold at all (controls other than tab, newline, carriage return)
    .replace(/[\p{Cc}]/gu, (c) => (c === '\t' || c === '\n' || c === '\r' ? c : ''))
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const isoDay = (value) => {
  const date = value ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date.toISOString() : null;
};

const pathOf = (prefix, slug) => `${prefix}/${encodeURIComponent(slug)}`;

/**
 * @typedef {{ title: string, slug: string, excerpt?: string | null, category?: string | null,
 *   author?: string | null, published_at?: string | null, updated_at?: string | null }} FeedPost
 * @typedef {{ id: string, slug?: string | null, updated_at?: string | null }} FeedProject
 */

/**
 * The sitemap: home, blog, each published post, each project (slug, falling back to id) and each
 * resource article.
 */
/**
 * @param {{ siteUrl: string, posts?: FeedPost[], projects?: FeedProject[], resources?: string[] }} input
 * @returns {string}
 */
export function buildSitemap({ siteUrl, posts = [], projects = [], resources = [] }) {
  const newestPost = posts.map((p) => isoDay(p.updated_at ?? p.published_at)).filter(Boolean).sort().at(-1) ?? null;
  const entries = [
    { loc: '/', changefreq: 'weekly', priority: '1.0' },
    { loc: '/blog', changefreq: 'daily', priority: '0.8', lastmod: newestPost },
    ...posts.map((p) => ({
      loc: pathOf('/blog', p.slug),
      changefreq: 'monthly',
      priority: '0.7',
      lastmod: isoDay(p.updated_at ?? p.published_at),
    })),
    ...projects.map((p) => ({
      loc: pathOf('/project', p.slug || p.id),
      changefreq: 'monthly',
      priority: '0.6',
      lastmod: isoDay(p.updated_at),
    })),
    ...resources.map((slug) => ({ loc: pathOf('/resources', slug), changefreq: 'yearly', priority: '0.5' })),
  ];
  const urls = entries.map((e) =>
    [
      '  <url>',
      `    <loc>${escapeXml(siteUrl + e.loc)}</loc>`,
      e.lastmod ? `    <lastmod>${e.lastmod}</lastmod>` : null,
      `    <changefreq>${e.changefreq}</changefreq>`,
      `    <priority>${e.priority}</priority>`,
      '  </url>',
    ]
      .filter(Boolean)
      .join('\n'),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** An RSS 2.0 feed of the newest published posts (at most 50). */
/**
 * @param {{ siteUrl: string, posts?: FeedPost[], name?: string, now?: Date }} input
 * @returns {string}
 */
export function buildRss({ siteUrl, posts = [], name = 'Синаптика', now = new Date() }) {
  const items = posts.slice(0, RSS_ITEMS).map((p) => {
    const link = escapeXml(siteUrl + pathOf('/blog', p.slug));
    const date = p.published_at ? new Date(p.published_at) : null;
    return [
      '    <item>',
      `      <title>${escapeXml(p.title)}</title>`,
      `      <link>${link}</link>`,
      `      <guid isPermaLink="true">${link}</guid>`,
      date && !Number.isNaN(date.getTime()) ? `      <pubDate>${date.toUTCString()}</pubDate>` : null,
      p.author ? `      <dc:creator>${escapeXml(p.author)}</dc:creator>` : null,
      p.category ? `      <category>${escapeXml(p.category)}</category>` : null,
      p.excerpt ? `      <description>${escapeXml(p.excerpt)}</description>` : null,
      '    </item>',
    ]
      .filter(Boolean)
      .join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '  <channel>',
    `    <title>${escapeXml(`${name} — Блог`)}</title>`,
    `    <link>${escapeXml(`${siteUrl}/blog`)}</link>`,
    `    <description>${escapeXml(`Публикации от блога на ${name}: AI, автоматизация и софтуер за бизнеса.`)}</description>`,
    '    <language>bg</language>',
    `    <lastBuildDate>${now.toUTCString()}</lastBuildDate>`,
    `    <atom:link href="${escapeXml(`${siteUrl}/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}

/**
 * robots.txt with exactly one Sitemap line, for this site.
 * @param {string | undefined} robots
 * @param {string} siteUrl
 */
export function withSitemapLine(robots, siteUrl) {
  const kept = (robots ?? 'User-agent: *\nAllow: /\n')
    .split(/\r?\n/)
    .filter((line) => !/^\s*sitemap\s*:/i.test(line))
    .join('\n')
    .replace(/\n+$/, '');
  return `${kept}\n\nSitemap: ${siteUrl}/sitemap.xml\n`;
}

// ---- database ----------------------------------------------------------------------------------

/** GET one PostgREST path with the anonymous key; throws with a short reason when there is no good answer. */
async function restGet(supabaseUrl, anonKey, pathAndQuery, timeoutMs) {
  const url = `${supabaseUrl.replace(/\/+$/, '')}/rest/v1/${pathAndQuery}`;
  let res;
  try {
    res = await fetch(url, {
      headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}`, Accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const cause = error?.cause?.code ?? error?.name ?? 'error';
    throw new Error(`no answer from ${supabaseUrl} (${cause})`);
  }
  const text = await res.text();
  if (!res.ok) {
    let message = text.slice(0, 200);
    try {
      message = JSON.parse(text).message ?? message;
    } catch {
      // not JSON: keep the text
    }
    throw new Error(`${res.status} from ${url.split('?')[0]}: ${message}`);
  }
  const rows = JSON.parse(text);
  if (!Array.isArray(rows)) throw new Error(`unexpected answer from ${url.split('?')[0]}`);
  return rows;
}

const POSTS_QUERY =
  'blog_posts?select=title,slug,excerpt,category,author,published_at,updated_at&is_published=eq.true&order=published_at.desc';
const PROJECTS_QUERY = 'projects?select=id,slug,updated_at&order=created_at.desc';

/**
 * Reads the posts and projects and writes the three files into `outDir`. Returns what it wrote;
 * `databaseAnswered` is false when the content had to be left out.
 */
/**
 * @param {{ outDir: string, supabaseUrl: string, anonKey: string, siteUrl: string, timeoutMs?: number,
 *   log?: { warn: (message: string) => void } }} options
 * @returns {Promise<{ databaseAnswered: boolean, posts: number, projects: number, resources: number }>}
 */
export async function generateFeeds({ outDir, supabaseUrl, anonKey, siteUrl, timeoutMs = 8000, log = console }) {
  const resources = resourceSlugs(readSource('src/content/resources.ts'));
  const name = siteName(readSource('src/config/site.ts'));

  let posts = [];
  let projects = [];
  let databaseAnswered = true;
  try {
    [posts, projects] = await Promise.all([
      restGet(supabaseUrl, anonKey, POSTS_QUERY, timeoutMs),
      restGet(supabaseUrl, anonKey, PROJECTS_QUERY, timeoutMs),
    ]);
    posts = posts.filter((p) => p && typeof p.slug === 'string' && p.slug && typeof p.title === 'string');
    projects = projects.filter((p) => p && (p.slug || p.id));
  } catch (error) {
    databaseAnswered = false;
    posts = [];
    projects = [];
    log.warn(
      `[feeds] warning: the database did not answer (${error.message}); ` +
        'sitemap.xml lists only the static pages and rss.xml has no posts. The build goes on.',
    );
  }

  await mkdir(outDir, { recursive: true });
  const robotsPath = path.join(outDir, 'robots.txt');
  const robots = existsSync(robotsPath) ? await readFile(robotsPath, 'utf8') : undefined;
  await Promise.all([
    writeFile(path.join(outDir, 'sitemap.xml'), buildSitemap({ siteUrl, posts, projects, resources })),
    writeFile(path.join(outDir, 'rss.xml'), buildRss({ siteUrl, posts, name })),
    writeFile(robotsPath, withSitemapLine(robots, siteUrl)),
  ]);
  return { databaseAnswered, posts: posts.length, projects: projects.length, resources: resources.length };
}

async function main() {
  let args;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`[feeds] ${error.message}`);
    process.exit(2);
  }
  const env = siteEnv();
  const siteUrl = normalizeSiteUrl(envValue('VITE_SITE_URL'), (m) => console.warn(`[feeds] warning: ${m}`));
  const result = await generateFeeds({
    outDir: path.resolve(args.out),
    supabaseUrl: env.VITE_SUPABASE_URL,
    anonKey: env.VITE_SUPABASE_ANON_KEY,
    siteUrl,
    timeoutMs: args.timeout,
  });
  console.log(
    `[feeds] wrote sitemap.xml, rss.xml and robots.txt to ${args.out} for ${siteUrl}: ` +
      `${result.posts} posts, ${result.projects} projects, ${result.resources} resource articles.`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error) => {
    console.error('[feeds] could not write the feeds:', error);
    process.exit(1);
  });
}
