import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

// A component file that replaces a module (vi.mock) needs modules of its own: in a worker whose
// modules are shared, a module another file loaded first would keep the real one. So does one that
// makes lazy parts of its own (lazyPart): they would stay in the registry every later file's setup
// preloads, some of them made never to load. And so does a file that says so in a line starting
// `// Runs isolated:` (a page's own script, which listens on the document for the page's life: the
// files that share a worker share its window). Those files run isolated; the others share their
// worker's modules and window (tests/components/setup.ts puts back what they keep between files).
const COMPONENTS = 'tests/components';
const mockingComponentFiles = readdirSync(COMPONENTS)
  .filter((name) => /\.test\.tsx?$/.test(name))
  .filter((name) => /\bvi\.(mock|doMock)\(|\blazyPart\(|^\/\/ Runs isolated:/m.test(readFileSync(`${COMPONENTS}/${name}`, 'utf8')))
  .map((name) => `${COMPONENTS}/${name}`);
const componentsProject = {
  plugins: [react()],
  resolve: { alias },
  test: {
    environment: 'jsdom' as const,
    setupFiles: ['tests/components/setup.ts'],
    // the app's Supabase client needs a URL and key; MSW answers this host in the tests
    env: { VITE_SUPABASE_URL: 'http://supabase.test', VITE_SUPABASE_ANON_KEY: 'test-anon-key' },
  },
};

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: one on a 2-core machine. The files
    // are independent (each backend file starts its own stand-in on a free port, over its
    // worker's database put back fresh after each file, tests/backend/shared-db.ts; each
    // PostgreSQL file its own cluster), so every core runs one.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        resolve: { alias },
        // pure functions: the files share a worker's modules instead of each loading them anew
        // (isolated, each file paid about a second of start-up for milliseconds of tests)
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'], environment: 'node', isolate: false },
      },
      {
        ...componentsProject,
        test: {
          ...componentsProject.test,
          name: 'components',
          include: ['tests/components/**/*.test.tsx', 'tests/components/**/*.test.ts'],
          exclude: mockingComponentFiles,
          isolate: false,
        },
      },
      {
        ...componentsProject,
        test: { ...componentsProject.test, name: 'components-mocking', include: mockingComponentFiles },
      },
      {
        resolve: { alias },
        test: {
          name: 'backend',
          include: ['tests/backend/**/*.test.ts'],
          environment: 'node',
          // each file starts its own stand-in (and closes it), so they can share their worker's
          // modules: the stand-in's code is loaded once per worker, and its database is opened once
          // (shared-db.ts, which needs the shared modules) and put back fresh after each file
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
