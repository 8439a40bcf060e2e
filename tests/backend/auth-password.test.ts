// /auth/v1 through the real supabase-js: password sign-in, the current user, refresh-token
// rotation, sign-out and expired or forged tokens.
import { randomUUID } from 'node:crypto';
import './node-websocket.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../../supabase/local/jwt.ts';
import { LOCAL_ANON_KEY, LOCAL_JWT_SECRET } from '../../supabase/local/keys.ts';
import { startHarness, type Harness } from './harness.ts';

let h: Harness;
const userId = randomUUID();
const email = 'auth-tester@example.test';
const password = 'correct horse battery staple';
const bannedId = randomUUID();
const bannedEmail = 'banned-tester@example.test';
const unconfirmedEmail = 'unconfirmed-tester@example.test';
const legacyEmail = 'legacy-2b@example.test';

async function addUser(
  id: string,
  mail: string,
  pw: string,
  extra: { banned?: boolean; confirmed?: boolean; hashPrefix?: string } = {},
) {
  await h.local.db.asSystem(async (tx) => {
    await tx.query(
      // as GoTrue writes an account: '' in every string column it reads (a NULL fails its sign-in)
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                               confirmation_token, recovery_token, email_change_token_new, email_change,
                               raw_app_meta_data, raw_user_meta_data, banned_until, created_at, updated_at)
       values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2,
               crypt($3, gen_salt('bf', 10)), $4, '', '', '', '', '{"provider":"email","providers":["email"]}',
               '{"full_name":"Тест Тестов"}', $5, now(), now())`,
      [id, mail, pw, extra.confirmed === false ? null : new Date(), extra.banned ? new Date(Date.now() + 86_400_000) : null],
    );
    if (extra.hashPrefix) {
      await tx.query(`update auth.users set encrypted_password = $2 || substr(encrypted_password, 5) where id = $1`, [
        id,
        extra.hashPrefix,
      ]);
    }
    await tx.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
       values ($1::text, $1::uuid, jsonb_build_object('sub', $1::text, 'email', $2::text, 'email_verified', true), 'email', now(), now())`,
      [id, mail],
    );
  });
}

async function authFetch(path: string, init: RequestInit & { token?: string } = {}) {
  const headers = new Headers(init.headers);
  headers.set('apikey', LOCAL_ANON_KEY);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  return fetch(`${h.url}/auth/v1${path}`, { ...init, headers });
}

const counts = () =>
  h.local.db.asSystem(async (tx) => {
    const { rows } = await tx.query<{ sessions: number; tokens: number }>(
      `select (select count(*)::int from auth.sessions where user_id = $1) as sessions,
              (select count(*)::int from auth.refresh_tokens where user_id = $1::text) as tokens`,
      [userId],
    );
    return rows[0];
  });

beforeAll(async () => {
  h = await startHarness();
  await addUser(userId, email, password);
  await addUser(bannedId, bannedEmail, password, { banned: true });
  await addUser(randomUUID(), unconfirmedEmail, password, { confirmed: false });
  await addUser(randomUUID(), legacyEmail, password, { hashPrefix: '$2b$' });
});

afterAll(async () => {
  await h?.close();
});

