// auth.users / auth.identities rows and the user JSON GoTrue answers with.
import type { Tx } from '../db.ts';

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

export const USER_COLUMNS = `u.id, u.aud, u.role, u.email, u.email_confirmed_at, u.phone, u.phone_confirmed_at,
  u.confirmed_at, u.last_sign_in_at, u.raw_app_meta_data, u.raw_user_meta_data, u.created_at, u.updated_at,
  u.banned_until, u.deleted_at, u.is_anonymous`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

const iso = (value: Date | string | null | undefined): string | undefined =>
  value === null || value === undefined ? undefined : new Date(value).toISOString();

export async function findUserById(tx: Tx, id: string): Promise<UserRow | null> {
  if (!isUuid(id)) return null;
  const { rows } = await tx.query<UserRow>(`select ${USER_COLUMNS} from auth.users u where u.id = $1`, [id]);
  return rows[0] ?? null;
}

export const isBanned = (user: UserRow, now = Date.now()): boolean =>
  user.banned_until !== null && new Date(user.banned_until).getTime() > now;

/** The user as GoTrue serialises it: unset timestamps are left out, phone is '' when unset. */
export async function userJson(tx: Tx, user: UserRow): Promise<Record<string, unknown>> {
  const { rows: identities } = await tx.query<IdentityRow>(
    `select id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at, email
       from auth.identities where user_id = $1 order by created_at, id`,
    [user.id],
  );
  const out: Record<string, unknown> = {
    id: user.id,
    aud: user.aud || 'authenticated',
    role: user.role || 'authenticated',
    email: user.email ?? '',
    email_confirmed_at: iso(user.email_confirmed_at),
    phone: user.phone ?? '',
    phone_confirmed_at: iso(user.phone_confirmed_at),
    confirmed_at: iso(user.confirmed_at),
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
    banned_until: isBanned(user) ? iso(user.banned_until) : undefined,
    is_anonymous: user.is_anonymous,
  };
  for (const key of Object.keys(out)) if (out[key] === undefined) delete out[key];
  return out;
}
