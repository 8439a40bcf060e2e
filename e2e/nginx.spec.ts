// The build served as a self-hosted site serves it: Debian's nginx with the repository's server
// block (deploy/nginx/site.conf, started by scripts/tools/nginx.mjs on a free port). A deep link
// is its prerendered page, an address without a page (an unknown post, or one hidden since: its
// file is gone) is a 404 with the site's own not-found page, the admin's addresses are the app shell, every answer carries the security
// headers, and Chromium reports no Content-Security-Policy violation on the public pages, while
// the booking dialog opens, through the sign-in to the admin, and while the admin resizes an
// uploaded photo (WebAssembly in a worker) and opens a post's preview.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { E2E_OUT_DIR } from '../scripts/tools/e2e-env.mjs';
import { makePhonePhoto } from '../scripts/tools/make-phone-photo.mjs';
import { findNginx, startNginx } from '../scripts/tools/nginx.mjs';
import { toasts } from './admin-helpers';
import { ADMIN, asVisitor, db, passAdminCode, unique } from './support';

const nginxMissing = !findNginx();
test.skip(nginxMissing, 'nginx is not installed (apt-get install nginx; .ci/run installs it)');

// the run's live copy of the build, which the preview's publisher keeps in step with the database
// (scripts/tools/e2e-preview.mjs), as a self-hosted publisher keeps nginx's
const SERVED = `${E2E_OUT_DIR}-live`;
let server: Awaited<ReturnType<typeof startNginx>> | undefined;
test.beforeAll(async () => {
  if (!nginxMissing) server = await startNginx({ dir: SERVED });
});
test.afterAll(async () => {
  await server?.stop();
});
const at = (path: string) => `${server!.origin}${path}`;

/** Published posts whose page is in the served build, newest first. */
async function posts() {
  const { data } = await db.from('blog_posts').select('id, slug').eq('is_published', true).order('published_at', { ascending: false }).limit(20);
  const served = (data as { id: string; slug: string }[]).filter((p) => existsSync(join(SERVED, 'blog', p.slug, 'index.html')));
  expect(served.length).toBeGreaterThan(0);
  return served;
}

test('a deep link is its prerendered page, an address without a page is a 404 with the not-found page, the admin is the app shell', async () => {
  const [post] = await posts();
  const deep = await fetch(at(`/blog/${post.slug}`));
  expect(deep.status).toBe(200);
  const html = await deep.text();
  expect(html).toContain('data-prerendered="/blog/');
  expect(html).not.toContain('name="robots" content="noindex');

  for (const path of ['/blog/no-such-post-anywhere', '/project/no-such-project', '/no/such/address', '/resources/no-such-article']) {
    const res = await fetch(at(path));
    expect(res.status, path).toBe(404);
    const body = await res.text();
    expect(body, path).toContain('<meta name="robots" content="noindex');
    expect(res.headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
  }

  for (const path of ['/login', '/blog-admin/posts', '/work-admin/projects', '/booking/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG', '/blog/page/2']) {
    const res = await fetch(at(path));
    expect(res.status, path).toBe(200);
    expect(await res.text(), path).not.toContain('data-prerendered');
  }
  expect((await fetch(at('/sitemap.xml'))).status).toBe(200);
  // the build's own files are no pages
  expect((await fetch(at('/_headers.nginx'))).status).toBe(404);

  const headers = deep.headers;
  const csp = headers.get('content-security-policy') ?? '';
  expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/]+=*'){2} 'wasm-unsafe-eval';/);
  // no 'unsafe-inline' and no eval for scripts
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(headers.get('permissions-policy')).toContain('camera=()');
  const asset = /src="(\/assets\/[^"]+\.js)"|"(\/assets\/[^"]+\.js)"/.exec(html);
  const assetRes = await fetch(at(asset![1] ?? asset![2]));
  expect(assetRes.headers.get('cache-control')).toContain('immutable');
  expect(assetRes.headers.get('content-security-policy')).toBe(csp);
});