describe('sign in with password', () => {
  it('returns a session whose access token works against /auth/v1/user', async () => {
    const client = h.newClient();
    const { data, error } = await client.auth.signInWithPassword({ email: 'Auth-Tester@Example.test', password });
    expect(error).toBeNull();
    const session = data.session!;
    expect(session.token_type).toBe('bearer');
    expect(session.expires_in).toBe(3600);
    expect(session.expires_at).toBeGreaterThan(Math.floor(Date.now() / 1000) + 3500);
    expect(session.refresh_token).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    expect(data.user).toMatchObject({
      id: userId,
      aud: 'authenticated',
      role: 'authenticated',
      email,
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { full_name: 'Тест Тестов' },
      is_anonymous: false,
    });
    expect(data.user!.identities).toHaveLength(1);
    expect(data.user!.identities![0]).toMatchObject({ provider: 'email', user_id: userId, id: userId });
    expect(data.user!.last_sign_in_at).toBeTruthy();
    expect(data.user!.email_confirmed_at).toBeTruthy();

    const [, payload] = session.access_token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    expect(claims).toMatchObject({
      aud: 'authenticated',
      role: 'authenticated',
      sub: userId,
      email,
      aal: 'aal1',
      iss: `${h.url}/auth/v1`,
      is_anonymous: false,
    });
    expect(claims.exp - claims.iat).toBe(3600);
    expect(claims.amr[0].method).toBe('password');
    expect(typeof claims.session_id).toBe('string');

    const raw = await authFetch('/user', { token: session.access_token });
    expect(raw.status).toBe(200);
    expect((await raw.json()).email).toBe(email);

    const { data: got, error: getError } = await client.auth.getUser();
    expect(getError).toBeNull();
    expect(got.user!.email).toBe(email);

    const row = await h.local.db.asSystem(async (tx) => {
      const { rows } = await tx.query<{ n: number; last: Date | null }>(
        `select (select count(*)::int from auth.sessions where id = $2) as n,
                (select last_sign_in_at from auth.users where id = $1) as last`,
        [userId, claims.session_id],
      );
      return rows[0];
    });
    expect(row.n).toBe(1);
    expect(row.last).not.toBeNull();
  });

  it('the access token is accepted by the storage service as the signed-in role', async () => {
    const client = h.newClient();
    const { data } = await client.auth.signInWithPassword({ email, password });
    const res = await fetch(`${h.url}/storage/v1/bucket`, {
      headers: { apikey: LOCAL_ANON_KEY, authorization: `Bearer ${data.session!.access_token}` },
    });
    expect(res.status).toBe(200);
  });

  it('refuses a wrong password and an unknown e-mail with "Invalid login credentials"', async () => {
    const before = await counts();
    for (const credentials of [
      { email, password: 'wrong password' },
      { email: 'nobody@example.test', password },
      { email, password: password.toUpperCase() },
    ]) {
      const { data, error } = await h.newClient().auth.signInWithPassword(credentials);
      expect(data.session).toBeNull();
      expect(error).not.toBeNull();
      expect(error!.message).toBe('Invalid login credentials');
      expect(error!.status).toBe(400);
      expect(error!.code).toBe('invalid_credentials');
      expect(error!.name).toBe('AuthApiError');
    }
    expect(await counts()).toEqual(before);

    const raw = await authFetch('/token?grant_type=password', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'nope' }),
    });
    expect(raw.status).toBe(400);
    expect(raw.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await raw.json()).toMatchObject({
      code: 'invalid_credentials',
      error: 'invalid_grant',
      error_description: 'Invalid login credentials',
      msg: 'Invalid login credentials',
    });
  });

  it('refuses banned and unconfirmed accounts, and SQL in the e-mail', async () => {
    const banned = await h.newClient().auth.signInWithPassword({ email: bannedEmail, password });
    expect(banned.error?.code).toBe('user_banned');
    const unconfirmed = await h.newClient().auth.signInWithPassword({ email: unconfirmedEmail, password });
    expect(unconfirmed.error?.code).toBe('email_not_confirmed');
    const injected = await h.newClient().auth.signInWithPassword({ email: `' or 1=1 --`, password });
    expect(injected.error?.message).toBe('Invalid login credentials');
  });

  it('accepts $2b$ bcrypt hashes', async () => {
    const { error } = await h.newClient().auth.signInWithPassword({ email: legacyEmail, password });
    expect(error).toBeNull();
  });

  it('answers malformed bodies and unknown grants with GoTrue errors', async () => {
    const bad = await authFetch('/token?grant_type=password', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{nope',
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).code).toBe('bad_json');
    const missing = await authFetch('/token?grant_type=password', { method: 'POST', body: '{}' });
    expect(missing.status).toBe(400);
    expect((await missing.json()).code).toBe('validation_failed');
    const grant = await authFetch('/token?grant_type=magic', { method: 'POST', body: '{}' });
    expect(grant.status).toBe(400);
    const unknown = await authFetch('/nope');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: 'not_found' });
    const signup = await h.newClient().auth.signUp({ email: 'new@example.test', password: 'password123' });
    expect(signup.error?.code).toBe('signup_disabled');
  });
});

