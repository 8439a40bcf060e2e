import type { ComponentType } from 'react';

type Loader = () => Promise<ComponentType<never>>;

interface IslandEntry {
  source: string;
  load: Loader;
  /** It reads data with React Query: it hydrates inside the query client (query-shell.tsx). */
  data?: true;
}

/**
 * Every island a prerendered page may hold: its name (the `name` of <Island>), the module that
 * holds its component — each its own chunk, fetched only by the pages that show it — and that
 * module's source path, by which the prerenderer preloads the islands that hydrate at once and
 * scripts/bundle-graph.mjs weighs each page (tests/build/bundle.test.ts checks the paths).
 */
export const ISLANDS: Record<string, IslandEntry> = {
  header: {
    source: 'src/app/layout/SiteHeader.tsx',
    load: () => import('@/app/layout/SiteHeader').then((m) => m.SiteHeader),
  },
  'logo-network': {
    source: 'src/features/landing/LogoNetwork.tsx',
    load: () => import('@/features/landing/LogoNetwork').then((m) => m.LogoNetwork),
  },
  clients: {
    data: true,
    source: 'src/features/landing/sections/Clients.tsx',
    load: () => import('@/features/landing/sections/Clients').then((m) => m.Clients),
  },
  work: {
    data: true,
    source: 'src/features/landing/sections/Work.tsx',
    load: () => import('@/features/landing/sections/Work').then((m) => m.Work),
  },
  faq: {
    source: 'src/features/landing/sections/Faq.tsx',
    load: () => import('@/features/landing/sections/Faq').then((m) => m.Faq),
  },
  newsletter: {
    source: 'src/app/layout/NewsletterBox.tsx',
    load: () => import('@/app/layout/NewsletterBox').then((m) => m.NewsletterBox),
  },
  share: {
    source: 'src/features/blog/components/ShareButtons.tsx',
    load: () => import('@/features/blog/components/ShareButtons').then((m) => m.ShareButtons),
  },
  'blog-sidebar': {
    data: true,
    source: 'src/features/blog/components/BlogSidebar.tsx',
    load: () => import('@/features/blog/components/BlogSidebar').then((m) => m.BlogSidebar),
  },
  'blog-search': {
    source: 'src/features/blog/components/BlogSearchForm.tsx',
    load: () => import('@/features/blog/components/BlogSearchForm').then((m) => m.BlogSearchForm),
  },
  gallery: {
    source: 'src/features/projects/components/Gallery.tsx',
    load: () => import('@/features/projects/components/Gallery').then((m) => m.Gallery),
  },
  'resource-nav': {
    source: 'src/features/resources/ResourceNav.tsx',
    load: () => import('@/features/resources/ResourceNav').then((m) => m.ResourceNav),
  },
  'resource-share': {
    source: 'src/features/resources/ResourceNav.tsx',
    load: () => import('@/features/resources/ResourceNav').then((m) => m.ResourceShare),
  },
};
