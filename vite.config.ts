import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { extname, join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath, pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, defineConfig, loadEnv, type Plugin, type ResolvedConfig } from 'vite';
import { isAdminPath } from './scripts/publisher/host-config.mjs';

const root = fileURLToPath(new URL('.', import.meta.url));

// Without any configuration the site talks to the local stand-in (as `npm run dev` does), so
// `npm run build && npm run preview` works on a fresh clone. A real deployment sets these in .env
// or the host's build environment.
const LOCAL_DEFAULTS: Record<string, string> = {
  VITE_SUPABASE_URL: 'http://127.0.0.1:54321',
  VITE_SUPABASE_ANON_KEY:
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0',
};

/**
 * Two apps: the site's (index.html: its prerendered pages, islands and app shell) and the admin's
 * (admin.html: the sign-in and the panels). They share no visitor and so no chunk: each is built on
 * its own, the admin's after the site's into the same folder (adminBuild), with a manifest and a
 * module map of its own (.vite/admin-manifest.json, .vite/admin-modules.json), so neither app's
 * chunks are cut to fit the other's.
 */
const ADMIN_APP = process.env.BUILD_APP === 'admin';

/** After the site's client build, the admin's into the same folder (not after a server build). */
function adminBuild(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'admin-build',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (ADMIN_APP || config.build.ssr) return;
      process.env.BUILD_APP = 'admin';
      try {
        await build({
          configFile: config.configFile,
          mode: config.mode,
          logLevel: config.logLevel,
          build: { outDir: resolve(config.root, config.build.outDir), emptyOutDir: false },
        });
      } finally {
        delete process.env.BUILD_APP;
      }
    },
  };
}

/**
 * Writes dist/.vite/modules.json (the admin's: admin-modules.json): for every emitted chunk, the source modules inside it. The
 * manifest names chunks only; the bundle checks need to know what each chunk contains to prove
 * that visitors' pages hold no admin code.
 */
function chunkModules(): Plugin {
  return {
    name: 'chunk-modules',
    apply: 'build',
    generateBundle(options, bundle) {
      const map: Record<string, string[]> = {};
      for (const [fileName, output] of Object.entries(bundle)) {
        if (output.type !== 'chunk') continue;
        map[fileName] = output.moduleIds.map((id) => relative(root, id.replace(/^\0/, '')).replace(/\\/g, '/'));
      }
      const dir = join(options.dir ?? join(root, 'dist'), '.vite');
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, ADMIN_APP ? 'admin-modules.json' : 'modules.json'), JSON.stringify(map, null, 1));
    },
  };
}

/** The path of a request, decoded; null when it is not one. */
function pathOf(url: string): string | null {
  try {
    return decodeURIComponent(new URL(url, 'http://preview').pathname);
  } catch {
    return null;
  }
}

/**
 * The admin is an app of its own (admin.html): `vite` (dev) answers its addresses (the sign-in and
 * the panels, isAdminPath in scripts/publisher/host-config.mjs) with it, as the hosts' rules do.
 */
function adminApp(): Plugin {
  return {
    name: 'admin-app',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const pathname = req.url && (req.method === 'GET' || req.method === 'HEAD') ? pathOf(req.url) : null;
        if (pathname && isAdminPath(pathname)) req.url = '/admin.html';
        next();
      });
    },
  };
}

/**
 * `vite preview` serves the build the way a static host should: admin.html at the admin's addresses,
 * a prerendered page from <path>/index.html when it exists (scripts/publisher/prerender.mjs), else
 * spa.html, the untouched app shell, for every other address without a file extension (newer posts,
 * the e-mails' links).
 */