describe('refresh tokens', () => {
  it('rotates: a new token each time, the old one revoked with the new one as its child', async () => {
    const client = h.newClient();
    const { data } = await client.auth.signInWithPassword({ email, password });
    const first = data.session!;
    const { data: refreshed, error } = await client.auth.refreshSession();
    expect(error).toBeNull();
    const second = refreshed.session!;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.access_token).toBeTruthy();
    expect(refreshed.user!.email).toBe(email);

    const rows = await h.local.db.asSystem(async (tx) => {
      const { rows } = await tx.query<{ token: string; revoked: boolean; parent: string | null }>(
        `select token, revoked, parent from auth.refresh_tokens where token in ($1, $2) order by id`,
        [first.refresh_token, second.refresh_token],
      );
      return rows;
    });
    expect(rows).toEqual([
      { token: first.refresh_token, revoked: true, parent: null },
      { token: second.refresh_token, revoked: false, parent: first.refresh_token },
    ]);

    const { data: user } = await h.newClient().auth.getUser(second.access_token);
    expect(user.user!.id).toBe(userId);
  });

  it('answers a token reused within the reuse interval with the current one, and refuses later reuse', async () => {
    const client = h.newClient();
    const { data } = await client.auth.signInWithPassword({ email, password });
    const first = data.session!;
    const { data: second } = await client.auth.refreshSession();
    const current = second.session!.refresh_token;

    // a second tab racing with the same old token within 10 s gets the session's current token
    const race = await h.newClient().auth.refreshSession({ refresh_token: first.refresh_token });
    expect(race.error).toBeNull();
    expect(race.data.session!.refresh_token).toBe(current);

    // later, reuse of the old token is refused and revokes the whole session
    await h.local.db.asSystem((tx) =>
      tx.query(`update auth.refresh_tokens set updated_at = now() - interval '1 minute' where token = $1`, [
        first.refresh_token,
      ]),
    );
    const reuse = await h.newClient().auth.refreshSession({ refresh_token: first.refresh_token });
    expect(reuse.data.session).toBeNull();
    expect(reuse.error?.status).toBe(400);
    expect(reuse.error?.code).toBe('refresh_token_already_used');
    expect(reuse.error?.message).toBe('Invalid Refresh Token: Already Used');

    const after = await h.newClient().auth.refreshSession({ refresh_token: current });
    expect(after.error).not.toBeNull();
  });

  it('refuses unknown tokens', async () => {
    const { data, error } = await h.newClient().auth.refreshSession({ refresh_token: 'not-a-token' });
    expect(data.session).toBeNull();
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('refresh_token_not_found');
    expect(error?.message).toBe('Invalid Refresh Token: Refresh Token Not Found');
  });

  it('refuses a token of a session past its not_after', async () => {
    const client = h.newClient();
    const { data } = await client.auth.signInWithPassword({ email, password });
    const [, payload] = data.session!.access_token.split('.');
    const sessionId = JSON.parse(Buffer.from(payload, 'base64url').toString()).session_id;
    await h.local.db.asSystem((tx) =>
      tx.query(`update auth.sessions set not_after = now() - interval '1 second' where id = $1`, [sessionId]),
    );
    const { error } = await h.newClient().auth.refreshSession({ refresh_token: data.session!.refresh_token });
    expect(error?.code).toBe('session_expired');
  });

  it('refuses a token whose session was deleted', async () => {
    const client = h.newClient();
    const { data } = await client.auth.signInWithPassword({ email, password });
    const [, payload] = data.session!.access_token.split('.');
    const sessionId = JSON.parse(Buffer.from(payload, 'base64url').toString()).session_id;
    await h.local.db.asSystem((tx) => tx.query(`delete from auth.sessions where id = $1`, [sessionId]));
    const { error } = await h.newClient().auth.refreshSession({ refresh_token: data.session!.refresh_token });
    expect(error?.code).toBe('refresh_token_not_found');
    // and the access token of that session is no longer a session
    const raw = await authFetch('/user', { token: data.session!.access_token });
    expect(raw.status).toBe(403);
    expect((await raw.json()).code).toBe('session_not_found');
  });
});

