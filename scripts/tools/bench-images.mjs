// `npm run bench:images`: what a phone photo uploaded through the admin costs a visitor on a phone.
//
// A fresh in-memory stand-in (port 54391) and the production build made against it, served by
// `vite preview` (port 4231) from a copy whose content publisher registers with the stand-in, so
// that admin saves rewrite the static pages, as on a host. Then, in the system Chromium:
//   1. the admin signs in at /login (the local admin) and, through the real forms, uploads the phone
//      photo (scripts/tools/make-phone-photo.mjs: 4032×3024, about 5 MB, EXIF orientation and GPS;
//      a landscape photo stored upside down, or with --portrait an upright one stored sideways)
//      as the main image of a demo project, as the first picture of its gallery and as a demo post's
//      main image, with alt texts, and saves both; the bench waits until the served pages show them;
//   2. a visitor on a phone (390×844 CSS px at 2×, touch, Bulgarian) opens /, the post and the
//      project, each in a fresh context, scrolls slowly to the bottom so lazy pictures load, and
//      the bytes of every image response (resource type 'image', body as sent) are summed;
//   3. Lighthouse (mobile preset, as `npm run audit`) on the same three pages, median of --runs.
// Prints a header (date, machine, Node, Chromium, Lighthouse) and a table; writes
// .audit/bench-images.json; exits 1 when an aim is missed or a step fails.
//
//   npm run bench:images -- [--runs=3] [--skip-lighthouse] [--baseline] [--portrait]
//
// --baseline measures uploads as they are stored without the responsive pipeline (no alt-text
// field needed, any stored URL accepted): the 'before' figures. Without it a missing alt-text field
// or an upload stored under another name than the rule of src/shared/media/variants.ts stops the
// bench with a message that says so.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { postPath, projectPath } from '../../src/shared/config/addresses.ts';
import { responsiveImage } from '../../src/shared/media/variants.ts';
import { ssrDirFor } from '../publisher/site.mjs';
import { CHROMIUM_ARGS, findChromium, HOW_TO_GET_CHROMIUM } from './chromium.mjs';
import { launchForLighthouse, lighthouseRun, machineInfo, median } from './lighthouse.mjs';
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from './local-backend.mjs';
import { makePhonePhoto } from './make-phone-photo.mjs';

const argv = process.argv.slice(2);
const option = (name) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const RUNS = Number(option('runs') ?? 3);
const SKIP_LIGHTHOUSE = argv.includes('--skip-lighthouse');
const BASELINE = argv.includes('--baseline');
/**
 * The photo: 4032×3024 as the sensor stores it. By default a landscape picture (the phone held
 * sideways, EXIF orientation 3: stored upside down), which the 3:2 frames of cards and pages show
 * almost whole; --portrait makes it an upright picture (orientation 6: stored sideways), 3024×4032
 * once turned, whose copies carry twice the pixels those frames show.
 */
const PORTRAIT = argv.includes('--portrait');
const PHOTO = { orientation: PORTRAIT ? 6 : 3, path: `.cache/phone-photo-o${PORTRAIT ? 6 : 3}.jpg` };

const BACKEND_PORT = 54391;
const PREVIEW_PORT = 4231;
const BACKEND = `http://127.0.0.1:${BACKEND_PORT}`;
const SITE = `http://127.0.0.1:${PREVIEW_PORT}`;
const OUT_DIR = resolve('.cache/bench-images-dist');
const LIVE_DIR = `${OUT_DIR}-live`;
const REPORT_DIR = '.audit';
const ADMIN = { email: 'admin@example.com', password: 'admin-local-password' };
/** Demo records of supabase/seed.sql: a published post, and a project with a gallery. */
const POST_SLUG = 'ai-asistent-spestyava-vreme';
const PROJECT_SLUG = 'crm-za-brokeri';
const AIMS = { imageBytesPerPage: 150 * 1024, projectLcpMs: 1200 };
/** The visitor: a common phone's CSS viewport at 2× (what picks the WebP width from srcset). */
const VISITOR = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  locale: 'bg-BG',
  timezoneId: 'Europe/Sofia',
  userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36',
};
const UPLOAD_MS = 180_000;
const WAIT_MS = 120_000;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const say = (text) => console.log(`[bench:images] ${text}`);

/** A step that cannot be done: its message is the whole story, no stack needed. */
class StepFailed extends Error {}

