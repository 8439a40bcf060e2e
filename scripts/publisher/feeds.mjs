// Writes sitemap.xml and rss.xml (published blog posts) into the build output, read from the
// Supabase project the site is configured for, and adds the Sitemap line to the output's robots.txt.
//
//   node scripts/publisher/feeds.mjs [--out dist] [--timeout 8000]
//
// Run after prerender.mjs, which builds the server bundle of src/site/entry-server.tsx: every address
// in the files, the resource articles and the site's name come from that bundle, so they are the
// ones the site links to (src/shared/config/addresses.ts).
//
// Configuration, like the site itself: VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY from the
// environment or .env / .env.local (local stand-in defaults, see config.mjs), and
// the public origin from VITE_SITE_URL. Only the anonymous key is used, so the files hold exactly
// what any visitor may read.
//
// When the database does not answer (not running, unreachable, refusing the key), the script warns,
// still writes the static pages' sitemap and an empty feed, and exits 0 so the build goes on.
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { envValue, siteEnv } from './config.mjs';
import { loadServerBundle } from './site.mjs';

export const DEFAULT_SITE_URL = 'http://localhost:5173';
const RSS_ITEMS = 50;
/** The sitemap protocol's limit per file; past it, sitemap.xml becomes an index of numbered files. */
export const SITEMAP_MAX_URLS = 50_000;

// ---- configuration ------------------------------------------------------------------------------

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
    else throw new Error(`Unknown argument "${arg}". Usage: node scripts/publisher/feeds.mjs [--out dist] [--timeout ms]`);
  }
  if (!args.out) throw new Error('--out needs a directory');
  if (!Number.isFinite(args.timeout) || args.timeout <= 0) throw new Error('--timeout needs a number of milliseconds');
  return args;
}

// ---- what the server bundle tells -------------------------------------------------------------

/**
 * What the feeds take from the server bundle (src/site/entry-server.tsx, loaded by
 * loadServerBundle in site.mjs): the site's name, the resource articles' slugs, and the public
 * addresses of src/shared/config/addresses.ts.
 * @typedef {{ siteName: string, resourceSlugs: string[], postPath: (slug: string) => string,
 *   projectPath: (project: { id: string, slug?: string | null }) => string,
 *   categoryPath: (name: string) => string, resourcePath: (slug: string) => string }} ServerBundle
 */

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

/**
 * @typedef {{ title: string, slug: string, excerpt?: string | null, meta_description?: string | null,
 *   category?: string | null, author?: string | null, published_at?: string | null, updated_at?: string | null,
 *   share_image?: string | null, featured_image?: string | null }} FeedPost
 * @typedef {{ id: string, slug?: string | null, updated_at?: string | null, share_image?: string | null,
 *   image?: string | null }} FeedProject
 */

/** The picture a page is shared with: the editor's share image, else the main image. */
const shareImageOf = (share, main) => (typeof share === 'string' && share.trim() ? share : main);

/**
 * A picture's absolute address for the image sitemap: an http(s) URL as it is (normalised, so a
 * space becomes %20), a site-relative path ('/demo/a.svg') on the site's URL; anything else
 * (protocol-relative, data:, a relative path, a typo) has none, for a crawler could not fetch it.
 * @param {string} siteUrl
 * @param {unknown} value
 * @returns {string | null}
 */
export function sitemapImageUrl(siteUrl, value) {
  const raw = typeof value === 'string' ? value.trim() : '';
  try {
    if (/^https?:\/\/[^/]/i.test(raw)) return new URL(raw).href;
    if (raw.startsWith('/') && !raw.startsWith('//') && !raw.startsWith('/\\')) return new URL(siteUrl + raw).href;
  } catch {
    // not a URL after all
  }
  return null;
}

/** A category name that can be one path segment of a static host ('/' cannot). */
export const isPathSafeCategory = (name) => typeof name === 'string' && name.trim() !== '' && !/[/\\\0]/.test(name) && name !== '.' && name !== '..';

