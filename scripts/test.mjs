// `npm test`: type check, lint, build, Vitest (unit, components, backend, build checks), then
// Playwright end to end. Stops at the first failing stage and ends with one summary line.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { npx, run } from './run.mjs';

const VITEST_JSON = '.cache/vitest-results.json';
const PLAYWRIGHT_JSON = '.cache/playwright-results.json';
for (const f of [VITEST_JSON, PLAYWRIGHT_JSON]) rmSync(f, { force: true });

const stages = [
  ['type check', () => npx(['tsc', '-p', 'tsconfig.json', '--noEmit'])],
  ['lint', () => npx(['eslint', '.', '--max-warnings=0'])],
  ['build', () => run('node', ['scripts/build-e2e.mjs'])],
  [
    'vitest',
    () => npx(['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${VITEST_JSON}`]),
  ],
  ['end to end', () => run('node', ['scripts/e2e.mjs'])],
];

function counts() {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  if (existsSync(VITEST_JSON)) {
    const v = JSON.parse(readFileSync(VITEST_JSON, 'utf8'));
    passed += v.numPassedTests ?? 0;
    failed += v.numFailedTests ?? 0;
    skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0);
  }
  if (existsSync(PLAYWRIGHT_JSON)) {
    const p = JSON.parse(readFileSync(PLAYWRIGHT_JSON, 'utf8')).stats ?? {};
    passed += (p.expected ?? 0) + (p.flaky ?? 0);
    failed += p.unexpected ?? 0;
    skipped += p.skipped ?? 0;
  }
  return { passed, failed, skipped };
}

const started = Date.now();
let failedStage = null;
for (const [name, stage] of stages) {
  const t = Date.now();
  console.log(`\n▶ ${name}`);
  const code = await stage();
  console.log(`${code === 0 ? '✔' : '✖'} ${name} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
  if (code !== 0) {
    failedStage = name;
    break;
  }
}

const { passed, failed, skipped } = counts();
console.log(`\nnpm test ${failedStage ? `failed at: ${failedStage}` : 'finished'} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`total: ${passed} passed, ${failed + (failedStage && failed === 0 ? 1 : 0)} failed, ${skipped} skipped`);
process.exit(failedStage ? 1 : 0);
