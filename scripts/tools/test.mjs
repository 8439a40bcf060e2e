// `npm test`: the database types and the schema snapshot (supabase/schema/), type checks (Node and
// Deno), lint, build, Vitest (unit, components, backend, build checks), then Playwright end to end. Every stage runs even when an earlier one failed, so one red stage does
// not hide the state of the others; the end-to-end suite alone waits for a good build, since it
// tests that build. The summary names every failed stage, counts every test, and lists the tests
// nearest their timeouts (`npm run test:timings` prints the same list again).
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { npx, run } from './run.mjs';
import { loadTimings, PLAYWRIGHT_JSON, printTimings } from './test-timings.mjs';
import { VITEST_TIMINGS } from './vitest-timings-reporter.mjs';

const VITEST_JSON = '.cache/vitest-results.json';
for (const f of [VITEST_JSON, VITEST_TIMINGS, PLAYWRIGHT_JSON]) rmSync(f, { force: true });

const stages = [
  // the committed database types are what the migrations make (else the type check below proves little)
  { name: 'database types', run: () => npx(['tsx', 'supabase/local/gen-types.ts', '--check']) },
  // supabase/schema/ (the database as it is now, one file per concern) is what the migrations make
  { name: 'schema snapshot', run: () => npx(['tsx', 'scripts/tools/schema-snapshot.ts', '--check']) },
  { name: 'type check', run: () => npx(['tsc', '-p', 'tsconfig.json', '--noEmit']) },
  // the Edge Functions' Deno code (and the stand-in's Deno host), which the Node type check leaves out
  { name: 'Deno type check', run: () => run('npm', ['run', '--silent', 'typecheck:functions']) },
  { name: 'lint', run: () => npx(['eslint', '.', '--max-warnings=0']) },
  { name: 'build', run: () => run('node', ['scripts/tools/build-e2e.mjs']) },
  {
    name: 'vitest',
    run: () =>
      npx([
        'vitest',
        'run',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${VITEST_JSON}`,
        '--reporter=./scripts/tools/vitest-timings-reporter.mjs',
      ]),
  },
  // the end-to-end suite tests the build above; against an older build it would prove nothing
  { name: 'end to end', needs: 'build', run: () => run('node', ['scripts/tools/e2e.mjs']) },
];

/** Test counts of each suite's JSON report, where the suite ran far enough to write one. */
function counts() {
  const suites = { vitest: { passed: 0, failed: 0, skipped: 0 }, 'end to end': { passed: 0, failed: 0, skipped: 0 } };
  if (existsSync(VITEST_JSON)) {
    const v = JSON.parse(readFileSync(VITEST_JSON, 'utf8'));
    suites.vitest = { passed: v.numPassedTests ?? 0, failed: v.numFailedTests ?? 0, skipped: (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0) };
  }
  if (existsSync(PLAYWRIGHT_JSON)) {
    const p = JSON.parse(readFileSync(PLAYWRIGHT_JSON, 'utf8')).stats ?? {};
    suites['end to end'] = { passed: (p.expected ?? 0) + (p.flaky ?? 0), failed: p.unexpected ?? 0, skipped: p.skipped ?? 0 };
  }
  return suites;
}

const started = Date.now();
const outcome = new Map();
for (const stage of stages) {
  console.log(`\n▶ ${stage.name}`);
  if (stage.needs && outcome.get(stage.needs) !== 'passed') {
    console.log(`✖ ${stage.name}: not run, because the ${stage.needs} failed`);
    outcome.set(stage.name, `not run (the ${stage.needs} failed)`);
    continue;
  }
  const t = Date.now();
  const code = await stage.run();
  console.log(`${code === 0 ? '✔' : '✖'} ${stage.name} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
  outcome.set(stage.name, code === 0 ? 'passed' : `failed (exit code ${code})`);
}

const timings = loadTimings();
printTimings(timings, 10);

const failedStages = [...outcome].filter(([, o]) => o !== 'passed');
console.log(`\nnpm test ${failedStages.length ? 'failed' : 'finished'} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
for (const [name, o] of outcome) console.log(`  ${o === 'passed' ? '✔' : '✖'} ${name}: ${o}`);
const suites = counts();
const sum = (k) => Object.values(suites).reduce((n, c) => n + c[k], 0);
// a stage that failed without a failing test of its own (a type error, a lint finding, a broken
// build, a suite that crashed or did not run) counts once, so a red run never reads "0 failed"
const stageOnly = failedStages.filter(([name]) => !(suites[name]?.failed > 0)).length;
console.log(`total: ${sum('passed')} passed, ${sum('failed') + stageOnly} failed, ${sum('skipped')} skipped`);
const failedTests = timings.filter((r) => r.state !== 'passed');
if (failedTests.length) {
  console.log('failed tests:');
  for (const r of failedTests) console.log(`  ✖ ${r.suite}: ${r.file} > ${r.name} (${r.state})`);
}
process.exit(failedStages.length ? 1 : 0);