function prerenderedPages(): Plugin {
  return {
    name: 'prerendered-pages',
    configurePreviewServer(server) {
      const dist = resolve(root, server.config.build.outDir);
      server.middlewares.use((req, res, next) => {
        if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.url) return next();
        const pathname = pathOf(req.url);
        if (pathname === null || extname(pathname)) return next();
        const page = resolve(dist, `.${pathname}`, 'index.html');
        const spa = join(dist, 'spa.html');
        const admin = join(dist, 'admin.html');
        const file = isAdminPath(pathname) ? admin : page.startsWith(dist) && existsSync(page) ? page : existsSync(spa) ? spa : null;
        if (!file) return next();
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        res.setHeader('Cache-Control', 'no-cache');
        res.setHeader('Vary', 'Accept-Encoding');
        let body = readFileSync(file);
        // compressed like any static host would; prerendered pages carry their data inline
        if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
          body = gzipSync(body);
          res.setHeader('Content-Encoding', 'gzip');
        }
        res.setHeader('Content-Length', String(body.length));
        res.end(req.method === 'HEAD' ? undefined : body);
      });
    },
  };
}

/**
 * `vite preview` keeps the prerendered pages in step with the database: the content webhook
 * (supabase/migrations/*_content_webhook.sql) posts each change to /__publish, and the publisher
 * (scripts/publisher/) rewrites just the pages it touches. With the local stand-in this registers
 * itself; PUBLISH_ON_CHANGE=0 turns it off.
 */
function contentPublisher(): Plugin {
  return {
    name: 'content-publisher',
    async configurePreviewServer(server) {
      if (process.env.PUBLISH_ON_CHANGE === '0') return;
      const dist = resolve(root, server.config.build.outDir);
      if (!existsSync(join(dist, 'spa.html'))) return;
      const receiver = pathToFileURL(join(root, 'scripts/publisher/receiver.mjs')).href;
      const { attachToPreview } = (await import(/* @vite-ignore */ receiver)) as {
        attachToPreview: (s: typeof server, o: { out: string }) => Promise<void>;
      };
      await attachToPreview(server, { out: dist });
    },
  };
}

export default defineConfig(({ command, mode }) => {
  const fileEnv = loadEnv(mode, root, 'VITE_');
  for (const [key, value] of Object.entries(LOCAL_DEFAULTS)) {
    if (!process.env[key] && !fileEnv[key]) {
      process.env[key] = value;
      if (command === 'build' && mode === 'production' && key === 'VITE_SUPABASE_URL') {
        console.warn(`[config] ${key} is not set: this build talks to the local stand-in at ${value}.`);
      }
    }
  }

  return {
    plugins: [react(), chunkModules(), adminApp(), adminBuild(), contentPublisher(), prerenderedPages()],
    // the extra origins of pictures (the Content-Security-Policy's img-src) reach the bundle too:
    // markdown shows a picture from elsewhere as a link (src/shared/config/image-origins.ts)
    envPrefix: ['VITE_', 'SITE_CSP_IMG_ORIGINS'],
    resolve: {
      alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
    },
    server: {
      port: 5173,
      strictPort: false,
    },
    preview: {
      port: 4173,
    },
    build: {
      manifest: ADMIN_APP ? '.vite/admin-manifest.json' : true,
      // the public folder is the site's build's to copy
      copyPublicDir: !ADMIN_APP,
      target: 'es2022',
      sourcemap: false,
      rolldownOptions: {
        // the admin's app is built on its own, into the same folder (adminBuild above)
        ...(ADMIN_APP
          ? {
              input: { admin: join(root, 'admin.html') },
              // React in a chunk of its own, cached apart from the admin's shell, which changes more
              // often (its server renderer stays with the newsletter's e-mail, which alone uses it)
              output: {
                codeSplitting: {
                  groups: [{ name: 'react', test: (id: string) => /node_modules[\\/](react|react-dom|scheduler)[\\/]/.test(id) && !/server/.test(id) }],
                },
              },
            }
          : {}),
        // The site header is both in the app's layout and an island of the prerendered pages
        // (src/site/island-registry.ts): the bundler gives it a small chunk the two share, which is
        // what is wanted, so the warning that its dynamic import does not split it is noise.
        checks: { ineffectiveDynamicImport: false },
      },
    },
  };
});
