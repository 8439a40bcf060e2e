// The REST service's one error catalogue: every failure leaves as PostgREST's JSON shape
// {code, message, details, hint} with the HTTP status PostgREST gives it.
import type { ApiRole } from '../db.ts';

export interface ErrorBody {
  code: string;
  message: string;
  details: unknown;
  hint: string | null;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: unknown = null,
    readonly hint: string | null = null,
    /** The schema cache may be stale: reload it and plan once more before answering. */
    readonly refreshable = false,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  body(): ErrorBody {
    return { code: this.code, message: this.message, details: this.details, hint: this.hint };
  }
}

const q = (s: string) => JSON.stringify(s);

// ---- request grammar (PGRST1xx) -----------------------------------------------------------------

/** A query parameter or header that does not follow the grammar. */
export function parseError(what: string, input: string, column: number, details: string): ApiError {
  return new ApiError(400, 'PGRST100', `${q(`failed to parse ${what} (${input})`)} (line 1, column ${column})`, details);
}

export const invalidBody = (details: string | null = null) =>
  new ApiError(400, 'PGRST102', 'Empty or invalid json', details);

export const rangeNotSatisfiable = (offset: number, total: number) =>
  new ApiError(
    416,
    'PGRST103',
    'Requested range not satisfiable',
    `An offset of ${offset} was requested, but there are only ${total} rows.`,
  );

export const invalidSchema = (schema: string) =>
  new ApiError(406, 'PGRST106', `Invalid schema: ${schema}`, null, 'Only the following schemas are exposed: public');

export const unsupportedMediaType = (accept: string) =>
  new ApiError(406, 'PGRST107', `None of these media types are available: ${accept}`);

export const notSingular = (rows: number) =>
  new ApiError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${rows} rows`);

export const unsupportedMethod = (method: string) =>
  new ApiError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);

export const invalidPath = () => new ApiError(404, 'PGRST125', 'Invalid path specified in request URL');

export const missingWhere = (verb: 'UPDATE' | 'DELETE') =>
  new ApiError(400, '21000', `${verb} requires a WHERE clause`);

// ---- schema cache (PGRST2xx) --------------------------------------------------------------------

export const relationshipNotFound = (from: string, to: string, hint?: string) =>
  new ApiError(
    400,
    'PGRST200',
    `Could not find a relationship between '${from}' and '${to}' in the schema cache`,
    hint
      ? `Searched for a foreign key relationship between '${from}' and '${to}' using the hint '${hint}' in the schema 'public', but no matches were found.`
      : `Searched for a foreign key relationship between '${from}' and '${to}' in the schema 'public', but no matches were found.`,
    null,
    true,
  );

export const ambiguousRelationship = (
  from: string,
  to: string,
  options: { cardinality: string; relationship: string; hintName: string }[],
) =>
  new ApiError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${from}' and '${to}'`,
    options.map((o) => ({ cardinality: o.cardinality, embedding: `${from} with ${to}`, relationship: o.relationship })),
    `Try changing '${to}' to one of the following: ${options.map((o) => `'${to}!${o.hintName}'`).join(', ')}. Find the desired relationship in the 'details' key.`,
  );

export function functionNotFound(name: string, args: string[], suggestion?: string): ApiError {
  const sorted = [...args].sort();
  const withArgs = sorted.length ? `(${sorted.join(', ')})` : ' without parameters';
  const searched = sorted.length ? ` with parameters ${sorted.join(', ')}` : ' without parameters';
  return new ApiError(
    404,
    'PGRST202',
    `Could not find the function public.${name}${withArgs} in the schema cache`,
    `Searched for the function public.${name}${searched} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
    suggestion ? `Perhaps you meant to call the function public.${suggestion}` : null,
    true,
  );
}

export const ambiguousFunction = (name: string, signatures: string[]) =>
  new ApiError(
    300,
    'PGRST203',
    `Could not choose the best candidate function between: ${signatures.map((s) => `public.${name}(${s})`).join(', ')}`,
    null,
    'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
  );

export const columnNotFoundForWrite = (column: string, table: string) =>
  new ApiError(400, 'PGRST204', `Could not find the '${column}' column of '${table}' in the schema cache`, null, null, true);

export const tableNotFound = (table: string, suggestion?: string) =>
  new ApiError(
    404,
    'PGRST205',
    `Could not find the table 'public.${table}' in the schema cache`,
    null,
    suggestion ? `Perhaps you meant the table 'public.${suggestion}'` : null,
    true,
  );

/** An unknown column in select, filters or order: PostgREST lets Postgres say it (42703). */
export const columnNotFound = (table: string, column: string, suggestion?: string) =>
  new ApiError(
    400,
    '42703',
    `column ${table}.${column} does not exist`,
    null,
    suggestion ? `Perhaps you meant to reference the column "${table}.${suggestion}".` : null,
    true,
  );

// ---- authentication (PGRST3xx) and the gateway ------------------------------------------------

export const jwtError = (message: string) =>
  new ApiError(401, 'PGRST301', message, null, null, false, {
    'www-authenticate': `Bearer error="invalid_token", error_description=${q(message)}`,
  });

// ---- errors raised by Postgres ------------------------------------------------------------------

interface PgLikeError {
  code: string;
  message: string;
  detail?: string;
  hint?: string;
}

export function isPgError(error: unknown): error is PgLikeError {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    /^[0-9A-Z]{5}$/.test((error as { code: string }).code) &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}

/** The HTTP status PostgREST gives a Postgres SQLSTATE. */
export function statusForSqlState(code: string, role: ApiRole): number {
  if (code === '42501') return role === 'anon' ? 401 : 403;
  const exact: Record<string, number> = {
    '23503': 409,
    '23505': 409,
    '25006': 405,
    '42883': 404,
    '42P01': 404,
    '42P17': 500,
    '53400': 500,
    P0001: 400,
  };
  if (exact[code]) return exact[code];
  const cls = code.slice(0, 2);
  const byClass: Record<string, number> = {
    '08': 503,
    '09': 500,
    '0L': 403,
    '0P': 403,
    '20': 400,
    '21': 400,
    '22': 400,
    '23': 400,
    '25': 500,
    '28': 403,
    '2D': 500,
    '38': 500,
    '39': 500,
    '3B': 500,
    '40': 500,
    '42': 400,
    '53': 503,
    '54': 500,
    '55': 500,
    '57': 500,
    '58': 500,
    F0: 500,
    HV: 500,
    P0: 500,
    XX: 500,
  };
  return byClass[cls] ?? 400;
}

export function fromPgError(error: PgLikeError, role: ApiRole): ApiError {
  return new ApiError(
    statusForSqlState(error.code, role),
    error.code,
    error.message,
    error.detail ?? null,
    error.hint ?? null,
  );
}
