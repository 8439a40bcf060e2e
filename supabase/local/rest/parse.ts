// The query-string grammar of /rest/v1, turned into a small AST. Nothing here knows the
// database: names are checked against the schema cache by the planner.
import { parseError } from './errors.ts';

export interface JsonStep {
  arrow: '->' | '->>';
  key: string;
}

/** A column, possibly followed by a JSON path (`data->a->>b`). */
export interface ColumnRef {
  name: string;
  path: JsonStep[];
}

export type SelectItem =
  | { kind: 'star' }
  | { kind: 'column'; column: ColumnRef; alias?: string; cast?: string }
  | {
      kind: 'embed';
      name: string;
      alias?: string;
      hint?: string;
      join: 'left' | 'inner';
      select: SelectItem[];
    };

export const FILTER_OPS = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'is',
  'isdistinct',
  'in',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxr',
  'nxl',
  'adj',
  'fts',
  'plfts',
  'phfts',
  'wfts',
] as const;
export type FilterOp = (typeof FILTER_OPS)[number];

export interface Filter {
  kind: 'filter';
  column: ColumnRef;
  negate: boolean;
  op: FilterOp;
  /** `eq(any).{a,b}` */
  quantifier?: 'any' | 'all';
  /** Text search configuration: `fts(english).cat` */
  config?: string;
  /** The raw value (for `in` and quantified ops: the list items instead). */
  value: string;
  list?: string[];
}

export interface Logic {
  kind: 'logic';
  op: 'and' | 'or';
  negate: boolean;
  children: Condition[];
}

export type Condition = Filter | Logic;

export interface OrderTerm {
  column: ColumnRef;
  direction?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

// ---- a tiny scanner ----------------------------------------------------------------------------

const describe = (ch: string | undefined) => (ch === undefined ? 'end of input' : JSON.stringify(ch));

class Scanner {
  pos = 0;
  constructor(
    readonly input: string,
    readonly what: string,
  ) {}

