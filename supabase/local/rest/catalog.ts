// The schema cache: tables, columns, keys, foreign keys and functions of schema `public`, read
// from pg_catalog once per database and reloaded when a request names something it lacks.
import type { LocalDb } from '../db.ts';

export interface Column {
  name: string;
  /** format_type() spelling, usable in SQL as a type. */
  type: string;
  notNull: boolean;
  hasDefault: boolean;
  generated: boolean;
}

export interface Table {
  name: string;
  kind: string;
  columns: Map<string, Column>;
  primaryKey: string[];
  /** Column sets with a unique constraint or index (the primary key included). */
  uniques: string[][];
}

export interface ForeignKey {
  name: string;
  table: string;
  columns: string[];
  refTable: string;
  refColumns: string[];
}

export interface FunctionArg {
  name: string;
  type: string;
  hasDefault: boolean;
}

export interface FunctionDef {
  name: string;
  /** IN/INOUT arguments, in order. */
  args: FunctionArg[];
  returnsSet: boolean;
  returnType: string;
  /** Columns of a composite or OUT/TABLE result; null for a scalar result. */
  resultColumns: Column[] | null;
  returnsVoid: boolean;
  volatile: boolean;
}

export interface Catalog {
  tables: Map<string, Table>;
  foreignKeys: ForeignKey[];
  functions: Map<string, FunctionDef[]>;
  loadedAt: number;
}

const TABLES_SQL = `
  select c.relname as name, c.relkind as kind
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and c.relkind in ('r','v','m','f','p')`;

const COLUMNS_SQL = `
  select c.relname as table, a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
         a.attnotnull as not_null, a.atthasdef as has_default, a.attgenerated <> '' as generated
  from pg_attribute a
  join pg_class c on c.oid = a.attrelid
  join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and c.relkind in ('r','v','m','f','p') and a.attnum > 0 and not a.attisdropped
  order by c.relname, a.attnum`;

// the column lists as text[] (attname is a \`name\`): node-postgres parses text[] into arrays, not name[]
const CONSTRAINTS_SQL = `
  select con.conname as name, con.contype as type, cl.relname as table,
         fcl.relname as ref_table, fn.nspname as ref_schema,
         array(select a.attname::text from unnest(con.conkey) with ordinality k(num, i)
               join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.num order by k.i) as columns,
         array(select a.attname::text from unnest(con.confkey) with ordinality k(num, i)
               join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.num order by k.i) as ref_columns
  from pg_constraint con
  join pg_class cl on cl.oid = con.conrelid
  join pg_namespace n on n.oid = cl.relnamespace
  left join pg_class fcl on fcl.oid = con.confrelid
  left join pg_namespace fn on fn.oid = fcl.relnamespace
  where n.nspname = 'public' and con.contype in ('p','u','f')
  order by con.conname`;

const UNIQUE_INDEXES_SQL = `
  select cl.relname as table,
         array(select a.attname::text from unnest(i.indkey::int2[]) k(num)
               join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.num) as columns
  from pg_index i
  join pg_class cl on cl.oid = i.indrelid
  join pg_namespace n on n.oid = cl.relnamespace
  where n.nspname = 'public' and i.indisunique and i.indpred is null and not (0 = any(i.indkey::int2[]))`;

const FUNCTIONS_SQL = `
  select p.proname as name, p.proretset as returns_set, format_type(p.prorettype, null) as return_type,
         t.typtype as ret_typtype, rc.relname as ret_table, rn.nspname as ret_schema, p.provolatile as volatility,
         p.pronargdefaults as n_defaults,
         coalesce(p.proargnames, '{}') as arg_names,
         coalesce(p.proargmodes::text[], '{}') as arg_modes,
         array(select format_type(x, null) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[]))
               with ordinality u(x, i) order by i) as arg_types
  from pg_proc p
  join pg_namespace n on n.oid = p.pronamespace
  join pg_type t on t.oid = p.prorettype
  left join pg_class rc on rc.oid = t.typrelid
  left join pg_namespace rn on rn.oid = rc.relnamespace
  where n.nspname = 'public' and p.prokind = 'f'`;

type Row = Record<string, unknown>;

