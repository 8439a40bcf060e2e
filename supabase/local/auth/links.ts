// E-mailed links as GoTrue has them: POST /invite (service role), POST /recover (anyone), the
// invite and recovery links at /verify (POST with token_hash or e-mail and code, GET from the
// e-mail itself), and PUT /user, where the person who followed such a link sets a password.
// Each link holds sha224(email + code) as GoTrue stores it, works once, and lives otp_expiry.
import { randomBytes } from 'node:crypto';
import type { Tx } from '../db.ts';
import { crypt, genSalt, verifyPassword } from '../engine/hasher.ts';
import type { ServerContext } from '../context.ts';
import type { LocalRequest, LocalResponse } from '../http.ts';
import { redirectTarget, requireAdmin, tokenHash } from './accounts.ts';
import { AuthError, authJson, errors } from './errors.ts';
import { mailerSettings, newOtp, sendAuthMail } from './mailer.ts';
import type { Caller } from './mfa.ts';
import { endSessions, startSession, type TokenContext } from './sessions.ts';
import { EMAIL_SHAPE, findUserByEmail, findUserById, insertAccount, isBanned, userJson, type UserRow } from './users.ts';

type Body = Record<string, unknown>;

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const object = (value: unknown): Record<string, unknown> | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/** GoTrue's validateEmail: required, at most 255 characters, a valid shape; stored lower-case. */
function validateEmail(email: string): string {
  if (!email) throw errors.emailRequired();
  if (email.length > 255) throw errors.emailTooLong();
  if (!EMAIL_SHAPE.test(email)) throw errors.badEmail();
  return email.toLowerCase();
}

/** Where the e-mailed link leads afterwards: a permitted redirect_to, else site_url (GoTrue's GetReferrer). */
const referrer = (req: LocalRequest, ctx: ServerContext) => redirectTarget(req.url.searchParams.get('redirect_to'), ctx.auth);

// ---------------------------------------------------------------------------------------------
// POST /invite
// ---------------------------------------------------------------------------------------------

/**
 * Creates the invited account (no password, unconfirmed, `data` as its user_metadata) or, for an
 * address whose account is not confirmed yet, sends it a new invitation; a confirmed account's
 * address is refused with GoTrue's 422 email_exists. Answers the user.
 */
export async function invite(req: LocalRequest, ctx: ServerContext, body: Body, tokens: TokenContext): Promise<LocalResponse> {
  requireAdmin(req, ctx);
  const email = validateEmail(text(body.email));
  const userMetadata = object(body.data) ?? {};
  const otp = newOtp();
  const hash = tokenHash(email, otp);
  const user = await ctx.db.asSystem(async (tx) => {
    let user: UserRow | null = await findUserByEmail(tx, email);
    if (user?.email_confirmed_at) throw errors.emailExists();
    // an existing unconfirmed account keeps its metadata: GoTrue only sends it a new link
    user ??= await insertAccount(tx, { email, hash: null, confirmed: false, userMetadata });
    await tx.query(
      `update auth.users set confirmation_token = $2, confirmation_sent_at = now(), invited_at = now(), updated_at = now() where id = $1`,
      [user.id, hash],
    );
    return (await findUserById(tx, user.id))!;
  });
  // after the commit: a link whose token is not stored yet would be refused
  sendAuthMail(ctx, {
    type: 'invite',
    email,
    otp,
    tokenHash: hash,
    redirectTo: referrer(req, ctx),
    externalUrl: tokens.issuer,
    userMetadata: user.raw_user_meta_data ?? {},
  });
  return authJson(200, await ctx.db.asSystem((tx) => userJson(tx, user), { readOnly: true }));
}

// ---------------------------------------------------------------------------------------------
// POST /recover
// ---------------------------------------------------------------------------------------------

/**
 * Sends a password-reset link to the account with this address, if there is one; the answer is
 * `{}` either way. A second request within max_frequency of the last e-mail gets GoTrue's 429.
 */
export async function recover(req: LocalRequest, ctx: ServerContext, body: Body, tokens: TokenContext): Promise<LocalResponse> {
  const given = text(body.email);
  if (!given) throw errors.recoveryEmailRequired();
  const email = validateEmail(given);
  const settings = mailerSettings(ctx);
  const otp = newOtp();
  const hash = tokenHash(email, otp);
  const user = await ctx.db.asSystem(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user || user.deleted_at) return null;
    if (user.recovery_sent_at) {
      const next = new Date(user.recovery_sent_at).getTime() + settings.maxFrequency * 1000;
      if (next > Date.now()) throw errors.overEmailSendRateLimit(Math.floor((next - Date.now()) / 1000));
    }
    await tx.query(`update auth.users set recovery_token = $2, recovery_sent_at = now(), updated_at = now() where id = $1`, [user.id, hash]);
    return user;
  });
  if (user) {
    sendAuthMail(ctx, {
      type: 'recovery',
      email,
      otp,
      tokenHash: hash,
      redirectTo: referrer(req, ctx),
      externalUrl: tokens.issuer,
      userMetadata: user.raw_user_meta_data ?? {},
    });
  }
  return authJson(200, {});
}

