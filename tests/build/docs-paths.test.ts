// Every repository path and every `npm run` script that README.md, ARCHITECTURE.md, docs/*.md and
// the READMEs inside src/ (src/admin/README.md, which README.md lists among the docs) name
// exists, and every link to a heading finds it, so the docs cannot keep pointing at what was
// moved, renamed or deleted. A failure names each `doc:line: path`.
//
// What counts as a path (the rule; a token that fits none of these is prose and not checked):
// - A markdown link's target, resolved against the folder of the doc it is in. URLs (`http:`,
//   `https:`, `mailto:`), site addresses (starting with `/`) and a bare `#anchor` are not paths.
// - In backticks, and on the lines of fenced code blocks: each whitespace-separated token that
//   starts with a top-level folder of the repository (`src/`, `supabase/`, `scripts/`, `tests/`,
//   `e2e/`, `docs/`, `deploy/`, `eslint/`, `public/`, `.github/`, `.ci/`) or that is one of the
//   repository's top-level files (`package.json`, `budgets.json`, `vite.config.ts`, …). Site
//   addresses such as `/blog/<slug>` start with `/` and so are not paths.
// - A token that starts with one of the areas of `src/` (`site/`, `admin/`, `shared/`, `app/`) is
//   read inside `src/`, as ARCHITECTURE.md writes `admin/kit/record-type.ts`.
// - A bare migration file name (`20261124000100_booking_rules.sql`, `*_api_surface.sql`) is in
//   `supabase/migrations/`; another bare `.sql` name (a dump's `schema.sql`) is not a path.
// - Any other bare file name with a code extension (`.ts`, `.tsx`, `.mjs`, `.sh`, `.yml`,
//   `.toml`, `.conf`) must be the name of at least one file in the repository
//   (`calendar-sync.test.ts`, `http1.ts`); package names (`ical.js`), built files (`404.html`)
//   and the file-name rule's shapes (`PascalCase.tsx`) are not checked.
// - In a path, an anchor (`#…`) and a line number (`:12`) are stripped; trailing punctuation of
//   the sentence (`.`, `,`, `;`, `:`, `)`) is not part of the path.
// - `*` matches within one path segment, and a placeholder such as `<name>` is any one segment,
//   so `tests/backend/*.postgres.test.ts` and `supabase/functions/<name>/index.ts` must each match
//   at least one file.
// - A path git ignores (`.env`, `dist/`, `.cache/`, …) is made by running something, not kept in
//   the repository, and is not required to exist.
// A link's anchor (`file.md#heading`, or `#heading` in the same doc) must be the anchor GitHub
// makes of one of that file's headings. A script counts when the text says `npm run <name>` (or
// `npm test`), anywhere in the doc.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = normalize(join(dirname(fileURLToPath(import.meta.url)), '../..'));

const TOP_FOLDERS = ['src', 'supabase', 'scripts', 'tests', 'e2e', 'docs', 'deploy', 'eslint', 'public', '.github', '.ci'];
const TOP_FILES = [
  'README.md', 'ARCHITECTURE.md', 'package.json', 'package-lock.json', 'budgets.json', 'tsconfig.json',
  'vite.config.ts', 'vitest.config.ts', 'playwright.config.ts', 'tailwind.config.ts', 'postcss.config.js',
  'eslint.config.js', 'index.html', '.env.example', '.gitignore',
];

