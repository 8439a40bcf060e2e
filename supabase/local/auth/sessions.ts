// Sessions, rotating refresh tokens and the access tokens GoTrue mints for them.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Tx } from '../db.ts';
import { signJwt } from '../jwt.ts';
import { AuthError, errors } from './errors.ts';
import { findUserById, isBanned, userJson, type UserRow } from './users.ts';

/**
 * A revoked refresh token presented again within this many seconds of its rotation is answered
 * with the session's current token instead of failing (GoTrue's default reuse interval), so two
 * tabs refreshing at once do not sign each other out. Later reuse is refused and, as GoTrue's
 * reuse detection does, revokes every token of that session.
 */
export const REFRESH_TOKEN_REUSE_INTERVAL = 10;

export interface TokenContext {
  jwtSecret: string;
  jwtExpiry: number;
  /** `<base>/auth/v1`, the `iss` claim. */
  issuer: string;
}

interface SessionRow {
  id: string;
  user_id: string;
  created_at: Date;
  not_after: Date | null;
}

interface RefreshRow {
  id: number;
  token: string;
  user_id: string | null;
  revoked: boolean;
  updated_at: Date;
  parent: string | null;
  session_id: string | null;
}

/** Thrown when an old refresh token comes back; the session's tokens must then all be revoked. */
export class RefreshTokenReuse extends AuthError {
  constructor(readonly sessionId: string) {
    const e = errors.refreshAlreadyUsed();
    super(e.status, e.code, e.message, e.extra);
  }
}

export async function revokeSessionTokens(tx: Tx, sessionId: string): Promise<void> {
  await tx.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and revoked = false`, [
    sessionId,
  ]);
}

const newRefreshToken = () => randomBytes(16).toString('base64url');

async function insertRefreshToken(tx: Tx, userId: string, sessionId: string, parent: string | null): Promise<string> {
  const token = newRefreshToken();
  await tx.query(
    `insert into auth.refresh_tokens (token, user_id, revoked, parent, session_id, created_at, updated_at)
     values ($1, $2, false, $3, $4, now(), now())`,
    [token, userId, parent, sessionId],
  );
  return token;
}

/** Methods whose claim makes a session aal2 (GoTrue's IsAAL2Claim). */
const AAL2_METHODS = new Set(['totp', 'mfa/phone', 'mfa/webauthn']);

/**
 * The assurance level and `amr` claim of a session, from its rows in auth.mfa_amr_claims as
 * GoTrue computes them: aal2 once a second factor was verified, the methods most recent first.
 * A session without claims (written by SQL) is aal1 with an empty `amr`.
 */
export async function sessionAssurance(
  tx: Tx,
  sessionId: string,
): Promise<{ aal: 'aal1' | 'aal2'; amr: { method: string; timestamp: number }[] }> {
  const { rows } = await tx.query<{ authentication_method: string; updated_at: Date }>(
    `select authentication_method, updated_at from auth.mfa_amr_claims where session_id = $1 order by updated_at desc, id`,
    [sessionId],
  );
  const aal = rows.some((r) => AAL2_METHODS.has(r.authentication_method)) ? 'aal2' : 'aal1';
  const amr = rows.map((r) => ({
    method: r.authentication_method,
    timestamp: Math.floor(new Date(r.updated_at).getTime() / 1000),
  }));
  return { aal, amr };
}

/** Records that the session's user proved `method` now (GoTrue's AddClaimToSession: one row per method). */
export async function addAmrClaim(tx: Tx, sessionId: string, method: string): Promise<void> {
  await tx.query(
    `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
     values (gen_random_uuid(), $1, now(), now(), $2)
     on conflict on constraint mfa_amr_claims_session_id_authentication_method_pkey do update set updated_at = now()`,
    [sessionId, method],
  );
}

async function tokenResponse(
  tx: Tx,
  ctx: TokenContext,
  user: UserRow,
  session: SessionRow,
  refreshToken: string,
): Promise<Record<string, unknown>> {
  const now = Math.floor(Date.now() / 1000);
  const exp = now + ctx.jwtExpiry;
  const { aal, amr } = await sessionAssurance(tx, session.id);
  const accessToken = signJwt(
    {
      aud: user.aud || 'authenticated',
      exp,
      iat: now,
      iss: ctx.issuer,
      sub: user.id,
      email: user.email ?? '',
      phone: user.phone ?? '',
      app_metadata: user.raw_app_meta_data ?? {},
      user_metadata: user.raw_user_meta_data ?? {},
      // only ever the signed-in role: a stray value in auth.users.role must not mint other roles
      role: 'authenticated',
      aal,
      amr,
      session_id: session.id,
      is_anonymous: user.is_anonymous,
    },
    ctx.jwtSecret,
  );
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: ctx.jwtExpiry,
    expires_at: exp,
    refresh_token: refreshToken,
    user: await userJson(tx, user),
  };
}

/**
 * A new aal1 session for a user whose credentials were just checked, with its `amr` claim for
 * `method` (GoTrue's names: 'password', 'email/signup', ...); updates last_sign_in_at.
 */
export async function startSession(
  tx: Tx,
  ctx: TokenContext,
  userId: string,
  method = 'password',
): Promise<Record<string, unknown>> {
  const sessionId = randomUUID();
  const { rows } = await tx.query<SessionRow>(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal) values ($1, $2, now(), now(), 'aal1')
     returning id, user_id, created_at, not_after`,
    [sessionId, userId],
  );
  await addAmrClaim(tx, sessionId, method);
  const refreshToken = await insertRefreshToken(tx, userId, sessionId, null);
  await tx.query(`update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1`, [userId]);
  await tx.query(
    `update auth.identities set last_sign_in_at = now(), updated_at = now() where user_id = $1 and provider = 'email'`,
    [userId],
  );
  const user = await findUserById(tx, userId);
  if (!user) throw errors.userNotFound();
  return tokenResponse(tx, ctx, user, rows[0], refreshToken);
}

