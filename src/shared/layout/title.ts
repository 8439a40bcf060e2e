import { site } from '@/shared/config/site';

/* The document title's form, shared by the site's head (seo.ts) and the admin's pages, which need nothing else of it. */

/** Formats the document title: 'Блог | Синаптика', or the brand and tagline for the home page. */
export function formatTitle(title?: string): string {
  const trimmed = title?.trim();
  if (!trimmed || trimmed === site.name) return `${site.name} — ${site.tagline}`;
  return `${trimmed} | ${site.name}`;
}
