// `npm run doctor:hosted` (scripts/tools/doctor-hosted.ts) against the stand-in and tiny local
// sites: its checks through the API (GoTrue's settings, the client address, the Edge Functions)
// and of the site, on a project misconfigured on purpose and on one set up well; and the command
// itself (no connection string as an argument; a missing variable says what to set). The
// database's checks run against PostgreSQL 15 in rls-matrix.postgres.test.ts.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doctorHosted, PROBE_ADDRESS, report, type Finding } from '../../scripts/tools/doctor-hosted.ts';
import { LOCAL_ANON_KEY } from '../../supabase/local/keys.ts';
import { badSite, block, doctorEnv, goodSite, HEADERS, listen } from './doctor-hosted.ts';
import { startHarness, type Harness } from './harness.ts';

const FUNCTIONS = fileURLToPath(new URL('../../supabase/functions/', import.meta.url));
const WEBHOOK_SECRET = `whsec_${Buffer.from('the doctor test signs nothing').toString('base64')}`;

describe('npm run doctor:hosted against a stand-in set up wrongly', () => {
  let h: Harness;
  let site: { server: Server; url: string };
  let dir: string;
  let findings: Finding[];

  beforeAll(async () => {
    // the functions as deployed without calendar-sync
    dir = mkdtempSync(join(tmpdir(), 'doctor-functions-'));
    cpSync(FUNCTIONS, dir, { recursive: true, filter: (source) => !/[\\/]calendar-sync([\\/]|$)/.test(source) && !source.endsWith('.env') });
    site = await listen(badSite);
    h = await startHarness({
      // sign-ups open and e-mail confirmation off, as a new hosted project has the first
      auth: { enableSignup: true, enableConfirmations: false },
      // the client's own cf-connecting-ip is taken (the harness's default): a proxy that passes it through
      trustClientAddress: true,
      // no secret set: neither SITE_URL nor RESEND_WEBHOOK_SECRET
      functions: { dir, envFile: false },
    });
    findings = await doctorHosted({ supabaseUrl: h.url, anonKey: LOCAL_ANON_KEY, siteUrl: site.url });
  }, 60_000);

  afterAll(async () => {
    await h?.close();
    site?.server.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('says that sign-ups are open and e-mail confirmation is off, and how to turn them', () => {
    expect(block(findings, 'Sign-ups and e-mail confirmation (Auth)')).toBe(
      [
        '✖ Sign-ups and e-mail confirmation (Auth)',
        '    Sign-ups are open (disable_signup is false): anyone may create an account on this project.',
        '    Fix: Authentication → Sign In / Providers → switch off "Allow new users to sign up" (in supabase/config.toml: [auth] enable_signup = false, then `npx supabase config push`).',
        '    E-mail confirmation is off (mailer_autoconfirm is true): an account gets its address without proving it.',
        '    Fix: Authentication → Sign In / Providers → Email → switch on "Confirm email" (in supabase/config.toml: [auth.email] enable_confirmations = true, then `npx supabase config push`).',
      ].join('\n'),
    );
  });

  it("says that a client's own cf-connecting-ip got through instead of the gateway's", () => {
    expect(block(findings, "The visitor's address through the API (cf-connecting-ip)")).toBe(
      [
        "✖ The visitor's address through the API (cf-connecting-ip)",
        `    The database saw no client address: it asked the request for a proof of work, and the cf-connecting-ip the request sent (${PROBE_ADDRESS}) was not replaced by the gateway (or the site took many inquiries in the last minute: then run it again in a minute).`,
        '    Without cf-connecting-ip no visitor can be told from another: every form must prove work, and the per-visitor limits count nothing.',
        "    Fix: hosted Supabase sets it; behind your own proxy (self-hosting, `supabase start`) make the proxy set cf-connecting-ip to the client's address and drop any value a client sends (nginx: `proxy_set_header CF-Connecting-IP $remote_addr;`).",
      ].join('\n'),
    );
  });

  it('the probe stored nothing and counted against no limit', async () => {
    const rows = await h.local.db.asSystem(async (tx) =>
      (
        await tx.query<{ inquiries: number; clients: number; contacts: number }>(
          `select (select count(*)::int from public.contact_submissions where name = 'npm run doctor:hosted') as inquiries,
                  (select count(*)::int from private.intake_clients where created_at > now() - interval '10 minutes') as clients,
                  (select count(*)::int from public.contacts where name = 'npm run doctor:hosted') as contacts`,
        )
      ).rows[0],
    );
    expect(rows).toEqual({ inquiries: 0, clients: 0, contacts: 0 });
  });

  it('names the function that is not deployed and the secrets that are not set, each with its command', () => {
    expect(block(findings, 'Edge Functions')).toBe(
      [
        '✖ Edge Functions',
        '    newsletter-unsubscribe has no secret SITE_URL: an unsubscribe link opened in a browser leads nowhere.',
        `    Fix: npx supabase secrets set SITE_URL=${site.url} --project-ref <project-ref>`,
        '    mail-events has no secret RESEND_WEBHOOK_SECRET: it refuses every bounce and complaint the provider reports.',
        "    Fix: npx supabase secrets set RESEND_WEBHOOK_SECRET=<the whsec_… of the provider's webhook> --project-ref <project-ref>",
        '    calendar-sync is not deployed (the gateway answers 404 "Requested function was not found").',
        '    Fix: npx supabase functions deploy calendar-sync --project-ref <project-ref>',
      ].join('\n'),
    );
  });

  it('says the site answers the app shell and 200 for an address that does not exist', () => {
    const post = findings.find((f) => f.title === 'The site: prerendered pages and 404')!.lines[1];
    expect(post).toMatch(/^\/blog\/[a-z0-9_-]+ answers the app shell/);
    expect(block(findings, 'The site: prerendered pages and 404')).toBe(
      [
        '✖ The site: prerendered pages and 404',
        '    /blog answers the app shell, not its prerendered page (no data-prerendered): visitors without JavaScript and crawlers see an empty page.',
        `    ${post}`,
        '    Fix: deploy the whole build of `npm run build` (dist/), served files first: its _redirects on Netlify or Cloudflare Pages, deploy/nginx/site.conf on nginx (docs/deploying.md, "Serving the build").',
        '    An address that does not exist (/this-page-does-not-exist-…) answers HTTP 200, not 404: search engines keep every mistyped or removed address as a page.',
        '    Fix: let the host answer an address without a file with the build\'s 404.html and status 404: publish dist/ with its _redirects on Netlify or Cloudflare Pages, serve it with deploy/nginx/site.conf on nginx (docs/deploying.md, "Serving the build").',
      ].join('\n'),
    );
  });

  it('names each missing security header, and the sitemap that is the app shell', () => {
    expect(block(findings, 'The site: security headers')).toBe(
      [
        '✖ The site: security headers',
        "    No Content-Security-Policy: a script injected into a page runs with the site's rights.",
        '    No X-Content-Type-Options: nosniff: a browser may run an upload as a script.',
        '    No Referrer-Policy: other sites see the full address of the page a visitor came from.',
        '    No Permissions-Policy: the pages do not refuse the camera, microphone and location.',
        '    Fix: serve the headers the build writes on every answer: its _headers on Netlify or Cloudflare Pages, deploy/nginx/site.conf (which includes its _headers.nginx) on nginx (docs/deploying.md, "Security headers").',
      ].join('\n'),
    );
    expect(block(findings, 'The site: sitemap')).toBe(
      [
        '✖ The site: sitemap',
        '    /sitemap.xml answers 200 but not a sitemap (text/html): the host sends another page in its place.',
        '    Fix: deploy the whole of dist/, sitemap.xml included (`npm run build` writes it); a file that exists must be served before any fallback rule.',
      ].join('\n'),
    );
  });
});

describe('npm run doctor:hosted on details a stand-in cannot show', () => {
  let api: { server: Server; url: string };
  let site: { server: Server; url: string };

  beforeAll(async () => {
    // GoTrue with the e-mail provider off (what `config push` makes of [auth.email] enable_signup = false),
    // and a gateway whose functions all ask for a JWT
    api = await listen((req, res) => {
      if (req.url?.startsWith('/auth/v1/settings')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ external: { email: false, phone: false }, disable_signup: true, mailer_autoconfirm: false, phone_autoconfirm: false }));
      } else if (req.url?.startsWith('/functions/v1/')) {
        res.writeHead(401, { 'content-type': 'application/json', 'sb-error-code': 'UNAUTHORIZED_NO_AUTH_HEADER' });
        res.end(JSON.stringify({ code: 'UNAUTHORIZED_NO_AUTH_HEADER', message: 'Missing authorization header' }));
      } else {
        res.writeHead(404).end();
      }
    });
    // a site over https would need HSTS; a CSP that lets others frame it
    site = await listen((_req, res) => {
      res.writeHead(200, { ...HEADERS, 'content-security-policy': "default-src 'self'", 'content-type': 'text/html' });
      res.end('<div id="root" data-prerendered="/blog"></div>');
    });
  });

  afterAll(() => {
    api?.server.close();
    site?.server.close();
  });

  it('says that the e-mail provider is off, so that no admin can sign in', async () => {
    const findings = await doctorHosted({ supabaseUrl: api.url, anonKey: LOCAL_ANON_KEY });
    expect(block(findings, 'Sign-ups and e-mail confirmation (Auth)')).toBe(
      [
        '✖ Sign-ups and e-mail confirmation (Auth)',
        '    The e-mail provider is off (external.email is false): GoTrue refuses every password sign-in ("Email logins are disabled"), so no admin can sign in.',
        '    Fix: Authentication → Sign In / Providers → Email → enable it (in supabase/config.toml that switch is [auth.email] enable_signup: keep it true, sign-ups stay off by [auth] enable_signup = false).',
      ].join('\n'),
    );
    expect(findings.find((f) => f.title === 'Edge Functions')!.lines.slice(0, 2)).toEqual([
      'newsletter-unsubscribe is deployed with verify_jwt on: mail programs send no Supabase token, so the gateway refuses them.',
      'Fix: npx supabase functions deploy newsletter-unsubscribe --project-ref <project-ref> (it takes verify_jwt = false from supabase/config.toml)',
    ]);
  });

  it("says that a CSP without frame-ancestors 'none' lets others frame the site", async () => {
    const findings = await doctorHosted({ siteUrl: site.url });
    expect(findings.find((f) => f.title === 'The site: security headers')!.lines[0]).toBe(
      "The Content-Security-Policy has no frame-ancestors 'none': another site may show this one in a frame (clickjacking).",
    );
  });
});

