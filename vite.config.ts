import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The app is a static single-page app. Pages are split per route (see src/app/router.tsx);
// `build.manifest` writes dist/.vite/manifest.json, which the bundle checks read to prove that
// the landing page does not load admin code or supabase-js.
export default defineConfig({
  plugins: [react()],
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
});
