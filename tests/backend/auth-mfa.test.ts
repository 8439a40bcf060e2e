// TOTP multi-factor authentication through the real supabase-js `auth.mfa` API: enroll, challenge,
// verify, assurance levels, refresh, unenroll and the admin API, with the codes computed here
// (RFC 6238, independently of the stand-in) and the rows checked as GoTrue writes them.
import { createHmac, randomUUID } from 'node:crypto';
import './node-websocket.ts';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mfaSchemaSql, upgradeMfaSchema } from '../../supabase/local/auth/mfa.ts';
import { base32Encode, totpCode, validateTotp } from '../../supabase/local/auth/totp.ts';
import { startHarness, type Harness } from './harness.ts';

let h: Harness;
const PASSWORD = 'mfa-tester-password-1';

beforeAll(async () => {
  h = await startHarness();
});

afterAll(async () => {
  await h?.close();
});

// ---------------------------------------------------------------------------------------------
// RFC 6238 (SHA-1, 6 digits, 30 s), written here so the test does not trust the server's copy
// ---------------------------------------------------------------------------------------------

function fromBase32(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of text.replace(/=+$/, '')) {
    const index = alphabet.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    bits += index.toString(2).padStart(5, '0');
  }
  const bytes = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

function totp(secret: string, at = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac('sha1', fromBase32(secret)).update(counter).digest();
  const offset = mac[19] & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** A six-digit code that is none of the codes the server accepts now (the current step ±1). */
function wrongCode(secret: string): string {
  const valid = new Set([-30_000, 0, 30_000].map((d) => totp(secret, Date.now() + d)));
  for (let n = 0; ; n += 1) {
    const candidate = String((Number(totp(secret)) + 111_111 * (n + 1)) % 1_000_000).padStart(6, '0');
    if (!valid.has(candidate)) return candidate;
  }
}

const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString('utf8'));

// ---------------------------------------------------------------------------------------------
// helpers
// ---------------------------------------------------------------------------------------------

interface Account {
  id: string;
  email: string;
  client: SupabaseClient;
}

async function newAccount(): Promise<Account> {
  const email = `mfa-${randomUUID().slice(0, 8)}@example.test`;
  const created = await h.service.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
  if (created.error || !created.data.user) throw new Error(`createUser failed: ${created.error?.message}`);
  const client = await signIn(email);
  return { id: created.data.user.id, email, client };
}

async function signIn(email: string): Promise<SupabaseClient> {
  const client = h.newClient();
  const { error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
  if (error) throw new Error(`sign-in failed: ${error.message}`);
  return client;
}

async function accessToken(client: SupabaseClient): Promise<string> {
  const { data } = await client.auth.getSession();
  if (!data.session) throw new Error('no session');
  return data.session.access_token;
}

async function enroll(client: SupabaseClient, friendlyName?: string) {
  const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName });
  if (error) throw new Error(`enroll failed: ${error.message}`);
  return data;
}

/** Enrolls a factor and verifies it: the client's session is aal2 afterwards. */
async function enrollVerified(client: SupabaseClient, friendlyName?: string) {
  const factor = await enroll(client, friendlyName);
  const { error } = await client.auth.mfa.challengeAndVerify({ factorId: factor.id, code: totp(factor.totp.secret) });
  if (error) throw new Error(`verify failed: ${error.message}`);
  return factor;
}

const system = <T>(sql: string, params: unknown[]) =>
  h.local.db.asSystem(async (tx) => (await tx.query<T>(sql, params)).rows);

// ---------------------------------------------------------------------------------------------

