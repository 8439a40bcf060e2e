// The schema on real PostgreSQL: platform bootstrap, every migration and the seed applied to a
// throw-away cluster of the server hosted Supabase runs (PostgreSQL 15 from Debian's
// postgresql-15; PGlite is 18), then the whole access matrix through the stand-in's REST,
// auth and storage code with node-postgres underneath. Skipped, saying why, without a server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMigrations } from '../../supabase/local/db.ts';
import { PostgresDb } from '../../supabase/local/engine/postgres.ts';
import { startHarness } from './harness.ts';
import { applySchema, findPostgres, postgresSkipReason, startPostgres, type PostgresCluster } from './postgres-cluster.ts';
import { defineBookingRules } from './booking-rules.ts';
import { defineContentWebhook } from './content-webhook.ts';
import { defineEditConcurrency } from './edit-concurrency.ts';
import { defineRlsMatrix } from './rls-matrix.ts';

const skip = postgresSkipReason();
if (skip) console.warn(`[rls-matrix.postgres] skipped: ${skip}`);
const suite = skip ? describe.skip : describe;

suite(`on real PostgreSQL ${findPostgres()?.version ?? ''}${skip ? ` (skipped: ${skip})` : ''}`, () => {
  let cluster: PostgresCluster | undefined;
  let applied: string[] = [];
  let db: PostgresDb | undefined;

  beforeAll(async () => {
    cluster = await startPostgres();
    applied = await applySchema(cluster);
  });
  // registered first, so it runs after the matrix has closed its harness
  afterAll(() => cluster?.stop());

  describe('supabase db push', () => {
    it('applies every migration and the seed', async () => {
      expect(applied).toEqual(readMigrations().map((m) => m.file));
      db = new PostgresDb({ connection: cluster!.connection });
      const counts = await db.asSystem(
        async (tx) =>
          (
            await tx.query<{ migrations: number; posts: number; users: number; version: number }>(
              `select (select count(*) from supabase_migrations.schema_migrations) as migrations,
                      (select count(*) from public.blog_posts) as posts,
                      (select count(*) from auth.users) as users,
                      current_setting('server_version_num')::int / 10000 as version`,
            )
          ).rows[0],
      );
      await db.close();
      expect(counts.migrations).toBe(applied.length);
      expect(counts.posts).toBeGreaterThan(0);
      expect(counts.users).toBeGreaterThanOrEqual(2);
      expect(counts.version).toBe(cluster!.version);
    });
  });

  describe('the access matrix', () => {
    defineRlsMatrix(() => startHarness({ db: new PostgresDb({ connection: cluster!.connection }) }));
  });

  describe('the booking rules and intake limits', () => {
    defineBookingRules(() => startHarness({ db: new PostgresDb({ connection: cluster!.connection }) }));
  });

  describe('the content webhook', () => {
    defineContentWebhook(() => startHarness({ db: new PostgresDb({ connection: cluster!.connection }) }));
  });

  describe('optimistic concurrency of admin edits', () => {
    defineEditConcurrency(() => startHarness({ db: new PostgresDb({ connection: cluster!.connection }) }));
  });

  describe('statement timeout', () => {
    it('is PostgreSQL\'s own: the regex is cancelled with 57014 after the anon timeout', async () => {
      const h = await startHarness({ db: new PostgresDb({ connection: cluster!.connection, statementTimeouts: { anon: 500 } }) });
      try {
        const started = performance.now();
        const { error, status } = await h.anon
          .from('blog_posts')
          .select('slug')
          .filter('content', 'match', '(.*)(.*)(.*)(.*)\\4\\3\\2\\1x');
        expect(status).toBe(500);
        expect(error?.code).toBe('57014');
        expect(performance.now() - started).toBeGreaterThanOrEqual(450);
      } finally {
        await h.close();
      }
    });
  });
});
