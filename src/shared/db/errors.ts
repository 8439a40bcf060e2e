/**
 * Error classification shared by every feature. Supabase returns plain objects shaped like
 * PostgREST errors ({ code, message, details, hint }), sometimes Error instances; both are handled.
 */

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  status?: unknown;
  hint?: unknown;
}

function asErrorLike(err: unknown): ErrorLike | null {
  if (err && typeof err === 'object') return err as ErrorLike;
  return null;
}

function messageOf(err: unknown): string {
  if (typeof err === 'string') return err;
  const like = asErrorLike(err);
  return typeof like?.message === 'string' ? like.message : '';
}

/** The error's code (Postgres SQLSTATE, PostgREST PGRST…, GoTrue's), as a string; '' when it has none. */
export function codeOf(err: unknown): string {
  const code = asErrorLike(err)?.code;
  return typeof code === 'string' || typeof code === 'number' ? String(code) : '';
}

/** The error's hint (a trigger's name for the rule it enforced, e.g. 'image_alt_missing'); '' when none. */
export function hintOf(err: unknown): string {
  const hint = asErrorLike(err)?.hint;
  return typeof hint === 'string' ? hint : '';
}

/**
 * True when the backend refused access: Postgres code 42501 (insufficient
 * privilege), PostgREST PGRST301 (JWT rejected), or a message mentioning 'permission denied',
 * 'permission' or 'policy' (case-insensitive). Such failures make public pages show sample data.
 */
export function isPermissionError(err: unknown): boolean {
  if (err == null) return false;
  const code = codeOf(err).toUpperCase();
  if (code === '42501' || code === 'PGRST301') return true;
  const message = messageOf(err).toLowerCase();
  return message.includes('permission denied') || message.includes('permission') || message.includes('policy');
}

/** True for PostgREST's "no rows" answer to `.single()` (PGRST116), which some reads tolerate. */
export function isNoRowsError(err: unknown): boolean {
  return codeOf(err).toUpperCase() === 'PGRST116';
}

/** The error's own message when it has a non-empty one, otherwise the given fallback text. */
export function errorMessage(err: unknown, fallback: string): string {
  const message = messageOf(err).trim();
  return message || fallback;
}

/** Thrown when a record read by id is not there (deleted meanwhile, or an address with an unknown id). */
export class RecordNotFoundError extends Error {
  constructor() {
    super('Записът не съществува. Може би току-що е изтрит.');
    this.name = 'RecordNotFoundError';
  }
}