describe('enroll', () => {
  it('answers a TOTP factor whose QR code is an SVG data URI and whose secret decodes', async () => {
    const { client, email } = await newAccount();
    const factor = await enroll(client, 'Телефон');
    expect(factor.type).toBe('totp');
    expect(factor.friendly_name).toBe('Телефон');
    expect(factor.totp.qr_code.startsWith('data:image/svg+xml;utf-8,')).toBe(true);
    const svg = factor.totp.qr_code.slice('data:image/svg+xml;utf-8,'.length);
    expect(svg).toMatch(/<svg[^>]* width="\d+" height="\d+"/);
    expect(svg.trim().endsWith('</svg>')).toBe(true);
    expect(factor.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(fromBase32(factor.totp.secret)).toHaveLength(20);

    const uri = new URL(factor.totp.uri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    const issuer = uri.searchParams.get('issuer');
    expect(issuer).toBeTruthy();
    expect(decodeURIComponent(uri.pathname)).toBe(`/${issuer}:${email}`);
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      algorithm: 'SHA1',
      digits: '6',
      issuer,
      period: '30',
      secret: factor.totp.secret,
    });

    // an unverified factor is listed among all, not among the verified TOTP factors
    const listed = await client.auth.mfa.listFactors();
    expect(listed.data?.all.map((f) => [f.id, f.status])).toEqual([[factor.id, 'unverified']]);
    expect(listed.data?.totp).toEqual([]);
  });

  it('puts the given issuer in the URI and refuses a second factor with the same friendly name', async () => {
    const { client, email } = await newAccount();
    const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'app', issuer: 'agency.test' });
    expect(error).toBeNull();
    expect(data?.totp.uri.startsWith(`otpauth://totp/agency.test:${email}?algorithm=SHA1&digits=6&issuer=agency.test&`)).toBe(true);
    const again = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'app' });
    expect(again.error?.status).toBe(422);
    expect(again.error?.code).toBe('mfa_factor_name_conflict');
  });

  it('refuses an eleventh factor with too_many_enrolled_mfa_factors', async () => {
    const { client } = await newAccount();
    for (let i = 0; i < 10; i += 1) await enroll(client, `factor ${i}`);
    const { error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'one too many' });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('too_many_enrolled_mfa_factors');
    expect(error?.message).toBe('Maximum number of verified factors reached, unenroll to continue');
  });
});

