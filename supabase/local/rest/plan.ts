// AST → one SQL statement with parameters. Every identifier is looked up in the schema cache
// before it is quoted into the text; every value travels as a parameter.
import { closest, type Catalog, type Column, type ForeignKey, type FunctionDef, type Table } from './catalog.ts';
import {
  ApiError,
  ambiguousFunction,
  ambiguousRelationship,
  columnNotFound,
  columnNotFoundForWrite,
  functionNotFound,
  invalidBody,
  relationshipNotFound,
  tableNotFound,
} from './errors.ts';
import type { ColumnRef, Condition, Filter, OrderTerm, QueryParams, SelectItem } from './parse.ts';

export const ident = (name: string): string => {
  if (name.includes('\0')) throw invalidBody('identifiers cannot contain NUL');
  return `"${name.replace(/"/g, '""')}"`;
};

/** Postgres takes at most 65535 parameters in one statement; refuse well before that. */
const MAX_PARAMS = 20000;

export class SqlBuilder {
  readonly params: unknown[] = [];
  param(value: unknown, cast?: string): string {
    if (this.params.length >= MAX_PARAMS) {
      throw new ApiError(400, 'PGRST100', 'The request has too many values', `At most ${MAX_PARAMS} values fit in one request.`);
    }
    this.params.push(value);
    return `$${this.params.length}${cast ? `::${cast}` : ''}`;
  }
}

/** Something rows can be read from: a table or view, or a function's result set. */
export interface Source {
  /** For messages and relationship lookups. */
  name: string;
  columns: Map<string, Column>;
  /** The FROM item, aliased as `alias`. */
  from(alias: string): string;
  /** The table the rows come from, when there is one, for embedding. */
  table?: Table;
  /** When set, records the columns the statement reads ('*' for all), to return only those. */
  used?: Set<string>;
}

export interface PlannedStatement {
  sql: string;
  params: unknown[];
}

export function tableSource(table: Table): Source {
  return {
    name: table.name,
    columns: table.columns,
    table,
    from: (alias) => `"public".${ident(table.name)} AS ${ident(alias)}`,
  };
}

export function findTable(cat: Catalog, name: string): Table {
  const table = cat.tables.get(name);
  if (!table) throw tableNotFound(name, closest(name, cat.tables.keys()));
  return table;
}

// ---- columns and conditions -------------------------------------------------------------------

function requireColumn(source: { name: string; columns: Map<string, Column>; used?: Set<string> }, name: string): Column {
  const col = source.columns.get(name);
  if (!col) throw columnNotFound(source.name, name, closest(name, source.columns.keys()));
  source.used?.add(name);
  return col;
}

function columnExpr(ref: ColumnRef, source: Source, alias: string, sql: SqlBuilder): string {
  requireColumn(source, ref.name);
  let expr = `${ident(alias)}.${ident(ref.name)}`;
  for (const step of ref.path) {
    const key = /^-?\d+$/.test(step.key) ? sql.param(step.key, 'int') : sql.param(step.key, 'text');
    expr = `(${expr}${step.arrow}${key})`;
  }
  return expr;
}

const COMPARE: Record<string, string> = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' };
const GEOMETRIC: Record<string, string> = { cs: '@>', cd: '<@', ov: '&&', sl: '<<', sr: '>>', nxr: '&<', nxl: '&>', adj: '-|-' };
const FTS: Record<string, string> = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
};

function singleComparison(op: string, expr: string, value: string, sql: SqlBuilder): string {
  if (COMPARE[op]) return `${expr} ${COMPARE[op]} ${sql.param(value)}`;
  if (op === 'like') return `${expr}::text LIKE ${sql.param(value.replace(/\*/g, '%'))}`;
  if (op === 'ilike') return `${expr}::text ILIKE ${sql.param(value.replace(/\*/g, '%'))}`;
  if (op === 'match') return `${expr}::text ~ ${sql.param(value)}`;
  if (op === 'imatch') return `${expr}::text ~* ${sql.param(value)}`;
  throw new ApiError(400, 'PGRST100', `operator ${op} cannot be used here`);
}

