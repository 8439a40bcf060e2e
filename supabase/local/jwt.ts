// HS256 JSON Web Tokens, the only kind hosted Supabase's local setup uses.
import { createHmac, timingSafeEqual } from 'node:crypto';

export type JwtPayload = Record<string, unknown> & { exp?: number; role?: string; sub?: string };

const b64url = (input: Buffer | string) => Buffer.from(input).toString('base64url');

export function signJwt(payload: JwtPayload, secret: string): string {
  const header = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = b64url(JSON.stringify(payload));
  const signature = createHmac('sha256', secret).update(`${header}.${body}`).digest('base64url');
  return `${header}.${body}.${signature}`;
}

export class JwtError extends Error {
  constructor(
    message: string,
    readonly reason: 'malformed' | 'signature' | 'expired',
  ) {
    super(message);
  }
}

/** Verifies signature and expiry; returns the payload or throws JwtError. */
export function verifyJwt(token: string, secret: string, nowSeconds = Math.floor(Date.now() / 1000)): JwtPayload {
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((p) => !/^[A-Za-z0-9_-]*$/.test(p))) {
    throw new JwtError('JWT is malformed', 'malformed');
  }
  const [header, body, signature] = parts;
  let parsedHeader: { alg?: string };
  let payload: JwtPayload;
  try {
    parsedHeader = JSON.parse(Buffer.from(header, 'base64url').toString('utf8'));
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    throw new JwtError('JWT is malformed', 'malformed');
  }
  if (parsedHeader.alg !== 'HS256' || typeof payload !== 'object' || payload === null) {
    throw new JwtError('JWT is malformed', 'malformed');
  }
  const expected = createHmac('sha256', secret).update(`${header}.${body}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new JwtError('JWSInvalidSignature', 'signature');
  }
  if (typeof payload.exp === 'number' && payload.exp <= nowSeconds) {
    throw new JwtError('JWT expired', 'expired');
  }
  return payload;
}