async function load(db: LocalDb): Promise<Catalog> {
  const [tables, columns, constraints, uniqueIndexes, functions] = await db.asSystem(async (tx) => [
    (await tx.query<Row>(TABLES_SQL)).rows,
    (await tx.query<Row>(COLUMNS_SQL)).rows,
    (await tx.query<Row>(CONSTRAINTS_SQL)).rows,
    (await tx.query<Row>(UNIQUE_INDEXES_SQL)).rows,
    (await tx.query<Row>(FUNCTIONS_SQL)).rows,
  ], { readOnly: true });

  const catalog: Catalog = { tables: new Map(), foreignKeys: [], functions: new Map(), loadedAt: Date.now() };
  for (const t of tables) {
    catalog.tables.set(String(t.name), {
      name: String(t.name),
      kind: String(t.kind),
      columns: new Map(),
      primaryKey: [],
      uniques: [],
    });
  }
  for (const c of columns) {
    catalog.tables.get(String(c.table))?.columns.set(String(c.name), {
      name: String(c.name),
      type: String(c.type),
      notNull: Boolean(c.not_null),
      hasDefault: Boolean(c.has_default),
      generated: Boolean(c.generated),
    });
  }
  for (const con of constraints) {
    const table = catalog.tables.get(String(con.table));
    if (!table) continue;
    const cols = con.columns as string[];
    if (con.type === 'p') {
      table.primaryKey = cols;
      table.uniques.push(cols);
    } else if (con.type === 'u') {
      table.uniques.push(cols);
    } else if (con.type === 'f' && con.ref_schema === 'public') {
      catalog.foreignKeys.push({
        name: String(con.name),
        table: table.name,
        columns: cols,
        refTable: String(con.ref_table),
        refColumns: con.ref_columns as string[],
      });
    }
  }
  for (const ix of uniqueIndexes) catalog.tables.get(String(ix.table))?.uniques.push(ix.columns as string[]);

  for (const f of functions) {
    const names = f.arg_names as string[];
    const modes = f.arg_modes as string[];
    const types = f.arg_types as string[];
    const nDefaults = Number(f.n_defaults);
    const args: FunctionArg[] = [];
    const outColumns: Column[] = [];
    types.forEach((type, i) => {
      const mode = modes[i] ?? 'i';
      const name = names[i] ?? '';
      if (mode === 'i' || mode === 'b' || mode === 'v') args.push({ name, type, hasDefault: false });
      if (mode === 'o' || mode === 'b' || mode === 't') {
        outColumns.push({ name, type, notNull: false, hasDefault: false, generated: false });
      }
    });
    for (let i = args.length - nDefaults; i < args.length; i++) if (i >= 0) args[i].hasDefault = true;

    let resultColumns: Column[] | null = null;
    if (outColumns.length > 1 || (outColumns.length === 1 && f.return_type === 'record')) resultColumns = outColumns;
    else if (f.ret_typtype === 'c' && f.ret_schema === 'public') {
      const t = catalog.tables.get(String(f.ret_table));
      if (t) resultColumns = [...t.columns.values()];
    }
    const def: FunctionDef = {
      name: String(f.name),
      args,
      returnsSet: Boolean(f.returns_set),
      returnType: String(f.return_type),
      resultColumns,
      returnsVoid: f.return_type === 'void',
      volatile: f.volatility === 'v',
    };
    const list = catalog.functions.get(def.name) ?? [];
    list.push(def);
    catalog.functions.set(def.name, list);
  }
  return catalog;
}

const caches = new WeakMap<LocalDb, Promise<Catalog>>();

/** The schema cache of `db`; `refresh` reloads it (when a request names something it lacks). */
export function getCatalog(db: LocalDb, refresh = false): Promise<Catalog> {
  let pending = caches.get(db);
  if (!pending || refresh) {
    pending = load(db);
    caches.set(db, pending);
    pending.catch(() => caches.delete(db));
  }
  return pending;
}

export function invalidateCatalog(db: LocalDb): void {
  caches.delete(db);
}

/** The closest name by edit distance, for PostgREST-style "Perhaps you meant" hints. */
export function closest(name: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestScore = Infinity;
  for (const c of candidates) {
    const d = distance(name.toLowerCase(), c.toLowerCase());
    if (d < bestScore) {
      bestScore = d;
      best = c;
    }
  }
  return best !== undefined && bestScore <= Math.max(2, Math.floor(name.length / 3)) ? best : undefined;
}

function distance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let last = prev[0];
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = prev[j];
      prev[j] = Math.min(prev[j] + 1, prev[j - 1] + 1, last + (a[i - 1] === b[j - 1] ? 0 : 1));
      last = tmp;
    }
  }
  return prev[b.length];
}
