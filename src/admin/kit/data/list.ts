import { codeOf, RecordNotFoundError } from '@/shared/db/errors';

/*
 * What the admin's paged lists share: the page size, the shape of one page, and reading one page
 * with PostgREST's exact count. A list never loads more than one page, so its cost does not grow
 * with the number of rows in the table.
 */

/** Rows per page of every admin list: posts, projects, clients, users, inquiries and bookings. */
export const ADMIN_PAGE_SIZE = 20;

/** One page of a list and how many rows match in all. */
export interface ListPage<T> {
  rows: T[];
  total: number;
}

/** PostgREST answers 416 (PGRST103) for a page past the end, e.g. after its last row was deleted. */
export function isPastTheEnd(error: unknown): boolean {
  return codeOf(error) === 'PGRST103';
}

/** The zero-based, inclusive row range of a page, as `.range(from, to)` takes it. */
export function pageRange(page: number, pageSize: number = ADMIN_PAGE_SIZE): [number, number] {
  const from = Math.max(0, page) * pageSize;
  return [from, from + pageSize - 1];
}

interface PageAnswer<T> {
  data: T[] | null;
  error: unknown;
  count: number | null;
}

interface CountAnswer {
  error: unknown;
  count: number | null;
}

/**
 * Reads one page: `list(from, to)` asks for the rows with `count: 'exact'`. A page past the end
 * gives no rows and the number there is now (`count()`, a HEAD request), so the list can step back.
 */
export async function readPage<T>(
  page: number,
  list: (from: number, to: number) => PromiseLike<PageAnswer<T>>,
  count: () => PromiseLike<CountAnswer>,
  pageSize: number = ADMIN_PAGE_SIZE,
): Promise<ListPage<T>> {
  const [from, to] = pageRange(page, pageSize);
  const { data, error, count: total } = await list(from, to);
  if (error) {
    if (!isPastTheEnd(error)) throw error;
    const counted = await count();
    if (counted.error) throw counted.error;
    return { rows: [], total: counted.count ?? 0 };
  }
  const rows = data ?? [];
  return { rows, total: total ?? from + rows.length };
}

export { RecordNotFoundError };

/** How a record opened for editing is read: anew each time the form opens (never an old copy), forgotten when it closes. */
export const RECORD_QUERY = { staleTime: 0, gcTime: 0 } as const;

/** The one row of a by-id read, or RecordNotFoundError when there is none. */
export function foundRow<T>(answer: { data: T | null; error: unknown }): T {
  if (answer.error) throw answer.error;
  if (answer.data === null || answer.data === undefined) throw new RecordNotFoundError();
  return answer.data;
}

/** Rows per request when an export reads every page of a list. */
export const EXPORT_CHUNK = 1000;

/**
 * Every row a list's query matches, in requests of `chunk` rows (`list(from, to)` asks for one
 * range, in a stable order): what a CSV export holds. A row arriving meanwhile shifts the pages by
 * one; a row is never taken twice (by its id).
 */
export async function readAllPages<T extends { id: string }>(
  list: (from: number, to: number) => PromiseLike<{ data: T[] | null; error: unknown }>,
  chunk: number = EXPORT_CHUNK,
): Promise<T[]> {
  const seen = new Set<string>();
  const all: T[] = [];
  for (let from = 0; ; from += chunk) {
    const { data, error } = await list(from, from + chunk - 1);
    if (error) {
      if (isPastTheEnd(error)) break;
      throw error;
    }
    const rows = data ?? [];
    for (const row of rows) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      all.push(row);
    }
    if (rows.length < chunk) break;
  }
  return all;
}
