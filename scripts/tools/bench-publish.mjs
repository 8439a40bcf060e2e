// `npm run bench:publish`: how publishing holds up with many posts.
//
// Two scenarios, one after the other on the same machine: `demo` (the demo seed only) and `N`
// extra published posts (--posts=N, default 2000) seeded through the REST API. Each gets a fresh
// in-memory stand-in on its own port, is built the way production builds (vite build, feeds,
// prerender) and served by `vite preview`, whose content publisher registers itself with the
// stand-in. Then it measures:
//   - seeding time, full build time (client build / feeds + prerender), pages written, output size;
//   - /blog HTML bytes (raw and gzip);
//   - the listing's JSON: the /rest/v1/blog_posts request(s) the built /blog page itself makes
//     (caught while its server bundle renders it), replayed with the anon key;
//   - the admin post list's first response: signs in in Chromium and records the first
//     /rest/v1/blog_posts response /blog-admin receives, whatever query the admin code makes;
//   - regeneration: one published post's title changed through the API (PATCH), then its page,
//     and /blog and rss.xml where it appears there, polled every 50 ms until they show it; for a
//     post deep in the list and for the newest one; and how many files the publisher rewrote;
//   - Lighthouse on /blog (mobile preset, median of --runs=K, default 3; --skip-lighthouse), the
//     two scenarios' runs taking turns so that a machine busier at one moment weighs on both.
// Both scenarios are served at the same time from the build onwards; everything the bench started
// is stopped (as process groups) when it ends, also on an error or Ctrl-C. The first change a
// preview handles includes its publisher loading the build's server bundle (a cold start), as the
// first change after a deploy would.
// Prints a summary with PASS/FAIL per target, writes .audit/bench-publish.json, and exits 1 when a
// target fails.
//
//   npm run bench:publish -- [--posts=2000] [--runs=3] [--skip-lighthouse]
//
// Ports 54381/54382 (stand-ins) and 4221/4222 (previews) keep clear of dev (54321), the
// end-to-end run (54331) and the audit (54371).
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, release } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { CHROMIUM_ARGS, findChromium, HOW_TO_GET_CHROMIUM } from './chromium.mjs';
import { ssrDirFor } from '../publisher/site.mjs';
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from './local-backend.mjs';
import { prng } from './prng.mjs';

const argv = process.argv.slice(2);
const option = (name) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);

// ---- settings ------------------------------------------------------------------------------------

function positiveInt(name, fallback, min) {
  const raw = option(name);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) {
    console.error(`--${name} must be an integer of at least ${min} (got "${raw}")`);
    process.exit(2);
  }
  return n;
}

const KB = 1024;
const TARGETS = { blogHtmlBytes: 100 * KB, adminFirstBytes: 100 * KB, lighthouseDrop: 3, regenerationMs: 10_000 };
const REPORT_DIR = '.audit';
const ADMIN = { email: 'admin@example.com', password: 'admin-local-password' };
const ADMIN_BLOG_USER = 'a0000000-0000-4000-8000-000000000001';
const SECOND_AUTHOR_BLOG_USER = 'a0000000-0000-4000-8000-000000000002';
/** The stand-in refuses JSON bodies above 1 MB: batches stay under both limits. */
const BATCH_ROWS = 100;
const BATCH_BYTES = 900 * KB;
const POLL_MS = 50;
const WAIT_MS = 120_000;

// ---- processes -----------------------------------------------------------------------------------

const children = new Set();
const chromes = new Set();

