// The GitHub Actions workflows (.github/workflows) pass actionlint and the pin rule
// (scripts/tools/workflow-lint.mjs), and read exactly the secrets and variables docs/release.md
// tells whoever sets up a repository to set. The linter is proven to find mistakes: a workflow
// broken on purpose must give exactly the findings its lines are marked with, and the release
// workflow broken in one place at a time must fail each time. No secret reaches a pull request:
// each is read only by a job of main in the protected environment docs/release.md gives it.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { lintFiles, lintWorkflow, workflowFiles } from '../../scripts/tools/workflow-lint.mjs';

const BROKEN = 'tests/build/fixtures/workflows/broken.yml';
const RELEASE = '.github/workflows/release.yml';
const read = (file: string) => readFileSync(file, 'utf8');

describe('the GitHub Actions workflows', () => {
  it('pass actionlint, every action pinned to a commit', async () => {
    const files = workflowFiles();
    expect(files.map((f) => basename(f))).toEqual(['backup.yml', 'release.yml']);
    expect(await lintFiles(files)).toEqual([]);
  });

  it('a workflow broken on purpose gives exactly the findings its lines are marked with', async () => {
    const text = read(BROKEN);
    const marked = text
      .split('\n')
      .flatMap((line, i) => [...line.matchAll(/# ✗ ([\w-]+)/g)].map((m) => `${i + 1} ${m[1]}`));
    // the fixture holds every kind the release could get wrong: not a test of nothing
    expect(new Set(marked.map((m) => m.split(' ')[1]))).toEqual(new Set(['events', 'permissions', 'expression', 'job-needs', 'syntax-check', 'pin', 'secrets']));
    const found = (await lintWorkflow(text)).map((f) => `${f.line} ${f.kind}`);
    expect(found).toEqual(marked);
  });

  it('the release workflow broken in one place at a time fails each time', async () => {
    const release = read(RELEASE);
    const breakages: [string, string, string][] = [
      ['needs: test', 'needs: tset', 'job-needs'],
      ['${{ secrets.SUPABASE_DB_URL }}', '${{ secret.SUPABASE_DB_URL }}', 'expression'],
      ['runs-on: ubuntu-24.04', 'runs-on: ubuntu-2404', 'runner-label'],
      ['timeout-minutes: 10', 'timeout-minute: 10', 'syntax-check'],
      ['df4cb1c069e1874edd31b4311f1884172cec0e10 # v6.0.3', 'v6', 'pin'],
      // a secret given to the pull request's plan, whose code is the pull request's
      ['BASE_REF: ${{ github.base_ref }}', 'BASE_REF: ${{ secrets.SUPABASE_DB_URL }}', 'secrets'],
      // the release outside its environment, or on every event
      ['    environment:\n      name: production\n      url: ${{ vars.VITE_SITE_URL }}\n', '', 'secrets'],
      ["if: github.event_name != 'pull_request' && github.ref == 'refs/heads/main'", "if: github.ref == 'refs/heads/main'", 'secrets'],
      ['  pull_request:\n', '  pull_request_target:\n', 'secrets'],
    ];
    for (const [from, to, kind] of breakages) {
      expect(release, from).toContain(from);
      const kinds = (await lintWorkflow(release.replace(from, to))).map((f) => f.kind);
      expect(kinds, `${from} → ${to}`).toContain(kind);
    }
  });

  it('read the secrets and variables docs/release.md lists, and set the Edge Functions’ secrets of .env.example', () => {
    const workflows = workflowFiles().map(read).join('\n');
    const used = (context: string) => new Set([...workflows.matchAll(new RegExp(`\\b${context}\\.([A-Z][A-Z0-9_]*)`, 'g'))].map((m) => m[1]));
    // docs/release.md's table: | `NAME` | secret or variable | environment | …
    const rows = [...read('docs/release.md').matchAll(/^\| `([A-Z][A-Z0-9_]*)` \| (secret|variable) \| ([a-z]+|—) \|/gm)];
    const listed = (kind: string) => new Set(rows.filter((r) => r[2] === kind).map((r) => r[1]));
    expect(used('secrets')).toEqual(listed('secret'));
    expect(used('vars')).toEqual(listed('variable'));
    expect(listed('secret').size).toBeGreaterThanOrEqual(5);

    // every name the functions read (supabase/functions/.env.example's NAME= lines) is set on release
    const names = [...read('supabase/functions/.env.example').matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]);
    expect(names.length).toBeGreaterThan(0);
    const secretsSet = /printf '([^']*)'[^\n]*>"\$env_file"/.exec(read(RELEASE))?.[1] ?? '';
    expect(secretsSet.split('\\n').filter(Boolean).map((l) => l.split('=')[0]).sort()).toEqual([...names].sort());
  });

  it('give each secret only to jobs of main in the environment docs/release.md names for it, never to a pull request', () => {
    const table = new Map(
      [...read('docs/release.md').matchAll(/^\| `([A-Z][A-Z0-9_]*)` \| secret \| ([a-z]+) \|/gm)].map((m) => [m[1], m[2]]),
    );
    expect([...new Set(table.values())].sort()).toEqual(['backup', 'production']);
    const seen = new Set<string>();
    for (const file of workflowFiles()) {
      const doc = yaml.load(read(file)) as { on: Record<string, unknown>; jobs: Record<string, { if?: string; environment?: string | { name: string } }> };
      expect(Object.keys(doc.on), file).not.toContain('pull_request_target');
      for (const [name, job] of Object.entries(doc.jobs)) {
        const secrets = [...JSON.stringify(job).matchAll(/\bsecrets\.([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]);
        const environment = typeof job.environment === 'string' ? job.environment : job.environment?.name;
        const where = `${basename(file)} › ${name}`;
        if ('pull_request' in doc.on && !String(job.if).includes("github.event_name != 'pull_request'")) {
          expect(secrets, `${where} runs on pull requests`).toEqual([]);
        }
        for (const secret of secrets) {
          expect(environment, `${where} reads ${secret}`).toBe(table.get(secret));
          expect(String(job.if), `${where} reads ${secret}`).toContain("github.ref == 'refs/heads/main'");
          seen.add(secret);
        }
      }
    }
    // the owner's connection string and the account's token exist in production alone
    expect(table.get('SUPABASE_DB_URL')).toBe('production');
    expect(table.get('SUPABASE_ACCESS_TOKEN')).toBe('production');
    expect(seen).toEqual(new Set(table.keys()));
  });
});
