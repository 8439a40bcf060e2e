// Optimistic concurrency of the admin edits: every edited table keeps updated_at by
// its BEFORE UPDATE trigger, and an update filtered on the updated_at the admin loaded changes no
// row once someone else has saved. Defined once and run twice: against the stand-in
// (edit-concurrency.test.ts) and against real PostgreSQL 15 (rls-matrix.postgres.test.ts).
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from './harness.ts';

const ADMIN_ID = 'a0000000-0000-4000-8000-000000000001';

/** Each edited table with a text column an admin changes and two values to write. */
const TABLES = [
  { table: 'blog_posts', column: 'title', first: 'Първият администратор', second: 'Вторият администратор' },
  { table: 'projects', column: 'description', first: 'Описание на първия', second: 'Описание на втория' },
  { table: 'clients', column: 'name', first: 'Клиент на първия', second: 'Клиент на втория' },
  { table: 'blog_users', column: 'full_name', first: 'Име от първия', second: 'Име от втория' },
  { table: 'project_categories', column: 'name', first: 'Категория на първия', second: 'Категория на втория' },
  { table: 'calendar_settings', column: 'consultant_name', first: 'Консултант на първия', second: 'Консултант на втория' },
] as const;

export function defineEditConcurrency(start: () => Promise<Harness>) {
  let h: Harness;
  let admin: SupabaseClient;

  beforeAll(async () => {
    h = await start();
    admin = h.as({ sub: ADMIN_ID, email: 'admin@example.com' });
  });
  afterAll(() => h?.close());

  for (const { table, column, first, second } of TABLES) {
    describe(table, () => {
      it('a stale updated_at updates no row and leaves the row as the first writer left it; a current one updates', async () => {
        const loaded = await h.service.from(table).select(`id, updated_at, ${column}`).order('created_at').limit(1).single();
        expect(loaded.error).toBeNull();
        const { id, updated_at: loadedAt } = loaded.data as unknown as { id: string; updated_at: string };

        // the first admin saves over the version both loaded
        const one = await admin.from(table).update({ [column]: first }).eq('id', id).eq('updated_at', loadedAt).select('id, updated_at');
        expect(one.error).toBeNull();
        expect(one.data).toHaveLength(1);
        const firstAt = (one.data![0] as { updated_at: string }).updated_at;
        expect(Date.parse(firstAt)).toBeGreaterThan(Date.parse(loadedAt));

        // the second admin, still on the loaded version: nothing changes
        const two = await admin.from(table).update({ [column]: second }).eq('id', id).eq('updated_at', loadedAt).select('id, updated_at');
        expect(two.error).toBeNull();
        expect(two.data).toEqual([]);
        const after = await h.service.from(table).select(`updated_at, ${column}`).eq('id', id).single();
        expect(after.data).toEqual({ updated_at: firstAt, [column]: first });

        // guarded by the current version, the deliberate overwrite succeeds and moves updated_at on
        const three = await admin.from(table).update({ [column]: second }).eq('id', id).eq('updated_at', firstAt).select('id, updated_at');
        expect(three.data).toHaveLength(1);
        const thirdAt = (three.data![0] as { updated_at: string }).updated_at;
        expect(thirdAt).not.toBe(firstAt);
        expect(Date.parse(thirdAt)).toBeGreaterThanOrEqual(Date.parse(firstAt));
      });
    });
  }

  it('updated_at is the database’s: a value the client sends is replaced on every update', async () => {
    const row = await h.service.from('clients').select('id, updated_at').limit(1).single();
    const sent = '2000-01-01T00:00:00+00:00';
    const { data } = await admin.from('clients').update({ updated_at: sent }).eq('id', row.data!.id).select('updated_at').single();
    expect(data!.updated_at).not.toBe(sent);
    expect(Date.parse(data!.updated_at as string)).toBeGreaterThan(Date.parse(row.data!.updated_at as string));
  });

  it('a guarded delete of a changed row deletes nothing', async () => {
    const made = await h.service.from('clients').insert({ name: 'За изтриване', logo: '/demo/client-1.svg' }).select('id, updated_at').single();
    const { id, updated_at: loadedAt } = made.data as { id: string; updated_at: string };
    await admin.from('clients').update({ name: 'Променен преди изтриването' }).eq('id', id);
    const stale = await admin.from('clients').delete().eq('id', id).eq('updated_at', loadedAt).select('id');
    expect(stale.data).toEqual([]);
    const still = await h.service.from('clients').select('name').eq('id', id).single();
    expect(still.data).toEqual({ name: 'Променен преди изтриването' });
    await h.service.from('clients').delete().eq('id', id);
  });

  describe('rename_project_category with expected_updated_at', () => {
    it('renames only the version the admin loaded: a stale one is refused with 40001 and changes nothing', async () => {
      const made = await h.service.from('project_categories').insert({ name: `Преименуване ${Date.now()}` }).select('id, name, updated_at').single();
      const { id, name, updated_at: loadedAt } = made.data as { id: string; name: string; updated_at: string };

      const first = await admin.rpc('rename_project_category', { category_id: id, new_name: `${name} А`, expected_updated_at: loadedAt });
      expect(first.error).toBeNull();
      expect(first.data).toBe(`${name} А`);

      const stale = await admin.rpc('rename_project_category', { category_id: id, new_name: `${name} Б`, expected_updated_at: loadedAt });
      expect(stale.error?.code).toBe('40001');
      const now = await h.service.from('project_categories').select('name, updated_at').eq('id', id).single();
      expect(now.data!.name).toBe(`${name} А`);
      expect(now.data!.updated_at).not.toBe(loadedAt);

      const current = await admin.rpc('rename_project_category', { category_id: id, new_name: `${name} Б`, expected_updated_at: now.data!.updated_at });
      expect(current.error).toBeNull();
      // without the guard it renames as before
      const unguarded = await admin.rpc('rename_project_category', { category_id: id, new_name: `${name} В` });
      expect(unguarded.error).toBeNull();
      const missing = await admin.rpc('rename_project_category', {
        category_id: '00000000-0000-4000-8000-000000000000',
        new_name: 'Няма',
        expected_updated_at: loadedAt,
      });
      expect(missing.error?.code).toBe('P0002');
      await h.service.from('project_categories').delete().eq('id', id);
    });
  });
}
