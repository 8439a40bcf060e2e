// The records of processing (docs/privacy.md, GDPR Art. 30) follow the schema: every table of the
// project's schemas (as the committed snapshot, supabase/schema/tables.sql, has them; the snapshot
// itself is held to the migrations by tests/build/schema-snapshot.test.ts) is named in docs/privacy.md,
// either in a row of a records table (it holds personal data: what, why, on which basis, where, who,
// how long) or in the list of tables without personal data. A new table that is in neither fails
// here, and so does a table listed as holding none while it has a column that names a person's
// contact (an e-mail, a phone, an address of the network or of mail).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const snapshot = readFileSync(join(root, 'supabase', 'schema', 'tables.sql'), 'utf8');
const records = readFileSync(join(root, 'docs', 'privacy.md'), 'utf8');

/** Every table of the snapshot with its columns' names. */
function tables(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const match of snapshot.matchAll(/^create table (\w+\.\w+) \(\n([\s\S]*?)\n\);/gm)) {
    const columns = match[2]
      .split('\n')
      .map((line) => /^ {2}(\w+) /.exec(line)?.[1])
      .filter((c): c is string => Boolean(c) && !/^(constraint|primary|unique|check|foreign|exclude)$/i.test(c!));
    out.set(match[1], columns);
  }
  return out;
}

/** The section of docs/privacy.md under a `## ` heading, up to the next one. */
function section(heading: string): string {
  const start = records.indexOf(`\n## ${heading}\n`);
  if (start < 0) return '';
  const end = records.indexOf('\n## ', start + 1);
  return records.slice(start, end < 0 ? undefined : end);
}

/** The tables named (in backticks, with or without their schema) in the rows of the document's markdown tables. */
function namedInRecords(): Set<string> {
  const rows = records.split('\n').filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line));
  return new Set(rows.flatMap((row) => [...row.matchAll(/`((?:\w+\.)?\w+)`/g)].map((m) => m[1])));
}

const namedIn = (text: string) => new Set([...text.matchAll(/`((?:\w+\.)?\w+)`/g)].map((m) => m[1]));
const bare = (table: string) => table.split('.')[1];
const has = (set: Set<string>, table: string) => set.has(table) || (table.startsWith('public.') && set.has(bare(table)));

/** A column that names a person's contact or network. */
const CONTACT_COLUMN = /(^|_)(email|emails|phone|address|ip)$|user_agent|^client_name$/;

describe('the records of processing (docs/privacy.md)', () => {
  const all = tables();
  const withoutPersonalData = namedIn(section('Tables without personal data'));
  const inRecords = namedInRecords();

  it('reads the snapshot (the test sees the tables it checks)', () => {
    expect(all.size).toBeGreaterThan(40);
    expect(all.get('public.contact_submissions')).toEqual(expect.arrayContaining(['email', 'phone', 'message']));
  });

  it('names every table: in a record of processing, or among the tables without personal data', () => {
    const missing = [...all.keys()].filter((t) => !has(inRecords, t) && !has(withoutPersonalData, t));
    expect(missing, 'tables docs/privacy.md does not mention: add each to a record (personal data) or to "Tables without personal data"').toEqual([]);
  });

  it('lists no table with a contact column among those without personal data', () => {
    const wrong = [...all].filter(([t, columns]) => has(withoutPersonalData, t) && columns.some((c) => CONTACT_COLUMN.test(c)));
    expect(wrong.map(([t]) => t)).toEqual([]);
  });

  it('names no table that does not exist (the records stay true to the schema)', () => {
    const known = new Set([...all.keys()].flatMap((t) => [t, ...(t.startsWith('public.') ? [bare(t)] : [])]));
    const stale = [...withoutPersonalData].filter((name) => !known.has(name));
    expect(stale).toEqual([]);
  });
});
