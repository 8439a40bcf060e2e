// Renders a public page to static HTML at build time (scripts/publisher/prerender.mjs), with the
// data its queries need, so visitors see the page before any JavaScript runs. The page stays that
// HTML in the browser; only its islands (src/site/islands/Island.tsx) hydrate, each as a root of
// its own, so each is rendered here as its own root too, and ships with its props and the data it
// read.
import { dehydrate, QueryCache, QueryClientProvider, type DehydratedState, type Query, type QueryClient } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { ErrorBoundary } from '@/shared/layout/ErrorBoundary';
import { AppProviders } from '@/shared/layout/AppProviders';
import { SitePageRoutes } from './routes';
import { site } from '@/shared/config/site';
import { resourceArticles } from './content/resources';
import { IslandCollector, IslandCollectorContext, type CollectedIsland, type Hydrate } from './islands/Island';
import { IslandShell } from './islands/IslandShell';
import { placeholderHtml } from './islands/protocol';
import { ISLANDS } from './island-registry';
import { createQueryClient } from '@/shared/db/query-client';
import { headTags, serverMeta, type HeadTags, type PageMeta } from '@/shared/layout/seo';
import { getSupabaseConfig } from '@/shared/db/config';

export interface IslandData {
  props: unknown;
  /** Only the queries this island read, never the page's others. */
  state?: DehydratedState;
}

export interface RenderedPage {
  /** The page's HTML, its islands rendered in place. */
  html: string;
  /** Per island id: what it hydrates with (the page writes it as JSON beside the HTML). */
  islands: Record<string, IslandData>;
  /** The islands on the page, in order, with their source module (for preloading). */
  islandList: { name: string; hydrate: Hydrate; source: string }[];
  head: HeadTags;
  /** The page says it does not exist (a hidden or deleted post, an unknown project). */
  notFound: boolean;
  /** Some of its data could not be read (the database failed or refused): not the true page. */
  incomplete: boolean;
}

async function toHtml(node: ReactNode, identifierPrefix?: string, beforePass?: () => void): Promise<string> {
  const once = async () => {
    beforePass?.();
    // no outlining of large Suspense boundaries: the HTML must read complete without JavaScript
    const { prelude } = await prerender(node, { progressiveChunkSize: Number.POSITIVE_INFINITY, identifierPrefix });
    const reader = prelude.getReader();
    const decoder = new TextDecoder();
    let html = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      html += decoder.decode(value, { stream: true });
    }
    return html + decoder.decode();
  };
  const html = await once();
  // the first pass loaded the lazily split components; now they render in place
  return /<!--\$\?-->/.test(html) ? once() : html;
}

/** A query cache that records which queries are asked for while `tracked` is set (one island renders). */
function trackingQueryCache() {
  const cache = new QueryCache() as QueryCache & { tracked: Set<string> | null };
  cache.tracked = null;
  const build = cache.build.bind(cache);
  cache.build = ((...args: Parameters<typeof build>) => {
    const query = build(...args);
    cache.tracked?.add(query.queryHash);
    return query;
  }) as typeof cache.build;
  return cache;
}
type TrackingQueryCache = ReturnType<typeof trackingQueryCache>;

const isEnabled = (query: Query) => {
  const enabled = (query.options as { enabled?: unknown }).enabled;
  return typeof enabled === 'function' ? Boolean(enabled(query)) : enabled !== false;
};

/** A query whose result is the built-in sample (the backend refused or failed): never baked in. */
const isSample = (query: Query) => Boolean((query.state.data as { isSample?: boolean } | undefined)?.isSample);

interface Rendered {
  html: string;
  islands: (CollectedIsland & { html: string; queries: Set<string> })[];
}

