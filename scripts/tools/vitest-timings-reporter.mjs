// A Vitest reporter that writes, for every finished test, its duration and the timeout it ran
// under (the test's own or its project's), so `npm run test:timings` can show how close each test
// comes to failing on a slower machine. Vitest's JSON report has durations but no timeouts.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';

export const VITEST_TIMINGS = '.cache/vitest-timings.json';

export default class TimingsReporter {
  onInit(vitest) {
    this.root = vitest.config.root;
  }

  onTestRunEnd(testModules) {
    const rows = [];
    const visit = (module, children) => {
      for (const task of children) {
        if (task.type === 'suite') {
          visit(module, task.children);
          continue;
        }
        const result = task.result();
        const diagnostic = task.diagnostic();
        if (!diagnostic || result.state === 'skipped' || result.state === 'pending') continue;
        rows.push({
          suite: 'vitest',
          project: module.project.name,
          file: relative(this.root, module.moduleId),
          name: task.fullName,
          state: result.state,
          duration: diagnostic.duration,
          timeout: task.options.timeout ?? module.project.config.testTimeout,
        });
      }
    };
    for (const module of testModules) visit(module, module.children);
    mkdirSync(dirname(VITEST_TIMINGS), { recursive: true });
    writeFileSync(VITEST_TIMINGS, JSON.stringify(rows, null, 1));
  }
}