  get done() {
    return this.pos >= this.input.length;
  }
  peek(offset = 0) {
    return this.input[this.pos + offset];
  }
  startsWith(s: string) {
    return this.input.startsWith(s, this.pos);
  }
  fail(expecting: string): never {
    throw parseError(this.what, this.input, this.pos + 1, `unexpected ${describe(this.peek())} expecting ${expecting}`);
  }
  expect(s: string) {
    if (!this.startsWith(s)) this.fail(JSON.stringify(s));
    this.pos += s.length;
  }
}

/** Bare names: letters, digits, `_`, `$` and spaces, parts joined by single dashes (`a-b`). */
const NAME_CHAR = /[\p{L}\p{N}_$ ]/u;

function readName(s: Scanner, allowDash = true): string {
  if (s.peek() === '"') return readQuoted(s);
  const start = s.pos;
  while (!s.done) {
    const ch = s.peek();
    if (NAME_CHAR.test(ch)) {
      s.pos++;
      continue;
    }
    if (ch === '-' && allowDash && !s.startsWith('->') && s.pos > start && NAME_CHAR.test(s.peek(1) ?? '')) {
      s.pos++;
      continue;
    }
    break;
  }
  const name = s.input.slice(start, s.pos).trim();
  if (!name) s.fail('field name (* or [a..z0..9_$])');
  return name;
}

function readQuoted(s: Scanner): string {
  s.expect('"');
  let out = '';
  while (!s.done && s.peek() !== '"') {
    if (s.peek() === '\\' && s.pos + 1 < s.input.length) s.pos++;
    out += s.peek();
    s.pos++;
  }
  if (s.done) s.fail('closing quote');
  s.pos++;
  return out;
}

function readJsonPath(s: Scanner): JsonStep[] {
  const path: JsonStep[] = [];
  while (s.startsWith('->')) {
    const arrow = s.startsWith('->>') ? '->>' : '->';
    s.pos += arrow.length;
    let key: string;
    if (s.peek() === '"') key = readQuoted(s);
    else {
      const start = s.pos;
      if (s.peek() === '-') s.pos++; // negative array index: ->-1
      while (!s.done && NAME_CHAR.test(s.peek())) s.pos++;
      key = s.input.slice(start, s.pos).trim();
    }
    if (!key) s.fail('json key');
    path.push({ arrow, key });
  }
  return path;
}

function readColumnRef(s: Scanner): ColumnRef {
  const name = readName(s);
  return { name, path: readJsonPath(s) };
}

// ---- select=... --------------------------------------------------------------------------------

const CAST_RE = /^[A-Za-z_][A-Za-z0-9_ ]*(\[\])?$/;

export function parseSelect(input: string): SelectItem[] {
  const s = new Scanner(input, 'select parameter');
  const items = readSelectList(s, 0);
  if (!s.done) s.fail('"," or end of input');
  return items;
}

function readSelectList(s: Scanner, depth: number): SelectItem[] {
  const items: SelectItem[] = [];
  if (depth > 0 && s.peek() === ')') return [{ kind: 'star' }];
  for (;;) {
    items.push(readSelectItem(s, depth));
    if (s.peek() === ',') {
      s.pos++;
      continue;
    }
    return items;
  }
}

function readSelectItem(s: Scanner, depth: number): SelectItem {
  if (s.peek() === '*') {
    s.pos++;
    return { kind: 'star' };
  }
  if (s.startsWith('...')) s.fail('field name (spread embedding is not supported here)');
  let alias: string | undefined;
  let name = readName(s);
  if (s.peek() === ':' && s.peek(1) !== ':') {
    s.pos++;
    alias = name;
    name = readName(s);
  }
  if (s.peek() === '!' || s.peek() === '(') {
    let hint: string | undefined;
    let join: 'left' | 'inner' = 'left';
    while (s.peek() === '!') {
      s.pos++;
      const word = readName(s, true);
      if (word === 'inner' || word === 'left') join = word;
      else if (hint === undefined) hint = word;
      else s.fail('"inner" or "left"');
    }
    // an embed inside an embed is read (`a(b(c))`); filters, order and limits reach the first level only
    if (depth >= 1 && join === 'inner') s.fail('field name (!inner is supported on the first level of embedding only)');
    s.expect('(');
    const select = readSelectList(s, depth + 1);
    s.expect(')');
    return { kind: 'embed', name, alias, hint, join, select };
  }
  const path = readJsonPath(s);
  let cast: string | undefined;
  if (s.startsWith('::')) {
    s.pos += 2;
    const start = s.pos;
    while (!s.done && s.peek() !== ',' && s.peek() !== ')') s.pos++;
    cast = s.input.slice(start, s.pos).trim();
    if (!CAST_RE.test(cast)) {
      s.pos = start;
      s.fail('type name');
    }
  }
  return { kind: 'column', column: { name, path }, alias, cast };
}

// ---- filters: col=op.value ---------------------------------------------------------------------

const OP_SET = new Set<string>(FILTER_OPS);
const FTS_OPS = new Set(['fts', 'plfts', 'phfts', 'wfts']);
const QUANTIFIABLE = new Set(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch']);

/** Splits a `{a,"b,c"}` or `(a,"b,c")` list into its items, honouring quotes and backslashes. */
export function splitList(body: string, what: string, input: string): string[] {
  const out: string[] = [];
  if (body.trim() === '') return out;
  let cur = '';
  let quoted = false;
  let wasQuoted = false;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (quoted) {
      if (ch === '\\' && i + 1 < body.length) {
        cur += body[++i];
      } else if (ch === '"') {
        quoted = false;
      } else cur += ch;
      continue;
    }
    if (ch === '"') {
      quoted = true;
      wasQuoted = true;
    } else if (ch === ',') {
      out.push(wasQuoted ? cur : cur.trim());
      cur = '';
      wasQuoted = false;
    } else cur += ch;
  }
  if (quoted) throw parseError(what, input, input.length + 1, 'unexpected end of input expecting closing quote');
  out.push(wasQuoted ? cur : cur.trim());
  return out;
}

function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
    return value.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return value;
}

/**
 * `[not.]op[(any|all)|(config)].value` for the column `column`. `inLogic` values have already been
 * split out of an or=/and= tree and may be quoted.
 */
