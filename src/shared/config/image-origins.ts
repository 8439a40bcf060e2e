import { site } from './site';

/*
 * Where the site's pictures may come from: its own origin, the Supabase project's storage and the
 * origins the operator adds in SITE_CSP_IMG_ORIGINS. The same list is the Content-Security-Policy's
 * img-src (scripts/publisher/host-config.mjs), so a picture from anywhere else would be blocked
 * anyway; and loading it would tell a third party who reads the page. Text written in markdown
 * shows such a picture as a link instead (src/shared/ui/Markdown.tsx).
 */

const originOf = (url: string | undefined): string | null => {
  try {
    return url ? new URL(url).origin : null;
  } catch {
    return null;
  }
};

const IMAGE_ORIGINS = new Set(
  [site.url, import.meta.env?.VITE_SUPABASE_URL, ...(import.meta.env?.SITE_CSP_IMG_ORIGINS ?? '').split(/\s+/)]
    .map((url) => originOf(url))
    .filter((origin): origin is string => origin !== null),
);

/** Whether a picture at `src` is the site's own: a relative address or one of the allowed origins. */
export function isOwnImage(src: string): boolean {
  if (!/^[a-z][a-z0-9+.-]*:|^\/\//i.test(src)) return true;
  const origin = originOf(src.startsWith('//') ? `https:${src}` : src);
  return origin !== null && IMAGE_ORIGINS.has(origin);
}