describe('challenge and verify', () => {
  it('upgrades the session to aal2 with a new token pair, as GoTrue writes it', async () => {
    const { client, id: userId } = await newAccount();
    const before = await client.auth.getSession();
    const sessionId = claimsOf(before.data.session!.access_token).session_id;
    const oldRefresh = before.data.session!.refresh_token;
    const factor = await enroll(client, 'phone');

    const challenge = await client.auth.mfa.challenge({ factorId: factor.id });
    expect(challenge.error).toBeNull();
    expect(challenge.data?.type).toBe('totp');
    const now = Math.floor(Date.now() / 1000);
    expect(challenge.data!.expires_at).toBeGreaterThanOrEqual(now + 298);
    expect(challenge.data!.expires_at).toBeLessThanOrEqual(now + 301);

    const verified = await client.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code: totp(factor.totp.secret) });
    expect(verified.error).toBeNull();
    const session = verified.data!;
    expect(session.token_type).toBe('bearer');
    expect(session.refresh_token).not.toBe(oldRefresh);
    expect(session.user.factors?.map((f) => [f.id, f.status, f.factor_type])).toEqual([[factor.id, 'verified', 'totp']]);

    const claims = claimsOf(session.access_token);
    expect(claims.aal).toBe('aal2');
    expect(claims.session_id).toBe(sessionId);
    expect(claims.amr.map((e: { method: string }) => e.method)).toEqual(['totp', 'password']);

    const aal = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data?.currentLevel).toBe('aal2');
    expect(aal.data?.nextLevel).toBe('aal2');
    expect((await client.auth.mfa.listFactors()).data?.totp.map((f) => f.id)).toEqual([factor.id]);

    // the rows, as GoTrue leaves them
    const [row] = await system<Record<string, unknown>>(
      `select factor_type::text, status::text, secret, friendly_name, last_challenged_at is not null as challenged,
              updated_at >= created_at as touched
         from auth.mfa_factors where id = $1 and user_id = $2`,
      [factor.id, userId],
    );
    expect(row).toEqual({ factor_type: 'totp', status: 'verified', secret: factor.totp.secret, friendly_name: 'phone', challenged: true, touched: true });
    const challenges = await system<Record<string, unknown>>(
      `select id, verified_at is not null as verified, family(ip_address) as family from auth.mfa_challenges where factor_id = $1`,
      [factor.id],
    );
    expect(challenges).toEqual([{ id: challenge.data!.id, verified: true, family: 4 }]);
    const [row2] = await system<Record<string, unknown>>(`select aal::text, factor_id from auth.sessions where id = $1`, [sessionId]);
    expect(row2).toEqual({ aal: 'aal2', factor_id: factor.id });
    const amr = await system<{ authentication_method: string }>(
      `select authentication_method from auth.mfa_amr_claims where session_id = $1 order by authentication_method`,
      [sessionId],
    );
    expect(amr.map((r) => r.authentication_method)).toEqual(['password', 'totp']);
    const tokens = await system<{ token: string; revoked: boolean; parent: string | null }>(
      `select token, revoked, parent from auth.refresh_tokens where session_id = $1 order by id`,
      [sessionId],
    );
    expect(tokens).toEqual([
      { token: oldRefresh, revoked: true, parent: null },
      { token: session.refresh_token, revoked: false, parent: oldRefresh },
    ]);
  });

  it('refuses a wrong code with mfa_verification_failed and keeps the challenge usable', async () => {
    const { client } = await newAccount();
    const factor = await enroll(client);
    const challenge = await client.auth.mfa.challenge({ factorId: factor.id });
    const wrong = await client.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code: wrongCode(factor.totp.secret) });
    expect(wrong.error?.status).toBe(422);
    expect(wrong.error?.code).toBe('mfa_verification_failed');
    expect(wrong.error?.message).toBe('Invalid TOTP code entered');
    expect(claimsOf(await accessToken(client)).aal).toBe('aal1');

    const right = await client.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code: totp(factor.totp.secret) });
    expect(right.error).toBeNull();
  });

  it('refuses a challenge used twice; a fresh challenge takes the same code, as GoTrue keeps no used codes', async () => {
    const { client } = await newAccount();
    const factor = await enroll(client);
    const code = totp(factor.totp.secret);
    const challenge = await client.auth.mfa.challenge({ factorId: factor.id });
    expect((await client.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code })).error).toBeNull();

    const reused = await client.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code });
    expect(reused.error?.status).toBe(422);
    expect(reused.error?.code).toBe('mfa_ip_address_mismatch');

    const fresh = await client.auth.mfa.challengeAndVerify({ factorId: factor.id, code: totp(factor.totp.secret) });
    expect(fresh.error).toBeNull();
  });

  it('refuses an expired challenge with mfa_challenge_expired and deletes it', async () => {
    const { client } = await newAccount();
    const factor = await enroll(client);
    const challenge = await client.auth.mfa.challenge({ factorId: factor.id });
    await system(`update auth.mfa_challenges set created_at = now() - interval '301 seconds' where id = $1`, [challenge.data!.id]);
    const late = await client.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code: totp(factor.totp.secret) });
    expect(late.error?.status).toBe(422);
    expect(late.error?.code).toBe('mfa_challenge_expired');
    expect(late.error?.message).toBe(
      `MFA challenge ${challenge.data!.id} has expired, verify against another challenge or create a new challenge.`,
    );
    expect(await system(`select 1 from auth.mfa_challenges where id = $1`, [challenge.data!.id])).toEqual([]);
  });

  it('refuses a challenge verified from another client address, and an unknown challenge', async () => {
    const { client } = await newAccount();
    const factor = await enroll(client);
    const challenge = await client.auth.mfa.challenge({ factorId: factor.id });
    const { data } = await client.auth.getSession();
    const elsewhere = h.newClient(); // another visitor address
    await elsewhere.auth.setSession({ access_token: data.session!.access_token, refresh_token: data.session!.refresh_token });
    const moved = await elsewhere.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code: totp(factor.totp.secret) });
    expect(moved.error?.code).toBe('mfa_ip_address_mismatch');

    const unknown = await client.auth.mfa.verify({ factorId: factor.id, challengeId: randomUUID(), code: totp(factor.totp.secret) });
    expect(unknown.error?.status).toBe(422);
    expect(unknown.error?.code).toBe('mfa_factor_not_found');
  });
});