function filterSql(f: Filter, source: Source, alias: string, sql: SqlBuilder): string {
  const expr = columnExpr(f.column, source, alias, sql);
  let out: string;
  if (f.quantifier) {
    const items = f.list ?? [];
    const parts = items.map((v) => singleComparison(f.op, expr, v, sql));
    if (parts.length === 0) out = f.quantifier === 'any' ? 'false' : 'true';
    else out = `(${parts.join(f.quantifier === 'any' ? ' OR ' : ' AND ')})`;
  } else if (f.op === 'in') {
    const items = f.list ?? [];
    out = items.length ? `${expr} IN (${items.map((v) => sql.param(v)).join(', ')})` : 'false';
  } else if (f.op === 'is') {
    const word = { null: 'NULL', not_null: 'NOT NULL', true: 'TRUE', false: 'FALSE', unknown: 'UNKNOWN' }[f.value];
    out = `${expr} IS ${word}`;
  } else if (f.op === 'isdistinct') {
    out = `${expr} IS DISTINCT FROM ${sql.param(f.value)}`;
  } else if (GEOMETRIC[f.op]) {
    out = `${expr} ${GEOMETRIC[f.op]} ${sql.param(f.value)}`;
  } else if (FTS[f.op]) {
    const config = f.config ? `${sql.param(f.config, 'regconfig')}, ` : '';
    out = `${expr} @@ ${FTS[f.op]}(${config}${sql.param(f.value)})`;
  } else {
    out = singleComparison(f.op, expr, f.value, sql);
  }
  return f.negate ? `NOT (${out})` : out;
}

export function conditionSql(c: Condition, source: Source, alias: string, sql: SqlBuilder): string {
  if (c.kind === 'filter') return filterSql(c, source, alias, sql);
  const parts = c.children.map((child) => conditionSql(child, source, alias, sql));
  const joined = `(${parts.join(c.op === 'and' ? ' AND ' : ' OR ')})`;
  return c.negate ? `NOT ${joined}` : joined;
}

function orderSql(terms: OrderTerm[], source: Source, alias: string, sql: SqlBuilder): string {
  return terms
    .map((t) => {
      let s = columnExpr(t.column, source, alias, sql);
      if (t.direction) s += t.direction === 'asc' ? ' ASC' : ' DESC';
      if (t.nulls) s += t.nulls === 'first' ? ' NULLS FIRST' : ' NULLS LAST';
      return s;
    })
    .join(', ');
}

function pageSql(limit: number | undefined, offset: number | undefined, sql: SqlBuilder): string {
  let s = '';
  if (limit !== undefined) s += ` LIMIT ${sql.param(String(Math.trunc(limit)), 'bigint')}`;
  if (offset) s += ` OFFSET ${sql.param(String(Math.trunc(offset)), 'bigint')}`;
  return s;
}

// ---- embedding ---------------------------------------------------------------------------------

interface Relationship {
  target: Table;
  cardinality: 'one' | 'many';
  /** [parent column, child column] */
  pairs: [string, string][];
}

function sameSet(a: string[], b: string[]) {
  return a.length === b.length && a.every((x) => b.includes(x));
}