/**
 * The sitemap's entries: home, blog, page 1 of each category, each published post, each project
 * (slug, falling back to id), each resource article and the privacy notice, at the server bundle's addresses.
 * @param {{ ssr: ServerBundle, posts?: FeedPost[], projects?: FeedProject[], categories?: string[] }} input
 */
function sitemapEntries({ ssr, posts = [], projects = [], categories = [] }) {
  const newestPost = posts.map((p) => isoDay(p.updated_at ?? p.published_at)).filter(Boolean).sort().at(-1) ?? null;
  return [
    { loc: '/', changefreq: 'weekly', priority: '1.0' },
    { loc: '/blog', changefreq: 'daily', priority: '0.8', lastmod: newestPost },
    ...categories.filter(isPathSafeCategory).map((name) => ({ loc: ssr.categoryPath(name), changefreq: 'weekly', priority: '0.5' })),
    ...posts.map((p) => ({
      loc: ssr.postPath(p.slug),
      changefreq: 'monthly',
      priority: '0.7',
      lastmod: isoDay(p.updated_at ?? p.published_at),
      image: shareImageOf(p.share_image, p.featured_image),
    })),
    ...projects.map((p) => ({
      loc: ssr.projectPath(p),
      changefreq: 'monthly',
      priority: '0.6',
      lastmod: isoDay(p.updated_at),
      image: shareImageOf(p.share_image, p.image),
    })),
    ...ssr.resourceSlugs.map((slug) => ({ loc: ssr.resourcePath(slug), changefreq: 'yearly', priority: '0.5' })),
    ...(ssr.privacyNoticePath ? [{ loc: ssr.privacyNoticePath, changefreq: 'yearly', priority: '0.3' }] : []),
    ...(ssr.dataRequestPath ? [{ loc: ssr.dataRequestPath, changefreq: 'yearly', priority: '0.3' }] : []),
  ];
}

function urlset(siteUrl, entries) {
  let images = 0;
  const urls = entries.map((e) => {
    const image = e.image ? sitemapImageUrl(siteUrl, e.image) : null;
    if (image) images++;
    return [
      '  <url>',
      `    <loc>${escapeXml(siteUrl + e.loc)}</loc>`,
      e.lastmod ? `    <lastmod>${e.lastmod}</lastmod>` : null,
      `    <changefreq>${e.changefreq}</changefreq>`,
      `    <priority>${e.priority}</priority>`,
      image ? `    <image:image>\n      <image:loc>${escapeXml(image)}</image:loc>\n    </image:image>` : null,
      '  </url>',
    ]
      .filter(Boolean)
      .join('\n');
  });
  // the image extension's namespace only where a file lists a picture: otherwise the plain protocol
  const imageNs = images ? ' xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"' : '';
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"${imageNs}>\n${urls.join('\n')}\n</urlset>\n`;
}

/**
 * The sitemap as one file (see sitemapEntries).
 * @param {{ siteUrl: string, ssr: ServerBundle, posts?: FeedPost[], projects?: FeedProject[], categories?: string[] }} input
 * @returns {string}
 */
export function buildSitemap(input) {
  return urlset(input.siteUrl, sitemapEntries(input));
}

/**
 * The sitemap files: sitemap.xml alone up to `maxUrls` addresses; past that, sitemap.xml is a
 * sitemap index of sitemap-1.xml, sitemap-2.xml … with at most `maxUrls` each.
 * @param {{ siteUrl: string, ssr: ServerBundle, posts?: FeedPost[], projects?: FeedProject[], categories?: string[], now?: Date, maxUrls?: number }} input
 * @returns {Record<string, string>} file name → content
 */
