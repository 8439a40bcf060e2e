// Creating accounts as hosted GoTrue does: /signup for anyone (when the project allows sign-ups),
// /verify for the confirmation link, and /admin/users for the service role (what
// `supabase.auth.admin.createUser`, `listUsers`, `getUserById`, `updateUserById` and `deleteUser`
// call). A signed-up stranger is exactly as real here as on a hosted project, so the tests can
// prove that such a person gets nothing.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Tx } from '../db.ts';
import { crypt, genSalt } from '../engine/hasher.ts';
import type { ServerContext } from '../context.ts';
import { header, type LocalRequest, type LocalResponse } from '../http.ts';
import type { AuthSettings } from './settings.ts';
import { verifyJwt } from '../jwt.ts';
import { AuthError, authJson, errors } from './errors.ts';
import { mailerSettings } from './mailer.ts';
import { adminFactors } from './mfa.ts';
import { endSessions, startSession, type TokenContext } from './sessions.ts';
import { EMAIL_SHAPE, findUserByEmail, findUserById, insertAccount, isUuid, userJson, type UserRow } from './users.ts';

type Body = Record<string, unknown>;

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const object = (value: unknown): Record<string, unknown> | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

async function hashPassword(password: string): Promise<string> {
  return crypt(password, genSalt());
}

function checkPassword(password: string, settings: AuthSettings) {
  if ([...password].length < settings.minimumPasswordLength) throw errors.weakPassword(settings.minimumPasswordLength);
}

function checkEmail(email: string): string {
  const clean = email.trim().toLowerCase();
  if (!EMAIL_SHAPE.test(clean) || clean.length > 255) throw errors.badEmail();
  return clean;
}

/** GoTrue keeps only a hash of the link's secret: sha224 of the e-mail and the secret, in hex. */
export const tokenHash = (email: string, secret: string) => createHash('sha224').update(email + secret).digest('hex');

/** Where a link may send the browser: site_url or one of the additional redirect URLs' origins. */
export function redirectTarget(requested: string | null, settings: AuthSettings): string {
  if (!requested) return settings.siteUrl;
  try {
    const url = new URL(requested);
    const allowed = [settings.siteUrl, ...settings.additionalRedirectUrls].map((u) => new URL(u).origin);
    return allowed.includes(url.origin) ? url.toString() : settings.siteUrl;
  } catch {
    return settings.siteUrl;
  }
}

/** What GoTrue answers for an address that already has an account while confirmations are on: a user that does not exist. */
function obfuscatedUser(email: string, userMetadata: Record<string, unknown>): Record<string, unknown> {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    aud: 'authenticated',
    role: 'authenticated',
    email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: userMetadata,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}

export async function signup(req: LocalRequest, ctx: ServerContext, body: Body, tokens: TokenContext): Promise<LocalResponse> {
  const settings = ctx.auth;
  if (!settings.enableSignup) throw errors.signupDisabled();
  if (text(body.phone) && !text(body.email)) throw new AuthError(422, 'phone_provider_disabled', 'Phone signups are disabled');
  const password = text(body.password);
  const email = checkEmail(text(body.email));
  if (!password) throw errors.validation('Signup requires a valid password');
  checkPassword(password, settings);
  // sign-ups share the sign-in limiter, as [auth.rate_limit] sign_in_sign_ups says
  if (!ctx.signInLimiter.allow(req.ip, email)) throw errors.overRequestRateLimit();
  const userMetadata = object(body.data) ?? {};
  const hash = await hashPassword(password);

  const outcome = await ctx.db.asSystem(async (tx) => {
    const existing = await findUserByEmail(tx, email);
    if (existing && existing.email_confirmed_at) {
      // with confirmations on, an existing address looks exactly like a new one to the caller
      if (settings.enableConfirmations) return { kind: 'hidden' as const };
      throw errors.userAlreadyExists();
    }
    if (!settings.enableConfirmations) {
      if (existing) throw errors.userAlreadyExists();
      const user = await insertAccount(tx, { email, hash, confirmed: true, userMetadata });
      return { kind: 'session' as const, session: await startSession(tx, tokens, user.id) };
    }
    const secret = randomBytes(28).toString('hex');
    const confirmationToken = tokenHash(email, secret);
    let user: UserRow;
    if (existing) {
      // an unconfirmed account signing up again: a new link, the new password
      await tx.query(
        `update auth.users set encrypted_password = $2, confirmation_token = $3, confirmation_sent_at = now(),
                raw_user_meta_data = $4::jsonb, updated_at = now() where id = $1`,
        [existing.id, hash, confirmationToken, JSON.stringify(userMetadata)],
      );
      user = (await findUserById(tx, existing.id))!;
    } else {
      user = await insertAccount(tx, { email, hash, confirmed: false, userMetadata, confirmationToken });
    }
    return { kind: 'confirm' as const, user: await userJson(tx, user), confirmationToken };
  });

  if (outcome.kind === 'session') return authJson(200, outcome.session);
  if (outcome.kind === 'hidden') return authJson(200, obfuscatedUser(email, userMetadata));
  // no mail leaves this machine: the confirmation link is printed where the stand-in logs
  const redirect = redirectTarget(text(object(body.options)?.emailRedirectTo) || req.url.searchParams.get('redirect_to'), settings);
  const link = `${tokens.issuer}/verify?token=${outcome.confirmationToken}&type=signup&redirect_to=${encodeURIComponent(redirect)}`;
  ctx.onConfirmationLink?.(email, link);
  return authJson(200, outcome.user);
}

