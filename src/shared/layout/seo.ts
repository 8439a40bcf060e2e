import { useEffect } from 'react';
import { publicUrl } from '@/shared/config/addresses';
import { site } from '@/shared/config/site';
import { responsiveImage, srcSetOf } from '@/shared/media/variants';

/** What a page says about itself to browsers, search engines and link previews. */
export interface PageMeta {
  /** Page title without the brand; the brand is appended ('Блог | Синаптика'). Omit on the home page. */
  title?: string;
  /**
   * The whole title, used as it is, brand not appended: an editor's meta title, written for the
   * search result. Wins over `title` in the head.
   */
  fullTitle?: string;
  description?: string;
  /** Path of the canonical URL ('/blog/my-post'); defaults to the current path without query. */
  canonicalPath?: string;
  /** Preview image: absolute URL or a path on this site. */
  image?: string | null;
  /** What the preview image shows (og:image:alt); omitted when empty. */
  imageAlt?: string | null;
  /**
   * The page's main image above the fold, preloaded from the static HTML's head so its download
   * starts before the body is parsed. `sizes` must be the very `sizes` the page's <Picture> is
   * given, or the browser preloads one copy and shows another.
   */
  preloadImage?: { src: string; sizes: string } | null;
  /** Open Graph type: 'website' (default) or 'article' for blog posts and resources. */
  type?: 'website' | 'article';
  /** Keep the page out of search results (login, admin, 404). */
  noIndex?: boolean;
  /** Paths of the previous and next page of a paged list (<link rel="prev"> and rel="next"). */
  prevPath?: string;
  nextPath?: string;
}

export { formatTitle } from './title';
import { formatTitle } from './title';

/**
 * The search-and-share fields an editor may set on a post or a project (the same columns on
 * blog_posts and projects); empty or missing means "use the record's own".
 */
export interface ShareFields {
  meta_title?: string | null;
  meta_description?: string | null;
  share_image?: string | null;
  share_image_alt?: string | null;
}

/**
 * What search engines and share cards get for a post or project: the editor's fields where set,
 * else the record's own title, description and main image. The alt text goes with the image
 * chosen, so a share image never borrows the main image's text.
 */
export function shareMeta(
  fields: ShareFields,
  own: { title: string; description?: string | null; image?: string | null; imageAlt?: string | null },
): Pick<PageMeta, 'title' | 'fullTitle' | 'description' | 'image' | 'imageAlt'> {
  const shareImage = fields.share_image?.trim();
  return {
    title: own.title,
    fullTitle: fields.meta_title?.trim() || undefined,
    description: fields.meta_description?.trim() || own.description?.trim() || undefined,
    image: shareImage || own.image || null,
    imageAlt: shareImage ? fields.share_image_alt : own.imageAlt,
  };
}

/** Turns a site path or URL into an absolute URL on the public origin. */
export function absoluteUrl(pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return publicUrl(pathOrUrl);
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

/** A <link> of the head; every attribute but rel is optional (a preload by srcset has no href). */
export interface HeadLink {
  rel: 'prev' | 'next' | 'preload';
  href?: string;
  as?: 'image';
  type?: string;
  imagesrcset?: string;
  imagesizes?: string;
  fetchpriority?: 'high';
}

export interface HeadTags {
  title: string;
  canonical: string;
  /** [attribute, key, content]; content null means the tag must not exist. */
  metas: ['name' | 'property', string, string | null][];
  /**
   * The previous and next page of a paged list, absolute, only those that exist; and the preload
   * of the page's main image.
   */
  links: HeadLink[];
}

/**
 * The preload of an image shown by <Picture>: an uploaded photo's WebP copies by srcset (only a
 * browser that takes WebP, the one that will pick the <source>, fetches it), any other image by URL.
 */
export function imagePreload(src: string, sizes: string): HeadLink {
  const image = responsiveImage(src);
  if (!image) return { rel: 'preload', as: 'image', href: src, fetchpriority: 'high' };
  return { rel: 'preload', as: 'image', type: 'image/webp', imagesrcset: srcSetOf(image), imagesizes: sizes, fetchpriority: 'high' };
}

/** The head tags a page's meta stands for, at the given path. */
export function headTags(meta: PageMeta, currentPath: string): HeadTags {
  const title = meta.fullTitle?.trim() || formatTitle(meta.title);
  const description = meta.description?.trim() || site.description;
  const url = absoluteUrl(meta.canonicalPath ?? currentPath);
  const image = meta.image ? absoluteUrl(meta.image) : null;
  // the fallback (at most 1600 px wide) is what previews get; its name may say its size
  const size = image ? responsiveImage(meta.image) : null;
  const imageAlt = image ? meta.imageAlt?.trim() || null : null;
  const links: HeadTags['links'] = [];
  if (meta.prevPath) links.push({ rel: 'prev', href: absoluteUrl(meta.prevPath) });
  if (meta.nextPath) links.push({ rel: 'next', href: absoluteUrl(meta.nextPath) });
  if (meta.preloadImage?.src) links.push(imagePreload(meta.preloadImage.src, meta.preloadImage.sizes));
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
      ['property', 'og:image:width', size ? String(size.width) : null],
      ['property', 'og:image:height', size ? String(size.height) : null],
      ['property', 'og:image:alt', imageAlt],
      ['name', 'twitter:card', image ? 'summary_large_image' : 'summary'],
      ['name', 'twitter:title', title],
      ['name', 'twitter:description', description],
      ['name', 'twitter:image', image],
      ['name', 'twitter:image:alt', imageAlt],
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
  for (const link of tags.links) {
    // a preload only helps while the HTML is parsed: the shown page has its image already
    if (link.rel === 'prev' || link.rel === 'next') document.head.appendChild(Object.assign(document.createElement('link'), { rel: link.rel, href: link.href }));
  }
}

/**
 * When pages are prerendered (no document, or `collecting` set by the prerenderer where a test
 * gives it a document), the meta of the page being rendered is kept here so the prerender script
 * can write it into the static HTML.
 */
export const serverMeta: { current: PageMeta | null; collecting: boolean } = { current: null, collecting: false };

/**
 * Sets the page's title and meta tags while the page is shown. Every page calls it once:
 *   usePageMeta({ title: 'Блог', description: '...', canonicalPath: '/blog' });
 */
export function usePageMeta(meta: PageMeta): void {
  if (serverMeta.collecting || typeof document === 'undefined') serverMeta.current = meta;
  // the meta is plain values: its JSON says whether anything changed since the last render
  const key = JSON.stringify(meta);
  useEffect(() => applyPageMeta(JSON.parse(key) as PageMeta), [key]);
}
