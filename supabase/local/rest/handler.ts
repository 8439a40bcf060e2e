// /rest/v1: request → parse → plan → run (one transaction under the caller's role) → respond.
import type { ApiRole, Claims } from '../db.ts';
import type { Handler, ServerContext } from '../context.ts';
import { apiKeyRefusal, header, requestHeaders, resolveClaims, type LocalRequest, type LocalResponse } from '../http.ts';
import { getCatalog, invalidateCatalog, type Catalog } from './catalog.ts';
import {
  ApiError,
  fromPgError,
  invalidBody,
  invalidPath,
  invalidSchema,
  isPgError,
  jwtError,
  missingWhere,
  notSingular,
  rangeNotSatisfiable,
  unsupportedMediaType,
  unsupportedMethod,
} from './errors.ts';
import { parsePrefer, parseQuery, parseRangeHeader, type Preferences, type QueryParams } from './parse.ts';
import {
  findTable,
  planDelete,
  planInsert,
  planRead,
  planRpc,
  planUpdate,
  resolveFunction,
  rpcShape,
  tableSource,
  validateRows,
  type PlannedStatement,
  type RpcShape,
} from './plan.ts';

const JSON_TYPE = 'application/json; charset=utf-8';
const OBJECT_TYPE = 'application/vnd.pgrst.object+json; charset=utf-8';

interface Negotiated {
  single: boolean;
  stripNulls: boolean;
}

