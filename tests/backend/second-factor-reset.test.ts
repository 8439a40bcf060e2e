// An administrator resets a colleague's two-factor authentication (supabase/migrations/
// 20261129000300_second_factor_reset.sql), through the real supabase-js against the stand-in's
// GoTrue: who has a factor, who may reset one, and what the reset ends.
import './node-websocket.ts';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../supabase/local/auth/totp.ts';
import { HOSTED_SIGNUPS, startHarness, type Harness } from './harness.ts';

const ADMIN = { id: 'a0000000-0000-4000-8000-000000000001', email: 'admin@example.com', password: 'admin-local-password' };

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ auth: HOSTED_SIGNUPS });
});
afterAll(async () => {
  await h?.close();
});

async function signIn(email: string, password: string): Promise<SupabaseClient> {
  const client = h.newClient();
  const { error } = await client.auth.signInWithPassword({ email, password });
  expect(error).toBeNull();
  return client;
}

/** A colleague (a blog user with a sign-in account) who turns on a TOTP factor: their aal2 client and the factor's secret. */
async function colleagueWithFactor(name: string, role: 'admin' | 'consultant' | 'author' = 'admin') {
  const email = `${name}@example.com`;
  const password = `${name}-parola-2026`;
  const row = await h.service.from('blog_users').insert({ username: name, email, password, full_name: name, is_active: true, role }).select('id').single();
  expect(row.error).toBeNull();
  const client = await signIn(email, password);
  const enrolled = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Телефон' });
  expect(enrolled.error).toBeNull();
  const verified = await client.auth.mfa.challengeAndVerify({ factorId: enrolled.data!.id, code: totpCode(enrolled.data!.totp.secret) });
  expect(verified.error).toBeNull();
  return { id: row.data!.id, email, password, client, secret: enrolled.data!.totp.secret };
}

describe("resetting a colleague's second factor", () => {
  it('the admin sees who has one, resets it, and the colleague signs in again with the password alone', async () => {
    const colleague = await colleagueWithFactor('kolega-fa', 'consultant');
    // the administrator works signed in with their own code (aal2)
    const admin = h.newClient();
    await h.signInWithSecondFactor(admin, ADMIN.email, ADMIN.password);
    const listed = await admin.rpc('staff_second_factors');
    expect(listed.error).toBeNull();
    expect(listed.data?.map((r: { blog_user: string }) => r.blog_user).sort()).toEqual([ADMIN.id, colleague.id].sort());

    expect((await admin.rpc('reset_second_factor', { blog_user: colleague.id })).error).toBeNull();
    expect((await admin.rpc('staff_second_factors')).data?.map((r: { blog_user: string }) => r.blog_user)).toEqual([ADMIN.id]);
    // their sessions ended: the old refresh token is refused
    expect((await colleague.client.auth.refreshSession()).error).not.toBeNull();
    // the next sign-in has no second step
    const again = await signIn(colleague.email, colleague.password);
    const level = await again.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });
    expect((await again.auth.mfa.listFactors()).data?.all).toEqual([]);
  });

  it('an admin must be signed in with the second factor; nobody resets their own here; consultants, authors and strangers are refused', async () => {
    const first = await colleagueWithFactor('parva-fa');
    const second = await colleagueWithFactor('vtora-fa');
    const listedIds = async (client: SupabaseClient) =>
      ((await client.rpc('staff_second_factors')).data ?? []).map((r: { blog_user: string }) => r.blog_user);
    // the first colleague's password alone (an aal1 session) does not remove the second's factor
    const passwordOnly = await signIn(first.email, first.password);
    const refused = await passwordOnly.rpc('reset_second_factor', { blog_user: second.id });
    expect(refused.error?.code).toBe('42501');
    expect(await listedIds(first.client)).toEqual(expect.arrayContaining([first.id, second.id]));
    // other roles may not, whatever their level
    const consultant = await colleagueWithFactor('konsultant-fa', 'consultant');
    const author = await colleagueWithFactor('avtor-fa', 'author');
    for (const other of [consultant, author]) {
      expect((await other.client.rpc('reset_second_factor', { blog_user: second.id })).error?.code).toBe('42501');
      expect((await other.client.rpc('staff_second_factors')).error?.code).toBe('42501');
    }
    // with the code (the aal2 session of the enrolment) it may; its own factor is GoTrue's unenroll
    const own = await first.client.rpc('reset_second_factor', { blog_user: first.id });
    expect(own.error).toMatchObject({ code: '22023', hint: 'own_factor' });
    expect((await first.client.rpc('reset_second_factor', { blog_user: second.id })).error).toBeNull();

    // a signed-up stranger and a visitor get nothing
    const stranger = await h.stranger('fa-stranger@example.com', { confirmed: true });
    expect((await stranger.client.rpc('staff_second_factors')).error?.code).toBe('42501');
    expect((await stranger.client.rpc('reset_second_factor', { blog_user: first.id })).error?.code).toBe('42501');
    expect((await h.anon.rpc('reset_second_factor', { blog_user: first.id })).error?.message).toMatch(/permission denied/);
    // the first colleague still has theirs; the second's is gone
    expect(await listedIds(first.client)).toContain(first.id);
    expect(await listedIds(first.client)).not.toContain(second.id);
  });
});
