// What a host runs (scripts/publisher/) stands on its own: it loads nothing of the developer tools
// (scripts/tools/), the tests, the end-to-end suite or the local stand-in, and no package that is
// there only for testing or development. Tools may use the publisher; never the other way round.
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PUBLISHER = join(ROOT, 'scripts', 'publisher');

/** Where shipped code may not reach, as paths from the repository's root. */
const FORBIDDEN_DIRS = ['scripts/tools/', 'tests/', 'e2e/', 'supabase/local/'];

/**
 * The development packages a host's build does use: `npm ci` installs them there too, and the
 * build and the prerenderer are Vite's. Every other devDependency is for tests and tooling only.
 */
const BUILD_TOOLCHAIN = new Set(['vite', '@vitejs/plugin-react', 'typescript', 'tailwindcss', 'postcss', 'autoprefixer']);

interface Packages {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
}

const packageJson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Packages;

/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
const packageName = (specifier: string) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

const isBuiltin = (specifier: string) => specifier.startsWith('node:') || builtinModules.includes(packageName(specifier));

/** Specifiers the file loads (import, export … from, import(), require()) and path-like string literals, with their lines. */
function references(source: string, fileName: string) {
  const kind = /\.[cm]?ts$/.test(fileName) ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, kind);
  const specifiers: { text: string; line: number }[] = [];
  const literals: { text: string; line: number }[] = [];
  const line = (node: ts.Node) => file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
  const loaded = new Set<ts.Node>();
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      specifiers.push({ text: node.moduleSpecifier.text, line: line(node) });
      loaded.add(node.moduleSpecifier);
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const isLoad = callee.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(callee) && callee.text === 'require');
      const [first] = node.arguments;
      if (isLoad && first && ts.isStringLiteralLike(first)) {
        specifiers.push({ text: first.text, line: line(node) });
        loaded.add(first);
      }
    } else if (ts.isStringLiteralLike(node) && !loaded.has(node)) {
      literals.push({ text: node.text, line: line(node) });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return { specifiers, literals };
}

/**
 * Every way `source` (a file of scripts/publisher/, at `filePath` from the repository's root)
 * breaks the rule: a relative import into a forbidden directory, an import of a test or
 * development package, or a path into a forbidden directory in a string (a script it would spawn).
 */
function publisherViolations(source: string, filePath: string, packages: Packages = packageJson): string[] {
  const found: string[] = [];
  const { specifiers, literals } = references(source, filePath);
  const forbidden = (repoPath: string) => FORBIDDEN_DIRS.find((dir) => `${repoPath}/`.startsWith(dir));
  for (const { text, line } of specifiers) {
    const where = `${filePath}:${line}`;
    if (text.startsWith('.') || text.startsWith('/')) {
      const target = relative(ROOT, resolve(ROOT, dirname(filePath), text)).split(sep).join('/');
      const dir = forbidden(target);
      if (dir) found.push(`${where} imports '${text}', which is in ${dir}`);
      continue;
    }
    if (isBuiltin(text)) continue;
    const name = packageName(text);
    if (name in packages.dependencies || BUILD_TOOLCHAIN.has(name)) continue;
    if (name in packages.devDependencies) found.push(`${where} imports '${text}', a package for tests and development only`);
    else found.push(`${where} imports '${text}', which is not a dependency of the project`);
  }
  for (const { text, line } of literals) {
    const dir = FORBIDDEN_DIRS.find((d) => text.replace(/^\.\//, '').startsWith(d) || text.includes(`/${d}`));
    if (dir) found.push(`${filePath}:${line} names '${text}', which is in ${dir}`);
  }
  return found;
}

function publisherFiles(dir = PUBLISHER): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? publisherFiles(join(dir, entry.name)) : /\.(m?[jt]s|cjs)$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );
}

describe('the publisher imports nothing of the tools', () => {
  it('no file of scripts/publisher/ reaches the tools, the tests, the stand-in or a test package', () => {
    const files = publisherFiles();
    // the build, the feeds, the prerenderer, the publisher, its receiver and server at least
    expect(files.length).toBeGreaterThanOrEqual(6);
    const found = files.flatMap((file) => publisherViolations(readFileSync(file, 'utf8'), relative(ROOT, file).split(sep).join('/')));
    expect(found).toEqual([]);
  });

  it('finds each kind of crossing, so it cannot pass by matching nothing', () => {
    const source = [
      "import { run } from '../tools/run.mjs';",
      "export { E2E_OUT_DIR } from '../tools/e2e-env.mjs';",
      "const { db } = await import('../../tests/backend/harness.ts');",
      "const keys = require('../../supabase/local/keys.ts');",
      "import { expect } from 'vitest';",
      "import { chromium } from '@playwright/test';",
      "import leftPad from 'left-pad';",
      "spawn(process.execPath, ['scripts/tools/build-e2e.mjs']);",
    ].join('\n');
    const found = publisherViolations(source, 'scripts/publisher/made-up.mjs');
    expect(found).toEqual([
      expect.stringContaining("made-up.mjs:1 imports '../tools/run.mjs', which is in scripts/tools/"),
      expect.stringContaining("made-up.mjs:2 imports '../tools/e2e-env.mjs', which is in scripts/tools/"),
      expect.stringContaining("made-up.mjs:3 imports '../../tests/backend/harness.ts', which is in tests/"),
      expect.stringContaining("made-up.mjs:4 imports '../../supabase/local/keys.ts', which is in supabase/local/"),
      expect.stringContaining("made-up.mjs:5 imports 'vitest', a package for tests and development only"),
      expect.stringContaining("made-up.mjs:6 imports '@playwright/test', a package for tests and development only"),
      expect.stringContaining("made-up.mjs:7 imports 'left-pad', which is not a dependency of the project"),
      expect.stringContaining("made-up.mjs:8 names 'scripts/tools/build-e2e.mjs', which is in scripts/tools/"),
    ]);
  });

  it("lets the publisher use itself, Node, the app's packages and Vite", () => {
    const source = [
      "import { openSite } from './site.mjs';",
      "import { createServer } from 'node:http';",
      "import path from 'path';",
      "import { build } from 'vite';",
      "import { createClient } from '@supabase/supabase-js';",
      "const entry = await import(pathToFileURL(file).href);",
      "// a comment may mention scripts/tools/dev.mjs",
    ].join('\n');
    expect(publisherViolations(source, 'scripts/publisher/fine.mjs')).toEqual([]);
  });
});