/** What the caller accepts: an array (the default) or one object. */
function negotiate(accept: string | undefined): Negotiated {
  if (!accept || !accept.trim()) return { single: false, stripNulls: false };
  for (const part of accept.split(',')) {
    const [type, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const stripNulls = params.includes('nulls=stripped');
    if (type === 'application/vnd.pgrst.object+json' || type === 'application/vnd.pgrst.object') {
      return { single: true, stripNulls };
    }
    if (
      type === 'application/json' ||
      type === 'application/vnd.pgrst.array+json' ||
      type === 'application/*' ||
      type === '*/*'
    ) {
      return { single: false, stripNulls };
    }
  }
  throw unsupportedMediaType(accept);
}

interface Outcome {
  page: number;
  body: string | null;
  total: number | null;
}

class Rollback {
  constructor(readonly outcome: Outcome) {}
}

function stripNullsText(text: string): string {
  return JSON.stringify(JSON.parse(text), (_k, v) => (v === null ? undefined : v));
}

/** Runs one planned statement under the caller's role; `check` may refuse (and so roll back). */
async function run(
  ctx: ServerContext,
  claims: Claims,
  plan: PlannedStatement,
  opts: { single: boolean; rollback?: boolean; readOnly?: boolean; headers: Record<string, string> },
): Promise<Outcome> {
  try {
    return await ctx.db.asRole(claims, async (tx) => {
      const res = await tx.query<Outcome>(plan.sql, plan.params);
      const row = res.rows[0] ?? { page: 0, body: '[]', total: null };
      const outcome: Outcome = { page: Number(row.page), body: row.body, total: row.total === null ? null : Number(row.total) };
      if (opts.single && outcome.page !== 1) throw notSingular(outcome.page);
      if (opts.rollback) throw new Rollback(outcome);
      return outcome;
    }, { readOnly: opts.readOnly, headers: opts.headers });
  } catch (error) {
    if (error instanceof Rollback) return error.outcome;
    if (isPgError(error)) {
      if (error.code === '42P01' || error.code === '42703' || error.code === '42883') invalidateCatalog(ctx.db);
      throw fromPgError(error, claims.role);
    }
    throw error;
  }
}

/** Plans against the schema cache, reloading it once when the request names something it lacks. */
async function withCatalog<T>(ctx: ServerContext, fn: (cat: Catalog) => T): Promise<T> {
  const cat = await getCatalog(ctx.db);
  try {
    return fn(cat);
  } catch (error) {
    if (error instanceof ApiError && error.refreshable) return fn(await getCatalog(ctx.db, true));
    throw error;
  }
}

function parseJsonBody(req: LocalRequest, emptyAs?: unknown): unknown {
  const text = req.body.toString('utf8');
  if (text.trim() === '') {
    if (emptyAs !== undefined) return emptyAs;
    throw invalidBody();
  }
  try {
    return JSON.parse(text);
  } catch {
    throw invalidBody();
  }
}

function contentRange(offset: number, page: number, total: number | null): string {
  const of = total === null ? '*' : String(total);
  return page > 0 ? `${offset}-${offset + page - 1}/${of}` : `*/${of}`;
}

function bodyFor(outcome: Outcome, neg: Negotiated): string {
  let text = outcome.body ?? '[]';
  if (neg.single) text = text.slice(1, -1).trim();
  if (neg.stripNulls) text = stripNullsText(text);
  return text;
}

// ---- GET ---------------------------------------------------------------------------------------

/** The rows asked for (limit, offset, Range), capped at max-rows as PostgREST caps every read. */
function pageWindow(req: LocalRequest, q: QueryParams, maxRows: number | null): { limit?: number; offset: number } {
  let limit = q.limit.get('');
  let offset = q.offset.get('');
  const unit = header(req, 'range-unit');
  const range = !unit || unit === 'items' ? parseRangeHeader(header(req, 'range')) : null;
  if (range) {
    if (offset === undefined) offset = range.offset;
    if (range.limit !== undefined) limit = limit === undefined ? range.limit : Math.min(limit, range.limit);
  }
  if (maxRows !== null) limit = limit === undefined ? maxRows : Math.min(limit, maxRows);
  return { limit, offset: offset ?? 0 };
}

function readResponse(outcome: Outcome, neg: Negotiated, offset: number, counted: boolean): LocalResponse {
  const total = counted ? outcome.total : null;
  if (total !== null && offset > total && offset > 0) throw rangeNotSatisfiable(offset, total);
  let status = 200;
  if (!neg.single && total !== null && outcome.page < total) status = 206;
  return {
    status,
    headers: {
      'content-type': neg.single ? OBJECT_TYPE : JSON_TYPE,
      'content-range': contentRange(offset, outcome.page, total),
    },
    body: bodyFor(outcome, neg),
  };
}

async function readTable(req: LocalRequest, ctx: ServerContext, claims: Claims, name: string, params: URLSearchParams) {
  const neg = negotiate(header(req, 'accept'));
  const prefs = parsePrefer(req.headers.prefer);
  const q = parseQuery(params);
  const window = pageWindow(req, q, ctx.maxRows);
  const counted = Boolean(prefs.count);
  const plan = await withCatalog(ctx, (cat) =>
    planRead(cat, tableSource(findTable(cat, name)), q, { count: counted, limit: window.limit, offset: window.offset }),
  );
  // PostgREST runs GET and HEAD in a read-only transaction
  const outcome = await run(ctx, claims, plan, { single: neg.single, readOnly: true, headers: requestHeaders(req) });
  return readResponse(outcome, neg, window.offset, counted);
}

// ---- POST, PATCH, DELETE -----------------------------------------------------------------------

function writeResponse(
  method: 'POST' | 'PATCH' | 'DELETE',
  outcome: Outcome,
  neg: Negotiated,
  prefs: Preferences,
  representation: boolean,
): LocalResponse {
  const total = prefs.count ? outcome.page : null;
  const range = method === 'POST' ? `*/${total ?? '*'}` : contentRange(0, outcome.page, total);
  const headers: Record<string, string> = { 'content-range': range };
  if (prefs.return) headers['preference-applied'] = `return=${prefs.return}`;
  if (!representation) return { status: method === 'POST' ? 201 : 204, headers };
  headers['content-type'] = neg.single ? OBJECT_TYPE : JSON_TYPE;
  return { status: method === 'POST' ? 201 : 200, headers, body: bodyFor(outcome, neg) };
}

async function writeTable(
  req: LocalRequest,
  ctx: ServerContext,
  claims: Claims,
  name: string,
  params: URLSearchParams,
  method: 'POST' | 'PATCH' | 'DELETE',
) {
  const neg = negotiate(header(req, 'accept'));
  const prefs = parsePrefer(req.headers.prefer);
  const q = parseQuery(params);
  const representation = prefs.return === 'representation';
  const opts = { returning: representation ? q : null };
  let body: unknown;
  if (method !== 'DELETE') body = parseJsonBody(req);
  if (method !== 'POST' && !(q.filters.get('')?.length)) throw missingWhere(method === 'PATCH' ? 'UPDATE' : 'DELETE');

  const plan = await withCatalog(ctx, (cat) => {
    const table = findTable(cat, name);
    if (method === 'POST') {
      return planInsert(
        cat,
        table,
        {
          rows: validateRows(body),
          columns: q.columns,
          missingDefault: prefs.missing === 'default',
          resolution: prefs.resolution,
          onConflict: q.onConflict,
        },
        opts,
      );
    }
    if (method === 'PATCH') {
      if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalidBody();
      return planUpdate(cat, table, body as Record<string, unknown>, q, opts, q.columns);
    }
    return planDelete(cat, table, q, opts);
  });
  const outcome = await run(ctx, claims, plan, { single: neg.single, rollback: prefs.tx === 'rollback', headers: requestHeaders(req) });
  return writeResponse(method, outcome, neg, prefs, representation);
}

// ---- /rpc/fn -----------------------------------------------------------------------------------

async function callFunction(
  req: LocalRequest,
  ctx: ServerContext,
  claims: Claims,
  name: string,
  params: URLSearchParams,
) {
  const neg = negotiate(header(req, 'accept'));
  const prefs = parsePrefer(req.headers.prefer);
  let body: Record<string, unknown> | null = null;
  if (req.method === 'POST') {
    const parsed = parseJsonBody(req, {});
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw invalidBody();
    body = parsed as Record<string, unknown>;
  }
  const found: { shape: RpcShape; window: { limit?: number; offset: number } } = { shape: 'rows', window: { offset: 0 } };
  const plan = await withCatalog(ctx, (cat) => {
    const argNames = new Set((cat.functions.get(name) ?? []).flatMap((fn) => fn.args.map((a) => a.name)));
    const q = parseQuery(params, req.method === 'POST' ? new Set() : argNames);
    const call = resolveFunction(cat, name, body ?? q.args);
    found.shape = rpcShape(call.fn);
    found.window = pageWindow(req, q, ctx.maxRows);
    return planRpc(cat, call, q, { count: Boolean(prefs.count), ...found.window });
  });
  const { shape, window } = found;
  const single = neg.single && (shape === 'rows' || shape === 'scalars');
  const outcome = await run(ctx, claims, plan, {
    headers: requestHeaders(req),
    single,
    rollback: prefs.tx === 'rollback',
    readOnly: req.method !== 'POST',
  });
  if (shape === 'void') return { status: 204, headers: { 'content-range': '*/*' } };
  if (shape === 'rows' || shape === 'scalars') return readResponse(outcome, { ...neg, single }, window.offset, Boolean(prefs.count));
  let text = outcome.body ?? 'null';
  if (shape === 'row') text = outcome.page === 0 ? 'null' : text.slice(1, -1).trim() || 'null';
  if (neg.stripNulls) text = stripNullsText(text);
  return { status: 200, headers: { 'content-type': JSON_TYPE, 'content-range': '0-0/*' }, body: text };
}

// ---- entry -------------------------------------------------------------------------------------

async function rootDocument(ctx: ServerContext): Promise<LocalResponse> {
  const cat = await getCatalog(ctx.db);
  const paths: Record<string, unknown> = { '/': {} };
  for (const name of cat.tables.keys()) paths[`/${name}`] = {};
  for (const name of cat.functions.keys()) paths[`/rpc/${name}`] = {};
  return {
    status: 200,
    headers: { 'content-type': 'application/openapi+json; charset=utf-8' },
    body: JSON.stringify({ swagger: '2.0', info: { title: 'local stand-in', version: '12' }, basePath: '/', paths }),
  };
}

function jwtMessage(reason: string, message: string, token: string | null): string {
  if (reason === 'expired') return 'JWT expired';
  if (reason === 'signature') return 'JWSError JWSInvalidSignature';
  if (reason === 'malformed') {
    const parts = token ? token.split('.').length : 0;
    return parts !== 3 ? `Expected 3 parts in JWT; got ${parts}` : 'JWSError (CompactDecodeError Invalid format)';
  }
  return message;
}

async function route(req: LocalRequest, ctx: ServerContext): Promise<LocalResponse> {
  const refusal = apiKeyRefusal(req, ctx.jwtSecret);
  if (refusal) return refusal;
  const apikey = header(req, 'apikey') ?? req.url.searchParams.get('apikey') ?? '';
  const resolved = resolveClaims(req, ctx.jwtSecret);
  if (!resolved.ok) {
    if (resolved.reason === 'role') throw new ApiError(401, '22023', resolved.message);
    const bearer = header(req, 'authorization')?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim() ?? apikey;
    throw jwtError(jwtMessage(resolved.reason, resolved.message, bearer));
  }
  const claims = resolved.claims;

  const profile = header(req, 'accept-profile') ?? header(req, 'content-profile');
  if (profile && profile !== 'public') throw invalidSchema(profile);

  const params = new URLSearchParams(req.url.search);
  params.delete('apikey');
  let segments: string[];
  try {
    segments = req.path.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    throw invalidPath();
  }
  const method = req.method.toUpperCase();

  if (segments.length === 0) {
    if (method !== 'GET') throw unsupportedMethod(method);
    return rootDocument(ctx);
  }
  if (segments[0] === 'rpc' && segments.length === 2) {
    if (method !== 'GET' && method !== 'POST') throw unsupportedMethod(method);
    return callFunction(req, ctx, claims, segments[1], params);
  }
  if (segments.length !== 1) throw invalidPath();
  const table = segments[0];
  if (method === 'GET') return readTable(req, ctx, claims, table, params);
  if (method === 'POST' || method === 'PATCH' || method === 'DELETE') {
    return writeTable(req, ctx, claims, table, params, method);
  }
  throw unsupportedMethod(method);
}

function errorResponse(error: ApiError): LocalResponse {
  return {
    status: error.status,
    headers: { 'content-type': JSON_TYPE, ...error.headers },
    body: JSON.stringify(error.body()),
  };
}

export const handleRest: Handler = async (req, ctx) => {
  try {
    return await route(req, ctx);
  } catch (error) {
    if (error instanceof ApiError) return errorResponse(error);
    if (isPgError(error)) return errorResponse(fromPgError(error, roleOf(req, ctx)));
    // A bug in the stand-in, not bad input: answer without leaking internals.
    if (process.env.LOCAL_REST_DEBUG) console.error('[rest] unexpected error', error);
    return errorResponse(new ApiError(500, 'PGRST000', 'Internal error in the local stand-in'));
  }
};

function roleOf(req: LocalRequest, ctx: ServerContext): ApiRole {
  const r = resolveClaims(req, ctx.jwtSecret);
  return r.ok ? r.claims.role : 'anon';
}
