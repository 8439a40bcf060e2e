import type { ComponentType } from 'react';

type Loader = () => Promise<ComponentType<never>>;

interface IslandEntry {
  source: string;
  load: Loader;
  /** It reads data with React Query: it hydrates inside the query client (QueryShell.tsx). */
  data?: true;
}

/**
 * Every island a prerendered page may hold: its name (the `name` of <Island>), the module that
 * holds its component — each its own chunk, fetched only by the pages that show it — and that
 * module's source path, by which the prerenderer preloads the islands that hydrate at once and
 * scripts/tools/bundle-graph.mjs weighs each page (tests/build/bundle.test.ts checks the paths).
 */
export const ISLANDS: Record<string, IslandEntry> = {
  header: {
    source: 'src/site/layout/SiteHeader.tsx',
    load: () => import('@/site/layout/SiteHeader').then((m) => m.SiteHeader),
  },
  'logo-network': {
    source: 'src/site/pages/landing/LogoNetwork.tsx',
    load: () => import('@/site/pages/landing/LogoNetwork').then((m) => m.LogoNetwork),
  },
  clients: {
    data: true,
    source: 'src/site/pages/landing/sections/Clients.tsx',
    load: () => import('@/site/pages/landing/sections/Clients').then((m) => m.Clients),
  },
  work: {
    data: true,
    source: 'src/site/pages/landing/sections/Work.tsx',
    load: () => import('@/site/pages/landing/sections/Work').then((m) => m.Work),
  },
  faq: {
    source: 'src/site/pages/landing/sections/Faq.tsx',
    load: () => import('@/site/pages/landing/sections/Faq').then((m) => m.Faq),
  },
  newsletter: {
    source: 'src/site/layout/NewsletterBox.tsx',
    load: () => import('@/site/layout/NewsletterBox').then((m) => m.NewsletterBox),
  },
  share: {
    source: 'src/site/pages/blog/components/ShareButtons.tsx',
    load: () => import('@/site/pages/blog/components/ShareButtons').then((m) => m.ShareButtons),
  },
  'blog-sidebar': {
    data: true,
    source: 'src/site/pages/blog/components/BlogSidebar.tsx',
    load: () => import('@/site/pages/blog/components/BlogSidebar').then((m) => m.BlogSidebar),
  },
  'blog-search': {
    source: 'src/site/pages/blog/components/BlogSearchForm.tsx',
    load: () => import('@/site/pages/blog/components/BlogSearchForm').then((m) => m.BlogSearchForm),
  },
  gallery: {
    source: 'src/site/pages/projects/components/Gallery.tsx',
    load: () => import('@/site/pages/projects/components/Gallery').then((m) => m.Gallery),
  },
  'resource-nav': {
    source: 'src/site/pages/resources/ResourceNav.tsx',
    load: () => import('@/site/pages/resources/ResourceNav').then((m) => m.ResourceNav),
  },
  'resource-share': {
    source: 'src/site/pages/resources/ResourceNav.tsx',
    load: () => import('@/site/pages/resources/ResourceNav').then((m) => m.ResourceShare),
  },
};
