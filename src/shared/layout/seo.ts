import { useEffect } from 'react';
import { site } from '@/shared/config/site';

/** What a page says about itself to browsers, search engines and link previews. */
export interface PageMeta {
  /** Page title without the brand; the brand is appended ('Блог | Синаптика'). Omit on the home page. */
  title?: string;
  description?: string;
  /** Path of the canonical URL ('/blog/my-post'); defaults to the current path without query. */
  canonicalPath?: string;
  /** Preview image: absolute URL or a path on this site. */
  image?: string | null;
  /** Open Graph type: 'website' (default) or 'article' for blog posts and resources. */
  type?: 'website' | 'article';
  /** Keep the page out of search results (login, admin, 404). */
  noIndex?: boolean;
  /** Paths of the previous and next page of a paged list (<link rel="prev"> and rel="next"). */
  prevPath?: string;
  nextPath?: string;
}

/** Formats the document title: 'Блог | Синаптика', or the brand and tagline for the home page. */
export function formatTitle(title?: string): string {
  const trimmed = title?.trim();
  if (!trimmed || trimmed === site.name) return `${site.name} — ${site.tagline}`;
  return `${trimmed} | ${site.name}`;
}

/** Turns a site path or URL into an absolute URL on the public origin. */
export function absoluteUrl(pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${site.url}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

function upsertMeta(attr: 'name' | 'property', key: string, content: string | null): void {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (content === null) {
    el?.remove();
    return;
  }
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.setAttribute('content', content);
}

function upsertCanonical(href: string): void {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'canonical';
    document.head.appendChild(link);
  }
  link.href = href;
}

export interface HeadTags {
  title: string;
  canonical: string;
  /** [attribute, key, content]; content null means the tag must not exist. */
  metas: ['name' | 'property', string, string | null][];
  /** The previous and next page of a paged list, absolute; only those that exist. */
  links: { rel: 'prev' | 'next'; href: string }[];
}

/** The head tags a page's meta stands for, at the given path. */
export function headTags(meta: PageMeta, currentPath: string): HeadTags {
  const title = formatTitle(meta.title);
  const description = meta.description?.trim() || site.description;
  const url = absoluteUrl(meta.canonicalPath ?? currentPath);
  const image = meta.image ? absoluteUrl(meta.image) : null;
  const links: HeadTags['links'] = [];
  if (meta.prevPath) links.push({ rel: 'prev', href: absoluteUrl(meta.prevPath) });
  if (meta.nextPath) links.push({ rel: 'next', href: absoluteUrl(meta.nextPath) });
  return {
    title,
    canonical: url,
    links,
    metas: [
      ['name', 'description', description],
      ['name', 'robots', meta.noIndex ? 'noindex, nofollow' : null],
      ['property', 'og:site_name', site.name],
      ['property', 'og:locale', 'bg_BG'],
      ['property', 'og:type', meta.type ?? 'website'],
      ['property', 'og:title', title],
      ['property', 'og:description', description],
      ['property', 'og:url', url],
      ['property', 'og:image', image],
      ['name', 'twitter:card', image ? 'summary_large_image' : 'summary'],
      ['name', 'twitter:title', title],
      ['name', 'twitter:description', description],
      ['name', 'twitter:image', image],
    ],
  };
}

/** Writes title, description, canonical link, Open Graph and Twitter tags into <head>. */
export function applyPageMeta(meta: PageMeta): void {
  if (typeof document === 'undefined') return;
  const tags = headTags(meta, window.location.pathname);
  document.title = tags.title;
  upsertCanonical(tags.canonical);
  for (const [attr, key, content] of tags.metas) upsertMeta(attr, key, content);
  // the previous page's prev/next links are stale on any other page
  document.head.querySelectorAll('link[rel="prev"],link[rel="next"]').forEach((el) => el.remove());
  for (const link of tags.links) document.head.appendChild(Object.assign(document.createElement('link'), link));
}

/**
 * When pages are prerendered (no document), the meta of the page being rendered is kept here so
 * the prerender script can write it into the static HTML.
 */
export const serverMeta: { current: PageMeta | null } = { current: null };

/**
 * Sets the page's title and meta tags while the page is shown. Every page calls it once:
 *   usePageMeta({ title: 'Блог', description: '...', canonicalPath: '/blog' });
 */
export function usePageMeta(meta: PageMeta): void {
  if (typeof document === 'undefined') serverMeta.current = meta;
  // the meta is plain values: its JSON says whether anything changed since the last render
  const key = JSON.stringify(meta);
  useEffect(() => applyPageMeta(JSON.parse(key) as PageMeta), [key]);
}
