// What hosted's edge gateway answers on its own, before or instead of a function: the verify_jwt
// check and the platform's errors. Each is a status, a `{code, message}` JSON body and the same
// code in the `sb-error-code` header, as Supabase documents them ("Edge Functions: Error codes"
// and "Status codes", and the troubleshooting pages for 401, 404, 500, 503, 504 and 546).
import { JwtError, verifyJwt } from '../jwt.ts';

export interface GatewayError {
  status: number;
  code: string;
  message: string;
}

export const gatewayError = (status: number, code: string, message: string): GatewayError => ({ status, code, message });

/** No function by that name (or no name at all): hosted's 404. */
export const NOT_FOUND = gatewayError(404, 'NOT_FOUND', 'Requested function was not found');
/** The function could not be loaded: a syntax error, an import that fails, no handler. */
export const BOOT_ERROR = gatewayError(503, 'BOOT_ERROR', 'Function failed to start (please check logs)');
/** The worker died: an exception outside any request handler, at its top level or in a timer. */
export const WORKER_ERROR = gatewayError(500, 'WORKER_ERROR', 'Function exited due to an error (please check logs)');
/**
 * The worker was stopped by a resource limit (wall clock, memory) with this request in flight:
 * HTTP 546. The docs name the code WORKER_RESOURCE_LIMIT, with WORKER_LIMIT as its older name.
 */
export const WORKER_RESOURCE_LIMIT = gatewayError(
  546,
  'WORKER_RESOURCE_LIMIT',
  'Function failed due to not having enough compute resources (please check logs)',
);
/** No response headers before the request idle timeout (150 s on hosted): 504. */
export const idleTimeout = (ms: number) => gatewayError(504, 'IDLE_TIMEOUT', `Request idle timeout limit (${ms / 1000}s) reached`);

/** The header hosted puts on every platform error, and on a function's own 5xx answers. */
export const ERROR_CODE_HEADER = 'sb-error-code';
/** The code hosted adds to a function's own 5xx answer (an exception in its handler among them). */
export const EDGE_FUNCTION_ERROR = 'EDGE_FUNCTION_ERROR';

/**
 * The verify_jwt check: `Authorization: Bearer <JWT>` signed with the project's JWT secret and
 * not expired (the anon key, the service role key or a user's access token alike; the role is
 * not looked at). The apikey header is neither needed nor read: hosted accepts its newer
 * publishable and secret keys there, which the stand-in does not have. Returns null when the
 * request may pass.
 */
export function jwtRefusal(authorization: string | string[] | undefined, secret: string): GatewayError | null {
  const value = Array.isArray(authorization) ? authorization[0] : authorization;
  if (!value) return gatewayError(401, 'UNAUTHORIZED_NO_AUTH_HEADER', 'Missing authorization header');
  const [scheme, token, ...more] = value.split(' ');
  if (scheme !== 'Bearer' || !token || more.length) {
    return gatewayError(401, 'UNAUTHORIZED_INVALID_JWT_FORMAT', "Auth header is not 'Bearer {token}'");
  }
  const parts = token.split('.');
  let alg: unknown;
  try {
    alg = parts.length === 3 ? (JSON.parse(Buffer.from(parts[0], 'base64url').toString('utf8')) as { alg?: unknown }).alg : undefined;
  } catch {
    alg = undefined;
  }
  if (typeof alg !== 'string') return gatewayError(401, 'UNAUTHORIZED_INVALID_JWT_FORMAT', 'Invalid JWT');
  if (alg === 'ES256' || alg === 'RS256') {
    // hosted checks these against the project's asymmetric signing keys; the stand-in has none
    return gatewayError(401, 'UNAUTHORIZED_ASYMMETRIC_JWT', 'Invalid JWT');
  }
  if (alg !== 'HS256') return gatewayError(401, 'UNAUTHORIZED_UNSUPPORTED_TOKEN_ALGORITHM', `Unsupported JWT algorithm ${alg}`);
  try {
    verifyJwt(token, secret);
  } catch (error) {
    if (error instanceof JwtError) {
      return error.reason === 'malformed'
        ? gatewayError(401, 'UNAUTHORIZED_INVALID_JWT_FORMAT', 'Invalid JWT')
        : gatewayError(401, 'UNAUTHORIZED_LEGACY_JWT', 'Invalid JWT');
    }
    throw error;
  }
  return null;
}