/** grant_type=refresh_token: rotates the token (the old one is revoked and becomes the parent). */
export async function refreshSession(tx: Tx, ctx: TokenContext, presented: string): Promise<Record<string, unknown>> {
  const { rows } = await tx.query<RefreshRow>(
    `select id, token, user_id, revoked, updated_at, parent, session_id
       from auth.refresh_tokens where token = $1 for update`,
    [presented],
  );
  const token = rows[0];
  if (!token || !token.session_id) throw errors.refreshNotFound();
  const { rows: sessions } = await tx.query<SessionRow>(
    `select id, user_id, created_at, not_after from auth.sessions where id = $1`,
    [token.session_id],
  );
  const session = sessions[0];
  if (!session) throw errors.refreshNotFound();
  const user = await findUserById(tx, session.user_id);
  if (!user || user.deleted_at) throw errors.refreshNotFound();
  if (isBanned(user)) throw errors.userBanned();
  if (session.not_after && new Date(session.not_after).getTime() <= Date.now()) throw errors.sessionExpired();

  if (token.revoked) {
    const { rows: active } = await tx.query<{ token: string }>(
      `select token from auth.refresh_tokens where session_id = $1 and revoked = false order by id desc limit 1`,
      [session.id],
    );
    const { rows: children } = await tx.query<{ token: string }>(
      `select token from auth.refresh_tokens where parent = $1 order by id desc limit 1`,
      [token.token],
    );
    const recentlyRotated = Date.now() - new Date(token.updated_at).getTime() < REFRESH_TOKEN_REUSE_INTERVAL * 1000;
    if (recentlyRotated && active[0] && children[0] && active[0].token === children[0].token) {
      return tokenResponse(tx, ctx, user, session, active[0].token);
    }
    // reuse of an old token: the caller revokes the whole session (outside this rolled-back transaction)
    throw new RefreshTokenReuse(session.id);
  }

  await tx.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1`, [token.id]);
  const next = await insertRefreshToken(tx, user.id, session.id, token.token);
  await tx.query(`update auth.sessions set updated_at = now() where id = $1`, [session.id]);
  return tokenResponse(tx, ctx, user, session, next);
}

/**
 * After a second factor was verified in this session: the session's current refresh token is
 * swapped for a new one (its child) and the answer is the token endpoint's, aal and amr now
 * including the new claim (GoTrue's updateMFASessionAndClaims).
 */
export async function upgradeSession(tx: Tx, ctx: TokenContext, sessionId: string): Promise<Record<string, unknown>> {
  const { rows: sessions } = await tx.query<SessionRow>(
    `select id, user_id, created_at, not_after from auth.sessions where id = $1`,
    [sessionId],
  );
  const session = sessions[0];
  if (!session) throw errors.sessionNotFound();
  const { rows: current } = await tx.query<{ id: number; token: string }>(
    `select id, token from auth.refresh_tokens where session_id = $1 and revoked = false order by id desc limit 1 for update`,
    [sessionId],
  );
  if (!current[0]) throw errors.refreshNotFound();
  await tx.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1`, [current[0].id]);
  const next = await insertRefreshToken(tx, session.user_id, session.id, current[0].token);
  await tx.query(`update auth.sessions set updated_at = now() where id = $1`, [session.id]);
  const user = await findUserById(tx, session.user_id);
  if (!user) throw errors.userNotFound();
  return tokenResponse(tx, ctx, user, session, next);
}

/** Ends sessions: `global` every session of the user, `local` this one, `others` all but this one. */
export async function endSessions(
  tx: Tx,
  userId: string,
  sessionId: string | null,
  scope: 'global' | 'local' | 'others',
): Promise<void> {
  let where: string;
  let params: unknown[];
  if (scope === 'global') {
    where = 'user_id = $1';
    params = [userId];
  } else if (scope === 'local') {
    if (!sessionId) return;
    where = 'user_id = $1 and id = $2';
    params = [userId, sessionId];
  } else {
    where = sessionId ? 'user_id = $1 and id <> $2' : 'user_id = $1';
    params = sessionId ? [userId, sessionId] : [userId];
  }
  await tx.query(
    `update auth.refresh_tokens set revoked = true, updated_at = now()
      where session_id in (select id from auth.sessions where ${where})`,
    params,
  );
  await tx.query(`delete from auth.sessions where ${where}`, params);
  if (scope === 'global') {
    // tokens that never had a session row
    await tx.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where user_id = $1 and revoked = false`, [
      userId,
    ]);
  }
}
