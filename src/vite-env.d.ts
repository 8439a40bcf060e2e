/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Supabase project URL (hosted project or the local stand-in, e.g. http://127.0.0.1:54321). */
  readonly VITE_SUPABASE_URL?: string;
  /** Public anonymous key of that project. Never put the service-role key here. */
  readonly VITE_SUPABASE_ANON_KEY?: string;
  /** Public origin of the site, used for canonical URLs, sitemap and feed. */
  readonly VITE_SITE_URL?: string;
  /**
   * Further origins the site's pictures may come from, space-separated: the Content-Security-Policy's
   * img-src has them too (scripts/publisher/host-config.mjs). Set at build time, not a VITE_ variable.
   */
  readonly SITE_CSP_IMG_ORIGINS?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
