// Invitations and password resets through the real supabase-js, as hosted GoTrue has them:
// auth.admin.inviteUserByEmail and auth.resetPasswordForEmail send an e-mail (caught by the
// stand-in's mail catcher), auth.verifyOtp({ token_hash, type }) with the link's token signs the
// person in once, and auth.updateUser({ password, data }) sets what they choose. The tokens are
// checked against GoTrue's own scheme here (sha224 of address and code), not the server's copy.
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import './node-websocket.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmationUrl, mailerSettings, renderTemplate } from '../../supabase/local/auth/mailer.ts';
import { readProjectConfig } from '../../supabase/local/config.ts';
import type { CaughtMail } from '../../supabase/local/mail.ts';
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from '../../supabase/local/keys.ts';
import { startHarness, type Harness } from './harness.ts';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
  // GoTrue's own default e-mails, whatever this project's config.toml sets (its templates have
  // tests of their own below: 'the project's own e-mails')
  h.local.context.auth.mailer = { templates: {} };
});

afterAll(async () => {
  await h?.close();
});

const SITE = 'http://localhost:5173';
const address = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.test`;
const sha224 = (text: string) => createHash('sha224').update(text).digest('hex');

/** The one e-mail caught for this address (fails when there is none, or more than one). */
function onlyMail(email: string): CaughtMail {
  const mails = h.local.mail.messages(email);
  expect(mails, `mail to ${email}`).toHaveLength(1);
  return mails[0];
}

/** The link, code and token hash of an e-mail with GoTrue's default body. */
function linkOf(mail: CaughtMail): { link: URL; code: string; tokenHash: string } {
  const href = /<a href="([^"]+)">/.exec(mail.html)?.[1];
  if (!href) throw new Error(`no link in ${mail.html}`);
  const link = new URL(href.replace(/&amp;/g, '&'));
  const code = /enter the code: (\d{6})</.exec(mail.html)?.[1] ?? '';
  return { link, code, tokenHash: link.searchParams.get('token') ?? '' };
}

async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return h.local.db.asSystem(async (tx) => (await tx.query<T & Record<string, unknown>>(text, params)).rows as T[]);
}

/** A confirmed account with a password, made through the admin API. */
async function confirmedAccount(email: string, password: string): Promise<string> {
  const { data, error } = await h.service.auth.admin.createUser({ email, password, email_confirm: true });
  if (error || !data.user) throw new Error(`createUser: ${error?.message}`);
  return data.user.id;
}

describe('POST /invite (auth.admin.inviteUserByEmail)', () => {
  it('creates an unconfirmed account and e-mails a link; its token_hash signs the person in and confirms the address; the chosen password then signs in', async () => {
    const email = address('invited');
    const invited = await h.service.auth.admin.inviteUserByEmail(email, {
      data: { full_name: 'Мария Иванова' },
      redirectTo: `${SITE}/admin/welcome`,
    });
    expect(invited.error).toBeNull();
    const user = invited.data.user!;
    expect(user).toMatchObject({ email, user_metadata: { full_name: 'Мария Иванова' }, app_metadata: { provider: 'email', providers: ['email'] } });
    expect(user.invited_at).toBeTruthy();
    expect(user.confirmation_sent_at).toBeTruthy();
    expect(user.email_confirmed_at).toBeUndefined();

    const mail = onlyMail(email);
    expect(mail.subject).toBe('You have been invited');
    expect(mail.html).toContain(`You have been invited to create a user on ${SITE}.`);
    const { link, code, tokenHash } = linkOf(mail);
    expect(`${link.origin}${link.pathname}`).toBe(`${h.url}/auth/v1/verify`);
    expect(link.searchParams.get('type')).toBe('invite');
    expect(link.searchParams.get('redirect_to')).toBe(`${SITE}/admin/welcome`);
    // GoTrue's scheme: the link holds sha224(email + code), and only that is stored
    expect(tokenHash).toBe(sha224(email + code));
    const [row] = await sql<{ confirmation_token: string; encrypted_password: string }>(
      'select confirmation_token, encrypted_password from auth.users where id = $1',
      [user.id],
    );
    expect(row).toEqual({ confirmation_token: tokenHash, encrypted_password: '' });

    const person = h.newClient();
    const verified = await person.auth.verifyOtp({ token_hash: tokenHash, type: 'invite' });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.access_token).toBeTruthy();
    expect(verified.data.user?.email_confirmed_at).toBeTruthy();
    expect(verified.data.user?.identities?.[0]?.identity_data?.email_verified).toBe(true);

    const updated = await person.auth.updateUser({ password: 'invited-chosen-password' });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.id).toBe(user.id);

    const again = h.newClient();
    const signedIn = await again.auth.signInWithPassword({ email, password: 'invited-chosen-password' });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.user?.id).toBe(user.id);
  });

  it('a used link is refused with otp_expired, and so is an unknown one', async () => {
    const email = address('used-invite');
    expect((await h.service.auth.admin.inviteUserByEmail(email)).error).toBeNull();
    const { tokenHash } = linkOf(onlyMail(email));
    expect((await h.newClient().auth.verifyOtp({ token_hash: tokenHash, type: 'invite' })).error).toBeNull();

    const reused = await h.newClient().auth.verifyOtp({ token_hash: tokenHash, type: 'invite' });
    expect(reused.error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Email link is invalid or has expired' });
    const unknown = await h.newClient().auth.verifyOtp({ token_hash: sha224(`${email}000000`), type: 'invite' });
    expect(unknown.error).toMatchObject({ status: 403, code: 'otp_expired' });
  });

  it('a link older than GoTrue\'s default OTP expiry (a day) is refused; one just younger works', async () => {
    expect(mailerSettings(h.local.context).otpExpiry).toBe(86_400);
    const email = address('old-invite');
    const invited = await h.service.auth.admin.inviteUserByEmail(email);
    const { tokenHash } = linkOf(onlyMail(email));
    await sql(`update auth.users set confirmation_sent_at = now() - interval '86405 seconds' where id = $1`, [invited.data.user!.id]);
    const expired = await h.newClient().auth.verifyOtp({ token_hash: tokenHash, type: 'invite' });
    expect(expired.error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Email link is invalid or has expired' });

    await sql(`update auth.users set confirmation_sent_at = now() - interval '86300 seconds' where id = $1`, [invited.data.user!.id]);
    expect((await h.newClient().auth.verifyOtp({ token_hash: tokenHash, type: 'invite' })).error).toBeNull();
  });

  it('the link opened from the e-mail redirects with the session in the fragment; opened again, with the error fragment', async () => {
    const email = address('clicked-invite');
    await h.service.auth.admin.inviteUserByEmail(email, { redirectTo: `${SITE}/admin/welcome` });
    const { link } = linkOf(onlyMail(email));

    const first = await fetch(link, { redirect: 'manual' });
    expect(first.status).toBe(303);
    const location = new URL(first.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(`${SITE}/admin/welcome`);
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('type')).toBe('invite');
    expect(fragment.get('token_type')).toBe('bearer');
    const { data } = await h.newClient().auth.getUser(fragment.get('access_token')!);
    expect(data.user?.email).toBe(email);

    const second = await fetch(link, { redirect: 'manual' });
    expect(second.status).toBe(303);
    const failed = new URL(second.headers.get('location')!);
    expect(Object.fromEntries(new URLSearchParams(failed.hash.slice(1)))).toEqual({
      error: 'access_denied',
      error_code: 'otp_expired',
      error_description: 'Email link is invalid or has expired',
    });
  });

  it('inviting an address again while unconfirmed sends a new link and the old one stops working; the metadata stays', async () => {
    const email = address('reinvited');
    const first = await h.service.auth.admin.inviteUserByEmail(email, { data: { full_name: 'Първо' } });
    const oldHash = linkOf(onlyMail(email)).tokenHash;
    h.local.mail.clear();
    const second = await h.service.auth.admin.inviteUserByEmail(email, { data: { full_name: 'Второ' } });
    expect(second.error).toBeNull();
    expect(second.data.user?.id).toBe(first.data.user?.id);
    expect(second.data.user?.user_metadata).toEqual({ full_name: 'Първо' });
    const newHash = linkOf(onlyMail(email)).tokenHash;
    expect(newHash).not.toBe(oldHash);

    expect((await h.newClient().auth.verifyOtp({ token_hash: oldHash, type: 'invite' })).error).toMatchObject({ code: 'otp_expired' });
    expect((await h.newClient().auth.verifyOtp({ token_hash: newHash, type: 'invite' })).error).toBeNull();
    expect(await sql('select id from auth.users where email = $1', [email])).toHaveLength(1);
  });

  it('an address with a confirmed account is refused with GoTrue\'s 422 email_exists, and no e-mail goes out', async () => {
    const result = await h.service.auth.admin.inviteUserByEmail('admin@example.com');
    expect(result.error).toMatchObject({
      status: 422,
      code: 'email_exists',
      message: 'A user with this email address has already been registered',
    });
    expect(h.local.mail.messages('admin@example.com')).toHaveLength(0);
  });

  it('only the service role may invite: the anon key and a signed-in user get 403 not_admin, and nothing is created', async () => {
    const email = address('not-invited');
    const anon = await h.newClient().auth.admin.inviteUserByEmail(email);
    expect(anon.error).toMatchObject({ status: 403, code: 'not_admin' });
    const user = await h.as({ sub: randomUUID(), email: 'someone@example.test' }).auth.admin.inviteUserByEmail(email);
    expect(user.error).toMatchObject({ status: 403, code: 'not_admin' });
    expect(await sql('select id from auth.users where email = $1', [email])).toHaveLength(0);
    expect(h.local.mail.messages(email)).toHaveLength(0);
  });

  it('an invalid address is refused as GoTrue refuses it', async () => {
    const res = await fetch(`${h.url}/auth/v1/invite`, {
      method: 'POST',
      headers: { apikey: LOCAL_ANON_KEY, authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: '' }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'validation_failed', msg: 'An email address is required' });
  });
});

describe('POST /recover (auth.resetPasswordForEmail)', () => {
  it('answers the same for a known and an unknown address; only the known one gets an e-mail', async () => {
    const known = address('known');
    const unknown = address('unknown');
    await confirmedAccount(known, 'known-password-1');
    const a = await h.newClient().auth.resetPasswordForEmail(known, { redirectTo: `${SITE}/admin/reset` });
    const b = await h.newClient().auth.resetPasswordForEmail(unknown, { redirectTo: `${SITE}/admin/reset` });
    expect(a).toEqual({ data: {}, error: null });
    expect(b).toEqual(a);
    const mail = onlyMail(known);
    expect(mail.subject).toBe('Reset Your Password');
    expect(mail.html).toContain('Follow this link to reset the password for your user:');
    const { link } = linkOf(mail);
    expect(link.searchParams.get('type')).toBe('recovery');
    expect(link.searchParams.get('redirect_to')).toBe(`${SITE}/admin/reset`);
    expect(h.local.mail.messages(unknown)).toHaveLength(0);
  });

  it('the link signs in once; the new password must differ and be long enough; then it signs in and the old one does not', async () => {
    const email = address('forgetful');
    const id = await confirmedAccount(email, 'old-password-1');
    expect((await h.newClient().auth.resetPasswordForEmail(email)).error).toBeNull();
    const { tokenHash, code } = linkOf(onlyMail(email));
    expect(tokenHash).toBe(sha224(email + code));
    const [row] = await sql<{ recovery_token: string }>('select recovery_token from auth.users where id = $1', [id]);
    expect(row.recovery_token).toBe(tokenHash);

    const person = h.newClient();
    const verified = await person.auth.verifyOtp({ token_hash: tokenHash, type: 'recovery' });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.id).toBe(id);
    // used up at once, not only when the password changes
    const reusedAtOnce = await h.newClient().auth.verifyOtp({ token_hash: tokenHash, type: 'recovery' });
    expect(reusedAtOnce.error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Email link is invalid or has expired' });

    const same = await person.auth.updateUser({ password: 'old-password-1' });
    expect(same.error).toMatchObject({ status: 422, code: 'same_password', message: 'New password should be different from the old password.' });
    const short = await person.auth.updateUser({ password: 'short' });
    expect(short.error).toMatchObject({ status: 422, code: 'weak_password', message: 'Password should be at least 8 characters.' });
    expect((await person.auth.updateUser({ password: 'new-password-2' })).error).toBeNull();

    const reused = await h.newClient().auth.verifyOtp({ token_hash: tokenHash, type: 'recovery' });
    expect(reused.error).toMatchObject({ status: 403, code: 'otp_expired' });
    expect((await h.newClient().auth.signInWithPassword({ email, password: 'new-password-2' })).error).toBeNull();
    expect((await h.newClient().auth.signInWithPassword({ email, password: 'old-password-1' })).error).toMatchObject({ code: 'invalid_credentials' });
  });

  it('a second request within GoTrue\'s minute answers 429 over_email_send_rate_limit; after the minute, a new e-mail goes out', async () => {
    const email = address('impatient');
    const id = await confirmedAccount(email, 'impatient-password-1');
    expect((await h.newClient().auth.resetPasswordForEmail(email)).error).toBeNull();
    const again = await h.newClient().auth.resetPasswordForEmail(email);
    expect(again.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    expect(again.error?.message).toMatch(/^For security purposes, you can only request this after (59|60) seconds\.$/);
    expect(h.local.mail.messages(email)).toHaveLength(1);

    await sql(`update auth.users set recovery_sent_at = now() - interval '61 seconds' where id = $1`, [id]);
    expect((await h.newClient().auth.resetPasswordForEmail(email)).error).toBeNull();
    expect(h.local.mail.messages(email)).toHaveLength(2);
  });

  it('as in GoTrue, an account not yet confirmed (an open invitation) gets the e-mail too, and its link confirms the address', async () => {
    const email = address('invited-forgetful');
    const invited = await h.service.auth.admin.inviteUserByEmail(email);
    h.local.mail.clear();
    expect((await h.newClient().auth.resetPasswordForEmail(email)).error).toBeNull();
    const { tokenHash } = linkOf(onlyMail(email));
    const verified = await h.newClient().auth.verifyOtp({ token_hash: tokenHash, type: 'recovery' });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.id).toBe(invited.data.user?.id);
    expect(verified.data.user?.email_confirmed_at).toBeTruthy();
  });

  it('an expired recovery link is refused with otp_expired', async () => {
    const email = address('late');
    const id = await confirmedAccount(email, 'late-password-1');
    await h.newClient().auth.resetPasswordForEmail(email);
    const { tokenHash } = linkOf(onlyMail(email));
    await sql(`update auth.users set recovery_sent_at = now() - interval '86405 seconds' where id = $1`, [id]);
    const result = await h.newClient().auth.verifyOtp({ token_hash: tokenHash, type: 'recovery' });
    expect(result.error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Email link is invalid or has expired' });
  });

  it('the e-mailed code works with the address instead of the link (verifyOtp { email, token })', async () => {
    const email = address('coder');
    await confirmedAccount(email, 'coder-password-1');
    await h.newClient().auth.resetPasswordForEmail(email);
    const { code } = linkOf(onlyMail(email));
    const wrong = await h.newClient().auth.verifyOtp({ email, token: code === '000000' ? '000001' : '000000', type: 'recovery' });
    expect(wrong.error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Token has expired or is invalid' });
    const right = await h.newClient().auth.verifyOtp({ email, token: code, type: 'recovery' });
    expect(right.error).toBeNull();
    expect(right.data.user?.email).toBe(email);
  });
});

describe('PUT /user (auth.updateUser)', () => {
  it('merges data into user_metadata (a null removes a key), refuses app_metadata, and ends the other sessions on a new password', async () => {
    const email = address('updater');
    const id = await confirmedAccount(email, 'updater-password-1');
    const other = h.newClient();
    expect((await other.auth.signInWithPassword({ email, password: 'updater-password-1' })).error).toBeNull();
    const me = h.newClient();
    expect((await me.auth.signInWithPassword({ email, password: 'updater-password-1' })).error).toBeNull();

    expect((await me.auth.updateUser({ data: { full_name: 'Петър', city: 'Пловдив' } })).error).toBeNull();
    const merged = await me.auth.updateUser({ data: { city: null, role_hint: 'editor' } });
    expect(merged.error).toBeNull();
    expect(merged.data.user?.user_metadata).toMatchObject({ full_name: 'Петър', role_hint: 'editor' });
    expect(merged.data.user?.user_metadata).not.toHaveProperty('city');

    const res = await fetch(`${h.url}/auth/v1/user`, {
      method: 'PUT',
      headers: {
        apikey: LOCAL_ANON_KEY,
        authorization: `Bearer ${(await me.auth.getSession()).data.session!.access_token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ app_metadata: { role: 'admin' } }),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'not_admin', msg: 'Updating app_metadata requires admin privileges' });

    expect((await me.auth.updateUser({ password: 'updater-password-2' })).error).toBeNull();
    const sessions = await sql<{ n: number }>('select count(*)::int as n from auth.sessions where user_id = $1', [id]);
    expect(sessions[0].n).toBe(1);
    const refreshed = await other.auth.refreshSession();
    expect(refreshed.error).not.toBeNull();
    expect((await me.auth.getUser()).error).toBeNull();
  });

  it('with a verified second factor, a new password needs an aal2 session (401 insufficient_aal)', async () => {
    const email = address('two-factor');
    const id = await confirmedAccount(email, 'two-factor-password-1');
    await sql(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
       values (gen_random_uuid(), $1, 'phone app', 'totp', 'verified', now(), now(), 'JBSWY3DPEHPK3PXP')`,
      [id],
    );
    const me = h.newClient();
    expect((await me.auth.signInWithPassword({ email, password: 'two-factor-password-1' })).error).toBeNull();
    const result = await me.auth.updateUser({ password: 'two-factor-password-2' });
    expect(result.error).toMatchObject({
      status: 401,
      code: 'insufficient_aal',
      message: 'AAL2 session is required to update email or password when MFA is enabled.',
    });
    // metadata alone needs no second factor
    expect((await me.auth.updateUser({ data: { theme: 'dark' } })).error).toBeNull();
  });

  it('without a token it is refused (401 no_authorization)', async () => {
    const res = await fetch(`${h.url}/auth/v1/user`, {
      method: 'PUT',
      headers: { apikey: LOCAL_ANON_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ password: 'whatever-password' }),
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'no_authorization' });
  });
});

describe('the e-mails\' templates', () => {
  it('renders Go-template fields as html/template does: escaped, a missing one empty, trim markers honoured', () => {
    const out = renderTemplate('<p>{{ .Email }}|{{.Data.name}}|{{ .Data.missing }}|{{ .Nope }}</p>  {{- .Token -}}  !', {
      Email: 'a+b@example.test',
      Token: '123456',
      Data: { name: 'Иван <Петров> & "Син"' },
    });
    expect(out).toBe('<p>a&#43;b@example.test|Иван &lt;Петров&gt; &amp; &#34;Син&#34;||</p>123456!');
  });

  it('builds the link as GoTrue does: redirect_to query-escaped only when it holds &, = or #', () => {
    const base = { externalUrl: 'http://127.0.0.1:54321/auth/v1', tokenHash: 'abc', type: 'invite' as const };
    expect(confirmationUrl({ ...base, redirectTo: 'http://localhost:5173/x' })).toBe(
      'http://127.0.0.1:54321/auth/v1/verify?token=abc&type=invite&redirect_to=http://localhost:5173/x',
    );
    expect(confirmationUrl({ ...base, redirectTo: 'http://localhost:5173/x?a=1&b=2' })).toBe(
      'http://127.0.0.1:54321/auth/v1/verify?token=abc&type=invite&redirect_to=http%3A%2F%2Flocalhost%3A5173%2Fx%3Fa%3D1%26b%3D2',
    );
  });

  it('a config.toml template (subject, content_path) and otp_expiry are read as the CLI reads them and used for the invitation', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'auth-templates-'));
    const saved = h.local.context.auth.mailer;
    try {
      mkdirSync(join(dir, 'supabase', 'templates'), { recursive: true });
      writeFileSync(
        join(dir, 'supabase', 'templates', 'invite.html'),
        '<h1>Здравей, {{ .Data.full_name }}</h1><a href="{{ .ConfirmationURL }}">Приеми</a> {{ .Token }} {{ .TokenHash }} {{ .SiteURL }} {{ .RedirectTo }} {{ .Email }}',
      );
      writeFileSync(
        join(dir, 'supabase', 'config.toml'),
        [
          '[auth]',
          'site_url = "http://localhost:5173"',
          '[auth.email]',
          'otp_expiry = 600',
          'max_frequency = "5s"',
          '[auth.email.template.invite]',
          'subject = "Покана за {{ .Email }}"',
          'content_path = "./supabase/templates/invite.html"',
        ].join('\n'),
      );
      const config = readProjectConfig(join(dir, 'supabase', 'config.toml'));
      expect(config.authEmail).toEqual({
        otpExpiry: 600,
        maxFrequency: 5,
        templates: { invite: { subject: 'Покана за {{ .Email }}', contentPath: join(dir, 'supabase', 'templates', 'invite.html') } },
      });
      // the stand-in's own settings, as startLocalSupabase({ auth: { mailer } }) would give them
      h.local.context.auth.mailer = { otpExpiry: config.authEmail.otpExpiry, templates: config.authEmail.templates };

      const email = address('templated');
      const invited = await h.service.auth.admin.inviteUserByEmail(email, { data: { full_name: 'Иван <И.>' }, redirectTo: `${SITE}/admin` });
      const mail = onlyMail(email);
      expect(mail.subject).toBe(`Покана за ${email}`);
      const code = /<\/a> (\d{6}) /.exec(mail.html)?.[1] ?? '';
      const hash = sha224(email + code);
      const url = `${h.url}/auth/v1/verify?token=${hash}&amp;type=invite&amp;redirect_to=${SITE}/admin`;
      expect(mail.html).toBe(`<h1>Здравей, Иван &lt;И.&gt;</h1><a href="${url}">Приеми</a> ${code} ${hash} ${SITE} ${SITE}/admin ${email}`);

      // otp_expiry = 600: ten minutes and a second is too late
      await sql(`update auth.users set confirmation_sent_at = now() - interval '601 seconds' where id = $1`, [invited.data.user!.id]);
      expect((await h.newClient().auth.verifyOtp({ token_hash: hash, type: 'invite' })).error).toMatchObject({ code: 'otp_expired' });
    } finally {
      h.local.context.auth.mailer = saved;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the project's own e-mails (supabase/templates, set in config.toml)", () => {
  it("invite and recovery link to the admin app's pages with the token hash, in Bulgarian; the hash signs in once", async () => {
    const saved = h.local.context.auth.mailer;
    h.local.context.auth.mailer = undefined;
    try {
      const invitedEmail = address('pokana');
      expect((await h.service.auth.admin.inviteUserByEmail(invitedEmail)).error).toBeNull();
      const invite = onlyMail(invitedEmail);
      expect(invite.subject).toBe('Покана за администрацията');
      const inviteHref = /href="([^"]+)"/.exec(invite.html)![1].replace(/&amp;/g, '&');
      const inviteLink = new URL(inviteHref);
      expect(`${inviteLink.origin}${inviteLink.pathname}`).toBe(`${SITE}/login/pokana`);
      expect(inviteLink.searchParams.get('type')).toBe('invite');
      const inviteHash = inviteLink.searchParams.get('token_hash')!;
      expect(inviteHash).toMatch(/^[0-9a-f]{56}$/);
      expect((await h.newClient().auth.verifyOtp({ token_hash: inviteHash, type: 'invite' })).error).toBeNull();
      expect((await h.newClient().auth.verifyOtp({ token_hash: inviteHash, type: 'invite' })).error).toMatchObject({ code: 'otp_expired' });

      const known = address('parola');
      await confirmedAccount(known, 'known-password-1');
      expect((await h.newClient().auth.resetPasswordForEmail(known)).error).toBeNull();
      const recovery = onlyMail(known);
      expect(recovery.subject).toBe('Нова парола за администрацията');
      const recoveryLink = new URL(/href="([^"]+)"/.exec(recovery.html)![1].replace(/&amp;/g, '&'));
      expect(`${recoveryLink.origin}${recoveryLink.pathname}`).toBe(`${SITE}/login/nova-parola`);
      expect(recoveryLink.searchParams.get('type')).toBe('recovery');
      expect((await h.newClient().auth.verifyOtp({ token_hash: recoveryLink.searchParams.get('token_hash')!, type: 'recovery' })).error).toBeNull();
    } finally {
      h.local.context.auth.mailer = saved;
    }
  });
});
