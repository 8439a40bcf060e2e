import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
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
    // Visitors never download admin code: public features and the shell may not import it.
    files: ['src/features/landing/**', 'src/features/blog/**', 'src/features/projects/**', 'src/features/resources/**', 'src/features/contact/**', 'src/features/booking/**', 'src/components/**', 'src/lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/features/admin/**', '@/features/admin/**', '**/features/auth/**', '@/features/auth/**'], message: 'Admin and auth code must only be reached through lazy routes.' }],
          paths: [{ name: '@/lib/supabase', importNames: ['getSupabase'], message: 'Public pages read through getPublicDb() (src/lib/publicDb.ts): visitors need no auth, storage or realtime client.' }],
        },
      ],
    },
  },
);
