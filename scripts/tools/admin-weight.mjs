// `npm run size:admin`: how much JavaScript the admin downloads from opening /login until the posts
// list of /blog-admin shows, measured in a real browser: the uncompressed bytes of every script
// response, per chunk and in all, and which of them pressing 'Вход' added to what the sign-in page
// had fetched (the panel's own); and the time from pressing 'Вход' to the list, taken in the page
// (from the click to the frame after the list's first post appeared; Playwright's own wait, its
// click and its polling intervals included, is printed beside it).
//
// It runs the production build made for the end-to-end tests (scripts/tools/build-e2e.mjs) on
// ports of its own (stand-in 54377, preview 4177; its build in .cache/e2e-dist-54377), so it does
// not disturb an end-to-end run or the dev server: the stand-in in memory with the demo seed, and
// `vite preview` of a fresh copy of the build (scripts/tools/e2e-preview.mjs). The build is made
// when missing, or again with --build. Chromium signs in as the seeded admin, sent back to the
// posts list as from a bookmark of it (an administrator's own first screen is 'Табло', whose charts
// are not on this way: tests/build/admin-weight.test.ts).
//
// The same chunks are named without a browser, from the build's manifest (adminFirstLoad in
// scripts/tools/bundle-graph.mjs), which tests/build/admin-weight.test.ts holds to budgets.json's
// `admin` budgets. This script prints both and says where they part, so the manifest's list stays
// the truth of what the browser fetches; it exits 1 when the browser's figures are over budget.
//
//   npm run size:admin -- [--build] [--runs=3]
//
// Bytes do not depend on the machine; the times do (a slow, shared machine gives slow times).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus } from 'node:os';

process.env.E2E_BACKEND_PORT ??= '54377';
process.env.E2E_PREVIEW_PORT ??= '4177';
process.env.E2E_SLOT ??= '0'; // one build and one preview: the first slot's
const { E2E_BACKEND_PORT, E2E_BACKEND_URL, E2E_OUT_DIR, E2E_SITE_URL } = await import('./e2e-env.mjs');
const { CHROMIUM_ARGS, findChromium, HOW_TO_GET_CHROMIUM } = await import('./chromium.mjs');
const { ADMIN_BUDGETS, adminFirstLoad, loadAdminBuild, modulesOf } = await import('./bundle-graph.mjs');

const argv = process.argv.slice(2);
const runsArg = argv.find((a) => a.startsWith('--runs='));
const RUNS = runsArg ? Number(runsArg.slice('--runs='.length)) : 3;
if (!Number.isInteger(RUNS) || RUNS < 1) {
  console.error(`--runs must be a positive integer (got ${runsArg})`);
  process.exit(2);
}
const ADMIN = { email: 'admin@example.com', password: 'admin-local-password' };
const WAIT_MS = 120_000;
const kb = (bytes) => (bytes / 1024).toFixed(1);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---- processes -----------------------------------------------------------------------------------

const children = [];

