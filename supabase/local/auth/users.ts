// auth.users / auth.identities rows and the user JSON GoTrue answers with.
import type { Tx } from '../db.ts';
import { errors } from './errors.ts';

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  email_confirmed_at: Date | null;
  phone: string | null;
  phone_confirmed_at: Date | null;
  confirmed_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date | null;
  updated_at: Date | null;
  banned_until: Date | null;
  deleted_at: Date | null;
  is_anonymous: boolean;
  invited_at: Date | null;
  confirmation_sent_at: Date | null;
  recovery_sent_at: Date | null;
  /** Which of STRING_COLUMNS are NULL in this row (none for an account GoTrue could read). */
  null_strings: string[];
}

interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown> | null;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date | null;
  updated_at: Date | null;
  email: string | null;
}

/**
 * The columns hosted GoTrue reads into plain Go strings. A NULL in any of them fails its row scan
 * ("converting NULL to string is unsupported"), and every endpoint that loads the user answers
 * HTTP 500 "Database error querying schema": sign-in, refresh and /user alike.
 */
export const STRING_COLUMNS = [
  'aud',
  'role',
  'confirmation_token',
  'recovery_token',
  'email_change_token_new',
  'email_change_token_current',
  'email_change',
  'phone_change',
  'phone_change_token',
  'reauthentication_token',
] as const;

export const USER_COLUMNS = `u.id, u.aud, u.role, u.email, u.email_confirmed_at, u.phone, u.phone_confirmed_at,
  u.confirmed_at, u.last_sign_in_at, u.raw_app_meta_data, u.raw_user_meta_data, u.created_at, u.updated_at,
  u.banned_until, u.deleted_at, u.is_anonymous, u.invited_at, u.confirmation_sent_at, u.recovery_sent_at,
  array_remove(array[${STRING_COLUMNS.map((c) => `case when u.${c} is null then '${c}' end`).join(', ')}], null) as null_strings`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

const iso = (value: Date | string | null | undefined): string | undefined =>
  value === null || value === undefined ? undefined : new Date(value).toISOString();

/** Fails as GoTrue's row scan does when the account has a NULL where GoTrue reads a string. */
export function readable<T extends Pick<UserRow, 'null_strings'> | null | undefined>(user: T): T {
  if (user && user.null_strings.length > 0) throw errors.schemaQuery();
  return user;
}

export async function findUserById(tx: Tx, id: string): Promise<UserRow | null> {
  if (!isUuid(id)) return null;
  const { rows } = await tx.query<UserRow>(`select ${USER_COLUMNS} from auth.users u where u.id = $1`, [id]);
  return readable(rows[0] ?? null);
}

export const isBanned = (user: UserRow, now = Date.now()): boolean =>
  user.banned_until !== null && new Date(user.banned_until).getTime() > now;

export interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: string;
  status: string;
  created_at: Date;
  updated_at: Date;
  phone: string | null;
  last_challenged_at: Date | null;
}

export const FACTOR_COLUMNS = `id, user_id, friendly_name, factor_type::text as factor_type, status::text as status,
  created_at, updated_at, phone, last_challenged_at`;

/** A factor as GoTrue serialises it: no secret, friendly_name left out when empty, phone '' when unset. */
export function factorJson(factor: FactorRow): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: factor.id,
    friendly_name: factor.friendly_name || undefined,
    factor_type: factor.factor_type,
    status: factor.status,
    created_at: iso(factor.created_at),
    updated_at: iso(factor.updated_at),
    phone: factor.phone ?? '',
    last_challenged_at: iso(factor.last_challenged_at) ?? null,
  };
  if (out.friendly_name === undefined) delete out.friendly_name;
  return out;
}

export async function userFactors(tx: Tx, userId: string): Promise<FactorRow[]> {
  const { rows } = await tx.query<FactorRow>(
    `select ${FACTOR_COLUMNS} from auth.mfa_factors where user_id = $1 order by created_at, id`,
    [userId],
  );
  return rows;
}

