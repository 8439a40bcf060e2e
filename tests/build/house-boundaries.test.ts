import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import house from '../../eslint/house-boundaries.js';

/*
 * The house rule of src/ (eslint/house-boundaries.js), checked both ways: the real tree has no
 * import that crosses it, and a deliberate crossing is reported, so the rule cannot pass by
 * matching nothing.
 */
const eslint = new ESLint({
  cwd: process.cwd(),
  // only this rule, so the whole tree lints in a moment; `npm run lint` runs it with the rest
  overrideConfigFile: true,
  overrideConfig: [
    {
      files: ['**/*.{ts,tsx}'],
      languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
      plugins: { house },
      rules: { 'house/boundaries': 'error' },
    },
  ],
});

async function crossings(code: string, filePath: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === 'house/boundaries').map((m) => m.message);
}

describe('the boundaries between site, admin and shared', () => {
  it('site may not import admin code, by alias or by relative path', async () => {
    const found = await crossings(
      "import { AdminPage } from '@/admin/AdminPage';\nimport { LoginPage } from '../../admin/auth/LoginPage';\nexport const pages = [AdminPage, LoginPage];\n",
      'src/site/pages/cross.tsx',
    );
    expect(found).toHaveLength(2);
    expect(found[0]).toContain("src/site code may not import from src/admin ('@/admin/AdminPage')");
  });

  it('admin may not import site code, not even lazily', async () => {
    const found = await crossings("export const load = () => import('@/site/routes');\n", 'src/admin/cross.ts');
    expect(found).toEqual([expect.stringContaining("src/admin code may not import from src/site ('@/site/routes')")]);
  });

  it('shared imports only shared', async () => {
    expect(await crossings("export { adminRoutes } from '@/admin/routes';\n", 'src/shared/cross.ts')).toHaveLength(1);
    expect(await crossings("export * from '../site/routes';\n", 'src/shared/cross.ts')).toHaveLength(1);
    expect(await crossings("export { cn } from '@/shared/ui/cn';\n", 'src/shared/fine.ts')).toEqual([]);
  });

  it('the composition root may import all three', async () => {
    const code = "import '@/site/routes';\nimport '@/admin/routes';\nimport '@/shared/ui/cn';\n";
    expect(await crossings(code, 'src/app/fine.ts')).toEqual([]);
    expect(await crossings(code, 'src/main.tsx')).toEqual([]);
  });

  it('nothing under src/ imports a file outside it', async () => {
    const found = await crossings("import { publish } from '../../scripts/publisher/publish.mjs';\nexport { publish };\n", 'src/site/leave.ts');
    expect(found).toEqual([expect.stringContaining("src/ code may not import from outside src/ ('../../scripts/publisher/publish.mjs')")]);
  });
});

describe('the admin as panel → sections → kit', () => {
  it('a section may not import another section, and the message names the right homes', async () => {
    const found = await crossings(
      "import { postRecords } from '@/admin/posts/api';\nimport { CalendarTab } from '../calendar/CalendarTab';\nexport const both = [postRecords, CalendarTab];\n",
      'src/admin/users/cross.ts',
    );
    expect(found).toHaveLength(2);
    expect(found[0]).toContain("The section src/admin/users may not import the section src/admin/posts ('@/admin/posts/api')");
    expect(found[0]).toContain('move what both need to src/admin/kit/ (or src/shared/), or gather the sections in src/admin/panel/');
  });

  it('a section stands on kit and shared, and on its own files', async () => {
    const code = "import { adminKeys } from '@/admin/kit/data/api';\nimport { cn } from '@/shared/ui/cn';\nimport { userRecords } from './api';\nexport const all = [adminKeys, cn, userRecords];\n";
    expect(await crossings(code, 'src/admin/users/fine.ts')).toEqual([]);
  });

  it('a section may not import the panel, and kit imports only kit', async () => {
    expect(await crossings("import { TABS } from '@/admin/panel/AdminPage';\nexport { TABS };\n", 'src/admin/posts/up.ts')).toEqual([
      expect.stringContaining('The panel gathers sections'),
    ]);
    expect(await crossings("import { postRecords } from '@/admin/posts/api';\nexport { postRecords };\n", 'src/admin/kit/up.ts')).toEqual([
      expect.stringContaining("src/admin/kit is the admin's floor and may not import src/admin/posts"),
    ]);
  });

  it('the panel gathers sections', async () => {
    const code = "import { PostsTab } from '@/admin/posts/PostsTab';\nimport { BinTab } from '../bin/BinTab';\nexport const tabs = [PostsTab, BinTab];\n";
    expect(await crossings(code, 'src/admin/panel/fine.tsx')).toEqual([]);
  });
});

describe('the tree as it is', () => {
  it('no file under src/ crosses a boundary today', { timeout: 60_000 }, async () => {
    const results = await eslint.lintFiles(['src/**/*.{ts,tsx}']);
    const found = results.flatMap((r) =>
      r.messages.filter((m) => m.ruleId === 'house/boundaries').map((m) => `${r.filePath}:${m.line} ${m.message}`),
    );
    expect(found).toEqual([]);
    expect(results.length).toBeGreaterThan(150);
  });
});
