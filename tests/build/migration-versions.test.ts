// No migration is dated in the future, none is misnamed, no two share a version
// (scripts/tools/migration-versions.mjs). Each rule is shown to refuse a bad name, so the check of
// the real directory is not a check of nothing.
import { describe, expect, it } from 'vitest';
import { migrationFiles, migrationVersionProblems } from '../../scripts/tools/migration-versions.mjs';

describe('the migrations’ versions', () => {
  it('are well formed, unique and none later than today (UTC)', () => {
    const files = migrationFiles();
    expect(files.length).toBeGreaterThan(20);
    expect(migrationVersionProblems(files)).toEqual([]);
  });

  it('refuse a version dated tomorrow, and take one of today, by the UTC day', () => {
    // 23:30 in Sofia on the 28th is 21:30 UTC on the 28th: the 29th is still tomorrow
    const now = new Date('2026-11-28T21:30:00Z');
    expect(migrationVersionProblems(['20261128235900_today.sql', '20261127000100_before.sql'], now)).toEqual([]);
    expect(migrationVersionProblems(['20261128000100_today.sql', '20261129000100_tomorrow.sql'], now)).toEqual([
      expect.stringMatching(/^20261129000100_tomorrow\.sql: dated 20261129, after today \(20261128 UTC\)/),
    ]);
  });

  it('refuse a malformed name, digits that are no date, and a version two files share', () => {
    const now = new Date('2026-11-28T12:00:00Z');
    expect(
      migrationVersionProblems(
        [
          '20261122000100_schema.sql',
          '20261122000100_again.sql',
          '20261122_short.sql',
          '20261122000200_Upper.sql',
          '20261122000300_notes.txt',
          '20261131000100_no_such_day.sql',
          '20261122250000_no_such_hour.sql',
        ],
        now,
      ),
    ).toEqual([
      '20261122000100_schema.sql: version 20261122000100 is 20261122000100_again.sql\'s too',
      expect.stringMatching(/^20261122000200_Upper\.sql: a migration's name is/),
      expect.stringMatching(/^20261122000300_notes\.txt: a migration's name is/),
      expect.stringMatching(/^20261122250000_no_such_hour\.sql: 20261122250000 is not a date and time/),
      expect.stringMatching(/^20261122_short\.sql: a migration's name is/),
      expect.stringMatching(/^20261131000100_no_such_day\.sql: 20261131000100 is not a date and time/),
    ]);
  });
});
