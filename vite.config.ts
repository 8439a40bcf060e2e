import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';

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
 * Writes dist/.vite/modules.json: for every emitted chunk, the source modules inside it. The
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
      writeFileSync(join(dir, 'modules.json'), JSON.stringify(map, null, 1));
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
    plugins: [react(), chunkModules()],
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
      manifest: true,
      target: 'es2022',
      sourcemap: false,
    },
  };
});
