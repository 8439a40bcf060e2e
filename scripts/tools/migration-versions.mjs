// The rules every file in supabase/migrations/ keeps, told from the file names alone (checked by
// tests/build/migration-versions.test.ts on each `npm test`):
//   * its name is <14 digits>_<lower-case name>.sql, the digits a real UTC date and time
//     (YYYYMMDDHHMMSS; this project numbers a day's migrations 000100, 000200, …);
//   * no two share a version (supabase_migrations.schema_migrations keys on it);
//   * no version is dated after the day it is checked: `supabase migration new` stamps the current
//     time, so a migration dated in the future would sort after, and so run after, the next
//     migration anyone writes.
import { readdirSync } from 'node:fs';

export const MIGRATIONS_DIR = 'supabase/migrations';
export const MIGRATION_NAME = /^(\d{14})_[a-z0-9_]+\.sql$/;

/** A version's digits as a UTC date and time, or null when they are not one. */
function asDate(version) {
  const [y, mo, d, h, mi, s] = [0, 4, 6, 8, 10, 12].map((at, i) => Number(version.slice(at, i === 0 ? 4 : at + 2)));
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  const same =
    date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d &&
    date.getUTCHours() === h && date.getUTCMinutes() === mi && date.getUTCSeconds() === s;
  return same ? date : null;
}

/**
 * What is wrong with a list of migration file names, checked on the UTC day of `now`.
 * @param {string[]} files
 * @param {Date} [now]
 * @returns {string[]} one line per finding, empty when all is well
 */
export function migrationVersionProblems(files, now = new Date()) {
  const today = now.toISOString().slice(0, 10).replaceAll('-', '');
  /** @type {string[]} */
  const problems = [];
  /** @type {Map<string, string>} */
  const seen = new Map();
  for (const file of [...files].sort()) {
    const version = MIGRATION_NAME.exec(file)?.[1];
    if (!version) {
      problems.push(`${file}: a migration's name is <14 digits>_<lower-case name>.sql`);
      continue;
    }
    if (!asDate(version)) problems.push(`${file}: ${version} is not a date and time (YYYYMMDDHHMMSS)`);
    else if (version.slice(0, 8) > today) problems.push(`${file}: dated ${version.slice(0, 8)}, after today (${today} UTC); a migration's version is the day it was written`);
    const other = seen.get(version);
    if (other) problems.push(`${file}: version ${version} is ${other}'s too`);
    else seen.set(version, file);
  }
  return problems;
}

/** The file names in supabase/migrations/ (every file: one that is not a migration is a finding). */
export function migrationFiles(root = process.cwd()) {
  return readdirSync(`${root}/${MIGRATIONS_DIR}`);
}
