// /auth/v1: the part of GoTrue the product uses — password sign-in, refresh-token rotation,
// the current user (GET and PUT), sign-out — plus sign-up and its confirmation link, invitations
// (/invite) and password resets (/recover) with their e-mailed links, TOTP factors (/factors),
// the service role's /admin/users, /settings and /health.
import type { Tx } from '../db.ts';
import { verifyPassword } from '../engine/hasher.ts';
import type { Handler, ServerContext } from '../context.ts';
import { header, type LocalRequest, type LocalResponse } from '../http.ts';
import { JwtError, verifyJwt, type JwtPayload } from '../jwt.ts';
import { AUTH_HEADERS, AuthError, authJson, errors } from './errors.ts';
import { endSessions, RefreshTokenReuse, refreshSession, revokeSessionTokens, startSession, type TokenContext } from './sessions.ts';
import { adminUsers, signup, verify } from './accounts.ts';
import { invite, LINK_TYPES, recover, updateCurrentUser, verifyLinkGet, verifyLinkPost } from './links.ts';
import { ensureMfaSchema, factorRoutes, type Caller } from './mfa.ts';
import { findUserByEmail, findUserById, isBanned, isUuid, readable, USER_COLUMNS, userJson, type UserRow } from './users.ts';

function parseBody(req: LocalRequest): Record<string, unknown> {
  const text = req.body.toString('utf8').trim();
  if (!text) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw errors.badJson((error as Error).message);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw errors.badJson('expected an object');
  return value as Record<string, unknown>;
}

function issuer(req: LocalRequest): string {
  const proto = header(req, 'x-forwarded-proto')?.split(',')[0]?.trim() || 'http';
  const host = header(req, 'x-forwarded-host')?.split(',')[0]?.trim() || header(req, 'host') || 'localhost';
  return `${proto}://${host}/auth/v1`;
}

const tokenContext = (req: LocalRequest, ctx: ServerContext): TokenContext => ({
  jwtSecret: ctx.jwtSecret,
  jwtExpiry: ctx.jwtExpiry,
  issuer: issuer(req),
});

async function passwordGrant(req: LocalRequest, ctx: ServerContext): Promise<LocalResponse> {
  const body = parseBody(req);
  const email = typeof body.email === 'string' ? body.email.trim() : '';
  const phone = typeof body.phone === 'string' ? body.phone.trim() : '';
  const password = typeof body.password === 'string' ? body.password : '';
  if (!email && !phone) throw errors.validation('missing email or phone');
  if (!password) throw errors.validation('missing password');
  if (email && ctx.auth.emailProvider === false) throw errors.emailProviderDisabled();
  if (!ctx.signInLimiter.allow(req.ip, email || phone)) throw errors.overRequestRateLimit();

  // an account with a NULL where GoTrue reads a string fails here, before any password check (500)
  const user = await ctx.db.asSystem(async (tx) => {
    if (email) return findUserByEmail(tx, email);
    const { rows } = await tx.query<UserRow & { hash: string | null }>(
      `select ${USER_COLUMNS}, u.encrypted_password as hash
         from auth.users u
        where u.is_sso_user = false and u.phone = $1
        order by u.created_at
        limit 1`,
      [phone],
    );
    return readable(rows[0] ?? null);
  }, { readOnly: true });
  // bcrypt runs in its own thread, not in the database: other requests do not wait for it
  const passwordOk = await verifyPassword(password, user?.hash ?? null);
  if (!user || !passwordOk || user.deleted_at) throw errors.invalidCredentials();
  if (isBanned(user)) throw errors.userBanned();
  if (email && !user.email_confirmed_at) throw errors.emailNotConfirmed();
  const session = await ctx.db.asSystem((tx) => startSession(tx, tokenContext(req, ctx), user.id));
  return authJson(200, session);
}

