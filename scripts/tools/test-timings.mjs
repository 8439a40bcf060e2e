// `npm run test:timings`: the slowest tests of the last `npm test` (Vitest and Playwright), each
// with its share of its timeout. A test that needs more than a third of its timeout on this
// machine fails on one that is twice as slow or busy, so those are marked: make them faster
// (fewer steps, smaller fixtures, one behaviour per test) rather than raising the timeout.
import { existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { VITEST_TIMINGS } from './vitest-timings-reporter.mjs';

export const PLAYWRIGHT_JSON = '.cache/playwright-results.json';
/** The share of its timeout above which a test is reported as a flake waiting to happen. */
export const SLOW_SHARE = 1 / 3;

function vitestRows() {
  if (!existsSync(VITEST_TIMINGS)) return [];
  return JSON.parse(readFileSync(VITEST_TIMINGS, 'utf8'));
}

function playwrightRows() {
  if (!existsSync(PLAYWRIGHT_JSON)) return [];
  const report = JSON.parse(readFileSync(PLAYWRIGHT_JSON, 'utf8'));
  const rows = [];
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        // the last attempt is the one that counts; retries are off in this project anyway
        const result = test.results?.at(-1);
        if (!result || result.status === 'skipped') continue;
        rows.push({
          suite: 'playwright',
          project: test.projectName,
          file: spec.file,
          name: [...titles, spec.title].join(' > '),
          state: result.status,
          duration: result.duration,
          timeout: test.timeout,
        });
      }
    }
    for (const child of suite.suites ?? []) visit(child, suite.file === child.file ? [...titles, child.title] : titles);
  };
  for (const suite of report.suites ?? []) visit(suite, []);
  return rows;
}

/** Every timed test of the last run, the largest share of its timeout first. */
export function loadTimings() {
  const rows = [...vitestRows(), ...playwrightRows()].filter((r) => r.timeout > 0);
  for (const r of rows) r.share = r.duration / r.timeout;
  return rows.sort((a, b) => b.share - a.share);
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** Prints the `count` tests nearest their timeout; returns how many are above SLOW_SHARE. */
export function printTimings(rows = loadTimings(), count = 15) {
  if (rows.length === 0) {
    console.log('No test timings yet: run `npm test` first.');
    return 0;
  }
  const slow = rows.filter((r) => r.share > SLOW_SHARE);
  console.log(`\nSlowest tests against their timeouts (${rows.length} timed; the mark ⚠ means more than a third):`);
  for (const r of rows.slice(0, Math.max(count, slow.length))) {
    const mark = r.share > SLOW_SHARE ? '⚠' : ' ';
    const share = `${Math.round(r.share * 100)}%`.padStart(4);
    const time = `${seconds(r.duration)} / ${seconds(r.timeout)}`.padStart(15);
    console.log(`${mark} ${share} ${time}  ${r.suite}:${r.project}  ${r.file} > ${r.name}`);
  }
  console.log(
    slow.length === 0
      ? 'Every test finished within a third of its timeout.'
      : `${slow.length} test(s) took more than a third of their timeout: make them faster before they flake on a busier machine.`,
  );
  return slow.length;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const count = Number(process.argv.find((a) => /^--top=\d+$/.test(a))?.slice(6) ?? 25);
  printTimings(loadTimings(), count);
}