/** Confirms the account whose link this is, and opens its first session. */
async function confirm(tx: Tx, tokens: TokenContext, token: string, otpExpiry: number): Promise<Record<string, unknown>> {
  if (!/^[0-9a-f]{56}$/.test(token)) throw errors.otpExpired();
  const { rows } = await tx.query<{ id: string }>(
    `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), confirmation_token = '',
            raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || '{"email_verified": true}', updated_at = now()
      where confirmation_token = $1 and confirmation_sent_at > now() - make_interval(secs => $2)
      returning id`,
    [token, otpExpiry],
  );
  if (!rows[0]) throw errors.otpExpired();
  await tx.query(
    `update auth.identities set identity_data = identity_data || '{"email_verified": true}', updated_at = now()
      where user_id = $1 and provider = 'email'`,
    [rows[0].id],
  );
  // GoTrue names the method after the link's type: 'signup' becomes 'email/signup'
  return startSession(tx, tokens, rows[0].id, 'email/signup');
}

/** GET /verify (the link itself: redirects with the session in the fragment) and POST /verify (token_hash). */
export async function verify(req: LocalRequest, ctx: ServerContext, body: Body, tokens: TokenContext): Promise<LocalResponse> {
  if (req.method === 'GET') {
    const type = req.url.searchParams.get('type');
    const target = redirectTarget(req.url.searchParams.get('redirect_to'), ctx.auth);
    let fragment: string;
    try {
      if (type !== 'signup' && type !== 'email') throw errors.otpExpired();
      const session = await ctx.db.asSystem((tx) => confirm(tx, tokens, req.url.searchParams.get('token') ?? '', mailerSettings(ctx).otpExpiry));
      fragment = new URLSearchParams({
        access_token: String(session.access_token),
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: String(session.refresh_token),
        token_type: 'bearer',
        type: 'signup',
      }).toString();
    } catch (error) {
      if (!(error instanceof AuthError)) throw error;
      fragment = new URLSearchParams({ error: 'access_denied', error_code: error.code, error_description: error.message }).toString();
    }
    return { status: 303, headers: { location: `${target}#${fragment}`, 'referrer-policy': 'no-referrer' } };
  }
  const type = text(body.type);
  if (type !== 'signup' && type !== 'email') throw errors.validation('Verify requires a verification type');
  const token = text(body.token_hash) || text(body.token);
  const session = await ctx.db.asSystem((tx) => confirm(tx, tokens, token, mailerSettings(ctx).otpExpiry));
  return authJson(200, session);
}

// ---------------------------------------------------------------------------------------------
// /admin/users: the service role only
// ---------------------------------------------------------------------------------------------

/** GoTrue's requireAdmin: the bearer token must be the service role's (or supabase_admin's). */
export function requireAdmin(req: LocalRequest, ctx: ServerContext) {
  const token = header(req, 'authorization')?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
  if (!token) throw errors.noAuthorization();
  let role: unknown;
  try {
    role = verifyJwt(token, ctx.jwtSecret).role;
  } catch {
    throw errors.badJwt('token is malformed');
  }
  if (role !== 'service_role' && role !== 'supabase_admin') throw errors.notAdmin();
}

async function userOr404(tx: Tx, id: string): Promise<UserRow> {
  const user = isUuid(id) ? await findUserById(tx, id) : null;
  if (!user) throw errors.userNotFoundById();
  return user;
}

function banUntil(value: unknown): Date | null | undefined {
  if (value === undefined) return undefined;
  if (value === 'none') return null;
  const m = typeof value === 'string' ? /^(\d+)h$/.exec(value) : null;
  if (!m) throw errors.validation('invalid format for ban duration');
  return new Date(Date.now() + Number(m[1]) * 3_600_000);
}

async function createUser(ctx: ServerContext, body: Body): Promise<LocalResponse> {
  const email = checkEmail(text(body.email));
  const password = text(body.password);
  if (password) checkPassword(password, ctx.auth);
  const hash = password ? await hashPassword(password) : null;
  const user = await ctx.db.asSystem(async (tx) => {
    if (await findUserByEmail(tx, email)) throw errors.emailExists();
    const created = await insertAccount(tx, {
      email,
      hash,
      confirmed: body.email_confirm === true,
      userMetadata: object(body.user_metadata) ?? {},
      appMetadata: object(body.app_metadata),
    });
    const ban = banUntil(body.ban_duration);
    if (ban) await tx.query('update auth.users set banned_until = $2 where id = $1', [created.id, ban]);
    return userJson(tx, (await findUserById(tx, created.id))!);
  });
  return authJson(200, user);
}

