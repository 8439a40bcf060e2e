// Writes prerendered pages into a client build: the one place that turns a public address into
// its static HTML file. The full build (prerender.mjs) writes every page through it; the
// publisher (publish.mjs) rewrites or removes just the pages a change touched.
//
// A page is rendered by the server bundle of src/site/entry-server.tsx with the data the database holds
// now. A page that renders as "not found" (a hidden or deleted post, an unknown project) has its
// file removed, so the host answers with the app shell and the app shows its not-found view. A page
// whose data could not be read (the database did not answer) is left as it was.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { closure, filesOf } from './manifest.mjs';

/** Where the server bundle of a build in `out` lives (outside `out`: it is not for visitors). */
export function ssrDirFor(out) {
  return resolve('.cache', `ssr-${Buffer.from(resolve(out)).toString('base64url').slice(-16)}`);
}

const escapeAttr = (s) => String(s).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const escapeText = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;');
/** JSON safe inside a <script> element. */
const scriptJson = (value) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/**
 * The page's own head tags: title, canonical, its links (every attribute a link carries, in its
 * order: an image preload has imagesrcset and imagesizes instead of href) and its metas, escaped.
 */
export function headHtml(head) {
  const lines = [`<title>${escapeText(head.title)}</title>`, `<link rel="canonical" href="${escapeAttr(head.canonical)}" />`];
  for (const link of head.links ?? []) {
    const attributes = Object.entries(link)
      .filter(([, value]) => value !== undefined && value !== null)
      .map(([name, value]) => `${name}="${escapeAttr(value)}"`);
    lines.push(`<link ${attributes.join(' ')} />`);
  }
  for (const [attr, key, content] of head.metas) {
    if (content !== null) lines.push(`<meta ${attr}="${key}" content="${escapeAttr(content)}" />`);
  }
  return lines.join('\n    ');
}

/** The template without the tags each page writes for itself. */
function stripPageHead(template) {
  return template
    .replace(/<title>[\s\S]*?<\/title>\s*/, '')
    .replace(/<meta\s+(name="(description|robots|twitter:[^"]+)"|property="og:[^"]+")[\s\S]*?\/?>\s*/g, '')
    .replace(/<link rel="canonical"[^>]*>\s*/, '');
}

/** What the publisher uses of the server bundle; a bundle without one of these is from an older build. */
const BUNDLE_EXPORTS = {
  function: ['renderPage', 'clickQueueScript', 'fetchCategoryNames', 'postPath', 'projectPath', 'categoryPath', 'resourcePath'],
  string: ['siteName', 'privacyNoticePath', 'dataRequestPath'],
  object: ['buildConfig', 'resourceSlugs'],
};

/**
 * Loads the server bundle of the build in `out` (src/site/entry-server.tsx, built by prerender.mjs
 * into ssrDirFor(out)): the pages' renderer, and the facts the feeds and the pages' addresses come
 * from (the public addresses of src/shared/config/addresses.ts, the resource articles, the site's name).
 */
export async function loadServerBundle(out) {
  const ssrEntry = join(ssrDirFor(resolve(out)), 'entry-server.js');
  if (!existsSync(ssrEntry)) throw new Error(`${ssrEntry} not found: run the build (scripts/publisher/build.mjs, whose prerender.mjs builds it) first`);
  const ssr = await import(pathToFileURL(ssrEntry).href);
  const missing = Object.entries(BUNDLE_EXPORTS).flatMap(([type, names]) => names.filter((name) => typeof ssr[name] !== type || ssr[name] === null));
  if (missing.length > 0) throw new Error(`${ssrEntry} is from an older build (no ${missing.join(', ')}): run the build again`);
  return ssr;
}

/**
 * Opens the build in `out` for writing pages: reads its template and manifest and loads its server
 * bundle (loadServerBundle).
 */
