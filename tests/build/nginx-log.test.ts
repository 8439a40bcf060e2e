// The repository's nginx server block (deploy/nginx/site.conf) keeps the e-mails' private tokens
// out of its access log: the manage link's and the newsletter links' tokens are logged as [token],
// in the request line and in the Referer that the page's own assets carry. Served by Debian's nginx
// (scripts/tools/nginx.mjs, installed by .ci/run) from a small build of its own.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findNginx, startNginx } from '../../scripts/tools/nginx.mjs';

const dir = mkdtempSync(join(tmpdir(), 'nginx-log-build-'));
let server: Awaited<ReturnType<typeof startNginx>>;

beforeAll(async () => {
  if (!findNginx()) throw new Error('nginx is not installed (Debian: apt-get install nginx; .ci/run installs it)');
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, '_headers.nginx'), 'add_header X-Content-Type-Options "nosniff" always;\n');
  writeFileSync(join(dir, 'spa.html'), '<!doctype html><title>app</title>');
  writeFileSync(join(dir, 'admin.html'), '<!doctype html><title>admin</title>');
  writeFileSync(join(dir, '404.html'), '<!doctype html><title>404</title>');
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>home</title>');
  writeFileSync(join(dir, 'assets', 'app-1234.js'), 'export {};');
  server = await startNginx({ dir });
});

afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('the access log of the nginx server block', () => {
  it('holds no token of the e-mails’ links, in the address or the Referer, and every other address as it was', async () => {
    const tokens = {
      booking: 'bk_9f2c1e7a44d0b8e35a61c0f2d7e9a1b3',
      confirm: 'nc_3d8a0b6f1e2c4a5b9d7e6f8a0c1b2d3e',
      unsubscribe: '0b6f1e2c-4a5b-4d7e-9f8a-0c1b2d3e4f5a.6a1c',
      referred: 'bk_77aa55cc33ee11ff99bb88dd66442200',
      recovery: '5f4dcc3b5aa765d61d8327deb882cf99aa11bb22cc33dd44ee55ff66',
      invite: '9e107d9d372bb6826bd81d3542a419d6aa11bb22cc33dd44ee55ff77',
      dataRequest: 'dr_Qm9vYXJkLXRva2VuLW9mLWEtZGF0YS1yZXF1ZXN0',
    };
    const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.origin}${path}`, { headers });
    expect((await get(`/booking/${tokens.booking}`)).status).toBe(200);
    expect((await get(`/newsletter/confirm/${tokens.confirm}/?from=mail`)).status).toBe(200);
    expect((await get(`/newsletter/unsubscribe/${tokens.unsubscribe}`)).status).toBe(200);
    expect((await get(`/lichni-danni/potvardi/${tokens.dataRequest}`)).status).toBe(200);
    // the manage page's script, loaded by the page: the browser names the page as the Referer
    expect((await get('/assets/app-1234.js', { Referer: `${server.origin}/booking/${tokens.referred}` })).status).toBe(200);
    expect((await get('/blog/no-such-post')).status).toBe(404);
    // the sign-in's e-mailed links, answered by the admin's app
    expect((await get(`/login/nova-parola?token_hash=${tokens.recovery}&type=recovery`)).status).toBe(200);
    expect((await get(`/login/pokana?type=invite&token_hash=${tokens.invite}`)).status).toBe(200);

    const log = readFileSync(server.accessLog, 'utf8');
    for (const token of Object.values(tokens)) expect(log).not.toContain(token);
    expect(log).toContain('"GET /booking/[token] HTTP/1.1" 200');
    expect(log).toContain('"GET /newsletter/confirm/[token]/?from=mail HTTP/1.1" 200');
    expect(log).toContain('"GET /newsletter/unsubscribe/[token] HTTP/1.1" 200');
    expect(log).toContain('"GET /lichni-danni/potvardi/[token] HTTP/1.1" 200');
    expect(log).toContain(`"GET /assets/app-1234.js HTTP/1.1" 200 10 "${server.origin}/booking/[token]"`);
    // an address without a token is logged whole: the log still says what was asked
    expect(log).toContain('"GET /blog/no-such-post HTTP/1.1" 404');
    expect(log).toContain('"GET /login/nova-parola?token_hash=[token]&type=recovery HTTP/1.1" 200');
    expect(log).toContain('"GET /login/pokana?type=invite&token_hash=[token] HTTP/1.1" 200');
  });
});
