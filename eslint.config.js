import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import house from './eslint/house-boundaries.js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', '.local', '.cache', 'coverage', 'public', 'test-results', 'playwright-report', '.audit'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { ecmaVersion: 2023, globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // One house: site → shared, admin → shared, never site ↔ admin, never shared → either.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { house },
    rules: { 'house/boundaries': 'error' },
  },
  {
    // Public pages read through the small PostgREST client; supabase-js (auth, storage, realtime)
    // is the admin's, and a static import of it would put it on a visitor's first paint.
    files: ['src/site/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: '@/shared/db/supabase', message: 'Public pages read through getPublicDb() (src/shared/db/public-db.ts): visitors need no auth, storage or realtime client.' }],
        },
      ],
    },
  },
);