// ---- processes ---------------------------------------------------------------------------------

const children = [];

/** A server in a process group of its own, so stopping the group stops all it started. */
function startGroup(args, { env = {}, label }) {
  const child = spawn(process.execPath, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  child.label = label;
  child.lines = [];
  const keep = (chunk) => {
    child.lines.push(...chunk.toString('utf8').split(/\r?\n/).filter(Boolean));
    if (child.lines.length > 2000) child.lines.splice(0, 1000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  children.push(child);
  return child;
}

function stopAll() {
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}
process.on('exit', stopAll);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

const tail = (child) => child.lines.slice(-25).map((l) => `    ${l}`).join('\n');

async function waitForUrl(url, child, headers) {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    try {
      if ((await fetch(url, { headers, signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {
      // not up yet
    }
    if (child.exitCode !== null) throw new StepFailed(`${child.label} stopped while starting:\n${tail(child)}`);
    if (Date.now() > deadline) throw new StepFailed(`${url} did not answer within ${WAIT_MS / 1000} s:\n${tail(child)}`);
    await sleep(250);
  }
}

/** Runs one build step to its end; its output is shown only when it fails. */
function buildStep(args, env) {
  return new Promise((resolvePromise, reject) => {
    // plain text: the output is only read when it explains a failure
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1', ...env } });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    child.on('exit', (code) => (code === 0 ? resolvePromise(output) : reject(new StepFailed(`${args.join(' ')} failed:\n${output.slice(-3000)}`))));
  });
}

// ---- the stand-in's data -----------------------------------------------------------------------

async function rest(path) {
  const res = await fetch(`${BACKEND}/rest/v1/${path}`, {
    headers: { apikey: LOCAL_SERVICE_ROLE_KEY, Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}` },
    signal: AbortSignal.timeout(30_000),
  });
  if (!res.ok) throw new StepFailed(`GET /rest/v1/${path}: HTTP ${res.status} ${(await res.text()).slice(0, 300)}`);
  return res.json();
}

async function one(path, what) {
  const [row] = await rest(path);
  if (!row) throw new StepFailed(`${what} is not in the stand-in's data (supabase/seed.sql changed?)`);
  return row;
}

/** Polls `read` until `done(value)`; throws `message` after the timeout. */
async function until(read, done, message, timeoutMs = WAIT_MS) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new StepFailed(typeof message === 'function' ? await message(value) : message);
    await sleep(250);
  }
}

// ---- the admin ---------------------------------------------------------------------------------

/** Waits for `locator` to be there; otherwise stops the bench saying what was looked for and where. */
async function find(locator, what, hint = '') {
  try {
    await locator.first().waitFor({ state: 'visible', timeout: 30_000 });
  } catch {
    throw new StepFailed(`Could not find ${what} in the admin.${hint ? ` ${hint}` : ''}`);
  }
  return locator.first();
}

const STORAGE_URL = /\/storage\/v1\/object\/public\//;

/**
 * Chooses the phone photo in the file input of `scope` and waits for the upload to end: the preview
 * shows a stored picture, or the field reports an error (then the bench stops with its text).
 */
async function uploadPhoto(scope, what, photo) {
  const input = scope.locator('input[type="file"]').first();
  if ((await input.count()) === 0) throw new StepFailed(`No file input in ${what}.`);
  const before = await scope.locator('img').first().getAttribute('src').catch(() => null);
  await input.setInputFiles(photo);
  const started = Date.now();
  for (;;) {
    const alert = scope.getByRole('alert');
    if ((await alert.count()) > 0 && (await alert.first().isVisible())) {
      throw new StepFailed(`The upload in ${what} failed: ${(await alert.first().innerText()).trim()}`);
    }
    const src = await scope.locator('img').first().getAttribute('src').catch(() => null);
    if (src && src !== before && STORAGE_URL.test(src) && (await input.isEnabled())) return { src, ms: Date.now() - started };
    if (Date.now() - started > UPLOAD_MS) throw new StepFailed(`The upload in ${what} did not finish within ${UPLOAD_MS / 1000} s.`);
    await sleep(250);
  }
}

const ALT_HINT = "The alt-text field comes with the responsive upload work in src/admin/kit/media/ImageUploadField.tsx; run with --baseline to measure without it.";

/** Fills 'Алтернативен текст' in `scope` (required unless --baseline, where it may be missing). */
async function fillAlt(scope, what, text, { required = !BASELINE } = {}) {
  const field = scope.getByLabel('Алтернативен текст', { exact: false });
  if ((await field.count()) === 0) {
    if (!required) return false;
    await find(field, `the field 'Алтернативен текст' of ${what}`, ALT_HINT);
  }
  await field.first().fill(text);
  return true;
}

async function openTab(page, name, form) {
  // a substring: the tab's name may begin with '(попълнено)' for screen readers
  const tab = await find(page.getByRole('tab', { name }), `the tab '${name}' of the ${form}`);
  await tab.click();
}

async function signIn(page) {
  await page.goto(`${SITE}/login`);
  await (await find(page.getByLabel(/имейл|e-mail|email/i), 'the e-mail field at /login')).fill(ADMIN.email);
  await (await find(page.getByLabel(/парола|password/i), 'the password field at /login')).fill(ADMIN.password);
  await (await find(page.getByRole('button', { name: 'Вход' }), "the button 'Вход' at /login")).click();
  try {
    await page.waitForURL(/\/(blog|work)-admin/, { timeout: 60_000 });
  } catch {
    throw new StepFailed(`Signing in as ${ADMIN.email} did not reach the admin (still at ${page.url()}).`);
  }
}

/** The project's main image and its first gallery picture, through /work-admin. */
async function uploadToProject(page, project, photo) {
  await page.goto(`${SITE}/work-admin/projects/${project.id}`);
  await find(page.getByRole('heading', { name: 'Редактиране на проект' }), `the form of project ${PROJECT_SLUG} ('Редактиране на проект')`);

  await openTab(page, 'Медия и категория', 'project form');
  const main = await find(page.getByRole('group', { name: /^Основно изображение/ }), "the field 'Основно изображение' of the project form");
  const mainUpload = await uploadPhoto(main, "the project's 'Основно изображение'", photo);
  await fillAlt(main, "the project's main image", 'Кварталът на брокерите по залез, снимка от телефон');

  await openTab(page, 'Галерия', 'project form');
  const first = project.gallery[0];
  await (await find(page.getByRole('button', { name: `Редактирай: ${first.title}` }), `the button 'Редактирай: ${first.title}' of the gallery`)).click();
  const dialog = await find(page.getByRole('dialog', { name: 'Редактиране на елемент от галерията' }), "the dialog 'Редактиране на елемент от галерията'");
  const galleryUpload = await uploadPhoto(dialog, 'the gallery dialog', photo);
  // the dialog may have its own alt-text field; the item's title is its text otherwise
  await fillAlt(dialog, 'the gallery dialog', 'Табло на брокера, снимано с телефон', { required: false });
  await (await find(dialog.getByRole('button', { name: 'Запази промените' }), "the button 'Запази промените' of the gallery dialog")).click();
  await dialog.waitFor({ state: 'hidden', timeout: 30_000 });

  await (await find(page.getByRole('button', { name: 'Обнови проекта' }), "the button 'Обнови проекта'")).click();
  const row = await until(
    () => one(`projects?id=eq.${project.id}&select=image,gallery`, 'the project'),
    (r) => r.image !== project.image && r.gallery?.[0]?.image !== first.image,
    async () => `Saving the project did not store the new images within ${WAIT_MS / 1000} s. The form says: ${await formMessage(page)}`,
  );
  return { image: row.image, galleryImage: row.gallery[0].image, uploadMs: [mainUpload.ms, galleryUpload.ms] };
}

/** The post's main image, through /blog-admin. */
async function uploadToPost(page, post, photo) {
  await page.goto(`${SITE}/blog-admin/posts/${post.id}`);
  await find(page.getByRole('heading', { name: 'Редактиране на публикация' }), `the form of post ${POST_SLUG} ('Редактиране на публикация')`);
  await openTab(page, 'Съдържание', 'post form');
  const field = await find(page.getByRole('group', { name: /^Основно изображение/ }), "the field 'Основно изображение' of the post form");
  const upload = await uploadPhoto(field, "the post's 'Основно изображение'", photo);
  await fillAlt(field, "the post's main image", 'Асистентът отговаря на клиент от телефона, снимка от офиса');
  await openTab(page, 'Медия и настройки', 'post form');
  await (await find(page.getByRole('button', { name: 'Обнови публикацията' }), "the button 'Обнови публикацията'")).click();
  const row = await until(
    () => one(`blog_posts?id=eq.${post.id}&select=featured_image`, 'the post'),
    (r) => r.featured_image !== post.featured_image,
    async () => `Saving the post did not store the new image within ${WAIT_MS / 1000} s. The form says: ${await formMessage(page)}`,
  );
  return { image: row.featured_image, uploadMs: [upload.ms] };
}

/** Whatever the form shows as an error or warning, for a message about a save that did not land. */
async function formMessage(page) {
  const texts = await page.locator('[role="alert"], [role="status"]').allInnerTexts().catch(() => []);
  return texts.map((t) => t.trim()).filter(Boolean).join(' | ') || '(nothing)';
}

// ---- the visitor -------------------------------------------------------------------------------

/** Scrolls to the bottom a screen at a time, so lazy pictures and islands near the viewport load. */
async function scrollSlowly(page) {
  await page.evaluate(async () => {
    const pause = (ms) => new Promise((r) => setTimeout(r, ms));
    for (let y = 0; y < document.documentElement.scrollHeight - innerHeight; y += Math.round(innerHeight * 0.6)) {
      scrollTo(0, y);
      await pause(250);
    }
    scrollTo(0, document.documentElement.scrollHeight);
    await pause(500);
  });
}

/** The image responses one page load makes for a phone visitor, in a context of its own. */
async function visit(browser, path) {
  const context = await browser.newContext(VISITOR);
  const page = await context.newPage();
  const images = [];
  const pending = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'image' || !/^https?:/.test(request.url())) return;
    pending.push(
      request.sizes().then(async (sizes) => {
        const response = await request.response();
        images.push({ url: request.url(), bytes: sizes.responseBodySize, status: response?.status() ?? 0, type: (await response?.headerValue('content-type')) ?? '' });
      }),
    );
  });
  try {
    const response = await page.goto(`${SITE}${path}`, { waitUntil: 'load', timeout: 60_000 });
    if (!response?.ok()) throw new StepFailed(`${path} answered ${response?.status()}`);
    await scrollSlowly(page);
    await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => {});
    await sleep(1000);
    await Promise.all(pending);
  } finally {
    await context.close();
  }
  images.sort((a, b) => b.bytes - a.bytes);
  return { path, requests: images.length, bytes: images.reduce((s, i) => s + i.bytes, 0), images };
}

// ---- main --------------------------------------------------------------------------------------

/** The last segment of a stored URL: what the served HTML must contain once it is rebuilt. */
const fileOf = (url) => url.replace(/[?#].*$/, '').split('/').pop();

async function main() {
  if (!Number.isInteger(RUNS) || RUNS < 1) throw new StepFailed(`--runs must be a positive integer (got ${option('runs')})`);
  const chromePath = await findChromium();
  if (!chromePath) throw new StepFailed(HOW_TO_GET_CHROMIUM);
  const started = new Date();
  const { chromium: chromiumVersion, machine } = machineInfo(chromePath);

  const photoPath = resolve(PHOTO.path);
  if (!existsSync(photoPath)) {
    say(`making the phone photo (${PHOTO.path})`);
    await makePhonePhoto({ path: photoPath, orientation: PHOTO.orientation });
  }
  const photoBytes = readFileSync(photoPath).length;

  say(`starting the stand-in on ${BACKEND_PORT} (in memory)`);
  const standIn = startGroup(['--import', 'tsx', 'supabase/local/cli.ts', '--memory', `--port=${BACKEND_PORT}`, `--site-url=${SITE}`], { label: 'the stand-in' });
  await waitForUrl(`${BACKEND}/__local/health`, standIn);

  say('building the site against it');
  const env = { VITE_SUPABASE_URL: BACKEND, VITE_SUPABASE_ANON_KEY: LOCAL_ANON_KEY, VITE_SITE_URL: SITE };
  await buildStep(['node_modules/vite/bin/vite.js', 'build', '--outDir', OUT_DIR, '--emptyOutDir', '--logLevel', 'warn'], env);
  await buildStep(['scripts/publisher/prerender.mjs', '--out', OUT_DIR], env);
  await buildStep(['scripts/publisher/feeds.mjs', '--out', OUT_DIR], env);

  // served from a copy that the publisher rewrites, as the end-to-end run does
  rmSync(LIVE_DIR, { recursive: true, force: true });
  cpSync(OUT_DIR, LIVE_DIR, { recursive: true });
  rmSync(ssrDirFor(LIVE_DIR), { recursive: true, force: true });
  cpSync(ssrDirFor(OUT_DIR), ssrDirFor(LIVE_DIR), { recursive: true });
  say(`serving it on ${PREVIEW_PORT}`);
  const preview = startGroup(
    ['node_modules/vite/bin/vite.js', 'preview', '--port', String(PREVIEW_PORT), '--strictPort', '--host', '127.0.0.1', '--outDir', LIVE_DIR],
    { env: { ...env, SUPABASE_SERVICE_ROLE_KEY: LOCAL_SERVICE_ROLE_KEY }, label: 'vite preview' },
  );
  await waitForUrl(`${SITE}/`, preview);
  const auth = { apikey: LOCAL_SERVICE_ROLE_KEY, Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}` };
  await until(
    async () => (await fetch(`${BACKEND}/__local/content-webhook`, { headers: auth })).json().catch(() => ({})),
    (hook) => hook?.url === `${SITE}/__publish`,
    () => `The preview did not register its publisher with the stand-in, so pages would not follow the admin:\n${tail(preview)}`,
  );

  const post = await one(`blog_posts?slug=eq.${POST_SLUG}&select=id,slug,featured_image`, `the post ${POST_SLUG}`);
  const project = await one(`projects?slug=eq.${PROJECT_SLUG}&select=id,slug,image,gallery`, `the project ${PROJECT_SLUG}`);
  if (!Array.isArray(project.gallery) || project.gallery.length === 0) throw new StepFailed(`The project ${PROJECT_SLUG} has no gallery in the seed.`);

  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: chromePath, args: CHROMIUM_ARGS });
  let saved;
  let visits;
  try {
    say(`uploading the phone photo (${(photoBytes / 1024 / 1024).toFixed(2)} MB) through the admin`);
    const admin = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'bg-BG' });
    const page = await admin.newPage();
    page.setDefaultTimeout(30_000);
    await signIn(page);
    const projectSaved = await uploadToProject(page, project, photoPath);
    const postSaved = await uploadToPost(page, post, photoPath);
    await admin.close();
    saved = { project: projectSaved, post: postSaved };

    const stored = [projectSaved.image, projectSaved.galleryImage, postSaved.image];
    const offRule = stored.filter((url) => !responsiveImage(url));
    if (offRule.length > 0 && !BASELINE) {
      throw new StepFailed(
        `The admin stored the upload as ${offRule.join(', ')}: not under the naming rule of src/shared/media/variants.ts ` +
          '(<base>.<W>x<H>.jpg|png with WebP copies). The responsive upload pipeline of src/admin/kit/ has not landed, ' +
          'so there is nothing responsive to measure; --baseline measures the originals as they are.',
      );
    }

    say('waiting for the publisher to rebuild the pages');
    const pages = [
      ['/', '/', [projectSaved.image]],
      ['post', postPath(post.slug), [postSaved.image]],
      ['project', projectPath(project), [projectSaved.galleryImage]],
    ];
    for (const [, path, urls] of pages) {
      await until(
        async () => (await fetch(`${SITE}${path}`, { headers: { 'Cache-Control': 'no-cache' } })).text(),
        (html) => urls.every((url) => html.includes(fileOf(url))),
        `${path} did not show ${urls.map(fileOf).join(', ')} within ${WAIT_MS / 1000} s: the publisher did not rebuild it:\n${tail(preview)}`,
      );
    }

    say('visiting as a phone (390×844 at 2×)');
    visits = [];
    for (const [name, path] of pages) visits.push({ name, ...(await visit(browser, path)) });
  } finally {
    await browser.close();
  }

  let lighthouse = null;
  if (!SKIP_LIGHTHOUSE) {
    say(`Lighthouse, ${RUNS} run(s) per page`);
    mkdirSync(REPORT_DIR, { recursive: true });
    const chrome = await launchForLighthouse(chromePath);
    lighthouse = { version: null, byPage: {} };
    try {
      for (const v of visits) {
        const runs = [];
        for (let i = 0; i < RUNS; i++) {
          const { report, ...figures } = await lighthouseRun(`${SITE}${v.path}`, { port: chrome.port });
          writeFileSync(join(REPORT_DIR, `bench-images-${v.name.replace(/\W+/g, '_') || 'home'}-${i + 1}.json`), report);
          runs.push(figures);
        }
        lighthouse.version = runs[0].lighthouse;
        lighthouse.byPage[v.name] = {
          performance: median(runs.map((r) => r.performance)),
          lcp: median(runs.map((r) => r.lcp)),
          runs: runs.map((r) => Math.round(r.performance)),
          benchmarkIndex: Math.round(median(runs.map((r) => r.benchmarkIndex))),
        };
      }
    } finally {
      await chrome.kill();
    }
  }
  stopAll();

  const lighthouseVersion = lighthouse?.version ?? JSON.parse(readFileSync('node_modules/lighthouse/package.json', 'utf8')).version;
  const head = ['page', 'image requests', 'image KB', 'Lighthouse perf.', 'LCP'];
  const rows = visits.map((v) => {
    const lh = lighthouse?.byPage[v.name];
    return [
      v.name === '/' ? '/' : `${v.name} (${v.path})`,
      String(v.requests),
      (v.bytes / 1024).toFixed(1),
      lh ? `${Math.round(lh.performance)} (${lh.runs.join(', ')})` : 'skipped',
      lh ? `${(lh.lcp / 1000).toFixed(2)} s` : '–',
    ];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  const benchmark = lighthouse ? `; Lighthouse CPU benchmark index ${Object.values(lighthouse.byPage).map((p) => p.benchmarkIndex).join(' / ')}` : '';
  console.log(`\nbench:images${BASELINE ? ' --baseline' : ''}, ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC`);
  console.log(`Machine: ${machine}; Node ${process.version}; ${chromiumVersion}; Lighthouse ${lighthouseVersion} (${lighthouse ? `mobile preset, median of ${RUNS}` : 'skipped'})${benchmark}`);
  const shape = PORTRAIT ? 'portrait: stored sideways, EXIF orientation 6' : 'landscape: stored upside down, EXIF orientation 3';
  console.log(`Photo: 4032×3024 JPEG, ${(photoBytes / 1024 / 1024).toFixed(2)} MB, ${shape}, with GPS`);
  console.log(
    `Visitor: ${VISITOR.viewport.width}×${VISITOR.viewport.height} CSS px at ${VISITOR.deviceScaleFactor}×, touch, ${VISITOR.locale}, a fresh context per page, scrolled to the bottom; KB = 1024 bytes of image bodies as sent\n`,
  );
  console.log(line(head));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  rows.forEach((r) => console.log(line(r)));
  for (const v of visits) {
    const top = v.images.slice(0, 3).map((i) => `${fileOf(i.url)} ${(i.bytes / 1024).toFixed(1)} KB`);
    console.log(`\n${v.name}: largest images: ${top.join(', ') || 'none'}`);
  }

  const verdicts = visits.map((v) => ({
    ok: v.bytes < AIMS.imageBytesPerPage,
    text: `${v.name}: ${(v.bytes / 1024).toFixed(1)} KB of images < ${AIMS.imageBytesPerPage / 1024} KB`,
  }));
  const projectLcp = lighthouse?.byPage.project?.lcp;
  verdicts.push(
    projectLcp === undefined
      ? { ok: null, text: `project LCP < ${AIMS.projectLcpMs / 1000} s (Lighthouse skipped)` }
      : { ok: projectLcp < AIMS.projectLcpMs, text: `project LCP ${(projectLcp / 1000).toFixed(2)} s < ${AIMS.projectLcpMs / 1000} s` },
  );
  console.log('');
  for (const v of verdicts) console.log(`${v.ok === null ? 'SKIP' : v.ok ? 'PASS' : 'FAIL'}  ${v.text}`);

  mkdirSync(REPORT_DIR, { recursive: true });
  writeFileSync(
    join(REPORT_DIR, 'bench-images.json'),
    JSON.stringify(
      { date: started.toISOString(), machine, node: process.version, chromium: chromiumVersion, lighthouseVersion, baseline: BASELINE, runs: RUNS, photo: { ...PHOTO, bytes: photoBytes }, visitor: VISITOR, aims: AIMS, saved, visits, lighthouse: lighthouse?.byPage ?? null, verdicts },
      null,
      2,
    ),
  );
  console.log(`\nSummary: ${REPORT_DIR}/bench-images.json`);
  return verdicts.some((v) => v.ok === false) ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`\nbench:images stopped: ${error instanceof StepFailed ? error.message : (error?.stack ?? error)}`);
    process.exit(1);
  },
);
