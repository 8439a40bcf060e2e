// The site's table of islands (src/site/island-registry.ts) names each module once, in a glob:
// the path it derives for the prerenderer must be a file, and the export it names must be there.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ISLANDS } from '@/site/island-registry';

describe('the islands registry', () => {
  it("derives each island's source from its glob: a module of src/site", () => {
    for (const [name, entry] of Object.entries(ISLANDS)) {
      expect(entry.source, name).toMatch(/^src\/site\/.+\.tsx$/);
      expect(existsSync(entry.source), name).toBe(true);
    }
    expect(ISLANDS.header?.source).toBe('src/site/layout/SiteHeader.tsx');
    expect(ISLANDS['resource-share']?.source).toBe('src/site/pages/resources/ResourceNav.tsx');
  });

  it('loads a component for every island, by the export it names', async () => {
    for (const [name, entry] of Object.entries(ISLANDS)) {
      expect(typeof (await entry.load()), name).toBe('function');
    }
  });

  it('marks the islands that read data', () => {
    const reading = Object.keys(ISLANDS).filter((name) => ISLANDS[name]?.data);
    expect(reading).toEqual(['clients', 'work', 'blog-sidebar']);
  });
});