describe('npm run doctor:hosted against a stand-in set up well', () => {
  let h: Harness;
  let site: { server: Server; url: string };

  beforeAll(async () => {
    site = await listen(goodSite);
    h = await startHarness({
      // the client address from the connection, a client's own header dropped: as hosted's gateway does
      trustClientAddress: false,
      functions: { envFile: false, secrets: { SITE_URL: site.url, RESEND_WEBHOOK_SECRET: WEBHOOK_SECRET } },
    });
    // a worker of each function, so the test does not wait for three cold starts
    await Promise.all(['newsletter-unsubscribe', 'mail-events', 'calendar-sync', 'staff-invitations'].map((name) => fetch(`${h.url}/functions/v1/${name}`, { method: 'DELETE' }).then((r) => r.body?.cancel())));
  }, 60_000);

  afterAll(async () => {
    await h?.close();
    site?.server.close();
  });

  it('finds nothing that would break through the API and on the site, and says the database was not checked', async () => {
    const findings = await doctorHosted({ supabaseUrl: h.url, anonKey: LOCAL_ANON_KEY, siteUrl: site.url });
    const text = report(findings);
    expect(text).not.toMatch(/✖/);
    expect(findings.filter((f) => f.skipped).map((f) => f.title)).toEqual(["The database's checks (migrations, security, accounts, admins, jobs, e-mail)"]);
    expect(text).toContain(
      [
        '✔ Edge Functions',
        "    newsletter-unsubscribe answers a link's GET with 303 to the site's unsubscribe page.",
        '    mail-events refuses an unsigned delivery (401).',
        '    calendar-sync refuses a made-up run (401).',
        '    staff-invitations refuses a request without a token at the gateway (verify_jwt on).',
      ].join('\n'),
    );
    expect(text).toMatch(/✔ The site: prerendered pages and 404\n {4}\/blog answers its prerendered page\.\n {4}\/blog\/[a-z0-9_-]+ answers its prerendered page\.\n {4}An address that does not exist answers 404\./);
    expect(text).toContain("✔ The visitor's address through the API (cf-connecting-ip)");
  });
});