async function listUsers(req: LocalRequest, ctx: ServerContext): Promise<LocalResponse> {
  const page = Math.max(1, Number(req.url.searchParams.get('page')) || 1);
  const perPage = Math.min(1000, Math.max(1, Number(req.url.searchParams.get('per_page')) || 50));
  const { users, total } = await ctx.db.asSystem(
    async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        `select id from auth.users where deleted_at is null order by created_at desc, id limit $1 offset $2`,
        [perPage, (page - 1) * perPage],
      );
      const count = (await tx.query<{ n: number }>('select count(*)::int as n from auth.users where deleted_at is null')).rows[0].n;
      const out = [];
      for (const { id } of rows) out.push(await userJson(tx, (await findUserById(tx, id))!));
      return { users: out, total: count };
    },
    { readOnly: true },
  );
  const last = Math.max(1, Math.ceil(total / perPage));
  const base = `${req.url.origin}${req.url.pathname}`;
  const links = [];
  if (page < last) links.push(`<${base}?page=${page + 1}&per_page=${perPage}>; rel="next"`);
  links.push(`<${base}?page=${last}&per_page=${perPage}>; rel="last"`);
  const response = authJson(200, { users, aud: 'authenticated' });
  response.headers = { ...response.headers, 'x-total-count': String(total), link: links.join(', ') };
  return response;
}

async function updateUser(ctx: ServerContext, id: string, body: Body): Promise<LocalResponse> {
  const password = text(body.password);
  if (password) checkPassword(password, ctx.auth);
  const hash = password ? await hashPassword(password) : null;
  const email = body.email === undefined ? undefined : checkEmail(text(body.email));
  const ban = banUntil(body.ban_duration);
  const user = await ctx.db.asSystem(async (tx) => {
    const user = await userOr404(tx, id);
    if (email && email !== user.email) {
      const other = await findUserByEmail(tx, email);
      if (other && other.id !== user.id) throw errors.emailExists();
      await tx.query(`update auth.users set email = $2, updated_at = now() where id = $1`, [id, email]);
      await tx.query(
        `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now()
          where user_id = $1 and provider = 'email'`,
        [id, email],
      );
    }
    if (hash) {
      await tx.query(`update auth.users set encrypted_password = $2, updated_at = now() where id = $1`, [id, hash]);
      // as GoTrue's UpdatePassword: whoever held a session must sign in again
      await endSessions(tx, id, null, 'global');
    }
    if (body.email_confirm === true) {
      await tx.query(`update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), confirmation_token = '' where id = $1`, [id]);
    }
    if (ban !== undefined) {
      await tx.query(`update auth.users set banned_until = $2 where id = $1`, [id, ban]);
      if (ban) await endSessions(tx, id, null, 'global');
    }
    const meta = object(body.user_metadata);
    if (meta) await tx.query(`update auth.users set raw_user_meta_data = coalesce(raw_user_meta_data, '{}') || $2::jsonb where id = $1`, [id, JSON.stringify(meta)]);
    const app = object(body.app_metadata);
    if (app) await tx.query(`update auth.users set raw_app_meta_data = coalesce(raw_app_meta_data, '{}') || $2::jsonb where id = $1`, [id, JSON.stringify(app)]);
    return userJson(tx, (await findUserById(tx, id))!);
  });
  return authJson(200, user);
}

async function deleteUser(ctx: ServerContext, id: string, body: Body): Promise<LocalResponse> {
  await ctx.db.asSystem(async (tx) => {
    await userOr404(tx, id);
    await endSessions(tx, id, null, 'global');
    if (body.should_soft_delete === true) {
      // GoTrue's soft delete: the row stays, unusable, its address freed
      await tx.query(
        `update auth.users set deleted_at = now(), email = null, phone = null, encrypted_password = '',
                raw_user_meta_data = '{}', raw_app_meta_data = '{}', updated_at = now() where id = $1`,
        [id],
      );
      await tx.query('delete from auth.identities where user_id = $1', [id]);
      // as GoTrue's soft delete: the factors go too
      await tx.query('delete from auth.mfa_factors where user_id = $1', [id]);
    } else {
      await tx.query('delete from auth.users where id = $1', [id]);
    }
  });
  return authJson(200, {});
}

export async function adminUsers(req: LocalRequest, ctx: ServerContext, path: string, body: () => Body): Promise<LocalResponse> {
  requireAdmin(req, ctx);
  const id = path.replace(/^\/admin\/users\/?/, '');
  const factors = /^([^/]+)\/factors(?:\/([^/]+))?$/.exec(id);
  if (factors) return adminFactors(req, ctx, factors[1], factors[2]);
  if (!id) {
    if (req.method === 'GET') return listUsers(req, ctx);
    if (req.method === 'POST') return createUser(ctx, body());
    throw errors.methodNotAllowed();
  }
  if (req.method === 'GET') return authJson(200, await ctx.db.asSystem(async (tx) => userJson(tx, await userOr404(tx, id)), { readOnly: true }));
  if (req.method === 'PUT') return updateUser(ctx, id, body());
  if (req.method === 'DELETE') return deleteUser(ctx, id, body());
  throw errors.methodNotAllowed();
}
