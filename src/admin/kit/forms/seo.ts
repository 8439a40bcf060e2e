/*
 * The search-and-share fields of posts and projects (meta_title, meta_description, share_image and
 * its alt text): their limits and messages, the values a page really gets once the fallbacks are
 * applied, and the text a result page shows (cut at a word). Free of React and zod, so both forms'
 * schemas, the shared SeoFields component and the tests use the same rules.
 */
import { publicUrl } from '@/shared/config/addresses';
import { site } from '@/shared/config/site';
import { shareMeta } from '@/shared/layout/seo';
import { imageAltProblem } from '../media/image-alt';

/** About what a search result shows of a title before cutting it. */
export const SEO_TITLE_SHOWN = 60;
/** About what a search result shows of a description before cutting it. */
export const SEO_DESCRIPTION_SHOWN = 160;
/** The database's limits (blog_posts and projects alike). */
export const META_TITLE_MAX_LENGTH = 200;
export const META_DESCRIPTION_MAX_LENGTH = 400;

export const seoText = {
  section: 'Търсачки и споделяне',
  intro: 'Как страницата изглежда в резултатите на търсачките и когато някой я сподели. Всяко поле е по избор.',
  metaTitle: 'Мета заглавие',
  metaDescription: 'Мета описание',
  shareImage: 'Изображение за споделяне',
  shareImageUpload: 'Качи изображение за споделяне',
  shareImageUrl: 'или URL адрес на изображението за споделяне',
  // not 'Алтернативен текст…': the main image's field on the same form is named that
  shareImageAlt: 'Описание на изображението за споделяне (алтернативен текст)',
  shareImageHint: 'Ако няма, при споделяне се използва основното изображение. Препоръчителен размер: 1200x630 px.',
  searchPreview: 'Преглед в търсачките',
  sharePreview: 'Преглед при споделяне',
  noImage: 'Без изображение',
  mainImageUsed: 'Показва се основното изображение.',
  titleTooLong: `Мета заглавието може да е най-много ${META_TITLE_MAX_LENGTH} знака.`,
  descriptionTooLong: `Мета описанието може да е най-много ${META_DESCRIPTION_MAX_LENGTH} знака.`,
} as const;

/** 'Ако е празно: …': what the page uses while the field is empty. */
export const fallbackHint = (fallback: string) => `Ако е празно: ${fallback}`;

/** The note under a text longer than a result shows; it does not stop a save. */
export function overShownNote(shown: number): string {
  return `Търсачките показват около ${shown} знака: останалото ще бъде отрязано.`;
}

/** The text as it is saved (trimmed), counted as the database counts it: by character, not UTF-16 unit. */
export function seoLength(text: string): number {
  return Array.from(text.trim()).length;
}

/** '47/60': the saved length against the length a result shows. */
export function counterText(text: string, shown: number): string {
  return `${seoLength(text)}/${shown}`;
}

export function isOverShown(text: string, shown: number): boolean {
  return seoLength(text) > shown;
}

export function metaTitleProblem(value: string): string | null {
  return seoLength(value) > META_TITLE_MAX_LENGTH ? seoText.titleTooLong : null;
}

export function metaDescriptionProblem(value: string): string | null {
  return seoLength(value) > META_DESCRIPTION_MAX_LENGTH ? seoText.descriptionTooLong : null;
}

/** A share image needs its alt text, exactly like the main image (the database refuses it without). */
export function shareImageAltProblem(alt: string, shareImage: string): string | null {
  return imageAltProblem(alt, shareImage.trim() !== '');
}

/** The four fields as the forms hold them. */
export interface SeoValues {
  meta_title: string;
  meta_description: string;
  share_image: string;
  share_image_alt: string;
}

/** What the page has of its own, used where a field is empty. */
export interface SeoFallback {
  /** The page's whole title without a meta title (the brand already appended by the caller); '' for none yet. */
  title: string;
  /** The excerpt of a post, the short description of a project. */
  description: string;
  /** The main image and its alt text. */
  image: string;
  imageAlt: string;
}

export interface EffectiveSeo {
  title: string;
  description: string;
  /** The picture of the share card; null when the page has none at all. */
  image: string | null;
  imageAlt: string;
  /** Whether each comes from the page's own fields rather than the search-and-share ones. */
  titleIsFallback: boolean;
  descriptionIsFallback: boolean;
  imageIsFallback: boolean;
}

/**
 * What search engines and share cards get: the head's own choice (shareMeta of
 * shared/layout/seo.ts, so the form's previews cannot drift from the page), with the description
 * falling back once more to the site's, as the head does, and which of them are fallbacks.
 */