/** The docs this test holds to the tree, as repository-relative paths with `/`. */
function docFiles(root = ROOT): string[] {
  const docs = readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/${f}`);
  const inSrc = allFiles().filter((f) => f.startsWith('src/') && f.endsWith('/README.md')).sort();
  return ['README.md', 'ARCHITECTURE.md', ...docs, ...inSrc];
}

type Mention = { doc: string; line: number; kind: 'path' | 'script' | 'anchor'; target: string };

const trimToken = (token: string) =>
  token
    .replace(/^[("'[]+/, '')
    .replace(/[)"'\],;:.]+$/, '')
    .replace(/#.*$/, '')
    .replace(/:\d+(-\d+)?$/, '');

const SRC_AREAS = ['site', 'admin', 'shared', 'app'];
// how ARCHITECTURE.md tells the file-name rule: shapes of names, not files
const NAMING_PATTERNS = ['PascalCase.tsx', 'kebab-case.ts'];
const BARE_FILE = /^[\w*.<>-]+\.(ts|tsx|mjs|sh|ya?ml|toml|conf)$/;

/** The repository path a token names, or null when the token is not a path by the rule above. */
function repoPath(token: string): string | null {
  if (TOP_FILES.includes(token) || TOP_FOLDERS.some((top) => token === top || token.startsWith(`${top}/`))) return token;
  if (SRC_AREAS.some((area) => token.startsWith(`${area}/`))) return `src/${token}`;
  if (/^(\d{14}|\*)_[\w*]+\.sql$/.test(token)) return `supabase/migrations/${token}`;
  if (BARE_FILE.test(token) && !NAMING_PATTERNS.includes(token)) return `**/${token}`;
  return null;
}

/** What a doc names: paths (repository-relative, `/`-separated) and npm scripts, each with its line. */
function mentions(doc: string, text: string): Mention[] {
  const found: Mention[] = [];
  const docDir = dirname(doc);
  let fenced = false;
  text.split('\n').forEach((lineText, i) => {
    const line = i + 1;
    if (/^\s*(```|~~~)/.test(lineText)) {
      fenced = !fenced;
      return;
    }
    const add = (kind: Mention['kind'], target: string) => found.push({ doc, line, kind, target });

    for (const m of lineText.matchAll(/\bnpm run ([\w:.-]+)/g)) add('script', m[1].replace(/[.:]+$/, ''));
    if (/\bnpm test\b/.test(lineText)) add('script', 'test');

    const spans = fenced ? [lineText] : [...lineText.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
    for (const span of spans) {
      for (const raw of span.split(/\s+/)) {
        const path = repoPath(trimToken(raw));
        if (path) add('path', path);
      }
    }
    if (fenced) return;

    for (const m of lineText.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      const [target, anchor] = m[1].split('#') as [string, string | undefined];
      if (/^[a-z][a-z+.-]*:/i.test(target) || target.startsWith('/')) continue;
      const path = target ? normalize(join(docDir, decodeURIComponent(target))).split(sep).join('/') : doc;
      if (target) add('path', path);
      if (anchor && path.endsWith('.md')) add('anchor', `${path}#${anchor}`);
    }
  });
  return found;
}

// `*` is any run of characters within a segment and `<placeholder>` any one segment's name
const segmentPattern = (segment: string) =>
  new RegExp(
    `^${segment
      .split(/(<[^>]+>|\*)/)
      .map((part) => (part === '*' ? '[^/]*' : part.startsWith('<') ? '[^/]+' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
      .join('')}$`,
  );

let tree: string[] | undefined;
/** Every file of the repository that git keeps or would keep (none ignored), by its path. */
function allFiles(): string[] {
  tree ??= execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter(Boolean);
  return tree;
}

/** Whether a path, possibly with `*` or `<placeholder>` segments, names something in the tree. */
function pathExists(path: string, root = ROOT): boolean {
  if (path.startsWith('**/')) {
    const pattern = segmentPattern(path.slice(3));
    return allFiles().some((file) => pattern.test(file.slice(file.lastIndexOf('/') + 1)) && existsSync(join(root, file)));
  }
  const segments = path.replace(/\/+$/, '').split('/');
  let dirs = [root];
  for (const [i, segment] of segments.entries()) {
    const last = i === segments.length - 1;
    if (!/[*<]/.test(segment)) {
      dirs = dirs.map((d) => join(d, segment)).filter((p) => existsSync(p) && (last || statSync(p).isDirectory()));
    } else {
      const pattern = segmentPattern(segment);
      dirs = dirs.flatMap((d) =>
        readdirSync(d, { withFileTypes: true })
          .filter((e) => pattern.test(e.name) && (last || e.isDirectory()))
          .map((e) => join(d, e.name)),
      );
    }
    if (dirs.length === 0) return false;
  }
  return true;
}

