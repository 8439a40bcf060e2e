// Triggers that must run in order say so one way (supabase/migrations/20261128002100_trigger_order.sql):
// where two or more row triggers of a table share a timing and an event, every row trigger of that
// timing is named <table>_<NN>_<what>, NN (two digits, unique) its place, so that PostgreSQL's name
// order is the numbered order. Read from supabase/schema/triggers.sql, which npm test's first stage
// keeps equal to what the migrations make; each table's firing order is spelt out there.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const SNAPSHOT = 'supabase/schema/triggers.sql';

/** What breaks the rule in a triggers snapshot, one line a finding. */
function orderProblems(snapshot: string): string[] {
  const problems: string[] = [];
  // table → timing → the row triggers of that timing, and whether some event has two or more
  const tables = new Map<string, Map<string, { names: Set<string>; shared: boolean }>>();
  let table = '';
  for (const line of snapshot.split('\n')) {
    const section = /^-- ---- \w+\.(\w+) ----$/.exec(line);
    if (section) {
      table = section[1];
      tables.set(table, new Map());
      continue;
    }
    // e.g. "-- before insert, for each row: a → b" (deferred constraint triggers say "each row, at commit")
    const firing = /^-- (before|after|instead of) (\w+), for each row: (.+)$/.exec(line);
    if (!firing || !table) continue;
    const names = firing[3].split(' → ');
    const timing = tables.get(table)!.get(firing[1]) ?? { names: new Set<string>(), shared: false };
    names.forEach((n) => timing.names.add(n));
    timing.shared ||= names.length > 1;
    tables.get(table)!.set(firing[1], timing);
  }
  for (const [name, timings] of tables) {
    for (const [timing, { names, shared }] of timings) {
      if (!shared) continue;
      const places = new Map<string, string>();
      for (const trigger of [...names].sort()) {
        const place = new RegExp(`^${name}_(\\d{2})_[a-z0-9_]+$`).exec(trigger)?.[1];
        if (!place) problems.push(`${name}, ${timing}: ${trigger} is not named ${name}_<NN>_<what>`);
        else if (places.has(place)) problems.push(`${name}, ${timing}: ${trigger} and ${places.get(place)} share the place ${place}`);
        else places.set(place, trigger);
      }
    }
  }
  return problems;
}

describe('the order of triggers', () => {
  it('is said by <table>_<NN>_ names wherever two row triggers of a timing share an event', () => {
    const snapshot = readFileSync(SNAPSHOT, 'utf8');
    // the tables whose chains the rule is about are there (not a check of an empty file)
    expect(snapshot).toContain('-- before insert, for each row: contact_submissions_10_bot_trap → contact_submissions_20_clean');
    expect(snapshot).toContain('-- before insert, for each row: appointments_10_bot_trap → appointments_15_checked');
    expect(orderProblems(snapshot)).toEqual([]);
  });

  it('refuses a prefix of letters, a trigger left unnumbered, and two triggers in one place', () => {
    const snapshot = [
      '-- ---- public.inquiries ----',
      '-- before insert, for each row: a_inquiries_bot_trap → inquiries_10_clean → inquiries_checked',
      '-- before update, for each row: inquiries_10_clean → inquiries_10_updated_at',
      '-- after insert, for each row: inquiries_chat',
      '-- ---- public.posts ----',
      '-- after delete, for each row: posts_bin',
      '-- after delete, for each row, at commit: posts_forget',
    ].join('\n');
    expect(orderProblems(snapshot)).toEqual([
      'inquiries, before: a_inquiries_bot_trap is not named inquiries_<NN>_<what>',
      'inquiries, before: inquiries_10_updated_at and inquiries_10_clean share the place 10',
      'inquiries, before: inquiries_checked is not named inquiries_<NN>_<what>',
    ]);
  });
});