function resolveRelationship(cat: Catalog, parent: Source, name: string, hint: string | undefined): Relationship {
  const parentName = parent.table?.name ?? parent.name;
  type Candidate = Relationship & { fk: ForeignKey; label: string };
  const candidates: Candidate[] = [];
  const target = cat.tables.get(name);
  if (target) {
    for (const fk of cat.foreignKeys) {
      if (fk.table === parentName && fk.refTable === target.name) {
        candidates.push({
          target,
          cardinality: 'one',
          pairs: fk.columns.map((c, i) => [c, fk.refColumns[i]]),
          fk,
          label: 'many-to-one',
        });
      }
      if (fk.refTable === parentName && fk.table === target.name) {
        const unique = target.uniques.some((u) => sameSet(u, fk.columns));
        candidates.push({
          target,
          cardinality: unique ? 'one' : 'many',
          pairs: fk.refColumns.map((c, i) => [c, fk.columns[i]]),
          fk,
          label: unique ? 'one-to-one' : 'one-to-many',
        });
      }
    }
  } else if (parent.columns.has(name)) {
    // embedding through a foreign-key column: `select=*,client_id(*)`
    for (const fk of cat.foreignKeys) {
      if (fk.table === parentName && fk.columns.length === 1 && fk.columns[0] === name) {
        const t = cat.tables.get(fk.refTable);
        if (t) candidates.push({ target: t, cardinality: 'one', pairs: [[name, fk.refColumns[0]]], fk, label: 'many-to-one' });
      }
    }
  }
  const matching = hint
    ? candidates.filter(
        (c) =>
          c.fk.name === hint ||
          (c.fk.columns.length === 1 && c.fk.columns[0] === hint) ||
          (c.fk.refColumns.length === 1 && c.fk.refColumns[0] === hint && c.label !== 'many-to-one'),
      )
    : candidates;
  if (matching.length === 0) {
    if (!target && !parent.columns.has(name)) {
      const suggestion = closest(name, cat.tables.keys());
      const err = relationshipNotFound(parentName, name, hint);
      if (!suggestion) throw err;
      throw new ApiError(err.status, err.code, err.message, err.details, `Perhaps you meant '${suggestion}' instead of '${name}'.`, true);
    }
    throw relationshipNotFound(parentName, name, hint);
  }
  if (matching.length > 1) {
    throw ambiguousRelationship(
      parentName,
      name,
      matching.map((c) => ({
        cardinality: c.label,
        relationship: `${c.fk.name} using ${c.fk.table}(${c.fk.columns.join(', ')}) and ${c.fk.refTable}(${c.fk.refColumns.join(', ')})`,
        hintName: c.fk.name,
      })),
    );
  }
  return matching[0];
}

interface SelectContext {
  cat: Catalog;
  sql: SqlBuilder;
  query: QueryParams;
  counter: { n: number };
  /** Conditions the parent must meet because of `!inner` embeds. */
  innerConditions: string[];
}

function embedKey(item: Extract<SelectItem, { kind: 'embed' }>): string {
  return item.alias ?? item.name;
}

/** The select list for rows of `source` aliased `alias`: `expr AS "key", ...`. */
function selectListSql(items: SelectItem[], source: Source, alias: string, ctx: SelectContext, depth: number): string {
  const out: string[] = [];
  for (const item of items) {
    if (item.kind === 'star') {
      source.used?.add('*');
      out.push(`${ident(alias)}.*`);
    } else if (item.kind === 'column') {
      let expr = columnExpr(item.column, source, alias, ctx.sql);
      if (item.cast) expr = `CAST(${expr} AS ${item.cast})`;
      const key = item.alias ?? (item.column.path.length ? item.column.path[item.column.path.length - 1].key : item.column.name);
      out.push(`${expr} AS ${ident(key)}`);
    } else {
      out.push(`${embedSql(item, source, alias, ctx, depth)} AS ${ident(embedKey(item))}`);
    }
  }
  return out.join(', ');
}

