// Multi-factor authentication with TOTP factors, as hosted GoTrue answers it: /factors (enroll),
// /factors/{id}/challenge, /factors/{id}/verify, DELETE /factors/{id} (unenroll) for the signed-in
// user, and /admin/users/{id}/factors for the service role. Phone and WebAuthn factors are off,
// as they are by default on a hosted project.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { PLATFORM_FILE, type LocalDb, type Tx } from '../db.ts';
import type { ServerContext } from '../context.ts';
import type { LocalRequest, LocalResponse } from '../http.ts';
import type { JwtPayload } from '../jwt.ts';
import { authJson, errors } from './errors.ts';
import { addAmrClaim, upgradeSession, type TokenContext } from './sessions.ts';
import { newTotpSecret, otpauthUri, qrSvg, validateTotp } from './totp.ts';
import { FACTOR_COLUMNS, factorJson, findUserById, isUuid, userFactors, type FactorRow, type UserRow } from './users.ts';

/** GoTrue's defaults: GOTRUE_MFA_CHALLENGE_EXPIRY_DURATION (s), _FACTOR_EXPIRY_DURATION, _MAX_*_FACTORS. */
export const CHALLENGE_EXPIRY_SECONDS = 300;
export const FACTOR_EXPIRY_SECONDS = 300;
export const MAX_ENROLLED_FACTORS = 10;
export const MAX_VERIFIED_FACTORS = 10;

export interface Caller {
  claims: JwtPayload;
  user: UserRow;
  sessionId: string | null;
  /** auth.sessions.aal of the caller's session. */
  aal: string | null;
}

export interface FactorDeps {
  /** Runs `fn` in one transaction with the bearer token's user and session, checked. */
  withCaller<T>(fn: (tx: Tx, caller: Caller) => Promise<T>): Promise<T>;
  body(): Record<string, unknown>;
  tokens: TokenContext;
}

// ---------------------------------------------------------------------------------------------
// schema
// ---------------------------------------------------------------------------------------------

const ready = new WeakMap<LocalDb, Promise<void>>();

/** The MFA section of platform.sql (between `-- mfa:begin` and `-- mfa:end`); it is idempotent. */
export function mfaSchemaSql(): string {
  const text = readFileSync(PLATFORM_FILE, 'utf8');
  const match = /^-- mfa:begin\n([\s\S]*?)^-- mfa:end$/m.exec(text);
  if (!match) throw new Error('platform.sql has no mfa section');
  return match[1];
}

/** Adds the MFA tables and columns where they are missing; true when it had to. */
export async function upgradeMfaSchema(tx: Tx): Promise<boolean> {
  const { rows } = await tx.query<{ ok: boolean }>(
    `select to_regclass('auth.mfa_amr_claims') is not null
        and exists (select 1 from information_schema.columns
                     where table_schema = 'auth' and table_name = 'sessions' and column_name = 'aal') as ok`,
  );
  if (rows[0]?.ok) return false;
  await tx.exec(mfaSchemaSql());
  return true;
}

/**
 * A data directory made before the MFA tables existed gets them once, from platform.sql's own
 * section; a fresh one already has them and only pays one catalog query.
 */
export function ensureMfaSchema(db: LocalDb): Promise<void> {
  let pending = ready.get(db);
  if (!pending) {
    pending = db.asSystem((tx) => upgradeMfaSchema(tx)).then(() => undefined);

    ready.set(db, pending);
    pending.catch(() => ready.delete(db));
  }
  return pending;
}

// ---------------------------------------------------------------------------------------------
// the signed-in user's factors
// ---------------------------------------------------------------------------------------------

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** GoTrue's utilities.GetIPAddress: the client address the gateway reported. */
const clientAddress = (req: LocalRequest) => (isIP(req.ip) ? req.ip : '127.0.0.1');

function requireSession(caller: Caller): string {
  if (caller.user.is_anonymous) throw errors.anonymousNotAllowed();
  if (!caller.sessionId) throw errors.internal('A valid session and a registered user are required to enroll a factor');
  return caller.sessionId;
}

async function loadFactor(tx: Tx, userId: string, factorId: string): Promise<FactorRow & { secret: string | null }> {
  if (!isUuid(factorId)) throw errors.factorIdNotUuid();
  const { rows } = await tx.query<FactorRow & { secret: string | null }>(
    `select ${FACTOR_COLUMNS}, secret from auth.mfa_factors where id = $1 and user_id = $2`,
    [factorId, userId],
  );
  if (!rows[0]) throw errors.factorNotFound();
  return rows[0];
}