export async function openSite(out) {
  const OUT = resolve(out);
  const templatePath = join(OUT, 'spa.html');
  if (!existsSync(templatePath)) {
    if (!existsSync(join(OUT, 'index.html'))) throw new Error(`${OUT}/index.html not found: run vite build first`);
    writeFileSync(templatePath, readFileSync(join(OUT, 'index.html')));
  }
  const template = readFileSync(templatePath, 'utf8');
  const manifest = JSON.parse(readFileSync(join(OUT, '.vite', 'manifest.json'), 'utf8'));
  const graph = { manifest, dir: OUT };
  const entryFiles = new Set(filesOf(graph, closure(graph, ['index.html'])).js);
  const ssr = await loadServerBundle(OUT);
  // A button pressed before it works (its island has not hydrated yet) would do nothing: the
  // page's first script holds such presses and presses them again once the button works. Its
  // source comes from the server bundle (src/site/islands/protocol.ts), so it always matches the
  // build's own islands runtime.
  const clickQueue = `<script>${ssr.clickQueueScript()}</script>`;

  // The page's HTML paints first; its scripts start loading right after that first paint, so on a
  // slow connection they do not compete with the HTML and CSS the visitor is waiting for.
  const entryScript = template.match(/<script type="module" crossorigin src="([^"]+)"><\/script>\s*/);
  if (!entryScript) throw new Error('the template has no module entry script');
  const entryPreloads = [...template.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
  let base = stripPageHead(template).replace(entryScript[0], '');
  for (const m of entryPreloads) base = base.replace(m[0], '');
  // The loader is the same on every page of a build (only the entry's name is in it), so the
  // Content-Security-Policy allows it by one hash computed at build time (host-config.mjs); what a
  // page preloads is data beside it, in #islands-preload.
  const loader =
    `<script type="module">let s=0;const go=()=>{if(s++)return;for(const h of JSON.parse(document.getElementById('islands-preload').textContent)){const l=document.createElement('link');l.rel='modulepreload';l.href=h;document.head.appendChild(l)}import(${scriptJson(entryScript[1])})};const later=()=>setTimeout(go,0);` +
    // after the first contentful paint where the browser reports it, else after the first frame
    `try{new PerformanceObserver((l,o)=>{if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();later()}}).observe({type:'paint',buffered:true});setTimeout(go,3000)}catch{requestAnimationFrame(later)}</script>`;
  // what hydrates at once: the islands' runtime and the islands marked 'load' (the header)
  const pageModules = (islandList) => {
    const sources = ['src/site/entry-client.tsx', ...islandList.filter((i) => i.hydrate === 'load').map((i) => i.source)];
    const files = filesOf(graph, closure(graph, sources.filter((k) => manifest[k]))).js.filter((f) => !entryFiles.has(f));
    return [...entryPreloads.map((m) => m[1]), ...files.map((f) => `/${f}`)];
  };

  /**
   * The file an address (as the browser sends it, percent-encoded) is served from, the way a
   * static host maps it; null for an address that cannot be a file of `out`.
   */
  function fileOf(path) {
    if (path === '/') return join(OUT, 'index.html');
    let decoded;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return null;
    }
    if (/[\0\\]/.test(decoded) || decoded.split('/').some((s) => s === '.' || s === '..')) return null;
    const file = resolve(OUT, `.${decoded}`, 'index.html');
    return file.startsWith(OUT + sep) ? file : null;
  }

  /** Removes the page of `path` (and directories it leaves empty); true when there was one. */
  function remove(path) {
    const file = fileOf(path);
    if (!file || !existsSync(file)) return false;
    rmSync(file);
    for (let dir = dirname(file); dir.startsWith(OUT + sep); dir = dirname(dir)) {
      try {
        if (readdirSync(dir).length > 0) break;
        rmdirSync(dir);
      } catch {
        break;
      }
    }
    return true;
  }

  /**
   * Renders `path` with the database's data now and writes it: 'written', 'removed' (the page
   * does not exist (any more): no file), or 'kept' (the data could not be read; the old file stays).
   */
  async function write(path, { withData = true } = {}) {
    const file = fileOf(path);
    if (!file) throw new Error(`refusing to write outside ${OUT}: ${path}`);
    const rendered = await ssr.renderPage(path, { withData });
    if (withData && rendered.incomplete) return 'kept';
    if (rendered.notFound) {
      remove(path);
      return 'removed';
    }
    writeAtomically(file, pageHtml(path, rendered));
    return 'written';
  }

  /**
   * The site's own not-found view (its head asks not to be indexed) as <out>/404.html: what the
   * hosts' rules answer, with status 404, for an address that has no page (docs/deploying.md).
   */
  async function writeNotFound({ withData = true } = {}) {
    const path = '/404';
    const rendered = await ssr.renderPage(path, { withData });
    if (!rendered.notFound) throw new Error(`${path} rendered a page, not the not-found view`);
    writeAtomically(join(OUT, '404.html'), pageHtml(path, rendered));
  }

  /** The whole HTML document of a rendered page. */
  function pageHtml(path, { html, islands, islandList, head }) {
    // Built-in data is a head start, not the truth: an island refetches it when it hydrates.
    for (const island of Object.values(islands)) for (const q of island.state?.queries ?? []) q.state.dataUpdatedAt = 0;
    return base
      .replace('</head>', `    ${headHtml(head)}\n  </head>`)
      // a function, so that `$` in the script's source is not read as a replacement pattern
      .replace(/<body([^>]*)>/, (_, attrs) => `<body${attrs}>\n    ${clickQueue}`)
      .replace(
        '<div id="root"></div>',
        `<div id="root" data-prerendered="${escapeAttr(path)}">${html}</div>\n    <script type="application/json" id="islands-data">${scriptJson(islands)}</script>\n    <script type="application/json" id="islands-preload">${scriptJson(pageModules(islandList))}</script>\n    ${loader}`,
      );
  }

  /** Written beside and renamed: the server never sends half a page. */
  function writeAtomically(file, page) {
    mkdirSync(dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, page);
    renameSync(tmp, file);
  }

  /** Addresses of the category pages now in the build (page 1 of each). */
  function categoryPages() {
    const dir = join(OUT, 'blog', 'category');
    if (!existsSync(dir)) return [];
    return readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(join(dir, d.name, 'index.html')))
      .map((d) => ssr.categoryPath(d.name));
  }

  return { out: OUT, ssr, write, writeNotFound, remove, fileOf, categoryPages };
}
