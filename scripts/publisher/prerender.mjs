// Prerenders the public pages of a client build into static HTML (run after `vite build`):
// the landing page, the blog's first page and the first page of each category, every published
// post and project, the resource articles, the privacy notice and the data-request page, each with the data its queries return at build
// time, its own title and meta tags, and preload links for its chunks. The browser hydrates that
// HTML (src/main.tsx), so the page is visible before any JavaScript runs. When the database does
// not answer, pages are prerendered without data (what needs data shows its loading state) and
// the build goes on.
//
//   node scripts/publisher/prerender.mjs --out dist
//
// Afterwards the publisher (publish.mjs) keeps these files in step with the database, page
// by page, from the content webhook; this script is the full rebuild.
//
// The untouched client template is kept as <out>/spa.html: the fallback for every other path
// (login, admin, deeper list pages, searches). `vite preview` serves files this way (see
// vite.config.ts); a static host needs the same rule (docs/deploying.md, "Serving the build").
import { resolve } from 'node:path';
import { build } from 'vite';
import { siteEnv } from './config.mjs';
import { isPathSafeCategory } from './feeds.mjs';
import { openSite, ssrDirFor } from './site.mjs';

// Dates on the pages are written the way the agency's visitors read them.
process.env.TZ = process.env.PRERENDER_TZ ?? 'Europe/Sofia';

const outArg = process.argv.indexOf('--out');
const OUT = resolve(outArg > 0 ? process.argv[outArg + 1] : 'dist');

const env = siteEnv();
for (const [k, v] of Object.entries(env)) process.env[k] ??= v;

/** Every row of a PostgREST query with the anon key, 1000 at a time; null when the database does not answer. */
async function restAll(path) {
  const rows = [];
  try {
    for (let offset = 0; ; offset += 1000) {
      const res = await fetch(`${process.env.VITE_SUPABASE_URL.replace(/\/$/, '')}/rest/v1/${path}&limit=1000&offset=${offset}`, {
        headers: { apikey: process.env.VITE_SUPABASE_ANON_KEY, Authorization: `Bearer ${process.env.VITE_SUPABASE_ANON_KEY}` },
        signal: AbortSignal.timeout(8000),
      });
      if (!res.ok) return null;
      const page = await res.json();
      rows.push(...page);
      if (page.length < 1000) return rows;
    }
  } catch {
    return null;
  }
}

async function main() {
  const started = performance.now();
  await build({
    logLevel: 'warn',
    build: { ssr: 'src/site/entry-server.tsx', outDir: ssrDirFor(OUT), emptyOutDir: true, manifest: false, copyPublicDir: false },
  });
  const site = await openSite(OUT);
  const { ssr } = site;

  const withData = (await restAll('project_categories?select=name')) !== null;
  if (!withData) console.warn('[prerender] the database did not answer: pages are prerendered without data');

  const pages = ['/', '/blog', ssr.privacyNoticePath, ssr.dataRequestPath, ...ssr.resourceSlugs.map((slug) => ssr.resourcePath(slug))];
  if (withData) {
    const [posts, projects, categories] = await Promise.all([
      restAll('blog_posts?select=slug&is_published=eq.true&order=published_at.desc,id.desc'),
      restAll('projects?select=id,slug&order=created_at.desc'),
      ssr.fetchCategoryNames().catch(() => []),
    ]);
    pages.push(...categories.filter(isPathSafeCategory).map((name) => ssr.categoryPath(name)));
    pages.push(...(posts ?? []).map((p) => ssr.postPath(p.slug)));
    pages.push(...(projects ?? []).map((p) => ssr.projectPath(p)));
  }

  const counts = { written: 0, removed: 0, kept: 0 };
  for (const path of pages) counts[await site.write(path, { withData })]++;
  // the page hosts answer an unknown address with (status 404)
  await site.writeNotFound({ withData });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `[prerender] ${counts.written} pages written to ${OUT} in ${seconds} s${withData ? '' : ' (without data)'}` +
      (counts.kept ? `, ${counts.kept} left out (their data could not be read)` : ''),
  );
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error('[prerender] failed:', error);
    process.exit(1);
  },
);
