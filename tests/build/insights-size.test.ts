// The measurement script's weight (issue 51: at most 1.5 kB gzip; budgets.json's `insights`), over
// the production build's manifest, as `npm run size` prints it. Deterministic: file sizes only.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { INSIGHTS, insightsLoad, loadBuild, pageKeys, PUBLIC_ROUTES } from '../../scripts/tools/bundle-graph.mjs';

const budget: number = JSON.parse(readFileSync('budgets.json', 'utf8')).insights.script;
let graph: ReturnType<typeof loadBuild>;

beforeAll(() => {
  graph = loadBuild();
}, 180_000);

describe('the measurement script', () => {
  it('is a chunk of its own, loaded on demand (never before a page is taken over)', () => {
    expect(graph.manifest[INSIGHTS]?.isDynamicEntry).toBe(true);
    for (const { route } of PUBLIC_ROUTES) {
      const keys = pageKeys(graph, route);
      expect(keys.beforeRender.has(INSIGHTS), route).toBe(false);
      // it comes when the browser is idle, without an interaction: counted in the route's jsIdle
      expect(keys.idle.has(INSIGHTS), route).toBe(true);
    }
  });

  it(`brings at most ${budget} kB gzip beyond the site's entry`, () => {
    const load = insightsLoad(graph);
    expect(load.modules).toContain('src/site/runtime/insights.ts');
    // a measurement of nothing would pass any budget
    expect(load.bytes).toBeGreaterThan(300);
    expect(load.bytes / 1024).toBeLessThanOrEqual(budget);
  });

  it('pulls in no library and no client, and loads nothing further', () => {
    expect(graph.manifest[INSIGHTS].dynamicImports ?? []).toEqual([]);
    const { modules } = insightsLoad(graph);
    expect(modules.filter((m: string) => m.includes('node_modules'))).toEqual([]);
    expect(modules).not.toContain('src/shared/db/supabase.ts');
    expect(modules).not.toContain('src/shared/db/supabase-client.ts');
    expect(modules).not.toContain('src/shared/db/public-db.ts');
  });
});