describe('sign out', () => {
  it('ends the session: its refresh token fails and the session row is gone', async () => {
    const client = h.newClient();
    const { data } = await client.auth.signInWithPassword({ email, password });
    const session = data.session!;
    const { error } = await client.auth.signOut({ scope: 'local' });
    expect(error).toBeNull();
    expect((await client.auth.getSession()).data.session).toBeNull();

    const refreshed = await h.newClient().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refreshed.error?.code).toBe('refresh_token_not_found');

    // supabase-js turns session_not_found into "Auth session missing!"
    const user = await h.newClient().auth.getUser(session.access_token);
    expect(user.data.user).toBeNull();
    expect(user.error?.name).toBe('AuthSessionMissingError');
  });

  it('global sign-out ends every session of the user, others keeps the current one', async () => {
    const a = h.newClient();
    const b = h.newClient();
    const c = h.newClient();
    const sa = (await a.auth.signInWithPassword({ email, password })).data.session!;
    const sb = (await b.auth.signInWithPassword({ email, password })).data.session!;
    const sc = (await c.auth.signInWithPassword({ email, password })).data.session!;

    expect((await c.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect((await h.newClient().auth.refreshSession({ refresh_token: sa.refresh_token })).error).not.toBeNull();
    expect((await h.newClient().auth.refreshSession({ refresh_token: sb.refresh_token })).error).not.toBeNull();
    const kept = await c.auth.refreshSession();
    expect(kept.error).toBeNull();

    expect((await c.auth.signOut()).error).toBeNull();
    expect((await h.newClient().auth.refreshSession({ refresh_token: kept.data.session!.refresh_token })).error).not.toBeNull();
    expect((await counts()).sessions).toBe(0);
    expect(sc).toBeTruthy();
  });

  it('needs a bearer token and a known scope', async () => {
    const none = await authFetch('/logout', { method: 'POST' });
    expect(none.status).toBe(401);
    expect((await none.json()).code).toBe('no_authorization');
    const { data } = await h.newClient().auth.signInWithPassword({ email, password });
    const bad = await authFetch('/logout?scope=everything', { method: 'POST', token: data.session!.access_token });
    expect(bad.status).toBe(400);
    const ok = await authFetch('/logout?scope=local', { method: 'POST', token: data.session!.access_token });
    expect(ok.status).toBe(204);
  });
});

describe('access tokens', () => {
  const mint = (claims: Record<string, unknown>, secret = LOCAL_JWT_SECRET) => {
    const now = Math.floor(Date.now() / 1000);
    return signJwt({ aud: 'authenticated', role: 'authenticated', iat: now, exp: now + 600, sub: userId, email, ...claims }, secret);
  };

  it('refuses an expired access token', async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = mint({ iat: now - 7200, exp: now - 3600 });
    const raw = await authFetch('/user', { token });
    expect(raw.status).toBe(403);
    expect(await raw.json()).toMatchObject({ code: 'bad_jwt' });
    const { data, error } = await h.newClient().auth.getUser(token);
    expect(data.user).toBeNull();
    expect(error?.status).toBe(403);
    expect(error?.code).toBe('bad_jwt');
  });

  it('refuses forged, malformed and subject-less tokens', async () => {
    for (const token of [mint({}, 'another-secret-that-is-at-least-32-chars'), 'abc.def', LOCAL_ANON_KEY]) {
      const raw = await authFetch('/user', { token });
      expect(raw.status).toBe(403);
      expect((await raw.json()).code).toBe('bad_jwt');
    }
    const none = await authFetch('/user');
    expect(none.status).toBe(401);
  });

  it('answers 403 user_not_found once the user is deleted', async () => {
    const ghost = randomUUID();
    await addUser(ghost, 'ghost@example.test', password);
    const { data } = await h.newClient().auth.signInWithPassword({ email: 'ghost@example.test', password });
    await h.local.db.asSystem((tx) => tx.query('delete from auth.users where id = $1', [ghost]));
    const raw = await authFetch('/user', { token: mint({ sub: ghost }) });
    expect(raw.status).toBe(403);
    expect((await raw.json()).code).toBe('user_not_found');
    const refreshed = await h.newClient().auth.refreshSession({ refresh_token: data.session!.refresh_token });
    expect(refreshed.error).not.toBeNull();
  });

  it('serves /settings and /health', async () => {
    const settings = await authFetch('/settings');
    expect(settings.status).toBe(200);
    expect((await settings.json()).external.email).toBe(true);
    const health = await authFetch('/health');
    expect(health.status).toBe(200);
    expect((await health.json()).name).toBe('GoTrue');
  });
});
