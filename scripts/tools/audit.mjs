// `npm run audit`: builds the site, serves it with `vite preview` and the stand-in (in memory),
// and runs Lighthouse (mobile preset, simulated throttling) in the system Chromium on the public
// pages, three runs each. Prints the median of each category score and of LCP, TBT, CLS and
// transferred bytes; raw reports go to .audit/ (git-ignored).
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { findChromium, HOW_TO_GET_CHROMIUM } from './chromium.mjs';
import { launchForLighthouse, lighthouseRun, machineInfo, median } from './lighthouse.mjs';
import { LOCAL_SERVICE_ROLE_KEY } from './local-backend.mjs';
import { run } from './run.mjs';

const RUNS = Number(process.env.AUDIT_RUNS ?? 3);
const BACKEND_PORT = 54371;
const PREVIEW_PORT = 4211;
const OUT_DIR = '.cache/audit-dist';
const REPORT_DIR = '.audit';
const SITE = `http://127.0.0.1:${PREVIEW_PORT}`;
const BACKEND = `http://127.0.0.1:${BACKEND_PORT}`;
const ANON =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

const PAGES = [
  ['/', '/'],
  ['/blog', '/blog'],
  ['post', '/blog/ai-asistent-spestyava-vreme'],
  ['project', '/project/crm-za-brokeri'],
  ['resource', null], // the first resource article
];

/** The first resource article's path, read from the site's own content (run through tsx). */
async function firstResourcePath() {
  try {
    const [{ resourceArticles: list }, { resourcePath }] = await Promise.all([
      import('../../src/site/content/resources.ts'),
      import('../../src/shared/config/addresses.ts'),
    ]);
    if (Array.isArray(list) && list[0]?.slug) return resourcePath(list[0].slug);
  } catch {
    // fall back to the redirect
  }
  return '/resources';
}

async function waitFor(url, child) {
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(1000) })).ok) return;
    } catch {
      // not up yet
    }
    if (child.exitCode !== null) throw new Error(`${url}: the server stopped while starting`);
    if (Date.now() > deadline) throw new Error(`${url} did not answer within 90 s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const chromePath = await findChromium();
if (!chromePath) {
  console.error(HOW_TO_GET_CHROMIUM);
  process.exit(1);
}

const env = {
  VITE_SUPABASE_URL: BACKEND,
  VITE_SUPABASE_ANON_KEY: ANON,
  VITE_SITE_URL: SITE,
};
const children = [
  spawn(process.execPath, ['--import', 'tsx', 'supabase/local/cli.ts', '--memory', `--port=${BACKEND_PORT}`], { stdio: 'ignore', detached: true }),
];
// each server runs in its own process group, which is stopped whole
const stopAll = () =>
  children.forEach((c) => {
    try {
      process.kill(-c.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  });
process.on('exit', stopAll);

try {
  await waitFor(`${BACKEND}/__local/health`, children[0]);
  // the production build: client, prerendered pages (with the stand-in's data), sitemap and feed
  for (const args of [
    ['node_modules/vite/bin/vite.js', 'build', '--outDir', OUT_DIR, '--emptyOutDir', '--logLevel', 'warn'],
    ['scripts/publisher/prerender.mjs', '--out', OUT_DIR],
    ['scripts/publisher/feeds.mjs', '--out', OUT_DIR],
  ]) {
    if ((await run(process.execPath, args, { env })) !== 0) throw new Error(`build step failed: ${args.join(' ')}`);
  }
  children.push(
    spawn(process.execPath, ['node_modules/vite/bin/vite.js', 'preview', '--port', String(PREVIEW_PORT), '--strictPort', '--host', '127.0.0.1', '--outDir', OUT_DIR], {
      stdio: 'ignore',
      detached: true,
      // its publisher registers with the stand-in, as `npm run preview`'s does
      env: { ...process.env, ...env, SUPABASE_SERVICE_ROLE_KEY: LOCAL_SERVICE_ROLE_KEY },
    }),
  );
  await waitFor(SITE, children[1]);
  mkdirSync(REPORT_DIR, { recursive: true });

  const chrome = await launchForLighthouse(chromePath);
  const results = [];
  let environment = null;
  try {
    for (const [name, pathOrNull] of PAGES) {
      const path = pathOrNull ?? (await firstResourcePath());
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        const { report, ...figures } = await lighthouseRun(`${SITE}${path}`, { port: chrome.port });
        environment ??= { lighthouse: figures.lighthouse, benchmarkIndex: figures.benchmarkIndex };
        const file = join(REPORT_DIR, `${name.replace(/\W+/g, '_') || 'home'}-${i + 1}.json`);
        writeFileSync(file, report);
        runs.push(figures);
      }
      const m = (k) => median(runs.map((r) => r[k]));
      results.push({
        page: name === '/' || name === '/blog' ? name : `${name} (${new URL(runs[0].finalUrl).pathname})`,
        performance: m('performance'),
        accessibility: m('accessibility'),
        bestPractices: m('bestPractices'),
        seo: m('seo'),
        lcp: m('lcp'),
        tbt: m('tbt'),
        cls: m('cls'),
        bytes: m('bytes'),
      });
    }
  } finally {
    await chrome.kill();
  }

  const head = ['page', 'perf', 'a11y', 'best pr.', 'SEO', 'LCP', 'TBT', 'CLS', 'transferred'];
  const rows = results.map((r) => [
    r.page,
    String(Math.round(r.performance)),
    String(Math.round(r.accessibility)),
    String(Math.round(r.bestPractices)),
    String(Math.round(r.seo)),
    `${(r.lcp / 1000).toFixed(2)} s`,
    `${Math.round(r.tbt)} ms`,
    r.cls.toFixed(3),
    `${(r.bytes / 1024).toFixed(0)} kB`,
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  // what the figures were measured on: they only mean something next to the machine that made them
  const { chromium, machine } = machineInfo(chromePath);
  console.log(`\nLighthouse ${environment?.lighthouse}, mobile preset, median of ${RUNS} runs, ${new Date().toISOString().slice(0, 10)}`);
  console.log(`Machine: ${machine}; ${chromium}; Lighthouse CPU benchmark index ${Math.round(environment?.benchmarkIndex ?? 0)}\n`);
  console.log(line(head));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  rows.forEach((r) => console.log(line(r)));
  writeFileSync(join(REPORT_DIR, 'summary.json'), JSON.stringify({ date: new Date().toISOString(), machine, chromium, ...environment, runs: RUNS, results }, null, 2));
  console.log(`\nRaw reports: ${REPORT_DIR}/`);
} finally {
  stopAll();
}