/** GoTrue's validateFactors: stale unverified factors go, then the name, the count and the aal are checked. */
async function checkNewFactor(tx: Tx, caller: Caller, friendlyName: string): Promise<void> {
  // unverified factors never challenged within the factor expiry are removed (for every user)
  await tx.query(
    `delete from auth.mfa_factors f
      where f.status <> 'verified'
        and not exists (select 1 from auth.mfa_challenges c where c.factor_id = f.id)
        and f.created_at + make_interval(secs => $1) < now()`,
    [FACTOR_EXPIRY_SECONDS],
  );
  const factors = await userFactors(tx, caller.user.id);
  if (factors.some((f) => (f.friendly_name ?? '') === friendlyName)) throw errors.factorNameConflict(friendlyName);
  const verified = factors.filter((f) => f.status === 'verified').length;
  if (factors.length >= MAX_ENROLLED_FACTORS) throw errors.tooManyFactors();
  if (verified >= MAX_VERIFIED_FACTORS) throw errors.tooManyFactors();
  if (verified > 0 && caller.aal !== 'aal2') throw errors.aal2ToEnroll();
}

async function enroll(ctx: ServerContext, deps: FactorDeps): Promise<LocalResponse> {
  const answer = await deps.withCaller(async (tx, caller) => {
    requireSession(caller);
    const body = deps.body();
    const friendlyName = text(body.friendly_name);
    const factorType = text(body.factor_type);
    if (factorType === 'phone') throw errors.phoneEnrollDisabled();
    if (factorType === 'webauthn') throw errors.webauthnEnrollDisabled();
    if (factorType !== 'totp') throw errors.factorTypeInvalid();
    let issuer = text(body.issuer);
    if (!issuer) {
      try {
        issuer = new URL(ctx.auth.siteUrl).host;
      } catch {
        throw errors.internal('site url is improperly formatted');
      }
    }
    await checkNewFactor(tx, caller, friendlyName);
    const secret = newTotpSecret();
    const uri = otpauthUri(issuer, caller.user.email ?? '', secret);
    const id = randomUUID();
    await tx.query(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
       values ($1, $2, $3, 'totp', 'unverified', now(), now(), $4)`,
      [id, caller.user.id, friendlyName, secret],
    );
    return { id, type: 'totp', friendly_name: friendlyName, totp: { qr_code: qrSvg(uri), secret, uri } };
  });
  return authJson(200, answer);
}

async function challenge(req: LocalRequest, deps: FactorDeps, factorId: string): Promise<LocalResponse> {
  const answer = await deps.withCaller(async (tx, caller) => {
    requireSession(caller);
    const factor = await loadFactor(tx, caller.user.id, factorId);
    const id = randomUUID();
    const { rows } = await tx.query<{ expires_at: number }>(
      `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address) values ($1, $2, now(), $3::inet)
       returning floor(extract(epoch from created_at))::bigint + $4::int as expires_at`,
      [id, factor.id, clientAddress(req), CHALLENGE_EXPIRY_SECONDS],
    );
    await tx.query(`update auth.mfa_factors set last_challenged_at = now() where id = $1`, [factor.id]);
    return { id, type: factor.factor_type, expires_at: Number(rows[0].expires_at) };
  });
  return authJson(200, answer);
}

type VerifyOutcome = { kind: 'session'; session: Record<string, unknown> } | { kind: 'expired'; challengeId: string };

async function verify(req: LocalRequest, deps: FactorDeps, factorId: string): Promise<LocalResponse> {
  const outcome = await deps.withCaller<VerifyOutcome>(async (tx, caller) => {
    const sessionId = requireSession(caller);
    const factor = await loadFactor(tx, caller.user.id, factorId);
    const body = deps.body();
    const code = text(body.code);
    const challengeId = body.challenge_id;
    if (challengeId !== undefined && challengeId !== null && !isUuid(challengeId)) {
      throw errors.badJson(`uuid: incorrect UUID format in string ${JSON.stringify(String(challengeId))}`);
    }
    if (!code) throw errors.codeEmpty();
    const { rows } = await tx.query<{ id: string; verified_at: Date | null; same_ip: boolean; expired: boolean }>(
      `select id, verified_at, ip_address = $3::inet as same_ip,
              created_at + make_interval(secs => $4) < now() as expired
         from auth.mfa_challenges where id = $1 and factor_id = $2 for update`,
      [isUuid(challengeId) ? challengeId : '00000000-0000-0000-0000-000000000000', factor.id, clientAddress(req), CHALLENGE_EXPIRY_SECONDS],
    );
    const found = rows[0];
    if (!found) throw errors.challengeNotFound();
    if (found.verified_at || !found.same_ip) throw errors.challengeMismatch();
    if (found.expired) {
      // the expired challenge is deleted, and stays deleted although the request fails
      await tx.query(`delete from auth.mfa_challenges where id = $1`, [found.id]);
      return { kind: 'expired', challengeId: found.id };
    }
    if (!validateTotp(factor.secret ?? '', code)) throw errors.totpInvalid();

    await tx.query(`update auth.mfa_challenges set verified_at = now() where id = $1`, [found.id]);
    if (factor.status !== 'verified') {
      await tx.query(`update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1`, [factor.id]);
    }
    await addAmrClaim(tx, sessionId, 'totp');
    await tx.query(`update auth.sessions set aal = 'aal2', factor_id = $2 where id = $1`, [sessionId, factor.id]);
    const session = await upgradeSession(tx, deps.tokens, sessionId);
    // every other session of the user below aal2 ends, and the user's other unverified TOTP factors go
    await tx.query(`delete from auth.sessions where user_id = $1 and aal < 'aal2'`, [caller.user.id]);
    await tx.query(`delete from auth.mfa_factors where user_id = $1 and status = 'unverified' and factor_type = 'totp'`, [
      caller.user.id,
    ]);
    return { kind: 'session', session };
  });
  if (outcome.kind === 'expired') throw errors.challengeExpired(outcome.challengeId);
  return authJson(200, outcome.session);
}

/** A factor's sessions drop back to aal1: its claim goes and they no longer name it (DowngradeSessionsToAAL1). */
async function downgradeSessions(tx: Tx, factor: FactorRow): Promise<void> {
  await tx.query(
    `delete from auth.mfa_amr_claims
      where authentication_method = $2 and session_id in (select id from auth.sessions where factor_id = $1)`,
    [factor.id, factor.factor_type],
  );
  await tx.query(`update auth.sessions set aal = 'aal1', factor_id = null where user_id = $1 and factor_id = $2`, [
    factor.user_id,
    factor.id,
  ]);
}

async function unenroll(deps: FactorDeps, factorId: string): Promise<LocalResponse> {
  const answer = await deps.withCaller(async (tx, caller) => {
    requireSession(caller);
    const factor = await loadFactor(tx, caller.user.id, factorId);
    if (factor.status === 'verified' && caller.aal !== 'aal2') throw errors.aal2ToUnenroll();
    await tx.query(`delete from auth.mfa_factors where id = $1`, [factor.id]);
    await downgradeSessions(tx, factor);
    return { id: factor.id };
  });
  return authJson(200, answer);
}

/** /factors and /factors/{id}[/challenge|/verify] for the bearer token's user. */
export async function factorRoutes(req: LocalRequest, ctx: ServerContext, path: string, deps: FactorDeps): Promise<LocalResponse> {
  if (path === '/factors') {
    if (req.method !== 'POST') throw errors.methodNotAllowed();
    return enroll(ctx, deps);
  }
  const m = /^\/factors\/([^/]+)(\/challenge|\/verify)?$/.exec(path);
  if (!m) throw errors.notFound();
  const [, id, action] = m;
  if (action === '/challenge') {
    if (req.method !== 'POST') throw errors.methodNotAllowed();
    return challenge(req, deps, id);
  }
  if (action === '/verify') {
    if (req.method !== 'POST') throw errors.methodNotAllowed();
    return verify(req, deps, id);
  }
  if (req.method !== 'DELETE') throw errors.methodNotAllowed();
  return unenroll(deps, id);
}

// ---------------------------------------------------------------------------------------------
// /admin/users/{user_id}/factors (the caller was checked to be the service role)
// ---------------------------------------------------------------------------------------------

export async function adminFactors(
  req: LocalRequest,
  ctx: ServerContext,
  userId: string,
  factorId: string | undefined,
): Promise<LocalResponse> {
  const answer = await ctx.db.asSystem(async (tx) => {
    if (!isUuid(userId)) throw errors.userIdNotUuid();
    const user = await findUserById(tx, userId);
    if (!user) throw errors.userNotFoundById();
    if (factorId === undefined) {
      if (req.method !== 'GET') throw errors.methodNotAllowed();
      return (await userFactors(tx, user.id)).map(factorJson);
    }
    const factor = await loadFactor(tx, user.id, factorId);
    if (req.method !== 'DELETE') throw errors.methodNotAllowed();
    await tx.query(`delete from auth.mfa_factors where id = $1`, [factor.id]);
    await downgradeSessions(tx, factor);
    return factorJson(factor);
  });
  return authJson(200, answer);
}