describe('npm run doctor:hosted, the command', () => {
  const run = (args: string[], env: Record<string, string> = {}) =>
    new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/tools/doctor-hosted.ts', ...args], {
        stdio: ['ignore', 'pipe', 'pipe'],
        // nothing from this machine's environment or .env: only what the test sets
        env: doctorEnv(env),
      });
      let output = '';
      child.stdout.on('data', (d) => (output += d));
      child.stderr.on('data', (d) => (output += d));
      child.on('close', (code) => resolve({ code, output }));
    });

  it('refuses a connection string as an argument, and says to use the environment variable', async () => {
    const { code, output } = await run(['postgresql://postgres:secret@db.abcdefghijklmnop.supabase.co:5432/postgres']);
    expect(code).toBe(2);
    expect(output.trim()).toBe(
      "Refused: a connection string given as an argument shows in `ps` and stays in your shell's history. " +
        'Put it in the environment variable SUPABASE_DB_URL instead: `read -rs SUPABASE_DB_URL && export SUPABASE_DB_URL`, paste it, then `npm run doctor:hosted`.',
    );
  });

  it('with nothing set, runs no check and says for each what to set', async () => {
    const { code, output } = await run([]);
    expect(output).toContain(
      [
        "– The database's checks (migrations, security, accounts, admins, jobs, e-mail)",
        "    Not checked: set SUPABASE_DB_URL to the database's connection string: Project Settings → Database → Connection string, the direct one, with your password, in the environment (never as an argument): `read -rs SUPABASE_DB_URL && export SUPABASE_DB_URL`, paste it, then `npm run doctor:hosted`.",
        '– Sign-ups and e-mail confirmation (Auth)',
        "    Not checked: set SUPABASE_URL (the project's URL, https://<ref>.supabase.co (Project Settings → API)) in the environment, or VITE_SUPABASE_URL in .env.",
        "    Not checked: set SUPABASE_ANON_KEY (the project's anon key (Project Settings → API)) in the environment, or VITE_SUPABASE_ANON_KEY in .env.",
      ].join('\n'),
    );
    expect(output).toContain(
      [
        '– The site: sitemap',
        "    Not checked: set SITE_URL (the site's public origin, e.g. https://sinaptika.bg) in the environment, or VITE_SITE_URL in .env.",
      ].join('\n'),
    );
    expect(output).not.toMatch(/[✔✖]/);
    expect(output).toContain('Nothing found that would break. 7 check(s) were not run (–): set what they name and run it again.');
    expect(code).toBe(0);
  });

  it('with only the site set, checks the site and exits 1 when it would break', async () => {
    const bad = await listen(badSite);
    try {
      const { code, output } = await run([], { SITE_URL: bad.url });
      expect(output).toContain(`Checking site ${bad.url} (SITE_URL).`);
      expect(output).toContain('✖ The site: security headers');
      expect(output).toContain('    /blog answers the app shell, not its prerendered page');
      expect(output).toMatch(/3 check\(s\) found something that would break\. 4 check\(s\) were not run/);
      expect(code).toBe(1);
    } finally {
      bad.server.close();
    }
  });
});