export function parseFilterValue(column: ColumnRef, input: string, inLogic = false, whole = input): Filter {
  const what = inLogic ? 'logic tree' : 'filter';
  let rest = input;
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const m = /^([a-z]+)(?:\(([A-Za-z0-9_]+)\))?\./.exec(rest);
  if (!m || !OP_SET.has(m[1])) {
    const column1 = whole.length - rest.length + 1;
    throw parseError(
      what,
      whole,
      column1,
      `unexpected ${describe(rest[0])} expecting "not" or operator (${FILTER_OPS.join(', ')})`,
    );
  }
  const op = m[1] as FilterOp;
  const modifier = m[2];
  let value = rest.slice(m[0].length);
  const filter: Filter = { kind: 'filter', column, negate, op, value };
  if (modifier !== undefined) {
    if (FTS_OPS.has(op)) filter.config = modifier;
    else if (QUANTIFIABLE.has(op) && (modifier === 'any' || modifier === 'all')) filter.quantifier = modifier;
    else throw parseError(what, whole, whole.length - rest.length + op.length + 2, `unexpected ${JSON.stringify(modifier)} expecting "any" or "all"`);
  }
  if (op === 'in') {
    if (!value.startsWith('(') || !value.endsWith(')')) {
      throw parseError(what, whole, whole.length - value.length + 1, `unexpected ${describe(value[0])} expecting "("`);
    }
    filter.list = splitList(value.slice(1, -1), what, whole);
    return filter;
  }
  if (filter.quantifier) {
    if (!value.startsWith('{') || !value.endsWith('}')) {
      throw parseError(what, whole, whole.length - value.length + 1, `unexpected ${describe(value[0])} expecting "{"`);
    }
    filter.list = splitList(value.slice(1, -1), what, whole);
    return filter;
  }
  if (inLogic) value = unquote(value);
  if (op === 'is') {
    const v = value.toLowerCase();
    if (!['null', 'not_null', 'true', 'false', 'unknown'].includes(v)) {
      throw parseError(
        what,
        whole,
        whole.length - value.length + 1,
        `unexpected ${describe(value[0])} expecting null or trilean value (unknown, true, false)`,
      );
    }
    value = v;
  }
  filter.value = value;
  return filter;
}

/** A filter key: `col`, `col->a->>b`, or `embed.col` (returned with its embed path). */
export function parseFilterKey(key: string): { embed?: string; column: ColumnRef } {
  const s = new Scanner(key, 'filter');
  let first = readName(s);
  let embed: string | undefined;
  if (s.peek() === '.') {
    s.pos++;
    embed = first;
    first = readName(s);
  }
  const path = readJsonPath(s);
  if (!s.done) s.fail('"->" or end of input');
  return { embed, column: { name: first, path } };
}

// ---- or=(...), and=(...) -----------------------------------------------------------------------

/** Splits at top-level commas; parentheses, braces and double quotes nest. */
function splitTopLevel(body: string, whole: string, offset: number): { text: string; at: number }[] {
  const parts: { text: string; at: number }[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (quoted) {
      if (ch === '\\') i++;
      else if (ch === '"') quoted = false;
      continue;
    }
    if (ch === '"') quoted = true;
    else if (ch === '(' || ch === '{') depth++;
    else if (ch === ')' || ch === '}') {
      depth--;
      if (depth < 0) throw parseError('logic tree', whole, offset + i + 1, 'unexpected ")" expecting filter');
    } else if (ch === ',' && depth === 0) {
      parts.push({ text: body.slice(start, i), at: offset + start });
      start = i + 1;
    }
  }
  if (quoted) throw parseError('logic tree', whole, whole.length + 1, 'unexpected end of input expecting closing quote');
  if (depth !== 0) throw parseError('logic tree', whole, whole.length + 1, 'unexpected end of input expecting ")"');
  parts.push({ text: body.slice(start), at: offset + start });
  return parts;
}

