// The pull request's plan (scripts/tools/migration-plan.mjs), which release.yml runs without a
// secret: in a repository of its own, a branch that adds a migration is planned, and one that
// changes, deletes or back-dates a migration is refused with the reason.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationPlan } from '../../scripts/tools/migration-plan.mjs';

const repo = mkdtempSync(join(tmpdir(), 'migration-plan-'));
const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, encoding: 'utf8' });
const write = (path: string, text: string) => writeFileSync(join(repo, path), text);

beforeAll(() => {
  git('init', '-q', '-b', 'main');
  git('config', 'user.email', 'test@example.com');
  git('config', 'user.name', 'test');
  mkdirSync(join(repo, 'supabase', 'migrations'), { recursive: true });
  write('supabase/config.toml', '[auth]\nenable_signup = false\n');
  write('supabase/migrations/20261122000100_schema.sql', 'create table t (id int);\n');
  write('supabase/migrations/20261206000100_mail.sql', 'create table m (id int);\n');
  git('add', '-A');
  git('commit', '-qm', 'base');
});

afterAll(() => rmSync(repo, { recursive: true, force: true }));

/** A branch from main with `change` committed; the plan of it against main. */
function planOf(branch: string, change: () => void) {
  git('checkout', '-q', '-b', branch, 'main');
  change();
  git('add', '-A');
  git('commit', '-qm', branch);
  const plan = migrationPlan({ base: 'main', cwd: repo });
  git('checkout', '-q', 'main');
  return plan;
}

describe('the pull request’s migration plan', () => {
  it('lists the migrations a branch adds after the newest, and the auth settings it changes', () => {
    const plan = planOf('adds', () => {
      write('supabase/migrations/20261207000100_budgets.sql', 'alter table m add column c int;\n');
      write('supabase/config.toml', '[auth]\nenable_signup = false\nminimum_password_length = 12\n');
    });
    expect(plan.problems).toEqual([]);
    expect(plan.added).toEqual(['20261207000100_budgets.sql']);
    expect(plan.config).toContain('+minimum_password_length = 12');
  });

  it('refuses a migration production has applied, changed or deleted, and one that sorts before the newest', () => {
    const plan = planOf('rewrites', () => {
      write('supabase/migrations/20261122000100_schema.sql', 'create table t (id bigint);\n');
      unlinkSync(join(repo, 'supabase/migrations/20261206000100_mail.sql'));
      write('supabase/migrations/20261130000100_late.sql', 'select 1;\n');
      write('supabase/migrations/20261208_no_time.sql', 'select 1;\n');
    });
    expect(plan.added).toEqual([]);
    expect(plan.problems).toEqual([
      expect.stringMatching(/^supabase\/migrations\/20261122000100_schema\.sql: changed, but it is on the base, so production has applied it/),
      expect.stringMatching(/^supabase\/migrations\/20261130000100_late\.sql: sorts at or before 20261206000100/),
      expect.stringMatching(/^supabase\/migrations\/20261206000100_mail\.sql: deleted, but it is on the base/),
      expect.stringMatching(/^supabase\/migrations\/20261208_no_time\.sql: a migration's name is <14 digits>/),
    ]);
    expect(plan.config).toBe('');
  });
});