// ---------------------------------------------------------------------------------------------
// /verify for invite and recovery links
// ---------------------------------------------------------------------------------------------

export const LINK_TYPES = new Set(['invite', 'recovery']);

type LinkType = 'invite' | 'recovery';

/** Columns of the token and its sent time, by link type: invite links are confirmation tokens. */
const COLUMNS: Record<LinkType, { token: string; sentAt: string }> = {
  invite: { token: 'confirmation_token', sentAt: 'confirmation_sent_at' },
  recovery: { token: 'recovery_token', sentAt: 'recovery_sent_at' },
};

/**
 * Finds the account of a link (by its token hash) or of an e-mailed code (by address, then the
 * hash of address and code), checks it, uses the link up and opens a session, as GoTrue's
 * verifyTokenHash / verifyUserAndToken followed by signupVerify / recoverVerify.
 */
async function useLink(
  tx: Tx,
  tokens: TokenContext,
  type: LinkType,
  otpExpiry: number,
  by: { tokenHash: string } | { email: string; hash: string },
): Promise<Record<string, unknown>> {
  const { token, sentAt } = COLUMNS[type];
  const { rows } = await tx.query<{ id: string; token: string; sent_at: Date | null; expired: boolean }>(
    'tokenHash' in by
      ? `select id, ${token} as token, ${sentAt} as sent_at, ${sentAt} + make_interval(secs => $2) < now() as expired
           from auth.users where ${token} = $1 and is_sso_user = false for update`
      : `select id, ${token} as token, ${sentAt} as sent_at, ${sentAt} + make_interval(secs => $2) < now() as expired
           from auth.users where lower(email) = $1 and is_sso_user = false order by created_at limit 1 for update`,
    ['tokenHash' in by ? by.tokenHash : by.email, otpExpiry],
  );
  const row = rows[0];
  if ('tokenHash' in by) {
    if (!by.tokenHash || !row) throw errors.otpExpired();
  } else if (!row) {
    throw errors.tokenInvalid();
  }
  const user = (await findUserById(tx, row.id))!;
  if (isBanned(user)) throw errors.userBannedForbidden();
  if ('tokenHash' in by) {
    if (!row.sent_at || row.expired) throw errors.otpExpired();
  } else if (!row.token || row.token !== by.hash || !row.sent_at || row.expired) {
    throw errors.tokenInvalid();
  }

  if (type === 'invite') {
    // an invited account without a password gets a random one, for the app to replace (signupVerify)
    const { rows: pw } = await tx.query<{ hash: string | null }>('select encrypted_password as hash from auth.users where id = $1', [user.id]);
    if (!pw[0]?.hash && user.invited_at) {
      await tx.query('update auth.users set encrypted_password = $2 where id = $1', [user.id, await crypt(randomBytes(48).toString('base64url'), genSalt())]);
    }
  } else {
    await tx.query(`update auth.users set recovery_token = '', updated_at = now() where id = $1`, [user.id]);
  }
  if (type === 'invite' || !user.email_confirmed_at) {
    // Confirm: the address is proven, the confirmation link used up
    await tx.query(
      `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), confirmation_token = '',
              raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || '{"email_verified": true}', updated_at = now()
        where id = $1`,
      [user.id],
    );
    await tx.query(
      `update auth.identities set identity_data = identity_data || '{"email_verified": true}', updated_at = now()
        where user_id = $1 and provider = 'email' and email = lower($2)`,
      [user.id, user.email ?? ''],
    );
  }
  // GoTrue issues a link's session with the 'otp' authentication method
  return startSession(tx, tokens, user.id, 'otp');
}

/** POST /verify `{ type, token_hash }` or `{ type, email, token }` for an invite or recovery link. */
export async function verifyLinkPost(ctx: ServerContext, body: Body, tokens: TokenContext): Promise<LocalResponse> {
  const type = text(body.type) as LinkType;
  const token = text(body.token);
  const hash = text(body.token_hash);
  if ((!token && !hash) || (token && hash)) throw errors.verifyTokenOrHash();
  let by: { tokenHash: string } | { email: string; hash: string };
  if (token) {
    if (text(body.phone) || !text(body.email)) throw errors.emailOrPhoneOnVerify();
    let email: string;
    try {
      email = validateEmail(text(body.email));
    } catch {
      throw errors.invalidEmailOnVerify();
    }
    by = { email, hash: tokenHash(email, token) };
  } else {
    if (text(body.email) || text(body.phone) || text(body.redirect_to)) throw errors.onlyTokenHash();
    by = { tokenHash: hash };
  }
  const otpExpiry = mailerSettings(ctx).otpExpiry;
  return authJson(200, await ctx.db.asSystem((tx) => useLink(tx, tokens, type, otpExpiry, by)));
}

/** GoTrue's oauthErrorMap: the `error` of an error redirect, by HTTP status. */
const OAUTH_ERRORS: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized_client',
  403: 'access_denied',
  500: 'server_error',
  503: 'temporarily_unavailable',
};

