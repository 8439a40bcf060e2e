import type { ComponentType } from 'react';
import type { IslandEntry } from './islands/runtime';

type Component = ComponentType<never>;

/**
 * One island from the glob of its module's one path: Vite turns the glob into that path (as the
 * key) and a loader that imports the module and takes the named export, so the path is written
 * once and is both what the browser loads and the `source` the build is asked about.
 */
function island(modules: Record<string, () => Promise<Component>>, options: { data?: true } = {}): IslandEntry {
  const found = Object.entries(modules);
  if (found.length !== 1) throw new Error(`an island is one module, not ${found.length}: ${Object.keys(modules).join(', ')}`);
  const [[path, load]] = found;
  return { source: `src/site/${path.replace(/^\.\//, '')}`, load, ...options };
}

/** It reads data with React Query: it hydrates inside the query client (islands/QueryShell.tsx). */
const READS_DATA = { data: true } as const;

/**
 * Every island a prerendered page may hold: its name (the `name` of <Island>), the module that
 * holds its component — each its own chunk, fetched only by the pages that show it — and that
 * module's source path (src/site/…), by which the prerenderer preloads the islands that hydrate at
 * once and scripts/tools/bundle-graph.mjs weighs each page (tests/build/bundle.test.ts checks the
 * paths). bundle-graph.mjs reads this table as text: one island a line, in this shape.
 */
export const ISLANDS: Record<string, IslandEntry> = {
  header: island(import.meta.glob<Component>('./layout/SiteHeader.tsx', { import: 'SiteHeader' })),
  'logo-network': island(import.meta.glob<Component>('./pages/landing/LogoNetwork.tsx', { import: 'LogoNetwork' })),
  clients: island(import.meta.glob<Component>('./pages/landing/sections/Clients.tsx', { import: 'Clients' }), READS_DATA),
  work: island(import.meta.glob<Component>('./pages/landing/sections/Work.tsx', { import: 'Work' }), READS_DATA),
  faq: island(import.meta.glob<Component>('./pages/landing/sections/Faq.tsx', { import: 'Faq' })),
  newsletter: island(import.meta.glob<Component>('./layout/NewsletterBox.tsx', { import: 'NewsletterBox' })),
  share: island(import.meta.glob<Component>('./pages/blog/components/ShareButtons.tsx', { import: 'ShareButtons' })),
  'blog-sidebar': island(import.meta.glob<Component>('./pages/blog/components/BlogSidebar.tsx', { import: 'BlogSidebar' }), READS_DATA),
  'blog-search': island(import.meta.glob<Component>('./pages/blog/components/BlogSearchForm.tsx', { import: 'BlogSearchForm' })),
  gallery: island(import.meta.glob<Component>('./pages/projects/components/Gallery.tsx', { import: 'Gallery' })),
  'resource-nav': island(import.meta.glob<Component>('./pages/resources/ResourceNav.tsx', { import: 'ResourceNav' })),
  'data-request': island(import.meta.glob<Component>('./pages/data-requests/DataRequestForm.tsx', { import: 'DataRequestForm' })),
  'resource-share': island(import.meta.glob<Component>('./pages/resources/ResourceNav.tsx', { import: 'ResourceShare' })),
};