async function refreshGrant(req: LocalRequest, ctx: ServerContext): Promise<LocalResponse> {
  const body = parseBody(req);
  const token = typeof body.refresh_token === 'string' ? body.refresh_token.trim() : '';
  if (!token) throw errors.refreshNotFound();
  try {
    const session = await ctx.db.asSystem((tx) => refreshSession(tx, tokenContext(req, ctx), token));
    return authJson(200, session);
  } catch (error) {
    if (error instanceof RefreshTokenReuse) {
      await ctx.db.asSystem((tx) => revokeSessionTokens(tx, error.sessionId));
    }
    throw error;
  }
}

/** The signed-in caller from `Authorization: Bearer`, checked as GoTrue's requireAuthentication does. */
async function requireUser(req: LocalRequest, ctx: ServerContext, tx: Tx): Promise<Caller> {
  const auth = header(req, 'authorization');
  const token = auth?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
  if (!token) throw errors.noAuthorization();
  let claims: JwtPayload;
  try {
    claims = verifyJwt(token, ctx.jwtSecret);
  } catch (error) {
    if (error instanceof JwtError) {
      const detail =
        error.reason === 'expired'
          ? 'token has invalid claims: token is expired'
          : error.reason === 'signature'
            ? 'token signature is invalid: signature is invalid'
            : 'token is malformed';
      throw errors.badJwt(detail);
    }
    throw error;
  }
  if (typeof claims.sub !== 'string' || !claims.sub) throw errors.missingSub();
  if (!isUuid(claims.sub)) throw errors.badJwt('invalid claim: sub claim must be a UUID');
  const user = await findUserById(tx, claims.sub);
  if (!user || user.deleted_at) throw errors.userNotFound();
  let sessionId: string | null = null;
  let aal: string | null = null;
  if (claims.session_id !== undefined && claims.session_id !== null && claims.session_id !== '') {
    if (!isUuid(claims.session_id)) throw errors.sessionNotFound();
    const { rows } = await tx.query<{ id: string; not_after: Date | null; aal: string | null }>(
      `select id, not_after, aal::text as aal from auth.sessions where id = $1 and user_id = $2`,
      [claims.session_id, user.id],
    );
    if (!rows[0]) throw errors.sessionNotFound();
    sessionId = rows[0].id;
    aal = rows[0].aal;
  }
  return { claims, user, sessionId, aal };
}

async function getUser(req: LocalRequest, ctx: ServerContext): Promise<LocalResponse> {
  const body = await ctx.db.asSystem(async (tx) => {
    const caller = await requireUser(req, ctx, tx);
    return userJson(tx, caller.user);
  });
  return authJson(200, body);
}

async function logout(req: LocalRequest, ctx: ServerContext): Promise<LocalResponse> {
  const scope = req.url.searchParams.get('scope') ?? 'global';
  if (scope !== 'global' && scope !== 'local' && scope !== 'others') {
    throw errors.validation(`Unsupported logout scope "${scope}"`);
  }
  await ctx.db.asSystem(async (tx) => {
    const caller = await requireUser(req, ctx, tx);
    await endSessions(tx, caller.user.id, caller.sessionId, scope);
  });
  return { status: 204, headers: { 'x-supabase-api-version': AUTH_HEADERS['x-supabase-api-version'] } };
}

const SETTINGS = {
  external: {
    anonymous_users: false,
    apple: false,
    azure: false,
    bitbucket: false,
    discord: false,
    email: true,
    facebook: false,
    figma: false,
    github: false,
    gitlab: false,
    google: false,
    keycloak: false,
    kakao: false,
    linkedin_oidc: false,
    notion: false,
    phone: false,
    saml: false,
    slack_oidc: false,
    spotify: false,
    twitch: false,
    twitter: false,
    workos: false,
    zoom: false,
  },
  disable_signup: true,
  mailer_autoconfirm: false,
  phone_autoconfirm: false,
  sms_provider: '',
  saml_enabled: false,
};

