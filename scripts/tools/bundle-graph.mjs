// Reads a production build's manifest and module map (written by vite.config.ts) to answer:
// which files does a route load before it renders, which source modules do they hold, and how
// many gzip bytes is that. Used by the build tests and by `npm run size`.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { closure, filesOf } from '../publisher/manifest.mjs';
import { E2E_OUT_DIR, E2E_SLOT } from './e2e-env.mjs';

export { closure, filesOf };

/** The public routes and the page module each one renders. */
export const PUBLIC_ROUTES = [
  { route: '/', page: 'src/site/pages/landing/LandingPage.tsx' },
  { route: '/blog', page: 'src/site/pages/blog/BlogListPage.tsx' },
  { route: '/blog/:slug', page: 'src/site/pages/blog/BlogPostPage.tsx' },
  { route: '/project/:slug', page: 'src/site/pages/projects/ProjectPage.tsx' },
  { route: '/resources/:slug', page: 'src/site/pages/resources/ResourcesPage.tsx' },
  { route: '/lichni-danni', page: 'src/site/pages/data-requests/DataRequestPage.tsx' },
  { route: '/poveritelnost', page: 'src/site/pages/privacy/PrivacyPage.tsx' },
];

/** Every page module of the route table: what one page may lazily load of another is not its cost. */
const PAGE_MODULES = [...PUBLIC_ROUTES.map((r) => r.page), 'src/site/pages/NotFoundPage.tsx'];

/**
 * The build `npm test` makes before Vitest runs; built here when missing (a lone vitest run). Each
 * app of the build has its manifest and module map (vite.config.ts): the site's (`app` 'site',
 * manifest.json, modules.json) and the admin's ('admin', admin-manifest.json, admin-modules.json).
 */
export function loadBuild(dir = process.env.BUILD_DIR ?? E2E_OUT_DIR, app = 'site') {
  const prefix = app === 'admin' ? 'admin-' : '';
  const manifestPath = join(dir, '.vite', `${prefix}manifest.json`);
  if (!existsSync(manifestPath)) {
    execFileSync('node', ['scripts/tools/build-e2e.mjs'], { stdio: 'inherit', env: { ...process.env, E2E_SLOT: String(E2E_SLOT) } });
  }
  return {
    dir,
    manifest: JSON.parse(readFileSync(manifestPath, 'utf8')),
    modules: JSON.parse(readFileSync(join(dir, '.vite', `${prefix}modules.json`), 'utf8')),
  };
}

/** The admin's app of the build (admin.html): what adminFirstLoad weighs. */
export const loadAdminBuild = (dir) => loadBuild(dir, 'admin');

