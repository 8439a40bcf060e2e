// What a pull request would do to production's schema, told from git alone: the pull-request job
// of release.yml runs it with no secret (a pull request's code never sees production's database
// URL or token; docs/release.md).
//
//   node scripts/tools/migration-plan.mjs <base ref>     e.g. origin/main; exits 1 on a finding
//
// It lists the migrations the release would apply (the ones the pull request adds), the lines of
// supabase/config.toml it changes (what `supabase config push` would send), and refuses what a
// release could not apply as written:
//   * a migration that exists on the base changed, renamed or deleted: production has applied it
//     already, and `supabase db push` never runs it again (add a new migration instead);
//   * a new migration that sorts at or before the base's newest: `db push` refuses a version older
//     than the newest applied one (without --include-all), so the release would stop half-way;
//   * a file in supabase/migrations/ whose name is not <14 digits>_<name>.sql.
import { execFileSync } from 'node:child_process';
import { pathToFileURL, fileURLToPath } from 'node:url';

const MIGRATIONS = 'supabase/migrations/';
const NAME = /^(\d{14})_[a-z0-9_]+\.sql$/;

function git(cwd, args) {
  return execFileSync('git', args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

/**
 * The plan for `head` against `base` in the repository at `cwd`.
 * @returns {{ added: string[], problems: string[], config: string }}
 */
export function migrationPlan({ base, head = 'HEAD', cwd = process.cwd() }) {
  const mergeBase = git(cwd, ['merge-base', base, head]).trim();
  const onBase = git(cwd, ['ls-tree', '--name-only', `${mergeBase}:${MIGRATIONS}`])
    .split('\n')
    .filter((f) => f.endsWith('.sql'));
  const newest = onBase.map((f) => NAME.exec(f)?.[1]).filter(Boolean).sort().at(-1) ?? '';
  /** @type {string[]} */
  const problems = [];
  /** @type {string[]} */
  const added = [];
  const changes = git(cwd, ['diff', '--name-status', '--no-renames', `${mergeBase}...${head}`, '--', MIGRATIONS])
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split('\t'));
  for (const [status, path] of changes) {
    const file = path.slice(MIGRATIONS.length);
    if (status === 'A') {
      const version = NAME.exec(file)?.[1];
      if (!version) problems.push(`${path}: a migration's name is <14 digits>_<lower-case name>.sql`);
      else if (version <= newest) problems.push(`${path}: sorts at or before ${newest}, the newest migration already on the base; supabase db push would refuse it. Give it a later timestamp (npx supabase migration new <name>)`);
      else added.push(file);
    } else {
      const what = status === 'D' ? 'deleted' : 'changed';
      problems.push(`${path}: ${what}, but it is on the base, so production has applied it and will never run it again. Leave it as it is and add a new migration`);
    }
  }
  const config = git(cwd, ['diff', `${mergeBase}...${head}`, '--', 'supabase/config.toml']);
  return { added: added.sort(), problems, config };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const base = process.argv[2];
  if (!base) {
    console.error(`usage: node ${fileURLToPath(import.meta.url)} <base ref>`);
    process.exit(2);
  }
  const { added, problems, config } = migrationPlan({ base });
  console.log(added.length ? `The release would apply ${added.length} migration(s):\n${added.map((f) => `  ${f}`).join('\n')}` : 'The release would apply no migration.');
  console.log(config ? `\nsupabase/config.toml changes (supabase config push sends them):\n${config}` : '\nsupabase/config.toml is unchanged.');
  for (const p of problems) console.log(`::error::${p}`);
  process.exit(problems.length ? 1 : 0);
}
