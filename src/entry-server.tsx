// Renders a public page to static HTML at build time (scripts/prerender.mjs), with the data its
// queries need, so visitors see the page before any JavaScript runs; main.tsx then hydrates it.
import { dehydrate, type DehydratedState, type Query } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { ErrorBoundary } from '@/app/ErrorBoundary';
import { AppProviders } from '@/app/providers';
import { AppRoutes } from '@/app/router';
import { site } from '@/config/site';
import { resourceArticles } from '@/content/resources';
import { createQueryClient } from '@/lib/queryClient';
import { headTags, serverMeta, type HeadTags, type PageMeta } from '@/lib/seo';
import { getSupabaseConfig } from '@/lib/supabaseConfig';

export interface RenderedPage {
  html: string;
  /** The data the HTML was rendered with, for the browser's query cache. */
  state: DehydratedState;
  head: HeadTags;
  /** The page says it does not exist (a hidden or deleted post, an unknown project). */
  notFound: boolean;
  /** Some of its data could not be read (the database failed or refused): not the true page. */
  incomplete: boolean;
}

async function toHtml(node: React.ReactNode): Promise<string> {
  // no outlining of large Suspense boundaries: the HTML must read complete without JavaScript
  const { prelude } = await prerender(node, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  const reader = prelude.getReader();
  const decoder = new TextDecoder();
  let html = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    html += decoder.decode(value, { stream: true });
  }
  return html + decoder.decode();
}

const isEnabled = (query: Query) => {
  const enabled = (query.options as { enabled?: unknown }).enabled;
  return typeof enabled === 'function' ? Boolean(enabled(query)) : enabled !== false;
};

/** A query whose result is the built-in sample (the backend refused or failed): never baked in. */
const isSample = (query: Query) => Boolean((query.state.data as { isSample?: boolean } | undefined)?.isSample);

/**
 * Renders `url`. With `withData`, renders once to learn which queries the page runs, fetches
 * them, and renders again with their results (repeated while new queries appear, e.g. a query
 * that depends on another's result). Failed or sample results are dropped, so such a page is
 * rendered in its loading state rather than with data the live site would not show.
 */
export async function renderPage(url: string, { withData = true } = {}): Promise<RenderedPage> {
  const queryClient = createQueryClient();
  const tree = (
    <StrictMode>
      <ErrorBoundary>
        <AppProviders queryClient={queryClient}>
          <StaticRouter location={url}>
            <AppRoutes />
          </StaticRouter>
        </AppProviders>
      </ErrorBoundary>
    </StrictMode>
  );

  serverMeta.current = null;
  let html = await toHtml(tree);
  if (/<!--\$\?-->/.test(html)) {
    // the first pass loaded the lazily split components; now they render in place
    serverMeta.current = null;
    html = await toHtml(tree);
  }
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
      serverMeta.current = null;
      html = await toHtml(tree);
    }
  }
  const path = url.split(/[?#]/)[0];
  const state = dehydrate(queryClient, { shouldDehydrateQuery: (q) => q.state.status === 'success' && !isSample(q) });
  // the cache's garbage-collection timers would otherwise keep the build process alive
  queryClient.clear();
  const meta: PageMeta = serverMeta.current ?? {};
  // the pages that are prerendered are meant for search engines; one that asks not to be indexed
  // is the not-found view
  return { html, state, head: headTags(meta, path), notFound: Boolean(meta.noIndex), incomplete };
}

/** What this build was made for: the public origin and the Supabase project it reads. */
export const buildConfig = { siteUrl: site.url, ...getSupabaseConfig() };

export { fetchCategoryNames } from '@/features/blog/listApi';
export { categoryPath, postPath } from '@/features/blog/logic';
export { projectPath } from '@/features/projects/logic';

/** The resource articles' slugs: static pages, always prerendered. */
export const resourceSlugs: string[] = resourceArticles.map((a) => a.slug);
