// The schema snapshot (supabase/schema/, scripts/tools/schema-snapshot.ts) follows the migrations:
// `npm test`'s first stage regenerates it from supabase/migrations and fails when a committed file
// differs (staleFiles). Here a migration is changed on purpose (row-level security switched off for the
// projects, a policy dropped, a cron job moved) and the snapshot of the changed migrations must
// differ from the committed files in exactly the files of those concerns, at those lines.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readMigrations } from '../../supabase/local/db.ts';
import { generateSnapshot, SCHEMA_DIR, staleFiles } from '../../scripts/tools/schema-snapshot.ts';

const lines = (text: string) => new Set(text.split('\n'));
const added = (before: string, after: string) => [...lines(after)].filter((l) => !lines(before).has(l));
const removed = (before: string, after: string) => [...lines(before)].filter((l) => !lines(after).has(l));

describe('the schema snapshot', () => {
  it('differs from the committed one when a migration changes, in the files and lines of the change', { timeout: 180_000 }, async () => {
    const migrations = readMigrations();
    const committed = Object.fromEntries(['tables.sql', 'cron.sql'].map((f) => [f, readFileSync(join(SCHEMA_DIR, f), 'utf8')]));
    const last = migrations.at(-1)!;
    const changed = [
      ...migrations.slice(0, -1),
      {
        ...last,
        sql: `${last.sql}
alter table public.projects disable row level security;
drop policy "Writers and consultants delete site images" on storage.objects;
select cron.schedule('booking-mail', '*/5 * * * *', 'select private.process_mail_outbox()');
`,
      },
    ];
    const fresh = await generateSnapshot(changed);
    // (that the committed files are the committed migrations' is npm test's first stage)
    expect(staleFiles(fresh)).toEqual(['cron.sql', 'tables.sql']);
    expect(removed(committed['tables.sql'], fresh['tables.sql'])).toEqual([
      'alter table public.projects enable row level security;',
      'create policy "Writers and consultants delete site images" on storage.objects for delete to authenticated',
    ]);
    expect(added(committed['tables.sql'], fresh['tables.sql'])).toEqual([]);
    expect(added(committed['cron.sql'], fresh['cron.sql'])).toEqual([
      "select cron.schedule('booking-mail', '*/5 * * * *', 'select private.process_mail_outbox()');",
    ]);
  });
});