function embedSql(
  item: Extract<SelectItem, { kind: 'embed' }>,
  parent: Source,
  parentAlias: string,
  ctx: SelectContext,
  depth: number,
): string {
  const rel = resolveRelationship(ctx.cat, parent, item.name, item.hint);
  const child = tableSource(rel.target);
  const key = embedKey(item);
  const childAlias = `${rel.target.name}_${++ctx.counter.n}`;
  for (const [p] of rel.pairs) parent.used?.add(p);
  const join = rel.pairs.map(([p, c]) => `${ident(childAlias)}.${ident(c)} = ${ident(parentAlias)}.${ident(p)}`);
  // `key.column=…`, `key.order`, `key.limit` name a first-level embed; one inside another takes none
  const own = depth === 0;
  const filters = (own ? (ctx.query.filters.get(key) ?? []) : []).map((c) => conditionSql(c, child, childAlias, ctx.sql));
  const where = [...join, ...filters].join(' AND ');
  if (item.join === 'inner' && depth === 0) {
    ctx.innerConditions.push(`EXISTS (SELECT 1 FROM ${child.from(childAlias)} WHERE ${where})`);
  }
  const list = selectListSql(item.select, child, childAlias, ctx, depth + 1);
  const rowsAlias = `${childAlias}_rows`;
  if (rel.cardinality === 'one') {
    return `(SELECT row_to_json(${ident(rowsAlias)}) FROM (SELECT ${list} FROM ${child.from(childAlias)} WHERE ${where} LIMIT 1) AS ${ident(rowsAlias)})`;
  }
  const order = own ? ctx.query.order.get(key) : undefined;
  const orderBy = order?.length ? ` ORDER BY ${orderSql(order, child, childAlias, ctx.sql)}` : '';
  const page = own ? pageSql(ctx.query.limit.get(key), ctx.query.offset.get(key), ctx.sql) : '';
  return `(SELECT coalesce(json_agg(${ident(rowsAlias)}), '[]'::json) FROM (SELECT ${list} FROM ${child.from(childAlias)} WHERE ${where}${orderBy}${page}) AS ${ident(rowsAlias)})`;
}

function checkEmbedKeys(query: QueryParams): void {
  const embeds = new Set(query.select.filter((i) => i.kind === 'embed').map((i) => embedKey(i as Extract<SelectItem, { kind: 'embed' }>)));
  const used = new Set<string>([...query.filters.keys(), ...query.order.keys(), ...query.limit.keys(), ...query.offset.keys()]);
  for (const key of used) {
    if (key !== '' && !embeds.has(key)) {
      throw new ApiError(
        400,
        'PGRST108',
        `'${key}' is not an embedded resource in this request`,
        null,
        `Verify that '${key}' is included in the 'select' query parameter.`,
      );
    }
  }
}

// ---- reads ---------------------------------------------------------------------------------------

export interface ReadOptions {
  count: boolean;
  limit?: number;
  offset?: number;
}

/**
 * One statement answering (page, body, total): the page's row count, its JSON array as text and,
 * when asked, the count of every row that matches the filters.
 */
export function planRead(cat: Catalog, source: Source, query: QueryParams, opts: ReadOptions, sql = new SqlBuilder()): PlannedStatement {
  checkEmbedKeys(query);
  const alias = source.name;
  const ctx: SelectContext = { cat, sql, query, counter: { n: 0 }, innerConditions: [] };
  const list = selectListSql(query.select, source, alias, ctx, 0);
  const conditions = (query.filters.get('') ?? []).map((c) => conditionSql(c, source, alias, sql));
  conditions.push(...ctx.innerConditions);
  const where = conditions.length ? ` WHERE ${conditions.join(' AND ')}` : '';
  const order = query.order.get('');
  const orderBy = order?.length ? ` ORDER BY ${orderSql(order, source, alias, sql)}` : '';
  const inner = `SELECT ${list} FROM ${source.from(alias)}${where}${orderBy}${pageSql(opts.limit, opts.offset, sql)}`;
  const total = opts.count ? `(SELECT count(*) FROM ${source.from(alias)}${where})::int` : 'NULL::int';
  return {
    sql: `SELECT count(*)::int AS page, coalesce(json_agg("_pgrst_r"), '[]'::json)::text AS body, ${total} AS total FROM (${inner}) AS "_pgrst_r"`,
    params: sql.params,
  };
}

// ---- writes --------------------------------------------------------------------------------------

