// Invitations to the panel through the Edge Function staff-invitations, as the panel calls it: an
// administrator at aal2 invites an address with a role, GoTrue e-mails the project's invitation
// (caught by the stand-in), the person's link signs them in once and they set their password; a
// new link voids the old one; a withdrawn invitation leaves no person, account nor working link.
// Nobody else may invite, and bad input is refused in Bulgarian with nothing left behind.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness.ts';

let h: Harness;
let admin: SupabaseClient;
const ADMIN = { sub: 'a0000000-0000-4000-8000-000000000001', email: 'admin@example.com' };

beforeAll(async () => {
  h = await startHarness();
  admin = h.as(ADMIN);
}, 60_000);
afterAll(async () => {
  await h?.close();
});

const address = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.test`;
const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  h.local.db.asSystem(async (tx) => (await tx.query<T & Record<string, unknown>>(text, params)).rows as T[]);

/** What the function answers: its status and body (supabase-js puts a refusal's body in error.context). */
async function call(client: SupabaseClient, body: Record<string, unknown>): Promise<{ status: number; body: Record<string, unknown> }> {
  const { data, error } = await client.functions.invoke('staff-invitations', { body });
  if (!error) return { status: 200, body: data as Record<string, unknown> };
  const res = (error as { context?: Response }).context;
  if (!res) throw error;
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** The token hash of the newest invitation e-mailed to `email` (the project's template links to /login/pokana). */
function invitationLink(email: string): string {
  const mails = h.local.mail.messages(email);
  expect(mails.length, `an invitation to ${email}`).toBeGreaterThan(0);
  const html = mails[0].html; // the catcher lists the newest first
  const href = /href="([^"]*\/login\/pokana\?[^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
  expect(href, 'the link to the invitation page').toBeTruthy();
  return new URL(href!).searchParams.get('token_hash')!;
}

describe('staff-invitations', () => {
  it('an administrator invites a consultant; the link signs them in once, they set a password and are in with their role', async () => {
    const email = address('pokanena');
    const sent = await call(admin, { action: 'invite', email: email.toUpperCase(), full_name: ' Нова Колежка ', role: 'consultant' });
    expect(sent.status).toBe(200);
    const id = sent.body.blog_user as string;
    const [row] = await sql<{ email: string; role: string; full_name: string; invited: boolean; confirmed: boolean; linked: boolean }>(
      `select b.email, b.role, b.full_name, b.invited_at is not null as invited, u.email_confirmed_at is not null as confirmed, b.user_id = u.id as linked
         from public.blog_users b join auth.users u on u.id = b.user_id where b.id = $1`,
      [id],
    );
    expect(row).toEqual({ email, role: 'consultant', full_name: 'Нова Колежка', invited: true, confirmed: false, linked: true });
    // not admitted before accepting: the unconfirmed account opens nothing
    const mail = h.local.mail.messages(email);
    expect(mail).toHaveLength(1);
    expect(mail[0].subject).toMatch(/покан/i);

    const person = h.newClient();
    const accepted = await person.auth.verifyOtp({ token_hash: invitationLink(email), type: 'invite' });
    expect(accepted.error).toBeNull();
    expect((await person.auth.updateUser({ password: 'nova-parola-2026' })).error).toBeNull();
    // the invitation is no longer pending; the same link does not work twice
    expect(await sql('select invited_at from public.blog_users where id = $1', [id])).toEqual([{ invited_at: null }]);
    expect((await h.newClient().auth.verifyOtp({ token_hash: invitationLink(email), type: 'invite' })).error?.code).toBe('otp_expired');
    // the password signs in, and the account is a consultant: the team is theirs to read, the people are not theirs to change
    const again = h.newClient();
    expect((await again.auth.signInWithPassword({ email, password: 'nova-parola-2026' })).error).toBeNull();
    const me = await again.from('blog_users').select('role').eq('id', id).single();
    expect(me.data).toEqual({ role: 'consultant' });
    expect((await again.from('blog_users').update({ role: 'admin' }).eq('id', id).select('id')).data).toEqual([]);
  });

  it('a new link voids the old one; a withdrawn invitation leaves no person, account nor working link', async () => {
    const email = address('povtorna');
    const sent = await call(admin, { action: 'invite', email, full_name: '', role: 'author' });
    expect(sent.status).toBe(200);
    const id = sent.body.blog_user as string;
    const first = invitationLink(email);
    expect((await call(admin, { action: 'resend', blog_user: id })).status).toBe(200);
    expect(h.local.mail.messages(email)).toHaveLength(2);
    const second = invitationLink(email);
    expect(second).not.toBe(first);
    expect((await h.newClient().auth.verifyOtp({ token_hash: first, type: 'invite' })).error?.code).toBe('otp_expired');

    const [{ user_id: account }] = await sql<{ user_id: string }>('select user_id from public.blog_users where id = $1', [id]);
    expect((await admin.rpc('withdraw_staff_invitation', { blog_user: id })).error).toBeNull();
    expect(await sql('select id from public.blog_users where id = $1', [id])).toEqual([]);
    expect(await sql('select id from auth.users where id = $1', [account])).toEqual([]);
    expect(await sql(`select id from public.content_bin where record_id = $1`, [id])).toEqual([]);
    expect((await h.newClient().auth.verifyOtp({ token_hash: second, type: 'invite' })).error).not.toBeNull();
    // nothing left to resend or withdraw
    const gone = await call(admin, { action: 'resend', blog_user: id });
    expect(gone).toMatchObject({ status: 400, body: { message: 'Поканата вече е приета или потребителят не е поканен.' } });
  });

  it('refuses in Bulgarian an address that has an account or a person, a bad address and an unknown role, leaving nothing behind', async () => {
    const taken = await call(admin, { action: 'invite', email: 'admin@example.com', full_name: 'x', role: 'author' });
    expect(taken).toMatchObject({ status: 409, body: { message: 'Вече има потребител с имейл admin@example.com.' } });
    const stranger = address('samostoyatelen');
    await h.service.auth.admin.createUser({ email: stranger, password: 'stranger-pass-1', email_confirm: true });
    const account = await call(admin, { action: 'invite', email: stranger, full_name: 'x', role: 'author' });
    expect(account).toMatchObject({ status: 409, body: { message: `Вече има акаунт за вход с имейл ${stranger}. Поканата е за нов човек.` } });
    const bad = await call(admin, { action: 'invite', email: 'ne-e-adres', full_name: 'x', role: 'author' });
    expect(bad).toMatchObject({ status: 400, body: { message: 'Моля, въведете валиден имейл адрес.' } });
    const unknown = address('rolya');
    const role = await call(admin, { action: 'invite', email: unknown, full_name: 'x', role: 'owner' });
    expect(role).toMatchObject({ status: 400, body: { message: 'Няма такава роля. Изберете „Администратор“, „Консултант“ или „Автор“.' } });
    expect(await sql('select id from public.blog_users where email = any($1)', [[stranger, unknown, 'ne-e-adres']])).toEqual([]);
    expect(h.local.mail.messages(unknown)).toHaveLength(0);
  });

  it('nobody else invites: an administrator without the second factor, a consultant, a visitor', async () => {
    const email = address('zabraneno');
    const aal1 = h.as({ ...ADMIN, aal: 'aal1' });
    expect((await call(aal1, { action: 'invite', email, full_name: 'x', role: 'admin' })).status).toBe(403);
    const consultantEmail = address('konsultant');
    const made = await h.service.from('blog_users').insert({ username: consultantEmail.split('@')[0], email: consultantEmail, password: 'konsultant-1', role: 'consultant' }).select('id').single();
    const consultant = h.as({ sub: made.data!.id as string, email: consultantEmail });
    expect((await call(consultant, { action: 'invite', email, full_name: 'x', role: 'admin' })).status).toBe(403);
    // a visitor's key is no user's token: the gateway lets it through, the database refuses it
    expect((await call(h.anon, { action: 'invite', email, full_name: 'x', role: 'admin' })).status).toBe(401);
    expect(await sql('select id from public.blog_users where email = $1', [email])).toEqual([]);
    expect(h.local.mail.messages(email)).toHaveLength(0);
  });
});
