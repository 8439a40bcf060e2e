// The bundle budgets of budgets.json, over the production build (the same numbers `npm run size`
// prints). Deterministic: file sizes, no timing.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadBuild, measureRoutes, PUBLIC_ROUTES } from '../../scripts/tools/bundle-graph.mjs';

type Budget = { jsBeforeRender: number; jsIdle: number; jsAll: number; css: number };
const budgets: Record<string, Budget> = JSON.parse(readFileSync('budgets.json', 'utf8')).routes;
let measured: ReturnType<typeof measureRoutes>;

beforeAll(() => {
  measured = measureRoutes(loadBuild());
}, 180_000);

describe('bundle budgets (gzip kB)', () => {
  for (const { route } of PUBLIC_ROUTES) {
    it(`${route} stays within its budget`, () => {
      const m = measured.find((x) => x.route === route)!;
      const b = budgets[route];
      expect(m.jsBeforeRender / 1024, 'JS before the page is taken over').toBeLessThanOrEqual(b.jsBeforeRender);
      expect(m.jsIdle / 1024, 'JS without interaction').toBeLessThanOrEqual(b.jsIdle);
      expect(m.jsAll / 1024, 'JS in all').toBeLessThanOrEqual(b.jsAll);
      expect(m.css / 1024, 'CSS').toBeLessThanOrEqual(b.css);
      // a measurement of nothing would pass any budget
      expect(m.jsBeforeRender).toBeGreaterThan(50 * 1024);
      expect(m.jsIdle).toBeGreaterThanOrEqual(m.jsBeforeRender);
      expect(m.jsAll).toBeGreaterThan(m.jsIdle);
    });
  }
});
