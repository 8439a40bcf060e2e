// `npm run db:types`: the TypeScript types of the API's schema, as `supabase gen types typescript`
// makes them for a hosted project, read from the catalog of a throw-away database that holds every
// migration (no seed). Both clients of the app are typed with the result, so a column renamed in a
// migration breaks the type check instead of a page.
//
//   npm run db:types            writes src/shared/db/database.types.ts
//   npm run db:types -- --check fails (exit 1) when the committed file is not what the migrations make
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { openLocalDb, ROOT_DIR, type Tx } from './db.ts';

export const TYPES_FILE = join(ROOT_DIR, 'src', 'shared', 'db', 'database.types.ts');
const SCHEMA = 'public';
/** The PostgREST major hosted projects run; supabase-js reads it to type the features it has. */
const POSTGREST_VERSION = '12';

interface PgType {
  oid: number;
  name: string;
  schema: string;
  /** b base, c composite, d domain, e enum, p pseudo, r range, m multirange */
  kind: string;
  category: string;
  elem: number;
  base: number;
  relid: number;
}

export interface Column {
  rel: string;
  name: string;
  type: number;
  nullable: boolean;
  hasDefault: boolean;
  generated: boolean;
  identityAlways: boolean;
}

export interface Relation {
  name: string;
  /** r table, p partitioned table, v view, m materialized view */
  kind: string;
  /** For views: can PostgREST insert into it (auto-updatable). */
  insertable: boolean;
}

export interface ForeignKey {
  name: string;
  rel: string;
  columns: string[];
  target: string;
  targetColumns: string[];
  oneToOne: boolean;
}

export interface Fn {
  name: string;
  /** Input arguments in order; the last `defaults` of them may be left out. */
  args: { name: string; type: number }[];
  defaults: number;
  /** Output columns of RETURNS TABLE / OUT parameters. */
  out: { name: string; type: number }[];
  returns: number;
  setof: boolean;
}

export interface Catalog {
  types: PgType[];
  relations: Relation[];
  columns: Column[];
  foreignKeys: ForeignKey[];
  functions: Fn[];
  enums: { name: string; labels: string[] }[];
}

/** Reads what the types are made from, as the owner (the API roles may not see every object). */
export async function readCatalog(tx: Tx): Promise<Catalog> {
  const q = async <T>(sql: string) => (await tx.query<T>(sql, [SCHEMA])).rows;
  const types = await q<PgType>(`
    select t.oid::int as oid, t.typname as name, n.nspname as schema, t.typtype as kind, t.typcategory as category,
           t.typelem::int as elem, t.typbasetype::int as base, t.typrelid::int as relid
    from pg_type t join pg_namespace n on n.oid = t.typnamespace
    where n.nspname in ('pg_catalog', $1) or t.oid in (select atttypid from pg_attribute)`);
  const relations = await q<Relation>(`
    select c.relname as name, c.relkind as kind,
           c.relkind in ('r', 'p') or (c.relkind = 'v' and pg_relation_is_updatable(c.oid, false) & 8 = 8) as insertable
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm')
    order by c.relname`);
  const columns = await q<Column>(`
    select c.relname as rel, a.attname as name, a.atttypid::int as type, not a.attnotnull as nullable,
           a.atthasdef or a.attidentity <> '' as "hasDefault", a.attgenerated <> '' as generated,
           a.attidentity = 'a' as "identityAlways"
    from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm') and a.attnum > 0 and not a.attisdropped
    order by c.relname, a.attname`);
  const foreignKeys = await q<ForeignKey>(`
    select con.conname as name, c.relname as rel,
           array(select a.attname from unnest(con.conkey) with ordinality k(num, i)
                 join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.num order by k.i)::text[] as columns,
           fc.relname as target,
           array(select a.attname from unnest(con.confkey) with ordinality k(num, i)
                 join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.num order by k.i)::text[] as "targetColumns",
           exists (select 1 from pg_index ix
                   where ix.indrelid = con.conrelid and ix.indisunique
                     and (select array_agg(x order by x) from unnest(ix.indkey::int2[]) x)
                       = (select array_agg(x order by x) from unnest(con.conkey) x)) as "oneToOne"
    from pg_constraint con
    join pg_class c on c.oid = con.conrelid join pg_namespace n on n.oid = c.relnamespace
    join pg_class fc on fc.oid = con.confrelid join pg_namespace fn on fn.oid = fc.relnamespace
    where con.contype = 'f' and n.nspname = $1 and fn.nspname = $1
    order by c.relname, con.conname`);
  const functions = (
    await q<{ name: string; names: string[] | null; modes: string[] | null; all: number[] | null; ins: number[]; defaults: number; returns: number; setof: boolean }>(`
      select p.proname as name, p.proargnames::text[] as names, p.proargmodes::text[] as modes,
             p.proallargtypes::int[] as all, p.proargtypes::int[] as ins, p.pronargdefaults::int as defaults,
             p.prorettype::int as returns, p.proretset as setof
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = $1 and p.prokind = 'f'
        and p.prorettype not in ('trigger'::regtype, 'event_trigger'::regtype)
        and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
      order by p.proname, p.oid`)
  ).map((p): Fn => {
    const typesOf = p.all ?? p.ins;
    const params = typesOf.map((type, i) => ({ name: p.names?.[i] ?? '', type, mode: p.modes?.[i] ?? 'i' }));
    return {
      name: p.name,
      args: params.filter((a) => ['i', 'b', 'v'].includes(a.mode)).map(({ name, type }) => ({ name, type })),
      defaults: p.defaults,
      out: params.filter((a) => ['o', 'b', 't'].includes(a.mode)).map(({ name, type }) => ({ name, type })),
      returns: p.returns,
      setof: p.setof,
    };
  });
  const enums = await q<{ name: string; labels: string[] }>(`
    select t.typname as name, array_agg(e.enumlabel order by e.enumsortorder)::text[] as labels
    from pg_type t join pg_namespace n on n.oid = t.typnamespace join pg_enum e on e.enumtypid = t.oid
    where n.nspname = $1 group by t.typname order by t.typname`);
  return { types, relations, columns, foreignKeys, functions, enums };
}