export interface WriteOptions {
  /** Null for return=minimal. */
  returning: QueryParams | null;
}

function wrapMutation(cat: Catalog, table: Table, mutation: string, opts: WriteOptions, sql: SqlBuilder): PlannedStatement {
  if (!opts.returning) {
    return {
      sql: `WITH "_pgrst_m" AS (${mutation} RETURNING 1) SELECT count(*)::int AS page, NULL::text AS body, NULL::int AS total FROM "_pgrst_m"`,
      params: sql.params,
    };
  }
  const query = opts.returning;
  checkEmbedKeys(query);
  const used = new Set<string>();
  const source: Source = { name: table.name, columns: table.columns, table, used, from: (alias) => `"_pgrst_m" AS ${ident(alias)}` };
  const ctx: SelectContext = { cat, sql, query, counter: { n: 0 }, innerConditions: [] };
  const list = selectListSql(query.select, source, table.name, ctx, 0);
  const order = query.order.get('');
  const orderBy = order?.length ? ` ORDER BY ${orderSql(order, source, table.name, sql)}` : '';
  // Return only what the response reads, so column privileges apply as they do to a select.
  const returning = used.has('*') ? '*' : used.size ? [...used].map(ident).join(', ') : '1';
  return {
    sql:
      `WITH "_pgrst_m" AS (${mutation} RETURNING ${returning}) ` +
      `SELECT count(*)::int AS page, coalesce(json_agg("_pgrst_r"), '[]'::json)::text AS body, NULL::int AS total ` +
      `FROM (SELECT ${list} FROM ${source.from(table.name)}${orderBy}) AS "_pgrst_r"`,
    params: sql.params,
  };
}

