// The small request/response shapes shared by the stand-in's services.
import type { IncomingHttpHeaders } from 'node:http';
import type { Claims } from './db.ts';
import { JwtError, verifyJwt } from './jwt.ts';

export interface LocalRequest {
  method: string;
  url: URL;
  /** Path below the service prefix, e.g. `/blog_posts` for `/rest/v1/blog_posts`. */
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The client's address as the gateway vouches for it (see CLIENT_ADDRESS_HEADER), for limits. */
  ip: string;
}

/**
 * The header hosted Supabase's gateway (Cloudflare, in front of every project) sets to the address
 * a request came from, overwriting whatever a client sent. PostgREST hands it to SQL with the other
 * headers (`request.headers`), which is where the database's per-visitor limits read it. The
 * stand-in sets it the same way from the socket, and drops a client's own value unless it was
 * started to trust one (tests that play several visitors from one machine).
 */
export const CLIENT_ADDRESS_HEADER = 'cf-connecting-ip';

/** The request's headers as PostgREST gives them to SQL: lower-case names, one string each. */
export function requestHeaders(req: LocalRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  out[CLIENT_ADDRESS_HEADER] = req.ip;
  return out;
}

export interface LocalResponse {
  status: number;
  headers?: Record<string, string>;
  /** Objects and arrays are sent as JSON; strings and buffers as they are. */
  body?: unknown;
}

export const json = (status: number, body: unknown, headers: Record<string, string> = {}): LocalResponse => ({
  status,
  body,
  headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
});

export function header(req: LocalRequest, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

export type ClaimsResult = { ok: true; claims: Claims; token: string | null } | { ok: false; reason: JwtError['reason'] | 'role'; message: string };

/**
 * The caller's claims from `Authorization: Bearer` (or, failing that, the `apikey` header), as
 * PostgREST and the storage API read them. No token at all means the anonymous role.
 */
export function resolveClaims(req: LocalRequest, secret: string): ClaimsResult {
  const auth = header(req, 'authorization');
  const bearer = auth?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim();
  const token = bearer || header(req, 'apikey')?.trim() || null;
  if (!token) return { ok: true, claims: { role: 'anon' }, token: null };
  try {
    const payload = verifyJwt(token, secret);
    const role = payload.role;
    if (role !== 'anon' && role !== 'authenticated' && role !== 'service_role') {
      return { ok: false, reason: 'role', message: `role "${String(role)}" does not exist` };
    }
    return { ok: true, claims: { ...payload, role } as Claims, token };
  } catch (error) {
    if (error instanceof JwtError) return { ok: false, reason: error.reason, message: error.message };
    throw error;
  }
}

/**
 * The API gateway in front of hosted Supabase: every request to /rest/v1, /auth/v1 and
 * /storage/v1 carries a project key (`apikey` header or query parameter), or it is refused.
 */
export function apiKeyRefusal(req: Pick<LocalRequest, 'headers' | 'url'>, secret: string): LocalResponse | null {
  const value = req.headers.apikey;
  const apikey = (Array.isArray(value) ? value[0] : value) ?? req.url.searchParams.get('apikey');
  if (!apikey) {
    return json(401, { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' });
  }
  try {
    verifyJwt(apikey, secret);
  } catch {
    return json(401, { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' });
  }
  return null;
}