export function buildSitemaps({ maxUrls = SITEMAP_MAX_URLS, now = new Date(), ...input }) {
  const entries = sitemapEntries(input);
  if (entries.length <= maxUrls) return { 'sitemap.xml': urlset(input.siteUrl, entries) };
  const files = {};
  for (let i = 0; i * maxUrls < entries.length; i++) {
    files[`sitemap-${i + 1}.xml`] = urlset(input.siteUrl, entries.slice(i * maxUrls, (i + 1) * maxUrls));
  }
  const items = Object.keys(files).map(
    (name) => `  <sitemap>\n    <loc>${escapeXml(`${input.siteUrl}/${name}`)}</loc>\n    <lastmod>${now.toISOString()}</lastmod>\n  </sitemap>`,
  );
  files['sitemap.xml'] = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</sitemapindex>\n`;
  return files;
}

/**
 * An RSS 2.0 feed of the newest published posts (at most 50), titled with the site's name.
 * @param {{ siteUrl: string, ssr: ServerBundle, posts?: FeedPost[], now?: Date }} input
 * @returns {string}
 */
export function buildRss({ siteUrl, ssr, posts = [], now = new Date() }) {
  const name = ssr.siteName;
  const items = posts.slice(0, RSS_ITEMS).map((p) => {
    const link = escapeXml(siteUrl + ssr.postPath(p.slug));
    const date = p.published_at ? new Date(p.published_at) : null;
    // the editor's meta description, else the excerpt; the title stays the post's own
    const description = (typeof p.meta_description === 'string' && p.meta_description.trim()) || p.excerpt;
    return [
      '    <item>',
      `      <title>${escapeXml(p.title)}</title>`,
      `      <link>${link}</link>`,
      `      <guid isPermaLink="true">${link}</guid>`,
      date && !Number.isNaN(date.getTime()) ? `      <pubDate>${date.toUTCString()}</pubDate>` : null,
      p.author ? `      <dc:creator>${escapeXml(p.author)}</dc:creator>` : null,
      p.category ? `      <category>${escapeXml(p.category)}</category>` : null,
      description ? `      <description>${escapeXml(description)}</description>` : null,
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
async function restGet(supabaseUrl, anonKey, pathAndQuery, timeoutMs, init = {}) {
  const url = `${supabaseUrl.replace(/\/+$/, '')}/rest/v1/${pathAndQuery}`;
  let res;
  try {
    res = await fetch(url, {
      ...init,
      headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}`, Accept: 'application/json', 'Content-Type': 'application/json' },
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

/** POST one PostgREST path (an RPC) with the anonymous key; the rows it answers. */
async function restPost(supabaseUrl, anonKey, pathAndQuery, body, timeoutMs) {
  return restGet(supabaseUrl, anonKey, pathAndQuery, timeoutMs, { method: 'POST', body: JSON.stringify(body) });
}

/** The feed's newest posts: only the columns an item shows. */
const RSS_QUERY = `blog_posts?select=title,slug,excerpt,meta_description,category,author,published_at&is_published=eq.true&order=published_at.desc,id.desc&limit=${RSS_ITEMS}`;
/**
 * Every published post's address and picture (share image, else main image) for the sitemap, a
 * page at a time (the API caps rows per answer).
 */
const SITEMAP_POSTS_QUERY =
  'blog_posts?select=slug,published_at,updated_at,share_image,featured_image&is_published=eq.true&order=published_at.desc,id.desc';
const PROJECTS_QUERY = 'projects?select=id,slug,updated_at,share_image,image&order=created_at.desc';
const SITEMAP_PAGE = 1000;

/** Every row of a query, read SITEMAP_PAGE rows at a time (PostgREST's max-rows caps one answer). */
async function restGetAll(supabaseUrl, anonKey, pathAndQuery, timeoutMs) {
  const rows = [];
  for (let offset = 0; ; offset += SITEMAP_PAGE) {
    const page = await restGet(supabaseUrl, anonKey, `${pathAndQuery}&limit=${SITEMAP_PAGE}&offset=${offset}`, timeoutMs);
    rows.push(...page);
    if (page.length < SITEMAP_PAGE) return rows;
  }
}

