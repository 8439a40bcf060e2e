// Prerenders the public pages of a client build into static HTML (run after `vite build`):
// the landing page, the blog, every published post and project, and the resource articles, each
// with the data its queries return at build time, its own title and meta tags, and preload links
// for its chunks. The browser hydrates that HTML (src/main.tsx), so the page is visible before any
// JavaScript runs. When the database does not answer, pages are prerendered without data (what
// needs data shows its loading state) and the build goes on.
//
//   node scripts/prerender.mjs --out dist
//
// The untouched client template is kept as <out>/spa.html: the fallback for every other path
// (login, admin, posts newer than the build). `vite preview` serves files this way (see
// vite.config.ts); a static host needs the same rule (README, Deploying).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { closure, filesOf } from './bundle-graph.mjs';
import { siteEnv } from './local-backend.mjs';

// Dates on the pages are written the way the agency's visitors read them.
process.env.TZ = process.env.PRERENDER_TZ ?? 'Europe/Sofia';

const outArg = process.argv.indexOf('--out');
const OUT = resolve(outArg > 0 ? process.argv[outArg + 1] : 'dist');
const SSR_DIR = resolve('.cache', `ssr-${Buffer.from(OUT).toString('base64url').slice(-16)}`);

const env = siteEnv();
for (const [k, v] of Object.entries(env)) process.env[k] ??= v;

/** PostgREST GET with the anon key; null when the database does not answer. */
async function rest(path) {
  try {
    const res = await fetch(`${process.env.VITE_SUPABASE_URL.replace(/\/$/, '')}/rest/v1/${path}`, {
      headers: { apikey: process.env.VITE_SUPABASE_ANON_KEY, Authorization: `Bearer ${process.env.VITE_SUPABASE_ANON_KEY}` },
      signal: AbortSignal.timeout(4000),
    });
    return res.ok ? await res.json() : null;
  } catch {
    return null;
  }
}

const escapeAttr = (s) => String(s).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const escapeText = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;');
/** JSON safe inside a <script> element. */
const scriptJson = (value) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

function headHtml(head) {
  const lines = [`<title>${escapeText(head.title)}</title>`, `<link rel="canonical" href="${escapeAttr(head.canonical)}" />`];
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

const PAGE_MODULES = {
  '/': 'src/features/landing/LandingPage.tsx',
  blog: 'src/features/blog/BlogListPage.tsx',
  post: 'src/features/blog/BlogPostPage.tsx',
  project: 'src/features/projects/ProjectPage.tsx',
  resource: 'src/features/resources/ResourcesPage.tsx',
};

async function main() {
  const templatePath = join(OUT, 'spa.html');
  if (!existsSync(templatePath)) {
    if (!existsSync(join(OUT, 'index.html'))) throw new Error(`${OUT}/index.html not found: run vite build first`);
    writeFileSync(templatePath, readFileSync(join(OUT, 'index.html')));
  }
  const template = readFileSync(templatePath, 'utf8');
  const manifest = JSON.parse(readFileSync(join(OUT, '.vite', 'manifest.json'), 'utf8'));
  const graph = { manifest, dir: OUT };
  const entryFiles = new Set(filesOf(graph, closure(graph, ['index.html'])).js);

  await build({
    logLevel: 'warn',
    build: { ssr: 'src/entry-server.tsx', outDir: SSR_DIR, emptyOutDir: true, manifest: false, copyPublicDir: false },
  });
  const { renderPage, resourceSlugs } = await import(pathToFileURL(join(SSR_DIR, 'entry-server.js')).href);

  const withData = (await rest('project_categories?select=name&limit=1')) !== null;
  if (!withData) console.warn('[prerender] the database did not answer: pages are prerendered without data');

  const pages = [
    ['/', PAGE_MODULES['/']],
    ['/blog', PAGE_MODULES.blog],
    ...resourceSlugs.map((slug) => [`/resources/${slug}`, PAGE_MODULES.resource]),
  ];
  if (withData) {
    const posts = (await rest('blog_posts?select=slug&is_published=eq.true')) ?? [];
    const projects = (await rest('projects?select=id,slug')) ?? [];
    pages.push(...posts.map((p) => [`/blog/${p.slug}`, PAGE_MODULES.post]));
    pages.push(...projects.map((p) => [`/project/${p.slug || p.id}`, PAGE_MODULES.project]));
  }

  // The page's HTML paints first; its scripts start loading right after that first paint, so on a
  // slow connection they do not compete with the HTML and CSS the visitor is waiting for.
  const entryScript = template.match(/<script type="module" crossorigin src="([^"]+)"><\/script>\s*/);
  if (!entryScript) throw new Error('the template has no module entry script');
  const entryPreloads = [...template.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
  let base = stripPageHead(template).replace(entryScript[0], '');
  for (const m of entryPreloads) base = base.replace(m[0], '');
  // A button pressed before the app has taken the page over would do nothing: such clicks are
  // held and pressed again once it has (src/app/App.tsx calls window.__replayClicks).
  const clickQueue =
    '<script>(function(){var q=[];function h(e){var t=e.target&&e.target.closest&&e.target.closest("button,[role=button],[aria-haspopup]");if(!t||document.documentElement.hasAttribute("data-app-ready")||(t.type==="submit"&&t.form&&t.form.hasAttribute("action")))return;e.preventDefault();e.stopPropagation();if(q.indexOf(t)<0)q.push(t)}document.addEventListener("click",h,true);' +
    // React hydrates a page in parts: each held click waits until React owns its button
    'window.__replayClicks=function(){document.removeEventListener("click",h,true);var s=Date.now();(function tick(){q=q.filter(function(t){if(!t.isConnected)return false;if(Object.keys(t).some(function(k){return k.indexOf("__reactProps")===0})||Date.now()-s>5000){t.click();return false}return true});if(q.length)requestAnimationFrame(tick)})()}})()</script>';
  const loader = (modules) =>
    `<script type="module">const go=()=>{for(const h of ${scriptJson(modules)}){const l=document.createElement('link');l.rel='modulepreload';l.href=h;document.head.appendChild(l)}import(${scriptJson(entryScript[1])})};requestAnimationFrame(()=>setTimeout(go,0))</script>`;
  let count = 0;
  for (const [path, pageModule] of pages) {
    const { html, state, head } = await renderPage(path, { withData });
    // Built-in data is a head start, not the truth: the browser refetches it on mount.
    for (const q of state.queries) q.state.dataUpdatedAt = 0;
    const pageFiles = manifest[pageModule]
      ? filesOf(graph, closure(graph, [pageModule])).js.filter((f) => !entryFiles.has(f))
      : [];
    const modules = [...entryPreloads.map((m) => m[1]), ...pageFiles.map((f) => `/${f}`)];
    const page = base
      .replace('</head>', `    ${headHtml(head)}\n  </head>`)
      .replace(/<body([^>]*)>/, `<body$1>\n    ${clickQueue}`)
      .replace(
        '<div id="root"></div>',
        `<div id="root" data-prerendered="${escapeAttr(path)}">${html}</div>\n    <script>window.__QUERY_STATE__=${scriptJson(state)}</script>\n    ${loader(modules)}`,
      );
    const file = path === '/' ? join(OUT, 'index.html') : join(OUT, path, 'index.html');
    if (!resolve(file).startsWith(OUT)) throw new Error(`refusing to write outside ${OUT}: ${path}`);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, page);
    count++;
  }
  console.log(`[prerender] ${count} pages written to ${OUT}${withData ? '' : ' (without data)'}`);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error('[prerender] failed:', error);
    process.exit(1);
  },
);