async function renderOnce(url: string, queryClient: QueryClient, cache: TrackingQueryCache): Promise<Rendered> {
  const collector = new IslandCollector();
  const tree = (
    <StrictMode>
      <ErrorBoundary>
        <AppProviders queryClient={queryClient}>
          <IslandCollectorContext.Provider value={collector}>
            <StaticRouter location={url}>
              <SitePageRoutes />
            </StaticRouter>
          </IslandCollectorContext.Provider>
        </AppProviders>
      </ErrorBoundary>
    </StrictMode>
  );
  serverMeta.current = null;
  serverMeta.collecting = true;
  let html: string;
  try {
    html = await toHtml(tree, undefined, () => {
      serverMeta.current = null;
      collector.reset();
    });
  } finally {
    serverMeta.collecting = false;
  }
  const meta = serverMeta.current;
  const [, pathname = '/', search = '', hash = ''] = /^([^?#]*)(\?[^#]*)?(#.*)?$/.exec(url) ?? [];
  const location = { pathname, search, hash };
  const islands: Rendered['islands'] = [];
  // an island rendered again (a suspended part retried) registered again: keep what the HTML shows
  const shown = collector.islands.filter((island) => html.includes(placeholderHtml(island)));
  for (const island of shown) {
    cache.tracked = new Set();
    const islandHtml = await toHtml(
      <QueryClientProvider client={queryClient}>
        <IslandShell location={location}>{island.element}</IslandShell>
      </QueryClientProvider>,
      `i${island.id}-`,
    );
    islands.push({ ...island, html: islandHtml, queries: cache.tracked });
  }
  cache.tracked = null;
  serverMeta.current = meta;
  for (const island of islands) {
    const empty = placeholderHtml(island);
    html = html.replace(empty, empty.replace('></div>', `>${island.html}</div>`));
  }
  return { html, islands };
}

/**
 * Renders `url`. With `withData`, renders once to learn which queries the page and its islands
 * run, fetches them, and renders again with their results (repeated while new queries appear,
 * e.g. a query that depends on another's result). Failed or sample results are dropped, so such
 * a page is rendered in its loading state rather than with data the live site would not show.
 */
export async function renderPage(url: string, { withData = true } = {}): Promise<RenderedPage> {
  const cache = trackingQueryCache();
  const queryClient = createQueryClient({ queryCache: cache });
  let rendered = await renderOnce(url, queryClient, cache);
  let incomplete = false;
  if (withData) {
    const fetched = new Set<string>();
    for (let round = 0; round < 3; round++) {
      const pending = queryClient
        .getQueryCache()
        .getAll()
        .filter((q) => !fetched.has(q.queryHash) && isEnabled(q) && q.meta?.prerender !== false);
      if (pending.length === 0) break;
      pending.forEach((q) => fetched.add(q.queryHash));
      await Promise.all(pending.map((q) => q.fetch().catch(() => undefined)));
      const failed = queryClient.getQueryCache().findAll({ predicate: (q) => q.state.status === 'error' || isSample(q) });
      if (failed.length > 0) incomplete = true;
      queryClient.removeQueries({ predicate: (q) => q.state.status === 'error' || isSample(q) });
      rendered = await renderOnce(url, queryClient, cache);
    }
  }
  const path = url.split(/[?#]/)[0];
  const islands: Record<string, IslandData> = {};
  for (const island of rendered.islands) {
    const state = dehydrate(queryClient, {
      shouldDehydrateQuery: (q) => island.queries.has(q.queryHash) && q.state.status === 'success' && !isSample(q),
    });
    islands[island.id] = state.queries.length > 0 ? { props: island.props, state } : { props: island.props };
  }
  // the cache's garbage-collection timers would otherwise keep the build process alive
  queryClient.clear();
  const meta: PageMeta = serverMeta.current ?? {};
  return {
    html: rendered.html,
    islands,
    islandList: rendered.islands.map(({ name, hydrate }) => ({ name, hydrate, source: ISLANDS[name]?.source ?? '' })),
    head: headTags(meta, path),
    // the pages that are prerendered are meant for search engines; one that asks not to be
    // indexed is the not-found view
    notFound: Boolean(meta.noIndex),
    incomplete,
  };
}

/** What this build was made for: the public origin and the Supabase project it reads. */
export const buildConfig = { siteUrl: site.url, ...getSupabaseConfig() };

export { fetchCategoryNames } from './pages/blog/list-api';

/**
 * The public addresses (src/shared/config/addresses.ts): the publisher names each page's file,
 * sitemap entry and feed item with these, so they are always the addresses the site links to.
 */
export { categoryPath, postPath, projectPath, resourcePath } from '@/shared/config/addresses';

/** The privacy notice's address (issue 50): always prerendered, in the sitemap, re-rendered when its facts change. */
export { PRIVACY_NOTICE_PATH as privacyNoticePath } from '@/shared/config/addresses';

/** Where a person asks for a copy or the erasure of their data (issue 50): a static page, always prerendered. */
export { DATA_REQUEST_PATH as dataRequestPath } from '@/shared/config/addresses';

/** The agency's name (src/shared/config/site.ts), for the feed's title. */
export const siteName: string = site.name;

/**
 * The body of each page's first inline script, which holds presses on buttons until they work
 * (src/site/islands/protocol.ts): the publisher takes it from this bundle, so every page carries
 * the click queue of the build it belongs to.
 */
export { clickQueueScript } from './islands/protocol';

/** The resource articles' slugs: static pages, always prerendered and in the sitemap. */
export const resourceSlugs: string[] = resourceArticles.map((a) => a.slug);