/** Starts a server in a process group of its own, so stopping it stops everything it started. */
function spawnGroup(args, { env, label }) {
  const child = spawn(process.execPath, args, {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  child.label = label;
  child.lines = [];
  const take = (chunk) => {
    for (const line of chunk.toString('utf8').split(/\r?\n/)) {
      if (!line.trim()) continue;
      child.lines.push({ at: performance.now(), line });
      if (child.lines.length > 5000) child.lines.splice(0, 1000);
    }
  };
  child.stdout.on('data', take);
  child.stderr.on('data', take);
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}

function signalGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

/** SIGTERM to the group, SIGKILL after 5 s. */
async function stopGroup(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  signalGroup(child, 'SIGTERM');
  const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

/** Whatever still runs when the bench ends (an error, Ctrl-C) is stopped with it. */
function stopEverythingOnExit() {
  process.on('exit', () => {
    for (const child of children) signalGroup(child, 'SIGKILL');
    for (const chrome of chromes) {
      try {
        process.kill(chrome.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));
}

const tail = (child, n = 30) => child.lines.slice(-n).map((l) => `    ${l.line}`).join('\n');

async function waitForUrl(url, child, { timeoutMs = WAIT_MS, headers } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url, { headers, signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {
      // not up yet
    }
    if (child.exitCode !== null) throw new Error(`${child.label} stopped while starting:\n${tail(child)}`);
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
    await sleep(200);
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Runs a build step with its output kept; throws with the output when it fails. */
function runStep(args, env) {
  return new Promise((resolvePromise, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    children.add(child);
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    child.on('exit', (code, signal) => {
      children.delete(child);
      if (code === 0) resolvePromise({ ms: performance.now() - started, output });
      else reject(new Error(`${args.join(' ')} failed (${code ?? signal}):\n${output.slice(-4000)}`));
    });
  });
}

// ---- REST ----------------------------------------------------------------------------------------

async function rest(base, path, { method = 'GET', key = LOCAL_SERVICE_ROLE_KEY, body, headers = {} } = {}) {
  const res = await fetch(`${base}/rest/v1/${path}`, {
    method,
    headers: {
      apikey: key,
      Authorization: `Bearer ${key}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    signal: AbortSignal.timeout(60_000),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${(await res.text()).slice(0, 500)}`);
  return res;
}

async function publishedCount(base) {
  const res = await rest(base, 'blog_posts?select=id&is_published=eq.true&limit=1', { headers: { Prefer: 'count=exact' } });
  const total = Number(res.headers.get('content-range')?.split('/')[1]);
  if (!Number.isFinite(total)) throw new Error('the stand-in did not count the published posts');
  return total;
}

/** The published post at `offset` in the public order (newest first). */
async function publishedPostAt(base, offset) {
  const res = await rest(base, `blog_posts?select=id,slug,title&is_published=eq.true&order=published_at.desc,id.desc&limit=1&offset=${offset}`);
  const [post] = await res.json();
  if (!post) throw new Error(`no published post at position ${offset}`);
  return post;
}

// ---- the posts -----------------------------------------------------------------------------------

const CATEGORIES = ['AI Решения', 'Продуктивност', 'Клиентски опит', 'Новини', 'Автоматизация', 'Софтуер по поръчка', 'Данни и анализи'];
const TOPICS = [
  ['чат асистентите', 'chat-asistenti'],
  ['автоматизацията на фактурите', 'avtomatizaciya-fakturi'],
  ['CRM системите', 'crm-sistemi'],
  ['онлайн резервациите', 'onlayn-rezervacii'],
  ['отчетите на продажбите', 'otcheti-prodazhbi'],
  ['обработката на документи', 'obrabotka-dokumenti'],
  ['интеграциите между системи', 'integracii'],
  ['мобилните приложения', 'mobilni-prilozheniya'],
  ['езиковите модели', 'ezikovi-modeli'],
  ['клиентската поддръжка', 'klientska-poddrazhka'],
  ['складовата наличност', 'skladova-nalichnost'],
  ['вътрешните процеси', 'vatreshni-procesi'],
];
const OPENINGS = ['Как', 'Защо', 'Кога', 'Пет стъпки към', 'Какво научихме от', 'Практическо ръководство за', 'Чести грешки при', 'Истината за'];
const ENDINGS = ['в малкия бизнес', 'без излишни разходи', 'с примери от практиката', 'за екипи до 20 души', 'стъпка по стъпка', 'през тази година', 'за собственици на фирми'];
const SENTENCES = [
  'Повечето малки фирми губят часове в едни и същи въпроси от клиенти: работно време, цени и наличност.',
  'Започнете с процеса, който ви дразни най-много, и измерете колко време отнема днес.',
  'Една добре настроена автоматизация работи денонощно и не забравя напомнянията.',
  'Данните, които вече имате, често са достатъчни за първите полезни отчети.',
  'Преди да изберете инструмент, опишете на лист хартия кой какво прави и кога.',
  'Клиентите оценяват бързия и точен отговор повече от дългото и учтиво писмо.',
  'Интеграцията между счетоводството и склада спестява двойното въвеждане на едни и същи данни.',
  'Езиковите модели се справят добре с чернови, но окончателният текст минава през човек.',
  'Малките подобрения, въведени всяка седмица, дават повече от голямата промяна веднъж в годината.',
  'Сигурността започва с това кой има достъп до какво и как се отнема достъпът при напускане.',
  'Измервайте резултата след месец: спестени часове, по-малко грешки, по-бързи отговори.',
  'Екипът приема новия инструмент по-лесно, когато участва в избора му от самото начало.',
];
const TAGS = ['AI', 'автоматизация', 'CRM', 'процеси', 'чатбот', 'данни', 'интеграции', 'малък бизнес', 'продажби', 'n8n'];

const pick = (rand, list) => list[Math.floor(rand() * list.length)];

/** Cuts `text` at a word boundary to at most `max` characters. */
function cut(text, max) {
  if (text.length <= max) return text;
  const head = text.slice(0, max);
  return head.slice(0, head.lastIndexOf(' ')).replace(/[\s,:;]+$/, '');
}

function sentences(rand, minChars) {
  let text = '';
  while (text.length < minChars) text += (text ? ' ' : '') + pick(rand, SENTENCES);
  return text;
}

/** About 6 KB (UTF-8) of markdown: headings, paragraphs, a list, a quote, a table. */
function body(rand, title) {
  const parts = [`${sentences(rand, 300)}`];
  let n = 1;
  while (Buffer.byteLength(parts.join('\n\n')) < 6000) {
    parts.push(`## ${n}. ${cut(sentences(rand, 40), 60)}`, sentences(rand, 400));
    if (n % 2 === 0) parts.push(['- ', '- ', '- '].map((b) => b + cut(pick(rand, SENTENCES), 70)).join('\n'));
    if (n % 3 === 0) parts.push(`> ${pick(rand, SENTENCES)}`);
    if (n === 4) parts.push('| Задача | Преди | След |\n| --- | --- | --- |\n| Отговор на запитване | 4 часа | 2 минути |\n| Месечен отчет | 1 ден | 10 минути |');
    n++;
  }
  parts.push(`*${title}* — от екипа на Синаптика.`);
  return parts.join('\n\n');
}

/** `count` published posts of realistic size, newest a few days old, spread over five years. */
function makePosts(count) {
  const rand = prng(13);
  const now = Date.now();
  const DAY = 86_400_000;
  const rows = [];
  for (let i = 0; i < count; i++) {
    const [topic, topicSlug] = pick(rand, TOPICS);
    let title = `${pick(rand, OPENINGS)} ${topic} ${pick(rand, ENDINGS)}`;
    if (title.length < 55) title += `: ${pick(rand, ENDINGS)}`;
    title = cut(title, 66);
    const published = now - 3 * DAY - ((i + rand()) / Math.max(count, 1)) * 5 * 365 * DAY;
    const tagCount = 2 + Math.floor(rand() * 3);
    const tags = [...new Set(Array.from({ length: tagCount }, () => pick(rand, TAGS)))];
    const second = rand() < 0.2;
    rows.push({
      id: randomUUID(),
      title,
      slug: `bench-${String(i + 1).padStart(5, '0')}-${topicSlug}`,
      excerpt: `${cut(sentences(rand, 170), 158)}.`,
      content: body(rand, title),
      featured_image: `/demo/post-${1 + (i % 9)}.svg`,
      category: CATEGORIES[i % CATEGORIES.length],
      author: second ? 'Георги Петров' : 'Мария Иванова',
      tags,
      is_published: true,
      published_at: new Date(published).toISOString(),
      created_at: new Date(published - (1 + rand() * 72) * 3_600_000).toISOString(),
      // not a column of the post: its blog user lives in blog_post_staff (seed writes it)
      created_by: second ? SECOND_AUTHOR_BLOG_USER : ADMIN_BLOG_USER,
    });
  }
  return rows;
}

/**
 * Inserts the rows through the REST API with the service role key, in batches under 1 MB, then
 * names each post's blog user in blog_post_staff (the row the database made for it).
 */
async function seed(base, rows) {
  const started = performance.now();
  let batches = 0;
  const posts = rows.map(({ created_by: _owner, ...post }) => post);
  for (let i = 0; i < posts.length; ) {
    const batch = [];
    let bytes = 2;
    while (i < posts.length && batch.length < BATCH_ROWS) {
      const size = Buffer.byteLength(JSON.stringify(posts[i])) + 1;
      if (batch.length > 0 && bytes + size > BATCH_BYTES) break;
      batch.push(posts[i++]);
      bytes += size;
    }
    await rest(base, 'blog_posts', { method: 'POST', body: batch, headers: { Prefer: 'return=minimal' } });
    batches++;
  }
  for (const owner of new Set(rows.map((row) => row.created_by))) {
    const ids = rows.filter((row) => row.created_by === owner).map((row) => row.id);
    for (let i = 0; i < ids.length; i += 100) {
      const chunk = ids.slice(i, i + 100);
      await rest(base, `blog_post_staff?post_id=in.(${chunk.join(',')})`, { method: 'PATCH', body: { created_by: owner }, headers: { Prefer: 'return=minimal' } });
    }
  }
  return { ms: performance.now() - started, batches };
}

// ---- files ---------------------------------------------------------------------------------------

function walk(dir, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, out);
    else out.push(path);
  }
  return out;
}

/** Every file of the served site (not the build's .vite metadata) with its mtime and size. */
function snapshot(dir) {
  const files = new Map();
  for (const file of walk(dir)) {
    const rel = relative(dir, file);
    if (rel.startsWith('.vite')) continue;
    const s = statSync(file);
    files.set(rel, `${s.mtimeMs}:${s.size}`);
  }
  return files;
}

function changedFiles(before, after) {
  const changed = [];
  for (const [file, stamp] of after) if (before.get(file) !== stamp) changed.push(before.has(file) ? file : `+${file}`);
  for (const file of before.keys()) if (!after.has(file)) changed.push(`-${file}`);
  return changed.sort();
}

const isPage = (file) => /(^|\/)index\.html$/.test(file);

// ---- measurements --------------------------------------------------------------------------------

/**
 * The listing's JSON: renders /blog with the build's own server bundle, catching the
 * /rest/v1/blog_posts requests the page's queries make (whatever select, filters and range the
 * app's code uses now), then sends each again with the anon key and measures its body.
 */
async function measureListing(ssr) {
  const caught = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? (typeof input === 'object' && 'method' in input ? input.method : 'GET')).toUpperCase();
    if (new URL(url).pathname.endsWith('/rest/v1/blog_posts') && method === 'GET') {
      caught.push({ url, headers: new Headers(init?.headers ?? (typeof input === 'object' && 'headers' in input ? input.headers : undefined)) });
    }
    return realFetch(input, init);
  };
  try {
    await ssr.renderPage('/blog');
  } finally {
    globalThis.fetch = realFetch;
  }
  const requests = [];
  for (const { url, headers } of caught) {
    const res = await fetch(url, { headers, signal: AbortSignal.timeout(60_000) });
    const bytes = Buffer.from(await res.arrayBuffer());
    let rows = null;
    try {
      const data = JSON.parse(bytes.toString('utf8'));
      rows = Array.isArray(data) ? data.length : null;
    } catch {
      // not JSON
    }
    const u = new URL(url);
    requests.push({ query: decodeURIComponent(u.search), status: res.status, bytes: bytes.length, gzipBytes: gzipSync(bytes).length, rows });
  }
  // the listing is the largest of the page's post requests (the sidebar's, if any, are small)
  const listing = requests.reduce((a, b) => (b.bytes > (a?.bytes ?? -1) ? b : a), null);
  return { listing, requests };
}

/** Signs in as the local admin and records the first /rest/v1/blog_posts response /blog-admin gets. */
async function measureAdmin(site, chromePath) {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: chromePath, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ baseURL: site });
    page.setDefaultTimeout(60_000);
    await page.goto('/login');
    await page.getByLabel(/имейл|e-mail|email/i).fill(ADMIN.email);
    await page.getByLabel(/парола|password/i).fill(ADMIN.password);
    const first = page.waitForResponse(
      (r) => r.request().method() === 'GET' && new URL(r.url()).pathname === '/rest/v1/blog_posts',
      { timeout: WAIT_MS },
    );
    const clicked = performance.now();
    await page.getByRole('button', { name: 'Вход' }).click();
    await page.waitForURL(/\/blog-admin(\/posts)?(\?|$)/, { timeout: WAIT_MS });
    const res = await first;
    const bytes = await res.body();
    const ms = performance.now() - clicked;
    let rows = null;
    try {
      const data = JSON.parse(bytes.toString('utf8'));
      rows = Array.isArray(data) ? data.length : null;
    } catch {
      // not JSON
    }
    const headers = await res.allHeaders();
    return {
      query: decodeURIComponent(new URL(res.url()).search),
      status: res.status(),
      bytes: bytes.length,
      gzipBytes: gzipSync(bytes).length,
      rows,
      contentRange: headers['content-range'] ?? null,
      msFromSignIn: Math.round(ms),
    };
  } finally {
    await browser.close();
  }
}

const median = (values) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

/** One Lighthouse run of /blog; its report is kept in .audit/. */
async function lighthouseRun(lighthouse, port, site, file) {
  const result = await lighthouse(`${site}/blog`, { port, output: 'json', logLevel: 'error' });
  if (!result) throw new Error('Lighthouse returned nothing for /blog');
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  if (file) writeFileSync(file, result.report);
  return {
    lighthouse: lhr.lighthouseVersion,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    performance: Math.round(lhr.categories.performance.score * 100),
    fcp: lhr.audits['first-contentful-paint'].numericValue,
    lcp: lhr.audits['largest-contentful-paint'].numericValue,
    tbt: lhr.audits['total-blocking-time'].numericValue,
    cls: lhr.audits['cumulative-layout-shift'].numericValue,
    bytes: lhr.audits['total-byte-weight'].numericValue,
  };
}

/**
 * Lighthouse on /blog of every scenario, the runs taking turns (demo, N, demo, N, ...) after one
 * unrecorded warm-up run each, so a machine that gets busier or quieter meanwhile weighs on both
 * alike. Returns the medians per scenario name.
 */
async function lighthouseBlogs(scenarios, chromePath, runs) {
  const { launch } = await import('chrome-launcher');
  const { default: lighthouse } = await import('lighthouse');
  const chrome = await launch({ chromePath, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
  chromes.add(chrome);
  const results = new Map(scenarios.map((s) => [s.result.name, []]));
  try {
    for (const s of scenarios) await lighthouseRun(lighthouse, chrome.port, s.site, null);
    for (let i = 0; i < runs; i++) {
      for (const s of scenarios) {
        const file = join(REPORT_DIR, `bench-publish-${s.result.name}-blog-${i + 1}.json`);
        results.get(s.result.name).push(await lighthouseRun(lighthouse, chrome.port, s.site, file));
      }
    }
  } finally {
    await chrome.kill();
    chromes.delete(chrome);
  }
  const summary = new Map();
  for (const [name, list] of results) {
    const m = (k) => median(list.map((r) => r[k]));
    summary.set(name, {
      lighthouse: list[0].lighthouse,
      benchmarkIndex: Math.round(m('benchmarkIndex')),
      runs: list.map((r) => r.performance),
      performance: m('performance'),
      fcp: m('fcp'),
      lcp: m('lcp'),
      tbt: m('tbt'),
      cls: m('cls'),
      bytes: m('bytes'),
    });
  }
  return summary;
}

const titleOf = (html) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
const escapeHtml = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const mentions = (text, title) => text.includes(title) || text.includes(escapeHtml(title)) || text.includes(escapeHtml(title).replace(/&quot;/g, '&#34;'));

async function getText(url) {
  const res = await fetch(url, { headers: { 'Cache-Control': 'no-cache' }, signal: AbortSignal.timeout(30_000) });
  return res.ok ? res.text() : '';
}

/**
 * Changes one published post's title through the API and times how long until the preview
 * serves it: its page's <title>, and /blog and rss.xml when they showed the post before.
 */
async function regenerate({ backend, site, liveDir, preview, ssr }, post, position) {
  const pagePath = ssr.postPath(post.slug);
  const targets = [{ name: 'post page', url: `${site}${pagePath}`, seen: (text, marker) => titleOf(text).includes(marker) }];
  const pageBefore = await getText(`${site}${pagePath}`);
  if (!titleOf(pageBefore).includes(post.title)) throw new Error(`${pagePath} does not show "${post.title}" before the change`);
  for (const [name, path] of [
    ['/blog', '/blog'],
    ['rss.xml', '/rss.xml'],
  ]) {
    if (mentions(await getText(`${site}${path}`), post.title)) targets.push({ name, url: `${site}${path}`, seen: (text, marker) => text.includes(marker) });
  }

  const before = snapshot(liveDir);
  const logMark = preview.lines.length;
  const marker = `обновено ${Date.now().toString(36)}`;
  const newTitle = `${post.title} (${marker})`;

  const t0 = performance.now();
  await rest(backend, `blog_posts?id=eq.${post.id}`, { method: 'PATCH', body: { title: newTitle }, headers: { Prefer: 'return=minimal' } });
  const patchMs = performance.now() - t0;
  const times = {};
  await Promise.all(
    targets.map(async (t) => {
      for (;;) {
        const text = await getText(t.url).catch(() => '');
        if (t.seen(text, marker)) {
          times[t.name] = Math.round(performance.now() - t0);
          return;
        }
        if (performance.now() - t0 > WAIT_MS) {
          times[t.name] = null;
          return;
        }
        await sleep(POLL_MS);
      }
    }),
  );

  // the publisher's run ends with the feeds; wait for its log line, then for quiet
  const publishLines = () => preview.lines.slice(logMark).filter((l) => /^\[publish\] (?!static pages follow)/.test(l.line));
  const deadline = performance.now() + WAIT_MS;
  while (publishLines().length === 0 && performance.now() < deadline) await sleep(POLL_MS);
  await sleep(1000);
  const lines = publishLines();
  const after = snapshot(liveDir);
  const changed = changedFiles(before, after);
  const pagesInSite = [...after.keys()].filter(isPage).length;
  const runMs = lines.map((l) => Number(/\((\d+) ms\)\s*$/.exec(l.line)?.[1])).filter(Number.isFinite);
  return {
    slug: post.slug,
    position,
    patchMs: Math.round(patchMs),
    times,
    worstMs: Object.values(times).some((v) => v === null) ? null : Math.max(...Object.values(times)),
    publisher: { lines: lines.map((l) => l.line), runMs: runMs.reduce((a, b) => a + b, 0) },
    filesChanged: changed,
    pagesRewritten: changed.filter(isPage).length,
    pagesInSite,
  };
}

// ---- one scenario --------------------------------------------------------------------------------

/**
 * A scenario up to the point where it is served: a fresh stand-in, the posts seeded, the
 * production build, its bytes, and `vite preview` of a copy registered as the content webhook.
 * Its servers keep running until the bench ends (main stops them).
 */
async function prepareScenario({ name, posts, backendPort, previewPort }) {
  const backend = `http://127.0.0.1:${backendPort}`;
  const site = `http://127.0.0.1:${previewPort}`;
  const outDir = resolve(`.cache/bench-publish-${name}`);
  const liveDir = `${outDir}-live`;
  const say = (text) => console.log(`[bench ${name}] ${text}`);
  const result = { name, extraPosts: posts };

  say(`starting the stand-in on ${backendPort}`);
  const standIn = spawnGroup(['--import', 'tsx', 'supabase/local/cli.ts', '--memory', `--port=${backendPort}`], { label: `stand-in ${backendPort}` });
  await waitForUrl(`${backend}/__local/health`, standIn);

  if (posts > 0) {
    say(`seeding ${posts} posts`);
    const seeded = await seed(backend, makePosts(posts));
    result.seeding = { ms: Math.round(seeded.ms), batches: seeded.batches };
  }
  result.publishedPosts = await publishedCount(backend);

  say('building');
  const env = { VITE_SUPABASE_URL: backend, VITE_SUPABASE_ANON_KEY: LOCAL_ANON_KEY, VITE_SITE_URL: site };
  const client = await runStep(['node_modules/vite/bin/vite.js', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], env);
  const prerender = await runStep(['scripts/publisher/prerender.mjs', '--out', outDir], env);
  const feeds = await runStep(['scripts/publisher/feeds.mjs', '--out', outDir], env);
  const prerenderLine = /\[prerender\][^\n]*/.exec(prerender.output)?.[0] ?? '';
  if (prerenderLine) say(prerenderLine);
  if (/without data/.test(prerenderLine)) throw new Error('the pages were prerendered without data');
  const files = walk(outDir);
  result.build = {
    clientMs: Math.round(client.ms),
    feedsAndPrerenderMs: Math.round(feeds.ms + prerender.ms),
    totalMs: Math.round(client.ms + feeds.ms + prerender.ms),
    pagesWritten: Number(/(\d+) pages written/.exec(prerenderLine)?.[1] ?? NaN),
    htmlPages: files.filter((f) => isPage(relative(outDir, f))).length,
    outputBytes: files.reduce((sum, f) => sum + statSync(f).size, 0),
  };

  const blogHtml = readFileSync(join(outDir, 'blog', 'index.html'));
  result.blogHtml = { bytes: blogHtml.length, gzipBytes: gzipSync(blogHtml).length };
  const ssr = await import(pathToFileURL(join(ssrDirFor(outDir), 'entry-server.js')).href);
  result.listingJson = await measureListing(ssr);

  // served from a copy, so the build itself stays as it was made
  rmSync(liveDir, { recursive: true, force: true });
  cpSync(outDir, liveDir, { recursive: true });
  rmSync(ssrDirFor(liveDir), { recursive: true, force: true });
  cpSync(ssrDirFor(outDir), ssrDirFor(liveDir), { recursive: true });

  say(`serving on ${previewPort}`);
  // the preview's publisher registers itself with the stand-in, with the stand-in's key
  const preview = spawnGroup([process.argv[1], `--serve=${liveDir}`, `--port=${previewPort}`], {
    env: { SUPABASE_SERVICE_ROLE_KEY: LOCAL_SERVICE_ROLE_KEY },
    label: `preview ${previewPort}`,
  });
  await waitForUrl(`${site}/`, preview);
  const hookUrl = `${site}/__publish`;
  const hookDeadline = Date.now() + WAIT_MS;
  for (;;) {
    const res = await fetch(`${backend}/__local/content-webhook`, {
      headers: { apikey: LOCAL_SERVICE_ROLE_KEY, Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}` },
    });
    if (res.ok && (await res.json()).url === hookUrl) break;
    if (Date.now() > hookDeadline) throw new Error(`the preview did not register ${hookUrl} with the stand-in:\n${tail(preview)}`);
    await sleep(200);
  }
  return { result, say, backend, site, liveDir, preview, standIn, ssr };
}

/** Times one change deep in the list and one of the newest post, as the served site shows them. */
async function measureRegeneration(s) {
  const count = s.result.publishedPosts;
  const deepPosition = Math.max(0, Math.floor(count * 0.75));
  s.say(`regeneration: the post at position ${deepPosition + 1} of ${count}`);
  const deep = await regenerate(s, await publishedPostAt(s.backend, deepPosition), deepPosition + 1);
  s.say('regeneration: the newest post');
  const newest = await regenerate(s, await publishedPostAt(s.backend, 0), 1);
  s.result.regeneration = { deep, newest };
}

// ---- report --------------------------------------------------------------------------------------

const kb = (bytes) => (bytes === undefined || bytes === null ? '–' : `${(bytes / KB).toFixed(1)} KB`);
const sec = (ms) => (ms === undefined || ms === null ? '–' : `${(ms / 1000).toFixed(2)} s`);

function regenCell(r) {
  if (!r) return '–';
  const parts = Object.entries(r.times).map(([k, v]) => `${k} ${v === null ? 'never' : sec(v)}`);
  return parts.join(', ');
}

function table(scenarios) {
  const rows = [
    ['published posts', (s) => String(s.publishedPosts)],
    ['seeding (REST, batches)', (s) => (s.seeding ? `${sec(s.seeding.ms)} (${s.seeding.batches})` : '–')],
    ['build: client (vite build)', (s) => sec(s.build.clientMs)],
    ['build: feeds + prerender', (s) => sec(s.build.feedsAndPrerenderMs)],
    ['build: full', (s) => sec(s.build.totalMs)],
    ['pages written', (s) => String(s.build.pagesWritten)],
    ['build output', (s) => `${(s.build.outputBytes / KB / KB).toFixed(1)} MB`],
    ['/blog HTML (raw / gzip)', (s) => `${kb(s.blogHtml.bytes)} / ${kb(s.blogHtml.gzipBytes)}`],
    ['listing JSON, page 1 (raw / gzip)', (s) => (s.listingJson.listing ? `${kb(s.listingJson.listing.bytes)} / ${kb(s.listingJson.listing.gzipBytes)}` : 'no request')],
    ['listing rows', (s) => String(s.listingJson.listing?.rows ?? '–')],
    ['admin first response (raw / gzip)', (s) => `${kb(s.adminFirstResponse.bytes)} / ${kb(s.adminFirstResponse.gzipBytes)}`],
    ['admin rows', (s) => String(s.adminFirstResponse.rows ?? '–')],
    ['regen deep post: position', (s) => `${s.regeneration.deep.position} of ${s.publishedPosts}`],
    ['regen deep post: visible after', (s) => regenCell(s.regeneration.deep)],
    ['regen deep post: pages rewritten', (s) => `${s.regeneration.deep.pagesRewritten} of ${s.regeneration.deep.pagesInSite} (${s.regeneration.deep.filesChanged.length} files)`],
    ['regen newest post: visible after', (s) => regenCell(s.regeneration.newest)],
    ['regen newest post: pages rewritten', (s) => `${s.regeneration.newest.pagesRewritten} of ${s.regeneration.newest.pagesInSite} (${s.regeneration.newest.filesChanged.length} files)`],
    ['Lighthouse /blog perf (runs)', (s) => (s.lighthouse ? `${s.lighthouse.performance} (${s.lighthouse.runs.join(', ')})` : 'skipped')],
    ['Lighthouse /blog FCP / LCP', (s) => (s.lighthouse ? `${sec(s.lighthouse.fcp)} / ${sec(s.lighthouse.lcp)}` : '–')],
    ['Lighthouse /blog TBT / CLS', (s) => (s.lighthouse ? `${Math.round(s.lighthouse.tbt)} ms / ${s.lighthouse.cls.toFixed(3)}` : '–')],
    ['Lighthouse /blog transferred', (s) => (s.lighthouse ? kb(s.lighthouse.bytes) : '–')],
  ];
  const head = ['', ...scenarios.map((s) => s.name)];
  const body = rows.map(([label, cell]) => [label, ...scenarios.map(cell)]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => r[i].length)));
  const line = (cells) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}

function verdicts(demo, many, skipLighthouse) {
  const out = [];
  const add = (ok, text) => out.push({ status: ok === null ? 'SKIP' : ok ? 'PASS' : 'FAIL', text });
  const n = many.publishedPosts;
  add(many.blogHtml.bytes <= TARGETS.blogHtmlBytes, `/blog HTML at ${n} posts ${kb(many.blogHtml.bytes)} ≤ ${kb(TARGETS.blogHtmlBytes)}`);
  add(many.adminFirstResponse.bytes <= TARGETS.adminFirstBytes, `admin first /rest/v1/blog_posts response at ${n} posts ${kb(many.adminFirstResponse.bytes)} ≤ ${kb(TARGETS.adminFirstBytes)}`);
  if (skipLighthouse) add(null, 'Lighthouse /blog within 3 points of demo (--skip-lighthouse)');
  else {
    const drop = demo.lighthouse.performance - many.lighthouse.performance;
    add(drop <= TARGETS.lighthouseDrop, `Lighthouse /blog performance ${many.lighthouse.performance} vs demo ${demo.lighthouse.performance} (difference ${-drop >= 0 ? '+' : ''}${-drop}), within ${TARGETS.lighthouseDrop} points`);
  }
  const worst = [many.regeneration.deep.worstMs, many.regeneration.newest.worstMs];
  const worstMs = worst.includes(null) ? null : Math.max(...worst);
  add(worstMs !== null && worstMs <= TARGETS.regenerationMs, `regeneration after one change at ${n} posts (slowest of post page, /blog, rss.xml, for both posts) ${worstMs === null ? 'never seen' : sec(worstMs)} ≤ ${sec(TARGETS.regenerationMs)}`);
  const rewritten = Math.max(many.regeneration.deep.pagesRewritten, many.regeneration.newest.pagesRewritten);
  add(rewritten < many.regeneration.newest.pagesInSite / 2, `one change re-renders only its pages: at most ${rewritten} of ${many.regeneration.newest.pagesInSite} pages rewritten`);
  return out;
}

// ---- main ----------------------------------------------------------------------------------------

async function main() {
  stopEverythingOnExit();
  const posts = positiveInt('posts', 2000, 1);
  const runs = positiveInt('runs', 3, 1);
  const skipLighthouse = argv.includes('--skip-lighthouse');
  const chromePath = await findChromium();
  if (!chromePath) {
    console.error(HOW_TO_GET_CHROMIUM);
    process.exit(1);
  }
  mkdirSync(REPORT_DIR, { recursive: true });
  const chromium = execFileSync(chromePath, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  const machine = `${cpus().length} cores, ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, Linux ${release()}`;
  const lighthousePackage = JSON.parse(readFileSync('node_modules/lighthouse/package.json', 'utf8')).version;
  const started = new Date();

  const scenarios = [];
  try {
    scenarios.push(await prepareScenario({ name: 'demo', posts: 0, backendPort: 54381, previewPort: 4221 }));
    scenarios.push(await prepareScenario({ name: `${posts}-posts`, posts, backendPort: 54382, previewPort: 4222 }));
    for (const s of scenarios) {
      s.say('admin post list');
      s.result.adminFirstResponse = await measureAdmin(s.site, chromePath);
    }
    if (!skipLighthouse) {
      console.log(`[bench] Lighthouse /blog: ${runs} runs per scenario, taking turns`);
      const lh = await lighthouseBlogs(scenarios, chromePath, runs);
      for (const s of scenarios) s.result.lighthouse = lh.get(s.result.name);
    }
    for (const s of scenarios) await measureRegeneration(s);
  } finally {
    for (const s of scenarios) await stopGroup(s.preview);
    for (const s of scenarios) await stopGroup(s.standIn);
    for (const child of [...children]) await stopGroup(child);
  }
  const [demo, many] = scenarios.map((s) => s.result);

  const lighthouseVersion = demo.lighthouse?.lighthouse ?? lighthousePackage;
  const benchmark = demo.lighthouse ? `; Lighthouse CPU benchmark index ${demo.lighthouse.benchmarkIndex} / ${many.lighthouse.benchmarkIndex}` : '';
  console.log(`\nbench:publish, ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC, ${posts} extra posts`);
  console.log(`Machine: ${machine}; ${chromium}; Lighthouse ${lighthouseVersion} (mobile preset, median of ${runs})${benchmark}`);
  console.log(`Node ${process.version}; KB = 1024 bytes; times from the PATCH to the page served with the new title\n`);
  console.log(table([demo, many]));
  for (const s of [demo, many]) {
    console.log(`\n${s.name}: listing request(s) /blog makes: ${s.listingJson.requests.map((r) => `${r.query} → ${kb(r.bytes)}, ${r.rows} rows`).join('; ') || 'none'}`);
    console.log(`${s.name}: admin first request: ${s.adminFirstResponse.query} → ${kb(s.adminFirstResponse.bytes)}, ${s.adminFirstResponse.rows} rows, content-range ${s.adminFirstResponse.contentRange}`);
    for (const which of ['deep', 'newest']) {
      const r = s.regeneration[which];
      console.log(`${s.name}: regen ${which} (${r.slug}): ${r.publisher.lines.join(' | ') || 'no [publish] line'}`);
      console.log(`${s.name}: regen ${which}: files changed: ${r.filesChanged.join(' ') || 'none'}`);
    }
  }
  const results = verdicts(demo, many, skipLighthouse);
  console.log('');
  for (const v of results) console.log(`${v.status}  ${v.text}`);
  const failed = results.some((v) => v.status === 'FAIL');
  writeFileSync(
    join(REPORT_DIR, 'bench-publish.json'),
    JSON.stringify(
      { date: started.toISOString(), machine, chromium, lighthouse: lighthouseVersion, node: process.version, posts, runs, targets: TARGETS, scenarios: [demo, many], verdicts: results },
      null,
      2,
    ),
  );
  console.log(`\nSummary: ${REPORT_DIR}/bench-publish.json${skipLighthouse ? '' : `; Lighthouse reports: ${REPORT_DIR}/bench-publish-*-blog-*.json`}`);
  process.exit(failed ? 1 : 0);
}

// ---- preview mode: this file started as the preview server of one scenario ---------------------

if (option('serve')) {
  // `vite preview` with the project's config: its content publisher renders changed pages into
  // the served directory and logs `[publish] ...` lines, which the bench reads from stdout.
  const { preview } = await import('vite');
  const server = await preview({
    logLevel: 'warn',
    build: { outDir: resolve(option('serve')) },
    preview: { port: Number(option('port')), strictPort: true, host: '127.0.0.1' },
  });
  console.log(`[bench] preview listening on ${Number(option('port'))}`);
  const stop = () => server.close().finally(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
} else {
  await main();
}