/** GET /verify?token=…&type=invite|recovery&redirect_to=…: the link itself; a 303 with the session, or the error, in the fragment. */
export async function verifyLinkGet(req: LocalRequest, ctx: ServerContext, tokens: TokenContext): Promise<LocalResponse> {
  const type = req.url.searchParams.get('type') as LinkType;
  const token = req.url.searchParams.get('token') ?? '';
  if (!token) throw errors.verifyTokenRequired();
  const target = referrer(req, ctx);
  let fragment: string;
  try {
    const otpExpiry = mailerSettings(ctx).otpExpiry;
    const session = await ctx.db.asSystem((tx) => useLink(tx, tokens, type, otpExpiry, { tokenHash: token.replace(/-/g, '') }));
    fragment = new URLSearchParams({
      access_token: String(session.access_token),
      expires_at: String(session.expires_at),
      expires_in: String(session.expires_in),
      refresh_token: String(session.refresh_token),
      token_type: 'bearer',
      type,
    }).toString();
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    const q = new URLSearchParams();
    const oauth = OAUTH_ERRORS[error.status];
    if (oauth) q.set('error', oauth);
    q.set('error_code', error.code);
    q.set('error_description', error.message);
    fragment = q.toString();
  }
  const url = new URL(target);
  url.hash = fragment;
  return { status: 303, headers: { location: url.toString(), 'referrer-policy': 'no-referrer' } };
}

// ---------------------------------------------------------------------------------------------
// PUT /user
// ---------------------------------------------------------------------------------------------

/**
 * The signed-in user changes their own account, as GoTrue's UserUpdate: `password` (the minimum
 * length, not the current one, aal2 when they have a verified factor; every other session ends and
 * every pending link is used up) and `data` (merged into user_metadata, a null removes a key).
 * `app_metadata` is the service role's; e-mail and phone changes are not supported here.
 */
export async function updateCurrentUser(
  ctx: ServerContext,
  body: Body,
  withCaller: <T>(fn: (tx: Tx, caller: Caller) => Promise<T>) => Promise<T>,
): Promise<LocalResponse> {
  const email = body.email === undefined || body.email === '' ? '' : validateEmail(text(body.email));
  const password = body.password === undefined || body.password === null ? undefined : text(body.password);
  if (password !== undefined && [...password].length < ctx.auth.minimumPasswordLength) {
    throw errors.weakPassword(ctx.auth.minimumPasswordLength);
  }
  const data = body.data === null ? undefined : object(body.data);
  if (body.app_metadata !== undefined && body.app_metadata !== null) throw errors.appMetadataNotAdmin();

  const current = await withCaller(async (tx, caller) => {
    const { rows } = await tx.query<{ hash: string | null; verified: number }>(
      `select u.encrypted_password as hash,
              (select count(*)::int from auth.mfa_factors f where f.user_id = u.id and f.status = 'verified') as verified
         from auth.users u where u.id = $1`,
      [caller.user.id],
    );
    return { caller, hash: rows[0]?.hash ?? null, verified: rows[0]?.verified ?? 0 };
  });
  const { user } = current.caller;
  const changesEmail = email !== '' && email !== (user.email ?? '');
  const changesPhone = text(body.phone) !== '' && text(body.phone) !== (user.phone ?? '');
  if (current.verified > 0 && current.caller.aal !== 'aal2' && (password || changesEmail || changesPhone)) throw errors.aal2ToUpdate();
  if (changesEmail || changesPhone) {
    throw new AuthError(422, 'validation_failed', 'The local stand-in does not change e-mail addresses or phone numbers through PUT /user');
  }
  let hash: string | null = null;
  if (password) {
    // bcrypt runs outside the transaction, as in GoTrue (SetPassword before UpdatePassword)
    if (current.hash && (await verifyPassword(password, current.hash))) throw errors.samePassword();
    hash = await crypt(password, genSalt());
  }

  const answer = await withCaller(async (tx, caller) => {
    const id = caller.user.id;
    if (password !== undefined) {
      await tx.query(
        `update auth.users set encrypted_password = $2, confirmation_token = '', confirmation_sent_at = null,
                recovery_token = '', recovery_sent_at = null, email_change_token_current = '', email_change_token_new = '',
                email_change_sent_at = null, phone_change_token = '', phone_change_sent_at = null,
                reauthentication_token = '', reauthentication_sent_at = null, updated_at = now()
          where id = $1`,
        [id, hash ?? ''],
      );
      // GoTrue's UpdatePassword: the user's other sessions end, this one stays
      await endSessions(tx, id, caller.sessionId, caller.sessionId ? 'others' : 'global');
    }
    if (data) {
      const set = Object.fromEntries(Object.entries(data).filter(([, v]) => v !== null));
      const removed = Object.keys(data).filter((k) => data[k] === null);
      await tx.query(
        `update auth.users set raw_user_meta_data = (coalesce(raw_user_meta_data, '{}'::jsonb) || $2::jsonb) - $3::text[], updated_at = now()
          where id = $1`,
        [id, JSON.stringify(set), removed],
      );
    }
    return userJson(tx, (await findUserById(tx, id))!);
  });
  return authJson(200, answer);
}