export interface InsertInput {
  rows: Record<string, unknown>[];
  /** From `columns=`; otherwise the keys of the payload. */
  columns?: string[];
  missingDefault: boolean;
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  onConflict?: string[];
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function planInsert(cat: Catalog, table: Table, input: InsertInput, opts: WriteOptions): PlannedStatement {
  const sql = new SqlBuilder();
  const target = `"public".${ident(table.name)}`;
  let columns: string[];
  if (input.columns) {
    columns = [...new Set(input.columns)];
  } else {
    const keys = new Set<string>();
    for (const row of input.rows) for (const k of Object.keys(row)) keys.add(k);
    columns = [...keys];
    if (!input.missingDefault && input.rows.length > 1) {
      // PostgREST needs the same keys in every object unless `columns` says which to use.
      const first = Object.keys(input.rows[0]).sort().join(',');
      if (input.rows.some((r) => Object.keys(r).sort().join(',') !== first)) throw invalidBody('All object keys must match');
    }
  }
  for (const c of columns) if (!table.columns.has(c)) throw columnNotFoundForWrite(c, table.name);

  let statement: string;
  if (input.rows.length === 0) {
    // nothing to insert: a statement that affects no row
    statement = `INSERT INTO ${target} SELECT * FROM ${target} WHERE false`;
  } else if (columns.length === 0) {
    const first = [...table.columns.values()].find((c) => !c.generated);
    if (!first) throw invalidBody('The table has no insertable column');
    statement = `INSERT INTO ${target} (${ident(first.name)}) VALUES ${input.rows.map(() => '(DEFAULT)').join(', ')}`;
  } else {
    const values = input.rows.map((row) => {
      const rowParam = sql.param(JSON.stringify(row), 'json');
      const cells = columns.map((c) => {
        if (!(c in row)) return input.missingDefault ? 'DEFAULT' : 'NULL';
        return `(json_populate_record(NULL::${target}, ${rowParam})).${ident(c)}`;
      });
      return `(${cells.join(', ')})`;
    });
    statement = `INSERT INTO ${target} (${columns.map(ident).join(', ')}) VALUES ${values.join(', ')}`;
  }

  if (input.resolution) {
    const conflict = input.onConflict ?? table.primaryKey;
    if (conflict.length === 0) {
      throw new ApiError(
        400,
        '42P10',
        'there is no unique or exclusion constraint matching the ON CONFLICT specification',
      );
    }
    for (const c of conflict) requireColumn(table, c);
    if (input.resolution === 'ignore-duplicates' || columns.length === 0) {
      statement += ` ON CONFLICT (${conflict.map(ident).join(', ')}) DO NOTHING`;
    } else {
      const set = columns.map((c) => `${ident(c)} = EXCLUDED.${ident(c)}`).join(', ');
      statement += ` ON CONFLICT (${conflict.map(ident).join(', ')}) DO UPDATE SET ${set}`;
    }
  } else if (input.onConflict) {
    for (const c of input.onConflict) requireColumn(table, c);
  }
  return wrapMutation(cat, table, statement, opts, sql);
}

export function planUpdate(
  cat: Catalog,
  table: Table,
  patch: Record<string, unknown>,
  filters: QueryParams,
  opts: WriteOptions,
  columnsParam?: string[],
): PlannedStatement {
  const sql = new SqlBuilder();
  const target = `"public".${ident(table.name)}`;
  const keys = columnsParam ? [...new Set(columnsParam)] : Object.keys(patch);
  for (const c of keys) if (!table.columns.has(c)) throw columnNotFoundForWrite(c, table.name);
  const source = tableSource(table);
  const conditions = (filters.filters.get('') ?? []).map((c) => conditionSql(c, source, table.name, sql));
  const where = conditions.length ? ` WHERE ${conditions.join(' AND ')}` : '';
  let statement: string;
  if (keys.length === 0) {
    // an empty patch changes nothing and returns nothing
    statement = `UPDATE ${target} AS ${ident(table.name)} SET ${ident([...table.columns.keys()][0])} = ${ident(table.name)}.${ident([...table.columns.keys()][0])} WHERE false`;
  } else {
    const rowParam = sql.param(JSON.stringify(patch), 'json');
    const set = keys.map((c) => `${ident(c)} = (json_populate_record(NULL::${target}, ${rowParam})).${ident(c)}`);
    statement = `UPDATE ${target} AS ${ident(table.name)} SET ${set.join(', ')}${where}`;
  }
  return wrapMutation(cat, table, statement, opts, sql);
}

export function planDelete(cat: Catalog, table: Table, filters: QueryParams, opts: WriteOptions): PlannedStatement {
  const sql = new SqlBuilder();
  const source = tableSource(table);
  const conditions = (filters.filters.get('') ?? []).map((c) => conditionSql(c, source, table.name, sql));
  const where = conditions.length ? ` WHERE ${conditions.join(' AND ')}` : '';
  return wrapMutation(cat, table, `DELETE FROM "public".${ident(table.name)} AS ${ident(table.name)}${where}`, opts, sql);
}

export function validateRows(body: unknown): Record<string, unknown>[] {
  if (Array.isArray(body)) {
    if (!body.every(isPlainObject)) throw invalidBody('All elements of the array must be JSON objects');
    return body as Record<string, unknown>[];
  }
  if (isPlainObject(body)) return [body];
  throw invalidBody();
}

// ---- functions -----------------------------------------------------------------------------------

export interface ResolvedCall {
  fn: FunctionDef;
  /** Named arguments, or the whole body for a single unnamed json parameter. */
  args: Record<string, unknown>;
  wholeBody: boolean;
}

export function resolveFunction(cat: Catalog, name: string, args: Record<string, unknown>): ResolvedCall {
  const overloads = cat.functions.get(name) ?? [];
  const given = Object.keys(args);
  const matches = overloads.filter((fn) => {
    const names = new Set(fn.args.map((a) => a.name));
    if (fn.args.some((a) => !a.name)) return false;
    return given.every((k) => names.has(k)) && fn.args.every((a) => a.hasDefault || given.includes(a.name));
  });
  if (matches.length === 1) return { fn: matches[0], args, wholeBody: false };
  if (matches.length > 1) {
    // prefer the overload that takes exactly the given arguments
    const exact = matches.filter((fn) => fn.args.length === given.length);
    if (exact.length === 1) return { fn: exact[0], args, wholeBody: false };
    throw ambiguousFunction(name, matches.map((fn) => fn.args.map((a) => `${a.name} => ${a.type}`).join(', ')));
  }
  const jsonParam = overloads.find(
    (fn) => fn.args.length === 1 && (fn.args[0].type === 'json' || fn.args[0].type === 'jsonb') && !fn.args[0].name,
  );
  if (jsonParam) return { fn: jsonParam, args, wholeBody: true };
  throw functionNotFound(name, given, overloads.length ? undefined : closest(name, cat.functions.keys()));
}

export type RpcShape = 'rows' | 'row' | 'scalar' | 'scalars' | 'void';

export function rpcShape(fn: FunctionDef): RpcShape {
  if (fn.returnsVoid) return 'void';
  if (fn.resultColumns) return fn.returnsSet ? 'rows' : 'row';
  return fn.returnsSet ? 'scalars' : 'scalar';
}

/** The call as a FROM item: the arguments row joined to the function's result. */
function callFrom(call: ResolvedCall, sql: SqlBuilder): { from: (alias: string) => string; expr: string } {
  const fnName = `"public".${ident(call.fn.name)}`;
  if (call.wholeBody) {
    const p = sql.param(JSON.stringify(call.args), call.fn.args[0].type);
    return { from: (alias) => `${fnName}(${p}) AS ${ident(alias)}`, expr: `${fnName}(${p})` };
  }
  const used = call.fn.args.filter((a) => a.name in call.args);
  if (used.length === 0) return { from: (alias) => `${fnName}() AS ${ident(alias)}`, expr: `${fnName}()` };
  const p = sql.param(JSON.stringify(call.args), 'json');
  const argsRow = `json_to_record(${p}) AS "_pgrst_args"(${used.map((a) => `${ident(a.name)} ${a.type}`).join(', ')})`;
  const named = used.map((a) => `${ident(a.name)} => "_pgrst_args".${ident(a.name)}`).join(', ');
  return {
    from: (alias) => `${argsRow} CROSS JOIN LATERAL ${fnName}(${named}) AS ${ident(alias)}`,
    expr: `(SELECT ${fnName}(${named}) FROM ${argsRow})`,
  };
}

export function planRpc(cat: Catalog, call: ResolvedCall, query: QueryParams, opts: ReadOptions): PlannedStatement {
  const sql = new SqlBuilder();
  const shape = rpcShape(call.fn);
  const { from, expr } = callFrom(call, sql);
  if (shape === 'rows' || shape === 'row') {
    const columns = new Map((call.fn.resultColumns ?? []).map((c) => [c.name, c]));
    const returnsTable = call.fn.returnType.replace(/^public\./, '');
    const table = cat.tables.get(returnsTable.replace(/^"|"$/g, ''));
    const source: Source = { name: call.fn.name, columns, from, table };
    return planRead(cat, source, query, opts, sql);
  }
  if (shape === 'scalars') {
    return {
      sql: `SELECT count(*)::int AS page, coalesce(json_agg("_pgrst_v"."v"), '[]'::json)::text AS body, NULL::int AS total FROM (SELECT "_pgrst_f" AS v FROM ${from('_pgrst_f')}${pageSql(opts.limit, opts.offset, sql)}) AS "_pgrst_v"`,
      params: sql.params,
    };
  }
  if (shape === 'void') {
    return { sql: `SELECT 1 AS page, NULL::text AS body, NULL::int AS total FROM (SELECT ${expr}) AS "_pgrst_v"`, params: sql.params };
  }
  return { sql: `SELECT 1 AS page, to_json(${expr})::text AS body, NULL::int AS total`, params: sql.params };
}