/** A server in a process group of its own, so stopping the group stops all it started. */
function startGroup(args, label) {
  const child = spawn(process.execPath, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
  child.label = label;
  child.lines = [];
  const keep = (chunk) => child.lines.push(...chunk.toString('utf8').split(/\r?\n/).filter(Boolean).slice(-50));
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

async function answers(url) {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
}

async function waitFor(url, child) {
  const deadline = Date.now() + WAIT_MS;
  while (!(await answers(url))) {
    if (child.exitCode !== null) throw new Error(`${child.label} stopped while starting:\n${child.lines.slice(-20).join('\n')}`);
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${WAIT_MS / 1000} s`);
    await sleep(250);
  }
}

function runToEnd(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: 'inherit', env: process.env });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

// ---- the measurement -----------------------------------------------------------------------------

/**
 * One sign-in in a fresh browser context: the script responses until the posts list shows, each
 * with its bytes and whether the sign-in page fetched it or signing in did.
 */
async function measureOnce(browser) {
  const context = await browser.newContext({ locale: 'bg-BG', timezoneId: 'Europe/Sofia' });
  const page = await context.newPage();
  const scripts = new Map();
  let phase = 'sign-in page';
  const pending = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (phase === 'done' || url.origin !== E2E_SITE_URL || !url.pathname.endsWith('.js') || scripts.has(url.pathname)) return;
    const entry = { bytes: 0, phase };
    scripts.set(url.pathname, entry);
    // the body as the browser has it once decoded: the uncompressed bytes
    pending.push(response.body().then((body) => (entry.bytes = body.length)));
  });

  await page.goto(`${E2E_SITE_URL}/login`);
  await page.getByLabel('Имейл').fill(ADMIN.email);
  await page.getByLabel('Парола').fill(ADMIN.password);
  // the page is ready for the admin: all it fetched so far is the sign-in page's
  await page.waitForLoadState('networkidle');
  // An administrator's first screen is 'Табло' (src/admin/dashboard/), not the posts list: the list
  // is an author's first screen, and where signing in returns an administrator who was sent to
  // /login from it. The sign-in page is given that way back as the guard's redirect gives it (the
  // router's state, history.state.usr.from), so 'Вход' leads to the list, and nothing of the
  // dashboard is fetched or counted. (Opening /blog-admin/posts first would do the same, but would
  // load the guard and the query cache before the sign-in page, not after 'Вход'.)
  await page.evaluate(() => {
    const state = { usr: { from: '/blog-admin/posts' }, key: 'size-admin', idx: window.history.state?.idx ?? 0 };
    window.history.replaceState(state, '');
    window.dispatchEvent(new PopStateEvent('popstate', { state }));
  });
  phase = 'panel';
  // the time is taken in the page: from the press (the click reaching the document) to the frame
  // after the list's first post is in it, so neither Playwright's own latency nor its polling
  // intervals are counted
  await page.evaluate(() => {
    const w = /** @type {any} */ (window);
    w.__pressedAt = null;
    w.__listAt = null;
    document.addEventListener('click', () => (w.__pressedAt ??= performance.now()), { capture: true, once: true });
    const shown = () => document.querySelector('ul[aria-label="Публикации"] > li');
    const observer = new MutationObserver(() => {
      if (w.__listAt !== null || !shown()) return;
      w.__listAt = -1;
      observer.disconnect();
      requestAnimationFrame(() => (w.__listAt = performance.now()));
    });
    observer.observe(document.body, { childList: true, subtree: true });
  });
  const pressed = performance.now();
  await page.getByRole('button', { name: 'Вход' }).click();
  await page.waitForFunction(() => /^\/blog-admin\/[a-z]/.test(window.location.pathname), null, { timeout: 30_000 });
  if (new URL(page.url()).pathname !== '/blog-admin/posts') {
    throw new Error(`'Вход' led to ${page.url()}, not the posts list: the sign-in page did not take the way back it was given`);
  }
  // the list as the admin sees it: its heading and its first post's card
  await page.getByRole('heading', { name: 'Публикации', exact: true }).waitFor({ timeout: 30_000 });
  await page.getByRole('list', { name: 'Публикации' }).getByRole('listitem').first().waitFor({ timeout: 30_000 });
  const waited = performance.now() - pressed;
  await page.waitForFunction(() => /** @type {any} */ (window).__listAt > 0);
  const ms = await page.evaluate(() => /** @type {any} */ (window).__listAt - /** @type {any} */ (window).__pressedAt);
  phase = 'done';
  await Promise.all(pending);

  // what comes after, while the admin only looks at the list (not counted above)
  const later = new Set();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin === E2E_SITE_URL && url.pathname.endsWith('.js') && !scripts.has(url.pathname)) later.add(url.pathname);
  });
  await sleep(1500);
  await context.close();
  return { scripts, ms, waited, later: [...later] };
}

/** The packages and folders a chunk holds, the largest share first: what it is for a reader. */
function describe(graph, file) {
  const counts = new Map();
  for (const m of graph.modules[file] ?? []) {
    const name = m.includes('node_modules/')
      ? m.split('node_modules/').pop().split('/').slice(0, m.split('node_modules/').pop().startsWith('@') ? 2 : 1).join('/')
      : m.split('/').slice(0, 3).join('/');
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([name]) => name).join(', ');
}

// ---- main ----------------------------------------------------------------------------------------

if (argv.includes('--build') || !existsSync(`${E2E_OUT_DIR}/.vite/manifest.json`)) {
  if (await answers(`${E2E_BACKEND_URL}/__local/health`)) {
    console.error(`Port ${E2E_BACKEND_PORT} is already in use: stop what runs there, or set E2E_BACKEND_PORT.`);
    process.exit(1);
  }
  console.log(`Building into ${E2E_OUT_DIR} (the end-to-end build, pointed at ${E2E_BACKEND_URL})...`);
  const code = await runToEnd(['scripts/tools/build-e2e.mjs']);
  if (code !== 0) process.exit(code);
}

const chromiumPath = await findChromium();
if (!chromiumPath) {
  console.error(HOW_TO_GET_CHROMIUM);
  process.exit(1);
}
for (const url of [`${E2E_BACKEND_URL}/__local/health`, E2E_SITE_URL]) {
  if (await answers(url)) {
    console.error(`${url} already answers: stop what runs there, or set E2E_BACKEND_PORT and E2E_PREVIEW_PORT.`);
    process.exit(1);
  }
}

const graph = loadAdminBuild(E2E_OUT_DIR);
const backend = startGroup(
  ['--import', 'tsx', 'supabase/local/cli.ts', '--memory', `--port=${E2E_BACKEND_PORT}`, `--site-url=${E2E_SITE_URL}`],
  'the stand-in',
);
await waitFor(`${E2E_BACKEND_URL}/__local/health`, backend);
const preview = startGroup(['scripts/tools/e2e-preview.mjs'], 'vite preview');
await waitFor(E2E_SITE_URL, preview);

const { chromium } = await import('@playwright/test');
const browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
const runs = [];
try {
  for (let i = 0; i < RUNS; i++) runs.push(await measureOnce(browser));
} finally {
  await browser.close();
}

const first = runs[0];
const byFile = [...first.scripts]
  .map(([path, { bytes, phase }]) => ({ file: path.replace(/^\//, ''), bytes, phase }))
  .sort((a, b) => b.bytes - a.bytes);
const sum = (rows) => rows.reduce((total, r) => total + r.bytes, 0);
const total = sum(byFile);
const panel = sum(byFile.filter((r) => r.phase === 'panel'));
const signIn = total - panel;
const width = Math.max(...byFile.map((r) => r.file.length));
console.log(`\nJavaScript from /login to the posts list of /blog-admin (uncompressed, ${E2E_OUT_DIR})`);
console.log(`(* fetched once 'Вход' was pressed: the panel's own; the rest the sign-in page fetched)\n`);
for (const r of byFile) console.log(`${kb(r.bytes).padStart(8)} KB ${r.phase === 'panel' ? '*' : ' '} ${r.file.padEnd(width)}  ${describe(graph, r.file)}`);
console.log(`${kb(total).padStart(8)} KB   in all, ${byFile.length} scripts`);
console.log(`${kb(panel).padStart(8)} KB * of them after 'Вход', ${byFile.filter((r) => r.phase === 'panel').length} scripts`);
const totals = runs.map((r) => [...r.scripts.values()].reduce((s, e) => s + e.bytes, 0));
if (new Set(totals).size > 1) console.log(`(the runs downloaded different amounts: ${totals.map(kb).join(', ')} KB)`);

// the manifest's list of the same load, which tests/build/admin-weight.test.ts holds to budgets.json
const staticLoad = adminFirstLoad(graph);
const fetched = new Set(byFile.map((r) => r.file));
const onlyBrowser = [...fetched].filter((f) => !staticLoad.js.includes(f));
const onlyStatic = staticLoad.js.filter((f) => !fetched.has(f));
const panelOnlyBrowser = byFile.filter((r) => r.phase === 'panel' && !staticLoad.panelJs.includes(r.file)).map((r) => r.file);
console.log(`\nFrom the manifest: ${kb(staticLoad.bytes)} KB in ${staticLoad.js.length} chunks (budget ${ADMIN_BUDGETS.signInToPostsList} KB), of them the sign-in page's ${kb(staticLoad.signInBytes)} KB (budget ${ADMIN_BUDGETS.signIn} KB)`);
if (onlyBrowser.length) console.log(`  fetched by the browser, not in the manifest's list: ${onlyBrowser.join(', ')}`);
if (onlyStatic.length) console.log(`  in the manifest's list, not fetched by the browser: ${onlyStatic.join(', ')}`);
if (panelOnlyBrowser.length) console.log(`  fetched after 'Вход', counted with the sign-in page by the manifest: ${panelOnlyBrowser.join(', ')}`);
const heavy = modulesOf(graph, [...staticLoad.keys]).filter((m) => /node_modules\/(react-markdown|libphonenumber-js|remark-gfm)\//.test(m));
if (heavy.length) console.log(`  holds the markdown renderer or the phone library: ${[...new Set(heavy.map((m) => m.split('node_modules/').pop().split('/')[0]))].join(', ')}`);

const times = runs.map((r) => r.ms).sort((a, b) => a - b);
console.log(`\n'Вход' pressed to the list shown: ${times.map((t) => `${Math.round(t)} ms`).join(', ')} (median ${Math.round(times[Math.floor(times.length / 2)])} ms, ${cpus().length} cores; in the page, from the press to the frame with the list's first post)`);
const waits = runs.map((r) => r.waited).sort((a, b) => a - b);
console.log(`  as Playwright waited for it (its click and its polling included): median ${Math.round(waits[Math.floor(waits.length / 2)])} ms`);
const later = [...new Set(runs.flatMap((r) => r.later))];
if (later.length) console.log(`Fetched in the 1.5 s after the list showed (not counted): ${later.join(', ')}`);
const over = total / 1024 > ADMIN_BUDGETS.signInToPostsList || signIn / 1024 > ADMIN_BUDGETS.signIn;
if (over) console.log('\nOver budget (budgets.json, admin)');
process.exit(over ? 1 : 0);
