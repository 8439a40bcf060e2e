import path from 'node:path';

/*
 * The house rule of src/: the public site and the admin app are two programs that share one
 * library. Imports go site → shared and admin → shared, never between site and admin, and never
 * from shared back up; the composition root (src/app and src/main.tsx) may import all three.
 *
 * The rule resolves `@/…` (the src alias) and relative specifiers, so `../../admin/x` is caught as
 * surely as `@/admin/x`. Type-only imports count too: a type from the other side is still a
 * dependency on its shape.
 */

const AREAS = ['site', 'admin', 'shared', 'app'];

/** May code in area `from` import code in area `to`? */
const ALLOWED = {
  site: new Set(['site', 'shared']),
  admin: new Set(['admin', 'shared']),
  shared: new Set(['shared']),
  app: new Set(['app', 'site', 'admin', 'shared']),
};

function areaOf(file, srcDir) {
  const rel = path.relative(srcDir, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const first = rel.split(path.sep)[0];
  if (AREAS.includes(first)) return first;
  // files at the top of src/ (main.tsx, vite-env.d.ts) belong to the composition root
  return rel.includes(path.sep) ? null : 'app';
}

function targetOf(specifier, file, srcDir) {
  if (specifier.startsWith('@/')) return path.join(srcDir, specifier.slice(2));
  if (specifier.startsWith('./') || specifier.startsWith('../')) return path.resolve(path.dirname(file), specifier);
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
const boundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'site and admin import only themselves and shared; shared imports only itself' },
    schema: [],
    messages: {
      crossing:
        "{{from}} code may not import from src/{{to}} ('{{specifier}}'). Site and admin meet only in src/shared; move what both need there.",
    },
  },
  create(context) {
    const file = context.physicalFilename ?? context.filename;
    const srcDir = path.join(context.cwd ?? process.cwd(), 'src');
    const from = areaOf(file, srcDir);
    if (!from) return {};
    const check = (node, source) => {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const target = targetOf(source.value, file, srcDir);
      if (!target) return;
      const to = areaOf(target, srcDir);
      if (!to || ALLOWED[from].has(to)) return;
      context.report({ node: source, messageId: 'crossing', data: { from: `src/${from}`, to, specifier: source.value } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};

/** @type {import('eslint').ESLint.Plugin} */
const house = { meta: { name: 'house' }, rules: { boundaries } };
export default house;