/**
 * Reads the posts, projects and categories and writes sitemap.xml (or a sitemap index and its
 * parts), rss.xml and robots.txt into `outDir`, with the addresses, resource articles and name of
 * the build's server bundle `ssr`. Returns what it wrote; `databaseAnswered` is false when the
 * content had to be left out. With `keepOnFailure` (the publisher, which updates a live site)
 * nothing is written when the database does not answer: the files stay as they were.
 * @param {{ outDir: string, ssr: ServerBundle, supabaseUrl: string, anonKey: string, siteUrl: string, timeoutMs?: number,
 *   keepOnFailure?: boolean, log?: { warn: (message: string) => void } }} options
 * @returns {Promise<{ databaseAnswered: boolean, posts: number, projects: number, resources: number }>}
 */
export async function generateFeeds({ outDir, ssr, supabaseUrl, anonKey, siteUrl, timeoutMs = 8000, keepOnFailure = false, log = console }) {
  const resources = ssr.resourceSlugs.length;

  let feedPosts = [];
  let sitemapPosts = [];
  let projects = [];
  let categories = [];
  let databaseAnswered = true;
  try {
    let counts;
    [feedPosts, sitemapPosts, projects, counts] = await Promise.all([
      restGet(supabaseUrl, anonKey, RSS_QUERY, timeoutMs),
      restGetAll(supabaseUrl, anonKey, SITEMAP_POSTS_QUERY, timeoutMs),
      restGetAll(supabaseUrl, anonKey, PROJECTS_QUERY, timeoutMs),
      restPost(supabaseUrl, anonKey, 'rpc/blog_category_counts', { max_count: 1000 }, timeoutMs),
    ]);
    const usable = (p) => p && typeof p.slug === 'string' && p.slug;
    feedPosts = feedPosts.filter((p) => usable(p) && typeof p.title === 'string');
    sitemapPosts = sitemapPosts.filter(usable);
    projects = projects.filter((p) => p && (p.slug || p.id));
    categories = counts.map((c) => c?.name).filter(isPathSafeCategory);
  } catch (error) {
    databaseAnswered = false;
    feedPosts = [];
    sitemapPosts = [];
    projects = [];
    categories = [];
    log.warn(
      keepOnFailure
        ? `[feeds] warning: the database did not answer (${error.message}); the feeds were left as they were.`
        : `[feeds] warning: the database did not answer (${error.message}); ` +
            'sitemap.xml lists only the static pages and rss.xml has no posts. The build goes on.',
    );
    if (keepOnFailure) return { databaseAnswered, posts: 0, projects: 0, resources };
  }

  await mkdir(outDir, { recursive: true });
  const robotsPath = path.join(outDir, 'robots.txt');
  const robots = existsSync(robotsPath) ? await readFile(robotsPath, 'utf8') : undefined;
  const sitemaps = buildSitemaps({ siteUrl, ssr, posts: sitemapPosts, projects, categories });
  // parts of an earlier, longer sitemap must not linger
  for (const old of await readdir(outDir)) {
    if (/^sitemap-\d+\.xml$/.test(old) && !(old in sitemaps)) await rm(path.join(outDir, old), { force: true });
  }
  await Promise.all([
    ...Object.entries(sitemaps).map(([file, xml]) => writeAtomically(path.join(outDir, file), xml)),
    writeAtomically(path.join(outDir, 'rss.xml'), buildRss({ siteUrl, ssr, posts: feedPosts })),
    writeAtomically(robotsPath, withSitemapLine(robots, siteUrl)),
  ]);
  return { databaseAnswered, posts: sitemapPosts.length, projects: projects.length, resources };
}

/** Written beside and renamed, so a reader never gets half a file. */
async function writeAtomically(file, content) {
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, content);
  await rename(tmp, file);
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
  const outDir = path.resolve(args.out);
  const result = await generateFeeds({
    outDir,
    ssr: await loadServerBundle(outDir),
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
