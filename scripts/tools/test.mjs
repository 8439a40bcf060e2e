// `npm test`: the database types and the schema snapshot (supabase/schema/), type checks (Node and
// Deno) and lint side by side, then the build, Vitest (unit, components, backend, build checks; a
// worker per core) and Playwright end to end (a worker per slot, each with its own stand-in and
// build: scripts/tools/e2e-env.mjs). Every
// stage runs even when an earlier one failed, so one red stage does not hide the state of the
// others; the end-to-end suite alone waits for a good build, since it tests that build. Each
// stage prints its time; the summary names every failed stage, counts every test, and lists the
// tests nearest their timeouts (`npm run test:timings` prints the same list again).
//
//   npm test -- [--only=checks,build,vitest,e2e] [--shard=i/n]
//
// --only runs some of the stages (the CI workflow runs them as parallel jobs); --shard runs the
// i-th of n parts of Vitest's files and of the end-to-end files (one job each).
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { npx, run, runQuiet } from './run.mjs';
import { loadTimings, PLAYWRIGHT_JSON, printTimings } from './test-timings.mjs';
import { VITEST_TIMINGS } from './vitest-timings-reporter.mjs';

const VITEST_JSON = '.cache/vitest-results.json';
for (const f of [VITEST_JSON, VITEST_TIMINGS, PLAYWRIGHT_JSON]) rmSync(f, { force: true });

const args = process.argv.slice(2);
const option = (name) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const only = option('only')?.split(',');
const shard = option('shard');
if (shard !== undefined && !/^[1-9]\d*\/[1-9]\d*$/.test(shard)) {
  console.error(`--shard must be i/n, e.g. 1/3 (got ${shard})`);
  process.exit(2);
}
const shardArgs = shard ? [`--shard=${shard}`] : [];

const groups = [
  {
    // checks that read the source alone, side by side (each keeps to one core)
    group: 'checks',
    parallel: [
      // the committed database types are what the migrations make (else the type check below proves little)
      { name: 'database types', run: () => runQuiet('npx', ['--no-install', 'tsx', 'supabase/local/gen-types.ts', '--check']) },
      // supabase/schema/ (the database as it is now, one file per concern) is what the migrations make
      { name: 'schema snapshot', run: () => runQuiet('npx', ['--no-install', 'tsx', 'scripts/tools/schema-snapshot.ts', '--check']) },
      { name: 'type check', run: () => runQuiet('npx', ['--no-install', 'tsc', '-p', 'tsconfig.json', '--noEmit']) },
      // the Edge Functions' Deno code (and the stand-in's Deno host), which the Node type check leaves out
      { name: 'Deno type check', run: () => runQuiet('npm', ['run', '--silent', 'typecheck:functions']) },
      { name: 'lint', run: () => runQuiet('npx', ['--no-install', 'eslint', '.', '--max-warnings=0']) },
    ],
  },
  // a build per end-to-end slot (scripts/tools/e2e-env.mjs); the first is also what tests/build reads
  { group: 'build', name: 'build', run: () => run('node', ['scripts/tools/build-e2e.mjs']) },
  {
    group: 'vitest',
    name: 'vitest',
    run: () =>
      npx([
        'vitest',
        'run',
        ...shardArgs,
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${VITEST_JSON}`,
        '--reporter=./scripts/tools/vitest-timings-reporter.mjs',
      ]),
  },
  // the end-to-end suite tests the build above; against an older build it would prove nothing
  { group: 'e2e', name: 'end to end', needs: 'build', run: () => run('node', ['scripts/tools/e2e.mjs', ...shardArgs]) },
];
const unknown = only?.filter((g) => !groups.some((s) => s.group === g)) ?? [];
if (unknown.length) {
  console.error(`--only takes ${groups.map((g) => g.group).join(', ')} (got ${unknown.join(', ')})`);
  process.exit(2);
}

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
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const took = new Map();
const settle = (name, code, ms) => {
  console.log(`${code === 0 ? '✔' : '✖'} ${name} (${seconds(ms)})`);
  outcome.set(name, code === 0 ? 'passed' : `failed (exit code ${code})`);
  took.set(name, ms);
};
for (const group of groups) {
  if (only && !only.includes(group.group)) continue;
  if (group.parallel) {
    console.log(`\n▶ ${group.parallel.map((s) => s.name).join(', ')} (side by side)`);
    const t = Date.now();
    await Promise.all(
      group.parallel.map(async (stage) => {
        const { code, output } = await stage.run();
        // each one's output whole, as it ends, so the lines of two never mix
        console.log(`\n▷ ${stage.name}`);
        if (output.trim()) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
        settle(stage.name, code, Date.now() - t);
      }),
    );
    continue;
  }
  console.log(`\n▶ ${group.name}`);
  if (group.needs && outcome.has(group.needs) && outcome.get(group.needs) !== 'passed') {
    console.log(`✖ ${group.name}: not run, because the ${group.needs} failed`);
    outcome.set(group.name, `not run (the ${group.needs} failed)`);
    continue;
  }
  const t = Date.now();
  settle(group.name, await group.run(), Date.now() - t);
}

const timings = loadTimings();
printTimings(timings, 10);

const failedStages = [...outcome].filter(([, o]) => o !== 'passed');
console.log(`\nnpm test ${failedStages.length ? 'failed' : 'finished'} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
for (const [name, o] of outcome) console.log(`  ${o === 'passed' ? '✔' : '✖'} ${name}: ${o}${took.has(name) ? `, ${seconds(took.get(name))}` : ''}`);
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