export function effectiveSeo(values: SeoValues, fallback: SeoFallback): EffectiveSeo {
  const chosen = shareMeta(values, { title: fallback.title, description: fallback.description, image: fallback.image.trim() || null, imageAlt: fallback.imageAlt });
  const descriptionIsFallback = !values.meta_description.trim();
  return {
    title: chosen.fullTitle ?? fallback.title.trim(),
    description: descriptionIsFallback ? fallbackDescription(fallback.description) : (chosen.description ?? ''),
    image: chosen.image || null,
    imageAlt: chosen.image ? (chosen.imageAlt ?? '').trim() : '',
    titleIsFallback: !chosen.fullTitle,
    descriptionIsFallback,
    imageIsFallback: !values.share_image.trim(),
  };
}

/** The description a page without a meta description gets: its own, else the site's. */
export function fallbackDescription(own: string): string {
  return collapseSpace(own) || site.description;
}

const collapseSpace = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The text as a result page shows it: white space collapsed, and past `max` characters cut at the
 * last word that fits, with '…'. A single word longer than that is cut inside it.
 */
export function truncateForResult(text: string, max: number): string {
  const chars = Array.from(collapseSpace(text));
  if (chars.length <= max) return chars.join('');
  // room for the ellipsis itself
  const kept = chars.slice(0, max - 1);
  const next = chars[max - 1];
  let cut = kept.length;
  if (next !== ' ') {
    const lastSpace = kept.lastIndexOf(' ');
    if (lastSpace > 0) cut = lastSpace;
  }
  // no dangling separator before the ellipsis
  const head = kept.slice(0, cut).join('').replace(/[\s,;:–—-]+$/u, '');
  return `${head}…`;
}

/** The page's public address: the site's origin and its path. */
export function pageAddress(path: string, origin: string = site.url): string {
  return publicUrl(path, origin);
}

/**
 * The address as a result page writes it: the origin, then the path's parts as a trail
 * ('https://sinaptika.example › blog › moyat-post').
 */
export function resultAddress(path: string, origin: string = site.url): string {
  const parts = path.split('/').filter(Boolean);
  return [origin.replace(/\/$/, ''), ...parts].join(' › ');
}

/** The host a share card names ('sinaptika.example'). */
export function domainOf(origin: string = site.url): string {
  try {
    return new URL(origin).host.replace(/^www\./, '');
  } catch {
    return origin;
  }
}

export interface SearchResultPreview {
  title: string;
  /** The page's address, whole. */
  address: string;
  /** The same as the result page writes it (resultAddress). */
  shownAddress: string;
  description: string;
}

/** The three lines of a search result, each cut as a result page cuts it. */
export function searchResultPreview(seo: Pick<EffectiveSeo, 'title' | 'description'>, path: string, origin: string = site.url): SearchResultPreview {
  return {
    title: truncateForResult(seo.title, SEO_TITLE_SHOWN),
    address: pageAddress(path, origin),
    shownAddress: resultAddress(path, origin),
    description: truncateForResult(seo.description, SEO_DESCRIPTION_SHOWN),
  };
}

/** The fields to send: trimmed texts, and the alt text only with its image (as the main image's). */
export function seoPayload(values: SeoValues): { meta_title: string; meta_description: string; share_image: string | null; share_image_alt: string } {
  const shareImage = values.share_image.trim();
  return {
    meta_title: values.meta_title.trim(),
    meta_description: values.meta_description.trim(),
    share_image: shareImage || null,
    share_image_alt: shareImage ? values.share_image_alt.trim() : '',
  };
}

/** The form values of a stored record's fields (a row read before they existed has none). */
export function seoValuesFrom(record: Partial<Record<keyof SeoValues, string | null>>): SeoValues {
  return {
    meta_title: record.meta_title ?? '',
    meta_description: record.meta_description ?? '',
    share_image: record.share_image ?? '',
    share_image_alt: record.share_image_alt ?? '',
  };
}

export const EMPTY_SEO_VALUES: SeoValues = { meta_title: '', meta_description: '', share_image: '', share_image_alt: '' };

/** The fields of this section, e.g. for a form that finds which of its problems are here. */
export const SEO_FIELDS = ['meta_title', 'meta_description', 'share_image', 'share_image_alt'] as const;

/**
 * The database refused a save for a missing alt text: whether it is the share image's (set, and
 * its text blank) rather than another picture's.
 */
export function isShareImageAltRefused(values: Pick<SeoValues, 'share_image' | 'share_image_alt'>): boolean {
  return values.share_image.trim() !== '' && values.share_image_alt.trim() === '';
}