describe('assurance levels', () => {
  it('an aal1 session of a user with a verified factor has nextLevel aal2 and may not unenroll until it verifies', async () => {
    const { client, email } = await newAccount();
    const factor = await enrollVerified(client, 'main');

    const second = await signIn(email);
    const aal = await second.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data?.currentLevel).toBe('aal1');
    expect(aal.data?.nextLevel).toBe('aal2');
    expect(claimsOf(await accessToken(second)).amr.map((e: { method: string }) => e.method)).toEqual(['password']);

    const refused = await second.auth.mfa.unenroll({ factorId: factor.id });
    expect(refused.error?.status).toBe(422);
    expect(refused.error?.code).toBe('insufficient_aal');
    const noNew = await second.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'another' });
    expect(noNew.error?.status).toBe(403);
    expect(noNew.error?.code).toBe('insufficient_aal');

    expect((await second.auth.mfa.challengeAndVerify({ factorId: factor.id, code: totp(factor.totp.secret) })).error).toBeNull();
    const unenrolled = await second.auth.mfa.unenroll({ factorId: factor.id });
    expect(unenrolled.error).toBeNull();
    expect(unenrolled.data?.id).toBe(factor.id);
    expect((await second.auth.mfa.listFactors()).data?.all).toEqual([]);

    // the session drops back to aal1 on its next token
    const refreshed = await second.auth.refreshSession();
    const claims = claimsOf(refreshed.data.session!.access_token);
    expect(claims.aal).toBe('aal1');
    expect(claims.amr.map((e: { method: string }) => e.method)).toEqual(['password']);
  });

  it('refreshing an aal2 session keeps aal2 and the totp claim', async () => {
    const { client } = await newAccount();
    await enrollVerified(client);
    const { data, error } = await client.auth.refreshSession();
    expect(error).toBeNull();
    const claims = claimsOf(data.session!.access_token);
    expect(claims.aal).toBe('aal2');
    expect(claims.amr.map((e: { method: string }) => e.method)).toContain('totp');
    expect((await client.auth.mfa.getAuthenticatorAssuranceLevel()).data?.currentLevel).toBe('aal2');
  });

  it('an unverified factor can be unenrolled at aal1', async () => {
    const { client } = await newAccount();
    const factor = await enroll(client);
    const { data, error } = await client.auth.mfa.unenroll({ factorId: factor.id });
    expect(error).toBeNull();
    expect(data?.id).toBe(factor.id);
    expect(await system(`select 1 from auth.mfa_factors where id = $1`, [factor.id])).toEqual([]);
  });
});

describe('/user and the admin API', () => {
  it('GET /user lists the factors without their secrets', async () => {
    const { client } = await newAccount();
    const factor = await enrollVerified(client, 'laptop');
    const { data } = await client.auth.getUser();
    expect(data.user?.factors).toHaveLength(1);
    const listed = data.user!.factors![0] as unknown as Record<string, unknown>;
    expect(listed).toMatchObject({ id: factor.id, friendly_name: 'laptop', factor_type: 'totp', status: 'verified', phone: '' });
    expect(typeof listed.last_challenged_at).toBe('string');
    expect(JSON.stringify(listed)).not.toContain(factor.totp.secret);
  });

  it('the service role lists and deletes a factor, and the sessions that used it drop to aal1', async () => {
    const { client, id: userId } = await newAccount();
    const factor = await enrollVerified(client);
    const sessionId = claimsOf(await accessToken(client)).session_id;

    const listed = await h.service.auth.admin.mfa.listFactors({ userId });
    expect(listed.data?.factors.map((f) => f.id)).toEqual([factor.id]);
    const deleted = await h.service.auth.admin.mfa.deleteFactor({ userId, id: factor.id });
    expect(deleted.error).toBeNull();
    // supabase-js hands back the response body wrapped once more ({ data: factor, error: null })
    const body = (deleted.data as unknown as { data: Record<string, unknown> }).data;
    expect(body).toMatchObject({ id: factor.id, factor_type: 'totp', status: 'verified' });
    expect(body).not.toHaveProperty('secret');
    expect(await system(`select 1 from auth.mfa_factors where id = $1`, [factor.id])).toEqual([]);
    const [session] = await system<Record<string, unknown>>(`select aal::text, factor_id from auth.sessions where id = $1`, [sessionId]);
    expect(session).toEqual({ aal: 'aal1', factor_id: null });

    const again = await h.service.auth.admin.mfa.deleteFactor({ userId, id: factor.id });
    expect(again.error?.status).toBe(404);
    expect(again.error?.code).toBe('mfa_factor_not_found');
    // a signed-in user is no service role
    const notAdmin = await client.auth.admin.mfa.listFactors({ userId });
    expect(notAdmin.error?.status).toBe(403);
  });
});