function gitIgnored(path: string): boolean {
  if (/[*<]/.test(path)) return false;
  try {
    execFileSync('git', ['check-ignore', '-q', '--no-index', path], { cwd: ROOT, stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** GitHub's anchor of a heading: its text lower-cased, without punctuation, spaces as hyphens. */
function headingSlug(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*_]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors a markdown file's headings make, a repeated one numbered as GitHub numbers it. */
function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of text.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const slug = headingSlug(heading[1]);
    let n = 0;
    while (anchors.has(n ? `${slug}-${n}` : slug)) n++;
    anchors.add(n ? `${slug}-${n}` : slug);
  }
  return anchors;
}

function anchorExists(target: string, root = ROOT): boolean {
  const [path, anchor] = target.split('#');
  const file = join(root, path);
  return existsSync(file) && anchorsOf(readFileSync(file, 'utf8')).has(anchor);
}

const scripts = Object.keys(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts as Record<string, string>);
const all = docFiles().flatMap((doc) => mentions(doc, readFileSync(join(ROOT, doc), 'utf8')));
const where = (m: Mention) => `${m.doc}:${m.line}: ${m.target}`;

describe('the docs name only what exists', () => {
  it('every repository path named in README.md, ARCHITECTURE.md, docs/*.md and src/**/README.md exists', () => {
    expect(docFiles()).toContain('src/admin/README.md');
    const paths = all.filter((m) => m.kind === 'path');
    // the rule finds paths: a broken extractor would pass any tree
    expect(paths.length).toBeGreaterThan(200);
    const missing = paths.filter((m) => !pathExists(m.target) && !gitIgnored(m.target)).map(where);
    expect(missing, `paths the docs name that are not in the repository:\n${missing.join('\n')}`).toEqual([]);
  });

  it('every link to a heading of a markdown file finds that heading', () => {
    const anchors = all.filter((m) => m.kind === 'anchor');
    expect(anchors.length).toBeGreaterThan(30);
    const missing = anchors.filter((m) => !anchorExists(m.target)).map(where);
    expect(missing, `links to headings that are not there:\n${missing.join('\n')}`).toEqual([]);
  });

  it('every `npm run` script they name is in package.json', () => {
    const named = all.filter((m) => m.kind === 'script');
    expect(named.length).toBeGreaterThan(20);
    const missing = named.filter((m) => !scripts.includes(m.target)).map(where);
    expect(missing, `npm scripts the docs name that package.json does not have:\n${missing.join('\n')}`).toEqual([]);
  });

  it('the rule finds a moved file, a relative link, a lost heading, a glob, a migration, a bare name and a script, each with its doc and line', () => {
    const text = [
      'The client is `src/shared/db/public-db.ts`, see [the islands](islands.md#when) and',
      '[the readme](../README.md), `tests/backend/*.postgres.test.ts`, `/blog/<slug>` and https://x.test/src/a.',
      '```',
      'supabase/functions/<name>/index.ts   one folder each',
      'src/admin/kit/no-such-file.ts',
      '```',
      'Run `npm run no-such-script` or `npm run size`; `src/gone.ts`, and [gone](gone.md).',
      '`shared/ui/button.tsx` and `site/gone.tsx`, `20990101000000_gone.sql` and `*_api_surface.sql`,',
      '`http1.ts` and `no-such-helper.ts`, but not `ical.js` nor `404.html`.',
      'Functions: [there](stand-in.md#edge-functions), [not there](stand-in.md#edge-function), [here](#the-example).',
    ].join('\n');
    const found = mentions('docs/example.md', text);
    expect(found.map((m) => `${m.line} ${m.kind} ${m.target}`)).toEqual([
      '1 path src/shared/db/public-db.ts',
      '1 path docs/islands.md',
      '1 anchor docs/islands.md#when',
      '2 path tests/backend/*.postgres.test.ts',
      '2 path README.md',
      '4 path supabase/functions/<name>/index.ts',
      '5 path src/admin/kit/no-such-file.ts',
      '7 script no-such-script',
      '7 script size',
      '7 path src/gone.ts',
      '7 path docs/gone.md',
      '8 path src/shared/ui/button.tsx',
      '8 path src/site/gone.tsx',
      '8 path supabase/migrations/20990101000000_gone.sql',
      '8 path supabase/migrations/*_api_surface.sql',
      '9 path **/http1.ts',
      '9 path **/no-such-helper.ts',
      '10 path docs/stand-in.md',
      '10 anchor docs/stand-in.md#edge-functions',
      '10 path docs/stand-in.md',
      '10 anchor docs/stand-in.md#edge-function',
      '10 anchor docs/example.md#the-example',
    ]);
    const ok = { path: (t: string) => pathExists(t), script: (t: string) => scripts.includes(t), anchor: (t: string) => anchorExists(t) };
    // the example is not on disk: its own heading is checked through anchorsOf below
    const broken = found.filter((m) => !m.target.startsWith(`${m.doc}#`)).filter((m) => !ok[m.kind](m.target));
    expect(broken.map(where)).toEqual([
      'docs/example.md:1: docs/islands.md#when',
      'docs/example.md:5: src/admin/kit/no-such-file.ts',
      'docs/example.md:7: no-such-script',
      'docs/example.md:7: src/gone.ts',
      'docs/example.md:7: docs/gone.md',
      'docs/example.md:8: src/site/gone.tsx',
      'docs/example.md:8: supabase/migrations/20990101000000_gone.sql',
      'docs/example.md:9: **/no-such-helper.ts',
      'docs/example.md:10: docs/stand-in.md#edge-function',
    ]);
    // a doc's own headings, with a repeated one numbered and inline code and links as their text
    expect([...anchorsOf('# The example\n## `npm run size`: [its budgets](x.md)\n## Notes\n## Notes\n```\n# not a heading\n```')]).toEqual([
      'the-example',
      'npm-run-size-its-budgets',
      'notes',
      'notes-1',
    ]);
  });
});