function layoutKeys(graph) {
  return ['src/site/layout/PublicLayout.tsx'].filter((k) => graph.manifest[k]);
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

export function gzipBytes(graph, files) {
  return files.reduce((sum, f) => sum + gzipSync(readFileSync(join(graph.dir, f)), { level: 9 }).length, 0);
}

const REGISTRY = 'src/site/island-registry.ts';

/** The islands' registry (src/site/island-registry.ts): island name -> the source module of its component. */
export function islandSources() {
  return Object.fromEntries(registryEntries().map((e) => [e.name, e.source]));
}

/**
 * The registry's entries: name, source module (the glob's path, from src/site/, as the registry
 * derives it), and whether the island reads data (React Query). One island a line:
 * `name: island(import.meta.glob<…>('./path', { import: 'Export' })[, READS_DATA]),`
 */
function registryEntries() {
  const text = readFileSync(REGISTRY, 'utf8');
  const entries = [...text.matchAll(/^\s*'?([\w-]+)'?: island\(import\.meta\.glob<\w+>\('\.\/([^']+)'.*?\)(, READS_DATA)?\),$/gm)];
  if (entries.length === 0) throw new Error(`${REGISTRY}: no island read; has the table's shape changed?`);
  return entries.map((m) => ({ name: m[1], data: Boolean(m[3]), source: `src/site/${m[2]}` }));
}

/**
 * The manifest key of the chunk that holds a source module (a module both imported statically and
 * loaded as an island sits in a shared chunk whose key is not its path).
 */
export function keyOfSource(graph, source) {
  if (graph.manifest[source]) return source;
  const key = Object.keys(graph.manifest).find((k) => (graph.modules[graph.manifest[k].file] ?? []).includes(source));
  if (!key) throw new Error(`${source} is in no chunk of the build`);
  return key;
}

/** One prerendered page of each public route in the build: the file that answers it. */
function samplePage(graph, route) {
  const dir = join(graph.dir, route.split('/:')[0]);
  if (!route.includes('/:')) return join(dir, 'index.html');
  const first = readdirSync(dir, { withFileTypes: true }).find((d) => d.isDirectory() && existsSync(join(dir, d.name, 'index.html')));
  if (!first) throw new Error(`no prerendered page under ${dir}`);
  return join(dir, first.name, 'index.html');
}

/** The islands a prerendered page holds: name and when it hydrates. */
export function islandsOfPage(html) {
  return [...html.matchAll(/data-island="([\w-]+)" data-island-id="\d+" data-hydrate="(\w+)"/g)].map((m) => ({ name: m[1], hydrate: m[2] }));
}

/** The chunk that takes a prerendered page over: the islands' runtime and their registry. */
const RUNTIME = 'src/site/entry-client.tsx';

/** The site's measurement script (docs/insights.md): its own chunk, fetched when the browser is idle. */
export const INSIGHTS = 'src/site/runtime/insights.ts';

/**
 * What a prerendered page of `route` loads: before it is taken over (the entry, the islands'
 * runtime and the islands that hydrate at once), without any interaction (also every other island
 * of the page, which hydrate when near the viewport or idle), and all it could ever load (also
 * what the islands load on use: the dialogs, the toasts, the data client).
 */
export function pageKeys(graph, route) {
  const entries = registryEntries();
  const sources = Object.fromEntries(entries.map((e) => [e.name, e.source]));
  const islands = islandsOfPage(readFileSync(samplePage(graph, route), 'utf8'));
  const keyOf = (name) => keyOfSource(graph, sources[name]);
  const mine = new Set(islands.map((i) => keyOf(i.name)));
  const others = Object.keys(sources).map(keyOf).filter((k) => !mine.has(k));
  const eager = islands.filter((i) => i.hydrate === 'load').map((i) => keyOf(i.name));
  const start = ['index.html', RUNTIME];
  // what the runtime fetches beside the islands: the query client for those that read data, the
  // dialogs' and toasts' root, which it makes when the browser is idle, and the site's measurement
  // (src/site/runtime/insights-loader.ts), fetched when the browser is idle
  const withData = islands.some((i) => entries.find((e) => e.name === i.name)?.data);
  const alongside = [...(withData ? ['src/site/islands/QueryShell.tsx'] : []), 'src/site/islands/overlay.tsx', INSIGHTS].filter((k) => graph.manifest[k]);
  return {
    islands,
    beforeRender: closure(graph, [...start, ...eager]),
    idle: closure(graph, [...start, ...mine, ...alongside]),
    all: closure(graph, [...start, ...mine], { dynamic: true, stopAt: [...others, 'src/app/boot.tsx'] }),
  };
}

/**
 * What the measurement script costs a page: the JavaScript files it brings beyond the site's entry
 * (its own chunk and any small shared one it imports: the event bus), gzip each.
 */
export function insightsLoad(graph) {
  const entry = closure(graph, ['index.html']);
  const keys = [...closure(graph, [INSIGHTS])].filter((k) => !entry.has(k));
  const js = filesOf(graph, keys).js;
  return { keys, js, modules: modulesOf(graph, keys), bytes: gzipBytes(graph, js) };
}

/** Gzip sizes per public route, in bytes, as its prerendered page loads it. */
export function measureRoutes(graph) {
  return PUBLIC_ROUTES.map(({ route }) => {
    const keys = pageKeys(graph, route);
    const before = filesOf(graph, keys.beforeRender);
    return {
      route,
      jsBeforeRender: gzipBytes(graph, before.js),
      jsIdle: gzipBytes(graph, filesOf(graph, keys.idle).js),
      jsAll: gzipBytes(graph, filesOf(graph, keys.all).js),
      css: gzipBytes(graph, before.css),
    };
  });
}

/**
 * What the admin's first visit loads until the posts list shows, entry by entry. The sign-in page
 * first: the admin's app (admin.html, its boot), the sign-in route's layout with the auth provider
 * and the login page; with nothing stored in this browser it loads no data client. Then what
 * signing in adds: the data client (GoTrue's and PostgREST's clients, src/shared/db/supabase-client.ts),
 * the toasts (the first one is 'Успешно влизане'), the route's guard with the data cache, the panel
 * and its posts tab. Each of these is a chunk the browser asks for; `npm run size:admin` signs in in
 * Chromium and prints where this list and the browser part.
 */
export const ADMIN_SIGN_IN_LOAD = ['admin.html', 'src/app/admin-boot.tsx', 'src/admin/panel/AuthLayout.tsx', 'src/admin/login/LoginPage.tsx'];
export const ADMIN_PANEL_LOAD = [
  'src/shared/db/supabase-client.ts',
  'src/shared/ui/toast.tsx',
  'src/admin/panel/RequireAdmin.tsx',
  'src/admin/panel/AdminPage.tsx',
  'src/admin/posts/PostsTab.tsx',
];

/** Uncompressed KB (1 KB = 1024 bytes) the admin's first load may take until the posts list shows (budgets.json's `admin`). */
export const ADMIN_BUDGETS = JSON.parse(readFileSync('budgets.json', 'utf8')).admin;

/**
 * The admin's first load until the posts list shows, from the admin's manifest (loadAdminBuild): the chunks (manifest keys
 * and files) and their uncompressed bytes, in all and of the panel alone (what signing in adds to
 * what the sign-in page loaded).
 */
export function adminFirstLoad(graph) {
  const signInEntries = ADMIN_SIGN_IN_LOAD;
  const signIn = closure(graph, signInEntries);
  const keys = closure(graph, [...signInEntries, ...ADMIN_PANEL_LOAD]);
  const js = filesOf(graph, keys).js;
  const signInJs = new Set(filesOf(graph, signIn).js);
  const panelJs = js.filter((f) => !signInJs.has(f));
  const size = (files) => files.reduce((sum, f) => sum + statSync(join(graph.dir, f)).size, 0);
  return {
    entries: [...signInEntries, ...ADMIN_PANEL_LOAD],
    keys,
    js,
    bytes: size(js),
    signInJs: [...signInJs],
    signInBytes: size([...signInJs]),
    panelJs,
    panelBytes: size(panelJs),
  };
}