const NUMBER = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid', 'money']);
const STRING = new Set([
  'text', 'varchar', 'bpchar', 'char', 'name', 'uuid', 'date', 'time', 'timetz', 'timestamp', 'timestamptz',
  'interval', 'citext', 'inet', 'cidr', 'macaddr', 'bytea', 'tsvector', 'tsquery', 'xml', 'bit', 'varbit',
]);

const q = (s: string) => JSON.stringify(s);
const key = (s: string) => (/^[A-Za-z_$][\w$]*$/.test(s) ? s : q(s));
const indent = (text: string, by: number) => text.replace(/^(?=.)/gm, ' '.repeat(by));

/** The types of a schema as `supabase gen types typescript` lays them out. */
export function renderTypes(catalog: Catalog): string {
  const types = new Map(catalog.types.map((t) => [t.oid, t]));
  const relationOf = new Map<number, string>();
  for (const t of catalog.types) {
    if (t.kind === 'c' && t.schema === SCHEMA && catalog.relations.some((r) => r.name === t.name)) relationOf.set(t.oid, t.name);
  }
  const columnsOf = (rel: string) => catalog.columns.filter((c) => c.rel === rel);

  const ts = (oid: number): string => {
    const t = types.get(oid);
    if (!t) return 'unknown';
    if (t.kind === 'd') return ts(t.base);
    if (t.kind === 'e') return t.schema === SCHEMA ? `Database[${q(SCHEMA)}]["Enums"][${q(t.name)}]` : 'string';
    if (t.category === 'A' && t.elem) return `${ts(t.elem)}[]`;
    if (t.name === 'bool') return 'boolean';
    if (t.name === 'json' || t.name === 'jsonb') return 'Json';
    if (t.name === 'void') return 'undefined';
    if (NUMBER.has(t.name)) return 'number';
    if (STRING.has(t.name) || t.kind === 'r' || t.kind === 'm') return 'string';
    if (relationOf.has(oid)) return rowOf(relationOf.get(oid)!);
    return 'unknown';
  };
  const object = (fields: string[]) => (fields.length ? `{\n${indent(fields.join('\n'), 2)}\n}` : '{}');
  const rowOf = (rel: string, nullableAll = false) =>
    object(columnsOf(rel).map((c) => `${key(c.name)}: ${ts(c.type)}${c.nullable || nullableAll ? ' | null' : ''}`));
  const writeOf = (rel: string, mode: 'Insert' | 'Update') =>
    object(
      columnsOf(rel).map((c) => {
        if (c.generated || c.identityAlways) return `${key(c.name)}?: never`;
        const optional = mode === 'Update' || c.nullable || c.hasDefault;
        return `${key(c.name)}${optional ? '?' : ''}: ${ts(c.type)}${c.nullable ? ' | null' : ''}`;
      }),
    );
  const relationships = (rel: string) => {
    const fks = catalog.foreignKeys.filter((f) => f.rel === rel);
    if (!fks.length) return '[]';
    const items = fks.map((f) =>
      object([
        `foreignKeyName: ${q(f.name)}`,
        `columns: [${f.columns.map(q).join(', ')}]`,
        `isOneToOne: ${f.oneToOne}`,
        `referencedRelation: ${q(f.target)}`,
        `referencedColumns: [${f.targetColumns.map(q).join(', ')}]`,
      ]) + ',',
    );
    return `[\n${indent(items.join('\n'), 2)}\n]`;
  };
  const none = '{\n  [_ in never]: never\n}';
  const section = (entries: string[]) => (entries.length ? object(entries) : none);

  const tables = catalog.relations
    .filter((r) => r.kind === 'r' || r.kind === 'p')
    .map((r) =>
      `${key(r.name)}: ` +
      object([`Row: ${rowOf(r.name)}`, `Insert: ${writeOf(r.name, 'Insert')}`, `Update: ${writeOf(r.name, 'Update')}`, `Relationships: ${relationships(r.name)}`]),
    );
  const views = catalog.relations
    .filter((r) => r.kind === 'v' || r.kind === 'm')
    .map((r) =>
      `${key(r.name)}: ` +
      object([
        `Row: ${rowOf(r.name, true)}`,
        ...(r.insertable ? [`Insert: ${writeOf(r.name, 'Insert')}`, `Update: ${writeOf(r.name, 'Update')}`] : []),
        `Relationships: ${relationships(r.name)}`,
      ]),
    );

  const byName = new Map<string, Fn[]>();
  for (const f of catalog.functions) byName.set(f.name, [...(byName.get(f.name) ?? []), f]);
  const functions = [...byName].map(([name, overloads]) => {
    const argsOf = (f: Fn) => {
      if (!f.args.length) return 'never';
      if (f.args.some((a) => !a.name)) return 'Record<string, unknown>';
      const firstOptional = f.args.length - f.defaults;
      return object(f.args.map((a, i) => `${key(a.name)}${i >= firstOptional ? '?' : ''}: ${ts(a.type)}`));
    };
    const args = overloads.map(argsOf);
    const f = overloads[0];
    const returned = f.out.length ? object(f.out.map((o) => `${key(o.name)}: ${ts(o.type)}`)) : ts(f.returns);
    const returns = f.setof ? `${returned}[]` : returned;
    const lines = [`Args: ${args.join(' | ')}`, `Returns: ${returns}`];
    const table = relationOf.get(f.returns);
    if (table && !f.out.length) {
      lines.push(`SetofOptions: ${object([`from: "*"`, `to: ${q(table)}`, `isOneToOne: ${!f.setof}`, `isSetofReturn: ${f.setof}`])}`);
    }
    return `${key(name)}: ${object(lines)}`;
  });
  const enums = catalog.enums.map((e) => `${key(e.name)}: ${e.labels.map(q).join(' | ')}`);

  const schema = object([
    `Tables: ${section(tables)}`,
    `Views: ${section(views)}`,
    `Functions: ${section(functions)}`,
    `Enums: ${section(enums)}`,
    `CompositeTypes: ${none}`,
  ]);
  return `// Generated by \`npm run db:types\` from supabase/migrations: do not edit. \`npm test\` fails when
// this file is not what the migrations make; run the command again after changing the schema.

export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[];

export type Database = {
  // tells supabase-js which PostgREST it talks to (and so which query features it may type)
  __InternalSupabase: {
    PostgrestVersion: ${q(POSTGREST_VERSION)};
  };
${indent(`${key(SCHEMA)}: ${schema}`, 2)}
};

type Schema = Database[${q(SCHEMA)}];

/** A table's row as the API returns it. */
export type Tables<T extends keyof Schema["Tables"]> = Schema["Tables"][T]["Row"];
/** What an insert into a table may carry. */
export type TablesInsert<T extends keyof Schema["Tables"]> = Schema["Tables"][T]["Insert"];
/** What an update of a table may carry. */
export type TablesUpdate<T extends keyof Schema["Tables"]> = Schema["Tables"][T]["Update"];
/** A function's arguments and result. */
export type Functions<T extends keyof Schema["Functions"]> = Schema["Functions"][T];
`;
}

/** Types from a fresh database holding every migration. */
export async function generateTypes(): Promise<string> {
  const db = await openLocalDb({ memory: true, seed: false, readReplica: false });
  try {
    return renderTypes(await db.asSystem((tx) => readCatalog(tx)));
  } finally {
    await db.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const fresh = await generateTypes();
  if (process.argv.includes('--check')) {
    let committed = '';
    try {
      committed = readFileSync(TYPES_FILE, 'utf8');
    } catch {
      // a missing file is stale too
    }
    if (committed !== fresh) {
      console.error(`${TYPES_FILE} is not what the migrations make: run \`npm run db:types\` and commit the result.`);
      process.exit(1);
    }
    console.log('Database types are current.');
  } else {
    writeFileSync(TYPES_FILE, fresh);
    console.log(`Wrote ${TYPES_FILE}`);
  }
}
