// What the build writes for the hosts (scripts/publisher/host-config.mjs), over the production
// build itself: the not-found page, the rules that keep unknown addresses 404s and the app-shell
// ones 200s, and a Content-Security-Policy whose script hashes are exactly the inline scripts of
// the pages (so none runs without one, and nothing else is allowed).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadBuild } from '../../scripts/tools/bundle-graph.mjs';
import { ADMIN_ROUTES, APP_SHELL_ROUTES, contentSecurityPolicy, isAdminPath, inlineScriptHashes, nginxHeaders, redirectsFile, securityHeaders } from '../../scripts/publisher/host-config.mjs';

let dir: string;
beforeAll(() => {
  dir = loadBuild().dir;
}, 180_000);

const read = (name: string) => readFileSync(join(dir, name), 'utf8');
const cspOf = (headers: string) => /Content-Security-Policy: (.+)/.exec(headers)![1];

describe('the build for the hosts', () => {
  it('has the site’s own not-found page, which asks not to be indexed', () => {
    const page = read('404.html');
    expect(page).toContain('<meta name="robots" content="noindex');
    expect(page).toContain('data-prerendered="/404"');
    expect(page).toContain('<script type="application/json" id="islands-preload">');
  });

  it('allows by hash exactly the inline scripts its pages run: the same two on every page', () => {
    const pages = ['index.html', '404.html', 'blog/index.html', ...readdirSync(join(dir, 'blog')).filter((d) => !d.includes('.')).slice(0, 3).map((d) => `blog/${d}/index.html`)];
    const perPage = pages.map((p) => [...inlineScriptHashes(read(p))].sort());
    for (const hashes of perPage) expect(hashes).toEqual(perPage[0]);
    expect(perPage[0]).toHaveLength(2);
    const csp = cspOf(read('_headers'));
    const allowed = csp.match(/'sha256-[^']+'/g)!.map((h) => h.slice(1, -1)).sort();
    expect(allowed).toEqual(perPage[0]);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(read('_headers.nginx')).toContain(`add_header Content-Security-Policy "${csp}" always;`);
  });

  it("sends the admin's addresses to its app and the site app's to the shell, with 200, and every other one to the not-found page with 404", () => {
    const rules = read('_redirects').split('\n').filter((l) => l && !l.startsWith('#'));
    expect(rules.at(-1)).toBe('/* /404.html 404');
    for (const route of ['/login', '/login/*', '/blog-admin', '/blog-admin/*', '/work-admin', '/work-admin/*']) {
      expect(rules).toContain(`${route} /admin.html 200`);
      expect(rules).not.toContain(`${route} /spa.html 200`);
    }
    for (const route of ['/booking/:token', '/newsletter/confirm/:token', '/blog/page/:page']) {
      expect(rules).toContain(`${route} /spa.html 200`);
    }
    // both apps are files of the build: the admin's holds no site code, the shell no admin code
    expect(read('admin.html')).toContain('<div id="root"></div>');
    // no rule for a post or a project: without its file, it is a 404
    expect(rules.some((r) => r.startsWith('/blog/:') || r.startsWith('/project/'))).toBe(false);
  });
});

describe('host-config', () => {
  it('hashes what a script runs, not data blocks or scripts with a source', () => {
    const html = '<script>alert(1)</script><script type="module">go()</script><script type="application/json" id="d">{"a":1}</script><script src="/x.js"></script>';
    // sha256 of "alert(1)" and of "go()", in base64
    expect([...inlineScriptHashes(html)].sort()).toEqual(['sha256-5KYv+PUboo5h+0+YAtGRPbwv5d/QxzHslP4YGnUaxRw=', 'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI=']);
  });

  it('allows the project for data, storage and realtime, and no framing', () => {
    const csp = contentSecurityPolicy({ supabaseUrl: 'https://abc.supabase.co', scriptHashes: new Set(['sha256-x']), imageOrigins: ['https://images.example'] });
    expect(csp).toContain("connect-src 'self' https://abc.supabase.co wss://abc.supabase.co");
    expect(csp).toContain("img-src 'self' data: blob: https://abc.supabase.co https://images.example");
    expect(csp).toContain("script-src 'self' 'sha256-x' 'wasm-unsafe-eval'");
    expect(csp).toContain("frame-ancestors 'none'");
    const names = securityHeaders({ csp, https: true }).map(([n]) => n);
    expect(names).toEqual(['Content-Security-Policy', 'X-Content-Type-Options', 'Referrer-Policy', 'Permissions-Policy', 'X-Frame-Options', 'Strict-Transport-Security']);
    expect(securityHeaders({ csp, https: false }).map(([n]) => n)).not.toContain('Strict-Transport-Security');
  });

  it('writes nginx lines that quote what they carry', () => {
    expect(nginxHeaders([['X-Test', 'a "b" c']])).toContain('add_header X-Test "a \\"b\\" c" always;');
    expect(redirectsFile().split('\n').filter((l) => l.endsWith(' 200'))).toHaveLength(ADMIN_ROUTES.length + APP_SHELL_ROUTES.length);
  });

  it("knows the admin's addresses (vite's dev and preview servers answer them with admin.html)", () => {
    for (const path of ['/login', '/login/nova-parola', '/login/pokana', '/blog-admin', '/blog-admin/posts/new', '/work-admin/', '/blog-admin/preview/post/1']) {
      expect(isAdminPath(path), path).toBe(true);
    }
    for (const path of ['/', '/blog', '/loginx', '/blog-administrator', '/booking/abc', '/work-admins']) expect(isAdminPath(path), path).toBe(false);
  });
});
