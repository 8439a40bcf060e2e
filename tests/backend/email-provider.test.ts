// config.toml's [auth.email] enable_signup is, to the Supabase CLI, the e-mail provider itself:
// `config push` sends it as GoTrue's EXTERNAL_EMAIL_ENABLED. Off, hosted refuses every e-mail and
// password sign-in, so the stand-in does too, and says so in /auth/v1/settings; the repository's
// own config.toml keeps it on and closes sign-ups with [auth] enable_signup alone.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readProjectConfig } from '../../supabase/local/config.ts';
import { LOCAL_ANON_KEY } from '../../supabase/local/keys.ts';
import { startHarness, type Harness } from './harness.ts';

const configOf = (toml: string) => {
  const file = join(mkdtempSync(join(tmpdir(), 'config-')), 'config.toml');
  writeFileSync(file, toml);
  return readProjectConfig(file);
};

describe('[auth.email] enable_signup', () => {
  it('is the e-mail provider; [auth] enable_signup alone closes sign-ups', () => {
    expect(configOf('[auth]\nenable_signup = false\n[auth.email]\nenable_signup = true\n')).toMatchObject({ enableSignup: false, emailProvider: true });
    expect(configOf('[auth]\nenable_signup = true\n[auth.email]\nenable_signup = false\n')).toMatchObject({ enableSignup: false, emailProvider: false });
    expect(readProjectConfig()).toMatchObject({ enableSignup: false, emailProvider: true, enableConfirmations: true });
  });
});

describe('a stand-in whose e-mail provider is off', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ auth: { emailProvider: false } });
  });
  afterAll(() => h.close());

  it('refuses the password sign-in as hosted does, and its settings say so', async () => {
    const { error } = await h.newClient().auth.signInWithPassword({ email: 'admin@example.com', password: 'admin-local-password' });
    expect(error).toMatchObject({ status: 422, code: 'email_provider_disabled', message: 'Email logins are disabled' });
    const settings = await (await fetch(`${h.url}/auth/v1/settings`, { headers: { apikey: LOCAL_ANON_KEY } })).json();
    expect(settings.external.email).toBe(false);
  });
});