/** Records every CSP violation the page reports, as the browser's event and its console say. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const fromConsole: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(m.text())) fromConsole.push(m.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return async () => [...fromConsole, ...(await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []))];
}

test('no public page breaks the Content-Security-Policy', async ({ page }) => {
  const violations = await watchCsp(page);
  await asVisitor(page);
  const [post] = await posts();
  const { data: project } = await db.from('projects').select('slug, id').limit(1).single();
  for (const path of ['/', '/blog', `/blog/${post.slug}`, `/project/${project!.slug ?? project!.id}`, '/no/such/address']) {
    await page.goto(at(path));
    await expect(page.getByRole('banner')).toBeVisible();
    // taken over: a prerendered page by its islands, after the first paint; the not-found page,
    // served for any address, by the app (src/main.tsx), which may still find the content there
    await expect(page.locator('html[data-app-ready]')).toBeAttached();
    await page.waitForLoadState('networkidle');
  }
  expect(await violations()).toEqual([]);
});

test('neither the booking dialog nor the sign-in and the admin break the Content-Security-Policy', async ({ page }) => {
  const violations = await watchCsp(page);
  await asVisitor(page);
  // the booking dialog, with its calendar read from the database
  await page.goto(at('/'));
  await page.getByRole('button', { name: 'Запазете консултация' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Запазете консултация' });
  await expect(dialog.getByText('Мария Иванова')).toBeVisible();
  await dialog.locator('button[data-day]:not([disabled])').first().click();
  await expect(dialog.getByRole('list', { name: /Свободни часове/ })).toBeVisible();
  await page.keyboard.press('Escape');

  // the sign-in and the admin's first tab
  await page.goto(at('/login'));
  await page.getByLabel(/имейл|e-mail|email/i).fill(ADMIN.email);
  await page.getByLabel(/парола|password/i).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Вход' }).click();
  await passAdminCode(page);
  await expect(page).toHaveURL(/\/blog-admin\/[a-z]/);
  await expect(page.getByRole('tab', { name: /Публикации/ })).toBeVisible();
  await page.waitForLoadState('networkidle');

  expect(await violations()).toEqual([]);
});

/** Signs in on the nginx origin. */
async function signInThere(page: Page) {
  await page.goto(at('/login'));
  await page.getByLabel(/имейл|e-mail|email/i).fill(ADMIN.email);
  await page.getByLabel(/парола|password/i).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Вход' }).click();
  await passAdminCode(page);
  await expect(page).toHaveURL(/\/blog-admin\/[a-z]/);
}

test('the admin’s photo upload, resized with WebAssembly in a worker, runs under the Content-Security-Policy', async ({ page }) => {
  const photo = await makePhonePhoto({ path: `.cache/e2e-csp-photo-${process.pid}.jpg`, width: 800, height: 600, orientation: 1 });
  const { data: category } = await db.from('project_categories').select('name').limit(1).single();
  const { data: project } = await db
    .from('projects')
    .insert({ title: unique('CSP снимка'), slug: `csp-${Date.now().toString(36)}`, category: category!.name, image: '/demo/project-crm.svg', link: 'https://example.com', description: 'Качване под CSP.' })
    .select('id')
    .single();
  try {
    const violations = await watchCsp(page);
    await signInThere(page);
    await page.goto(at(`/work-admin/projects/${project!.id}`));
    await page.getByRole('tab', { name: /Медия и категория/ }).click();
    await page.getByLabel('Качи изображение', { exact: true }).setInputFiles(photo.path);
    await expect(toasts(page).getByText('Изображението е качено')).toBeVisible();
    expect(await violations()).toEqual([]);
  } finally {
    await db.from('projects').delete().eq('id', project!.id);
  }
});

test('a post’s preview, in a tab of its own, runs under the Content-Security-Policy', async ({ page }) => {
  const [post] = await posts();
  const violations = await watchCsp(page);
  await signInThere(page);
  await page.goto(at(`/blog-admin/posts/${post.id}`));
  const [preview] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('button', { name: /^Преглед/ }).click()]);
  await expect(preview.getByRole('status').filter({ hasText: 'Преглед — тази версия не е публикувана' })).toBeVisible();
  const previewViolations = await preview.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
  await preview.close();
  expect([...(await violations()), ...previewViolations]).toEqual([]);
});