/**
 * The user as GoTrue serialises it: unset timestamps are left out, phone is '' when unset, and
 * `factors` only when the user has any.
 */
export async function userJson(tx: Tx, user: UserRow): Promise<Record<string, unknown>> {
  const { rows: identities } = await tx.query<IdentityRow>(
    `select id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at, email
       from auth.identities where user_id = $1 order by created_at, id`,
    [user.id],
  );
  const factors = await userFactors(tx, user.id);
  const out: Record<string, unknown> = {
    id: user.id,
    aud: user.aud || 'authenticated',
    role: user.role || 'authenticated',
    email: user.email ?? '',
    email_confirmed_at: iso(user.email_confirmed_at),
    invited_at: iso(user.invited_at),
    confirmation_sent_at: iso(user.confirmation_sent_at),
    phone: user.phone ?? '',
    phone_confirmed_at: iso(user.phone_confirmed_at),
    confirmed_at: iso(user.confirmed_at),
    recovery_sent_at: iso(user.recovery_sent_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    identities: identities.map((i) => ({
      identity_id: i.id,
      id: i.provider_id,
      user_id: i.user_id,
      identity_data: i.identity_data ?? {},
      provider: i.provider,
      last_sign_in_at: iso(i.last_sign_in_at),
      created_at: iso(i.created_at),
      updated_at: iso(i.updated_at),
      email: i.email ?? undefined,
    })),
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    factors: factors.length > 0 ? factors.map(factorJson) : undefined,
    banned_until: isBanned(user) ? iso(user.banned_until) : undefined,
    is_anonymous: user.is_anonymous,
  };
  for (const key of Object.keys(out)) if (out[key] === undefined) delete out[key];
  return out;
}

export const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface NewAccount {
  email: string;
  /** A bcrypt hash, or null for an account without a password. */
  hash: string | null;
  confirmed: boolean;
  userMetadata?: Record<string, unknown>;
  appMetadata?: Record<string, unknown>;
  /** Stored as confirmation_token (GoTrue keeps the hash of the link's token there). */
  confirmationToken?: string;
}

/**
 * An account as GoTrue writes one: every string column it reads filled ('' where unused), the
 * default instance, aud and role `authenticated`, and its `email` identity.
 */
export async function insertAccount(tx: Tx, account: NewAccount): Promise<UserRow> {
  const { rows } = await tx.query<{ id: string }>(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                             confirmation_token, confirmation_sent_at, recovery_token, email_change_token_new,
                             email_change, email_change_token_current, phone_change, phone_change_token,
                             reauthentication_token, raw_app_meta_data, raw_user_meta_data, is_super_admin,
                             created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', $1, $2,
             case when $3::boolean then now() end, $4::text, case when $4::text <> '' then now() end, '', '', '', '', '', '', '',
             $5::jsonb, $6::jsonb, false, now(), now())
     returning id`,
    [
      account.email,
      account.hash ?? '',
      account.confirmed,
      account.confirmationToken ?? '',
      JSON.stringify({ provider: 'email', providers: ['email'], ...(account.appMetadata ?? {}) }),
      JSON.stringify(account.userMetadata ?? {}),
    ],
  );
  const id = rows[0].id;
  await tx.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
     values ($1::text, $1::uuid, jsonb_build_object('sub', $1::text, 'email', $2::text, 'email_verified', $3::boolean,
             'phone_verified', false), 'email', now(), now())`,
    [id, account.email, account.confirmed],
  );
  return (await findUserById(tx, id))!;
}

/** The first account with this e-mail (as GoTrue stores it: lower case), if any. */
export async function findUserByEmail(tx: Tx, email: string): Promise<(UserRow & { hash: string | null }) | null> {
  const { rows } = await tx.query<UserRow & { hash: string | null }>(
    `select ${USER_COLUMNS}, u.encrypted_password as hash
       from auth.users u
      where u.is_sso_user = false and lower(u.email) = lower($1)
      order by u.created_at
      limit 1`,
    [email],
  );
  return readable(rows[0] ?? null);
}
