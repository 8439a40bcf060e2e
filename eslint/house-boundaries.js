import path from 'node:path';

/*
 * The house rule of src/: the public site and the admin app are two programs that share one
 * library. Imports go site → shared and admin → shared, never between site and admin, and never
 * from shared back up; the composition root (src/app and src/main.tsx) may import all three.
 *
 * Inside the admin, the same rule keeps its floors: panel → sections → kit. `kit/` is the admin's
 * floor and imports only itself; a section (posts/, users/, calendar/, …) imports only kit/ and
 * shared/, never another section; the panel (`panel/`: the panels, their routes and their lazy
 * tabs) is the one place that gathers sections.
 *
 * Nothing under src/ imports a file outside src/ (scripts, supabase, tests): the app is built
 * from src/ alone.
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

/** The admin room of a file under src/admin: 'kit', 'panel', or the section's folder name. */
function adminRoomOf(file, srcDir) {
  const parts = path.relative(path.join(srcDir, 'admin'), file).split(path.sep);
  // a file at the top of src/admin stands with the panel
  return parts.length > 1 ? parts[0] : 'panel';
}

/** Why an import from admin room `from` to admin room `to` is refused, or null when it may. */
function adminRefusal(from, to) {
  if (from === to || from === 'panel') return null;
  if (to === 'kit') return null;
  if (from === 'kit') return 'kitUp';
  return to === 'panel' ? 'sectionUp' : 'sectionToSection';
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
      sectionToSection:
        "The section src/admin/{{from}} may not import the section src/admin/{{to}} ('{{specifier}}'). A section stands on src/admin/kit and src/shared alone: move what both need to src/admin/kit/ (or src/shared/), or gather the sections in src/admin/panel/.",
      sectionUp:
        "The section src/admin/{{from}} may not import the panel ('{{specifier}}'). The panel gathers sections; a section needs only src/admin/kit and src/shared.",
      kitUp:
        "src/admin/kit is the admin's floor and may not import src/admin/{{to}} ('{{specifier}}'). Move what it needs into src/admin/kit/ (or src/shared/).",
      leaving:
        "src/ code may not import from outside src/ ('{{specifier}}'). The app is built from src/ alone; move what it needs into src/.",
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
      const rel = path.relative(srcDir, target);
      if (rel.startsWith('..') || path.isAbsolute(rel)) {
        context.report({ node: source, messageId: 'leaving', data: { specifier: source.value } });
        return;
      }
      const to = areaOf(target, srcDir);
      if (!to) return;
      if (!ALLOWED[from].has(to)) {
        context.report({ node: source, messageId: 'crossing', data: { from: `src/${from}`, to, specifier: source.value } });
        return;
      }
      if (from !== 'admin' || to !== 'admin') return;
      const rooms = { from: adminRoomOf(file, srcDir), to: adminRoomOf(target, srcDir) };
      const refusal = adminRefusal(rooms.from, rooms.to);
      if (refusal) context.report({ node: source, messageId: refusal, data: { ...rooms, specifier: source.value } });
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