/** `or=(a.eq.1,and(b.gt.2,c.is.null))` given the key (`or`, `and`, `not.or`, `not.and`). */
export function parseLogic(key: string, value: string): Logic {
  const negate = key.startsWith('not.');
  const op = (negate ? key.slice(4) : key) as 'and' | 'or';
  const whole = `${key}=${value}`;
  return parseLogicBody(op, negate, value, whole, key.length + 1, 0);
}

/** Deeper trees than this are refused rather than handed to Postgres. */
const MAX_LOGIC_DEPTH = 32;

function parseLogicBody(op: 'and' | 'or', negate: boolean, value: string, whole: string, offset: number, depth: number): Logic {
  if (depth > MAX_LOGIC_DEPTH) throw parseError('logic tree', whole, offset + 1, `nesting deeper than ${MAX_LOGIC_DEPTH} levels`);
  if (!value.startsWith('(') || !value.endsWith(')')) {
    throw parseError('logic tree', whole, offset + 1, `unexpected ${describe(value[0])} expecting "("`);
  }
  const body = value.slice(1, -1);
  if (body.trim() === '') throw parseError('logic tree', whole, offset + 2, 'unexpected ")" expecting filter');
  const children: Condition[] = [];
  for (const part of splitTopLevel(body, whole, offset + 1)) {
    children.push(parseLogicElement(part.text, whole, part.at, depth));
  }
  return { kind: 'logic', op, negate, children };
}

