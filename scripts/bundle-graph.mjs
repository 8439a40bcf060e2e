// Reads a production build's manifest and module map (written by vite.config.ts) to answer:
// which files does a route load before it renders, which source modules do they hold, and how
// many gzip bytes is that. Used by the build tests and by `npm run size`.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { E2E_OUT_DIR } from './e2e-env.mjs';

/** The public routes and the page module each one renders. */
export const PUBLIC_ROUTES = [
  { route: '/', page: 'src/features/landing/LandingPage.tsx' },
  { route: '/blog', page: 'src/features/blog/BlogListPage.tsx' },
  { route: '/blog/:slug', page: 'src/features/blog/BlogPostPage.tsx' },
  { route: '/project/:slug', page: 'src/features/projects/ProjectPage.tsx' },
  { route: '/resources/:slug', page: 'src/features/resources/ResourcesPage.tsx' },
];

/** Every page module of the route table: what one page may lazily load of another is not its cost. */
const PAGE_MODULES = [
  ...PUBLIC_ROUTES.map((r) => r.page),
  'src/app/NotFoundPage.tsx',
  'src/app/AuthLayout.tsx',
  'src/features/auth/LoginPage.tsx',
  'src/features/admin/AdminPage.tsx',
  'src/features/admin/work/WorkAdminPage.tsx',
];

/** The build `npm test` makes before Vitest runs; built here when missing (a lone vitest run). */
export function loadBuild(dir = process.env.BUILD_DIR ?? E2E_OUT_DIR) {
  const manifestPath = join(dir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) {
    execFileSync('node', ['scripts/build-e2e.mjs'], { stdio: 'inherit' });
  }
  return {
    dir,
    manifest: JSON.parse(readFileSync(manifestPath, 'utf8')),
    modules: JSON.parse(readFileSync(join(dir, '.vite', 'modules.json'), 'utf8')),
  };
}

/** Manifest keys reachable from `keys` through static imports (and dynamic ones if asked). */
export function closure(graph, keys, { dynamic = false, stopAt = [] } = {}) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key) || !graph.manifest[key]) return;
    seen.add(key);
    const chunk = graph.manifest[key];
    for (const dep of chunk.imports ?? []) visit(dep);
    if (dynamic) for (const dep of chunk.dynamicImports ?? []) if (!stopAt.includes(dep)) visit(dep);
  };
  keys.forEach(visit);
  return seen;
}

function layoutKeys(graph) {
  return ['src/app/PublicLayout.tsx'].filter((k) => graph.manifest[k]);
}

/** What a public route fetches before it renders: the entry, its layout and the page, statically. */
export function routeKeys(graph, page) {
  if (!graph.manifest[page]) throw new Error(`${page} is not a chunk of the build`);
  return closure(graph, ['index.html', ...layoutKeys(graph), page]);
}

/** Everything a route could ever fetch without leaving it: also its lazy parts (dialogs, data client). */
export function routeKeysAll(graph, page) {
  const otherPages = PAGE_MODULES.filter((p) => p !== page);
  const fromPage = closure(graph, [...layoutKeys(graph), page], { dynamic: true, stopAt: otherPages });
  return new Set([...closure(graph, ['index.html']), ...fromPage]);
}

export function modulesOf(graph, keys) {
  const out = [];
  for (const key of keys) out.push(...(graph.modules[graph.manifest[key]?.file] ?? []));
  return out;
}

export function filesOf(graph, keys) {
  const js = new Set();
  const css = new Set();
  for (const key of keys) {
    const chunk = graph.manifest[key];
    if (!chunk) continue;
    if (chunk.file.endsWith('.js')) js.add(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
  }
  return { js: [...js], css: [...css] };
}

export function gzipBytes(graph, files) {
  return files.reduce((sum, f) => sum + gzipSync(readFileSync(join(graph.dir, f)), { level: 9 }).length, 0);
}

/** Gzip sizes per public route, in bytes. */
export function measureRoutes(graph) {
  return PUBLIC_ROUTES.map(({ route, page }) => {
    const before = filesOf(graph, routeKeys(graph, page));
    const all = filesOf(graph, routeKeysAll(graph, page));
    return {
      route,
      jsBeforeRender: gzipBytes(graph, before.js),
      jsAll: gzipBytes(graph, all.js),
      css: gzipBytes(graph, before.css),
    };
  });
}
