import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'], environment: 'node' },
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
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: { name: 'build', include: ['tests/build/**/*.test.ts'], environment: 'node', testTimeout: 30_000 },
      },
    ],
  },
});