describe('TOTP and the schema', () => {
  it("the stand-in's codes are RFC 6238's (SHA-1 test vectors) and one step of skew is accepted", () => {
    const secret = base32Encode(Buffer.from('12345678901234567890'));
    // RFC 6238 appendix B, last six of the eight digits
    const vectors: [number, string][] = [
      [59, '287082'],
      [1_111_111_109, '081804'],
      [1_234_567_890, '005924'],
      [2_000_000_000, '279037'],
    ];
    for (const [seconds, code] of vectors) {
      expect(totpCode(secret, seconds * 1000)).toBe(code);
      expect(totp(secret, seconds * 1000)).toBe(code);
    }
    const at = 1_234_567_890_000;
    expect(validateTotp(secret, totpCode(secret, at - 30_000), at)).toBe(true);
    expect(validateTotp(secret, totpCode(secret, at + 30_000), at)).toBe(true);
    expect(validateTotp(secret, totpCode(secret, at - 60_000), at)).toBe(false);
    expect(validateTotp(secret, totpCode(secret, at + 60_000), at)).toBe(false);
    expect(validateTotp(secret, `0${totpCode(secret, at)}`, at)).toBe(false);
  });

  it('the MFA section of platform.sql runs again on a database that has it, keeping its rows', async () => {
    const { client } = await newAccount();
    const factor = await enroll(client, 'kept');
    await h.local.db.asSystem((tx) => tx.exec(mfaSchemaSql()));
    expect(await system(`select friendly_name from auth.mfa_factors where id = $1`, [factor.id])).toEqual([{ friendly_name: 'kept' }]);
  });

  it('a database made before MFA existed gets the tables and the sessions.aal column once', async () => {
    const rolledBack = new Error('roll back');
    let seen: unknown[] = [];
    // in a transaction that is rolled back, so the shared database keeps its tables
    await h.local.db
      .asSystem(async (tx) => {
        await tx.exec('drop table auth.mfa_amr_claims, auth.mfa_challenges, auth.mfa_factors');
        await tx.exec('alter table auth.sessions drop column aal');
        // cascade: the shared test database keeps copies of rows whose columns use these types
        await tx.exec('drop type auth.aal_level, auth.factor_status, auth.factor_type cascade');
        const first = await upgradeMfaSchema(tx);
        const second = await upgradeMfaSchema(tx);
        const { rows } = await tx.query<{ n: number }>(
          `select count(*)::int as n from information_schema.tables
            where table_schema = 'auth' and table_name in ('mfa_factors', 'mfa_challenges', 'mfa_amr_claims')`,
        );
        const { rows: aal } = await tx.query<{ udt_name: string }>(
          `select udt_name from information_schema.columns where table_schema = 'auth' and table_name = 'sessions' and column_name = 'aal'`,
        );
        seen = [first, second, rows[0].n, aal[0]?.udt_name];
        throw rolledBack;
      })
      .catch((error) => {
        if (error !== rolledBack) throw new Error(`${(error as Error).message}: ${(error as { detail?: string }).detail}`);
      });
    expect(seen).toEqual([true, false, 3, 'aal_level']);
    // nothing of that stayed: the tables are still the ones with rows in them
    expect(await h.local.db.asSystem((tx) => upgradeMfaSchema(tx))).toBe(false);
    expect((await system<{ n: number }>(`select count(*)::int as n from auth.mfa_factors`, []))[0].n).toBeGreaterThan(0);
  });
});
