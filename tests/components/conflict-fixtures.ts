import { http, HttpResponse } from 'msw';
import { rest, server } from './msw';

/*
 * A table that keeps versions the way the database does: every PATCH must carry
 * `updated_at=eq.<version>`; it changes the row only when that is the stored version, and then
 * gives the row a new updated_at (as the trigger public.set_updated_at does). A GET by id answers
 * the stored row (without an id: every row), which is how a form reads the current updated_at or reloads the current version.
 */

export interface VersionedWrite {
  id: string | null;
  /** The request's updated_at filter, without 'eq.' (null when the request had none). */
  guard: string | null;
  body: Record<string, unknown>;
  /** Whether the write changed the row. */
  applied: boolean;
}

export interface VersionedTable<T> {
  rows: T[];
  patches: VersionedWrite[];
  deletes: VersionedWrite[];
}

const eq = (url: URL, column: string) => url.searchParams.get(column)?.replace(/^eq\./, '') ?? null;

/** Version n as the database would write it: distinct, increasing timestamps. */
export const version = (n: number) => `2026-03-0${n}T10:00:00.123456+00:00`;

export function versionedTable<T extends { id: string; updated_at: string }>(name: string, initial: T[]): VersionedTable<T> {
  const table: VersionedTable<T> = { rows: initial.map((r) => ({ ...r })), patches: [], deletes: [] };
  let next = 5;
  server.use(
    http.get(rest(name), ({ request }) => {
      const id = eq(new URL(request.url), 'id');
      const rows = id === null ? table.rows : table.rows.filter((r) => r.id === id);
      const single = (request.headers.get('accept') ?? '').includes('vnd.pgrst.object');
      if (single) return rows[0] ? HttpResponse.json(rows[0]) : HttpResponse.json({ code: 'PGRST116', message: 'no rows' }, { status: 406 });
      return HttpResponse.json(rows);
    }),
    http.patch(rest(name), async ({ request }) => {
      const url = new URL(request.url);
      const id = eq(url, 'id');
      const guard = eq(url, 'updated_at');
      const body = (await request.json()) as Record<string, unknown>;
      const row = table.rows.find((r) => r.id === id);
      const applied = Boolean(row && guard !== null && row.updated_at === guard);
      table.patches.push({ id, guard, body, applied });
      if (!row || !applied) return HttpResponse.json([]);
      Object.assign(row, body, { updated_at: version(next++) });
      return HttpResponse.json([{ id, updated_at: row.updated_at }]);
    }),
    http.delete(rest(name), ({ request }) => {
      const url = new URL(request.url);
      const id = eq(url, 'id');
      const guard = eq(url, 'updated_at');
      const row = table.rows.find((r) => r.id === id);
      const applied = Boolean(row && guard !== null && row.updated_at === guard);
      table.deletes.push({ id, guard, body: {}, applied });
      if (!applied) return HttpResponse.json([]);
      table.rows = table.rows.filter((r) => r.id !== id);
      return HttpResponse.json([{ id }]);
    }),
  );
  return table;
}