/** What /settings says: the sign-up switches follow config.toml, as the stand-in itself does. */
const settingsJson = (ctx: ServerContext) => ({
  ...SETTINGS,
  external: { ...SETTINGS.external, email: ctx.auth.emailProvider !== false },
  disable_signup: !ctx.auth.enableSignup,
  mailer_autoconfirm: !ctx.auth.enableConfirmations,
});

async function route(req: LocalRequest, ctx: ServerContext): Promise<LocalResponse> {
  const path = req.path.replace(/\/+$/, '') || '/';
  if (path === '/admin/users' || path.startsWith('/admin/users/')) return adminUsers(req, ctx, path, () => parseBody(req));
  if (path === '/factors' || path.startsWith('/factors/')) {
    return factorRoutes(req, ctx, path, {
      withCaller: (fn) => ctx.db.asSystem(async (tx) => fn(tx, await requireUser(req, ctx, tx))),
      body: () => parseBody(req),
      tokens: tokenContext(req, ctx),
    });
  }
  switch (path) {
    case '/token': {
      if (req.method !== 'POST') throw errors.methodNotAllowed();
      const grant = req.url.searchParams.get('grant_type') ?? '';
      if (grant === 'password') return passwordGrant(req, ctx);
      if (grant === 'refresh_token') return refreshGrant(req, ctx);
      throw errors.unsupportedGrant(grant);
    }
    case '/user':
      if (req.method === 'PUT') {
        return updateCurrentUser(ctx, parseBody(req), (fn) => ctx.db.asSystem(async (tx) => fn(tx, await requireUser(req, ctx, tx))));
      }
      if (req.method !== 'GET') throw errors.methodNotAllowed();
      return getUser(req, ctx);
    case '/invite':
      if (req.method !== 'POST') throw errors.methodNotAllowed();
      return invite(req, ctx, parseBody(req), tokenContext(req, ctx));
    case '/recover':
      if (req.method !== 'POST') throw errors.methodNotAllowed();
      return recover(req, ctx, parseBody(req), tokenContext(req, ctx));
    case '/logout':
      if (req.method !== 'POST') throw errors.methodNotAllowed();
      return logout(req, ctx);
    case '/signup':
      if (req.method !== 'POST') throw errors.methodNotAllowed();
      return signup(req, ctx, parseBody(req), tokenContext(req, ctx));
    case '/verify': {
      if (req.method !== 'GET' && req.method !== 'POST') throw errors.methodNotAllowed();
      const body = req.method === 'POST' ? parseBody(req) : {};
      const type = req.method === 'POST' ? body.type : req.url.searchParams.get('type');
      // invite and recovery links (links.ts); sign-up confirmations as before (accounts.ts)
      if (typeof type === 'string' && LINK_TYPES.has(type)) {
        return req.method === 'POST' ? verifyLinkPost(ctx, body, tokenContext(req, ctx)) : verifyLinkGet(req, ctx, tokenContext(req, ctx));
      }
      return verify(req, ctx, body, tokenContext(req, ctx));
    }
    case '/settings':
      if (req.method !== 'GET') throw errors.methodNotAllowed();
      return authJson(200, settingsJson(ctx));
    case '/.well-known/jwks.json':
      // HS256 only: there are no public keys to publish
      if (req.method !== 'GET') throw errors.methodNotAllowed();
      return authJson(200, { keys: [] });
    case '/health':
      if (req.method !== 'GET') throw errors.methodNotAllowed();
      return authJson(200, {
        version: 'local',
        name: 'GoTrue',
        description: 'GoTrue is a user registration and authentication API',
      });
    default:
      throw errors.notFound();
  }
}

export const handleAuth: Handler = async (req, ctx) => {
  try {
    await ensureMfaSchema(ctx.db);
    return await route(req, ctx);
  } catch (error) {
    if (error instanceof AuthError) return error.toResponse();
    throw error;
  }
};
