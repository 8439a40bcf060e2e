import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: one on a 2-core machine. The files
    // are independent (each backend file starts its own stand-in on a free port, each
    // PostgreSQL file its own cluster), so every core runs one. The component files stay isolated:
    // sharing modules, 11 of their tests met another file's state (mocks, a signed-in client).
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        resolve: { alias },
        // pure functions: the files share a worker's modules instead of each loading them anew
        // (isolated, each file paid about a second of start-up for milliseconds of tests)
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'], environment: 'node', isolate: false },
      },
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'components',
          include: ['tests/components/**/*.test.tsx', 'tests/components/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['tests/components/setup.ts'],
          // the app's Supabase client needs a URL and key; MSW answers this host in the tests
          env: { VITE_SUPABASE_URL: 'http://supabase.test', VITE_SUPABASE_ANON_KEY: 'test-anon-key' },
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'backend',
          include: ['tests/backend/**/*.test.ts'],
          environment: 'node',
          // each file starts its own stand-in (and closes it), so they can share their worker's
          // modules: the stand-in's code and the cached fresh database are loaded once per worker
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: { name: 'build', include: ['tests/build/**/*.test.ts'], environment: 'node', testTimeout: 30_000, isolate: false },
      },
    ],
  },
});
