// PostgREST's answers to a read of one table, imitated over rows in memory for MSW: the columns
// named in select (embedded resources by name or alias, `*` for every column), eq and not.is.null filters, or=(col.ilike."*text*",...),
// order, offset/limit, the exact count of Prefer: count=exact in Content-Range, and 416 PGRST103
// for a page past the end. So the admin lists' tests see only what the request asked for.
import { http, HttpResponse } from 'msw';
import { rest, server } from './msw';

type Row = Record<string, unknown>;

const RESERVED = new Set(['select', 'order', 'offset', 'limit', 'or']);

/**
 * The keys of the answer's rows for a select list: 'id,title,staff:blog_post_staff(owner:blog_users(username))'
 * → id, title, staff (an alias names the key); '*' among them stands for every column.
 */
export function selectedColumns(select: string | null): string[] | null {
  if (!select || select === '*') return null;
  const names: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of select) {
    if (ch === '(') depth += 1;
    if (ch === ')') depth -= 1;
    if (ch === ',' && depth === 0) {
      names.push(current);
      current = '';
    } else current += ch;
  }
  names.push(current);
  return names.map((n) => n.replace(/\(.*$/s, '').trim().split(':')[0]).filter(Boolean);
}

function unescape(text: string): string {
  return text.replace(/\\(.)/g, '$1');
}

/** The columns and text of or=(a.ilike."*x*",b.ilike."*x*"), as the admin search sends it. */
export function parseIlikeOr(or: string | null): { columns: string[]; text: string } | null {
  if (!or) return null;
  const columns: string[] = [];
  let text = '';
  for (const match of or.matchAll(/(\w+)\.ilike\."((?:[^"\\]|\\.)*)"/g)) {
    columns.push(match[1]);
    // quoted value, then LIKE escapes; the pattern is *text*
    text = unescape(unescape(match[2])).replace(/^\*|\*$/g, '');
  }
  return columns.length ? { columns, text } : null;
}

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  return String(a).localeCompare(String(b));
}

function pgError(status: number, code: string, message: string, details: string | null = null) {
  return HttpResponse.json({ code, message, details, hint: null }, { status });
}

/** The rows a GET or HEAD of PostgREST would pick, in its order, before paging. */
export function filterRows(rows: Row[], params: URLSearchParams): Row[] {
  let picked = rows.filter((row) => {
    for (const [key, value] of params) {
      if (RESERVED.has(key)) continue;
      if (value.startsWith('eq.') && String(row[key]) !== value.slice(3)) return false;
      if (value === 'not.is.null' && (row[key] === null || row[key] === undefined)) return false;
    }
    return true;
  });
  const search = parseIlikeOr(params.get('or'));
  if (search) {
    const needle = search.text.toLocaleLowerCase('bg');
    picked = picked.filter((row) => search.columns.some((c) => String(row[c] ?? '').toLocaleLowerCase('bg').includes(needle)));
  }
  const order = params.get('order');
  if (order) {
    const keys = order.split(',').map((part) => {
      const [column, direction] = part.split('.');
      return { column, sign: direction === 'desc' ? -1 : 1 };
    });
    picked = [...picked].sort((a, b) => {
      for (const { column, sign } of keys) {
        const c = compare(a[column], b[column]);
        if (c !== 0) return c * sign;
      }
      return 0;
    });
  }
  return picked;
}

/** PostgREST's answer to a GET (or HEAD) of the table holding `rows`. */
export function answerRead(rows: Row[], request: Request): Response {
  const url = new URL(request.url);
  const params = url.searchParams;
  const picked = filterRows(rows, params);
  const total = picked.length;
  const offset = Number(params.get('offset') ?? 0);
  const limit = params.has('limit') ? Number(params.get('limit')) : Infinity;
  const counting = (request.headers.get('prefer') ?? '').includes('count=exact');
  if (request.method === 'HEAD') {
    return new HttpResponse(null, { headers: { 'content-range': `*/${counting ? total : '*'}` } });
  }
  if (offset > 0 && offset >= total) {
    return pgError(416, 'PGRST103', 'Requested range not satisfiable', `An offset of ${offset} was requested, but there are only ${total} rows.`);
  }
  const page = picked.slice(offset, offset + limit);
  const columns = selectedColumns(params.get('select'));
  const body = columns ? page.map((row) => ({ ...(columns.includes('*') ? row : {}), ...Object.fromEntries(columns.filter((c) => c !== '*').map((c) => [c, row[c]])) })) : page;
  const range = page.length ? `${offset}-${offset + page.length - 1}` : '*';
  return HttpResponse.json(body, { headers: { 'content-range': `${range}/${counting ? total : '*'}` } });
}

export interface FakeTable<T> {
  rows: T[];
  /** Every GET (not HEAD) of the table, in order. */
  gets: URL[];
  /** The Prefer header of each GET. */
  prefers: (string | null)[];
  patches: { id: string | null; body: Row }[];
  deletes: string[];
  /** The list reads (not the by-id reads of the edit form). */
  listGets(): URL[];
  /** The by-id reads of the edit form. */
  idGets(): URL[];
}

const eqId = (url: URL) => url.searchParams.get('id')?.replace(/^eq\./, '') ?? null;

/**
 * Serves `rows` as the table `name`: reads as PostgREST would, PATCH and DELETE by id (answering
 * the changed ids, as `.select('id')` asks). The rows are the test's; a write changes them.
 */
export function fakeTable<T extends { id: string }>(name: string, initial: T[]): FakeTable<T> {
  const table: FakeTable<T> = {
    rows: [...initial],
    gets: [],
    prefers: [],
    patches: [],
    deletes: [],
    listGets: () => table.gets.filter((u) => !u.searchParams.has('id')),
    idGets: () => table.gets.filter((u) => u.searchParams.has('id')),
  };
  server.use(
    http.get(rest(name), ({ request }) => {
      table.gets.push(new URL(request.url));
      table.prefers.push(request.headers.get('prefer'));
      return answerRead(table.rows as unknown as Row[], request);
    }),
    http.head(rest(name), ({ request }) => answerRead(table.rows as unknown as Row[], request)),
    http.patch(rest(name), async ({ request }) => {
      const id = eqId(new URL(request.url));
      const body = (await request.json()) as Row;
      table.patches.push({ id, body });
      const row = table.rows.find((r) => r.id === id);
      if (!row) return HttpResponse.json([]);
      Object.assign(row, body);
      return HttpResponse.json([{ id }]);
    }),
    http.delete(rest(name), ({ request }) => {
      const id = eqId(new URL(request.url));
      table.deletes.push(id ?? '');
      const before = table.rows.length;
      table.rows = table.rows.filter((r) => r.id !== id);
      return HttpResponse.json(before === table.rows.length ? [] : [{ id }]);
    }),
  );
  return table;
}