function parseLogicElement(text: string, whole: string, at: number, depth: number): Condition {
  const nested = /^(not\.)?(and|or)\(/.exec(text);
  if (nested) {
    const inner = text.slice(nested[0].length - 1);
    return parseLogicBody(nested[2] as 'and' | 'or', Boolean(nested[1]), inner, whole, at + nested[0].length - 1, depth + 1);
  }
  const s = new Scanner(text, 'logic tree');
  let column: ColumnRef;
  try {
    column = readColumnRef(s);
  } catch {
    throw parseError('logic tree', whole, at + s.pos + 1, `unexpected ${describe(text[s.pos])} expecting field name`);
  }
  if (s.peek() !== '.') {
    throw parseError('logic tree', whole, at + s.pos + 1, `unexpected ${describe(s.peek())} expecting "."`);
  }
  return parseFilterValue(column, text.slice(s.pos + 1), true, whole);
}

// ---- order=... ---------------------------------------------------------------------------------

export function parseOrder(input: string): OrderTerm[] {
  const s = new Scanner(input, 'order');
  const terms: OrderTerm[] = [];
  for (;;) {
    const column = readColumnRef(s);
    if (s.peek() === '(') s.fail('"," or "." (ordering by embedded resources is not supported)');
    const term: OrderTerm = { column };
    while (s.peek() === '.') {
      s.pos++;
      const start = s.pos;
      while (!s.done && /[a-z]/.test(s.peek())) s.pos++;
      const word = s.input.slice(start, s.pos);
      if ((word === 'asc' || word === 'desc') && !term.direction && !term.nulls) term.direction = word;
      else if ((word === 'nullsfirst' || word === 'nullslast') && !term.nulls) term.nulls = word === 'nullsfirst' ? 'first' : 'last';
      else {
        s.pos = start;
        s.fail('"asc", "desc", "nullsfirst" or "nullslast"');
      }
    }
    terms.push(term);
    if (s.done) return terms;
    if (s.peek() !== ',') s.fail('"," "." or end of input');
    s.pos++;
  }
}

/** `columns="a","b"` or `on_conflict=a,b`. */
export function parseColumnList(input: string, what: string): string[] {
  const s = new Scanner(input, what);
  const out: string[] = [];
  for (;;) {
    out.push(readName(s));
    if (s.done) return out;
    if (s.peek() !== ',') s.fail('"," or end of input');
    s.pos++;
  }
}

export function parseNonNegativeInt(input: string, what: string): number {
  if (!/^\d{1,15}$/.test(input.trim())) {
    throw parseError(what, input, 1, `unexpected ${describe(input[0])} expecting digit`);
  }
  return Number(input.trim());
}

// ---- headers -----------------------------------------------------------------------------------

export interface Preferences {
  return?: 'minimal' | 'representation' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missing?: 'default' | 'null';
  tx?: 'commit' | 'rollback';
}

export function parsePrefer(values: string | string[] | undefined): Preferences {
  const prefs: Preferences = {};
  const all = (Array.isArray(values) ? values : values ? [values] : []).flatMap((v) => v.split(','));
  for (const raw of all) {
    const [k, v] = raw.trim().split('=').map((x) => x?.trim());
    if (k === 'return' && (v === 'minimal' || v === 'representation' || v === 'headers-only')) prefs.return = v;
    else if (k === 'count' && (v === 'exact' || v === 'planned' || v === 'estimated')) prefs.count = v;
    else if (k === 'resolution' && (v === 'merge-duplicates' || v === 'ignore-duplicates')) prefs.resolution = v;
    else if (k === 'missing' && (v === 'default' || v === 'null')) prefs.missing = v;
    else if (k === 'tx' && (v === 'commit' || v === 'rollback')) prefs.tx = v;
  }
  return prefs;
}

/** `Range: 0-24` (items). Returns null when absent or not understood, as PostgREST ignores those. */
export function parseRangeHeader(value: string | undefined): { offset: number; limit?: number } | null {
  if (!value) return null;
  const m = /^\s*(?:items=)?(\d+)-(\d*)\s*$/.exec(value);
  if (!m) return null;
  const from = Number(m[1]);
  if (m[2] === '') return { offset: from };
  const to = Number(m[2]);
  if (to < from) return null;
  return { offset: from, limit: to - from + 1 };
}

// ---- the whole query string --------------------------------------------------------------------

export interface QueryParams {
  select: SelectItem[];
  /** Conditions by embed key; '' is the top-level resource. */
  filters: Map<string, Condition[]>;
  order: Map<string, OrderTerm[]>;
  limit: Map<string, number>;
  offset: Map<string, number>;
  onConflict?: string[];
  columns?: string[];
  /** Parameters taken as function arguments (GET /rpc/fn). */
  args: Record<string, string>;
}

const LOGIC_KEYS = new Set(['or', 'and', 'not.or', 'not.and']);

function push<T>(map: Map<string, T[]>, key: string, value: T) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Reads every parameter; `argNames` are taken as function arguments instead of filters. */
export function parseQuery(params: URLSearchParams, argNames: Set<string> = new Set()): QueryParams {
  const q: QueryParams = {
    select: [{ kind: 'star' }],
    filters: new Map(),
    order: new Map(),
    limit: new Map(),
    offset: new Map(),
    args: {},
  };
  for (const [key, value] of params) {
    if (argNames.has(key)) {
      q.args[key] = value;
      continue;
    }
    if (key === 'select') {
      q.select = value.trim() === '' ? [{ kind: 'star' }] : parseSelect(value);
      continue;
    }
    if (key === 'columns') {
      q.columns = parseColumnList(value, 'columns parameter');
      continue;
    }
    if (key === 'on_conflict') {
      q.onConflict = parseColumnList(value, 'on_conflict parameter');
      continue;
    }
    // `embed.order`, `embed.limit`, `embed.or` ... or the top-level ones
    const dot = key.lastIndexOf('.');
    const tail = key.slice(dot + 1);
    const head = dot > 0 ? key.slice(0, dot) : '';
    if (tail === 'order' && !head.includes('.')) {
      q.order.set(head, parseOrder(value));
      continue;
    }
    if ((tail === 'limit' || tail === 'offset') && !head.includes('.')) {
      (tail === 'limit' ? q.limit : q.offset).set(head, parseNonNegativeInt(value, `${tail} parameter`));
      continue;
    }
    if (LOGIC_KEYS.has(key)) {
      push(q.filters, '', parseLogic(key, value));
      continue;
    }
    const logicOnEmbed = /^(.+?)\.((?:not\.)?(?:or|and))$/.exec(key);
    if (logicOnEmbed && !logicOnEmbed[1].includes('.')) {
      push(q.filters, logicOnEmbed[1], parseLogic(logicOnEmbed[2], value));
      continue;
    }
    const { embed, column } = parseFilterKey(key);
    push(q.filters, embed ?? '', parseFilterValue(column, value));
  }
  return q;
}
