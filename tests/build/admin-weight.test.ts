// The admin's weight follows the rooms: signing in and seeing the posts list loads the sign-in
// page, the panel and its posts tab, and no other section, editor, markdown renderer or phone
// library. Over the production build's manifest (the same list `npm run size:admin` checks against a
// real sign-in in Chromium), held to budgets.json's `admin` budgets, in uncompressed KB.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_BUDGETS, ADMIN_PANEL_LOAD, ADMIN_SIGN_IN_LOAD, adminFirstLoad, closure, loadAdminBuild, loadBuild, modulesOf, pageKeys } from '../../scripts/tools/bundle-graph.mjs';

let graph: ReturnType<typeof loadBuild>;
let site: ReturnType<typeof loadBuild>;
let load: ReturnType<typeof adminFirstLoad>;
beforeAll(() => {
  site = loadBuild();
  graph = loadAdminBuild();
  load = adminFirstLoad(graph);
}, 180_000);

const KB = 1024;
const MARKDOWN = /node_modules\/(react-markdown|remark-gfm|micromark)/;
const PHONE = /node_modules\/libphonenumber-js\//;
const SANITISER = /node_modules\/dompurify\//;
const CHARTS = /node_modules\/uplot\//;

/** Each panel's tabs but the posts list, and each editor: chunks of their own, fetched when opened. */
const ROOMS = [
  'src/admin/dashboard/DashboardTab.tsx',
  'src/admin/users/UsersTab.tsx',
  'src/admin/clients/ClientsTab.tsx',
  'src/admin/calendar/CalendarTab.tsx',
  'src/admin/inbox/InquiriesTab.tsx',
  'src/admin/inbox/BookingsTab.tsx',
  'src/admin/bin/BinTab.tsx',
  'src/admin/audit/AuditTab.tsx',
  'src/admin/work/ProjectsTab.tsx',
  'src/admin/work/CategoriesTab.tsx',
  'src/admin/posts/PostForm.tsx',
  'src/admin/work/ProjectForm.tsx',
  'src/admin/clients/ClientForm.tsx',
  'src/admin/users/UserForm.tsx',
];

describe('the admin from sign-in to the posts list (uncompressed KB)', () => {
  it('stays within its budgets: the sign-in page, and the whole way to the posts list', () => {
    expect(load.signInBytes / KB, 'the sign-in page').toBeLessThanOrEqual(ADMIN_BUDGETS.signIn);
    expect(load.bytes / KB, 'from /login to the posts list').toBeLessThanOrEqual(ADMIN_BUDGETS.signInToPostsList);
    // a measurement of nothing would pass any budget: the sign-in page holds React, the way the
    // panel's own code and the data client
    expect(load.signInBytes).toBeGreaterThan(200 * KB);
    expect(load.panelBytes).toBeGreaterThan(100 * KB);
    const modules = modulesOf(graph, [...load.keys]);
    for (const module of ['src/admin/login/LoginPage.tsx', 'src/admin/panel/AdminPage.tsx', 'src/admin/posts/PostsTab.tsx', 'src/admin/posts/PostList.tsx']) {
      expect(modules, module).toContain(module);
    }
  });

  it('no screen of the admin fetches a chunk over its budget (largestChunk)', () => {
    // every chunk the admin's routes can reach, editors and dialogs loaded on demand included
    const reachable = closure(graph, ['admin.html'], { dynamic: true });
    const files = [...new Set([...reachable].map((key) => graph.manifest[key]?.file).filter((f): f is string => !!f && f.endsWith('.js')))];
    expect(files.length).toBeGreaterThan(20);
    const sizes = files.map((file) => ({ file, kb: Math.round((statSync(join(graph.dir, file)).size / KB) * 10) / 10 }));
    expect(sizes.filter((s) => s.kb > ADMIN_BUDGETS.largestChunk)).toEqual([]);
    // not vacuous: the newsletter's e-mail renderer, the largest, is among them
    expect(modulesOf(graph, [...reachable])).toContain('src/admin/posts/newsletter-email.tsx');
  });

  it('the sign-in page carries no form library, no data client, no query cache and no dialog library', () => {
    const signIn = modulesOf(graph, [...closure(graph, ADMIN_SIGN_IN_LOAD)]);
    expect(signIn).toContain('src/admin/login/LoginPage.tsx');
    // two fields are checked by hand; GoTrue's client comes with 'Вход' (or a stored session)
    const heavy = /node_modules\/(react-hook-form|@hookform|zod|@supabase|@tanstack\/query-core|@radix-ui\/react-dialog|react-remove-scroll)\//;
    expect(signIn.filter((m) => heavy.test(m))).toEqual([]);
    // not vacuous: the way to the list does bring the data client and the query cache
    const way = modulesOf(graph, [...load.keys]);
    expect(way.some((m) => m.includes('node_modules/@supabase/auth-js/'))).toBe(true);
    expect(way.some((m) => m.includes('node_modules/@tanstack/query-core/'))).toBe(true);
  });

  it("by parts: GoTrue's and PostgREST's clients, never Realtime, Functions or the analytics buckets; Storage only with an upload", () => {
    const all = modulesOf(graph, [...closure(graph, ['admin.html'], { dynamic: true })]);
    expect(all.filter((m) => /node_modules\/@supabase\/(supabase-js|realtime-js|phoenix|functions-js)\//.test(m))).toEqual([]);
    // Storage's client (with iceberg-js, which it imports) comes with an upload only
    const storage = /node_modules\/(@supabase\/storage-js|iceberg-js)\//;
    expect(modulesOf(graph, [...load.keys]).filter((m) => storage.test(m))).toEqual([]);
    const withoutUpload = closure(graph, ['admin.html'], { dynamic: true, stopAt: ['src/shared/db/supabase-storage.ts'] });
    expect(modulesOf(graph, [...withoutUpload]).filter((m) => storage.test(m))).toEqual([]);
    // not vacuous: the upload's chunk does hold Storage's client
    expect(modulesOf(graph, [...closure(graph, ['src/shared/db/supabase-storage.ts'])]).some((m) => m.includes('node_modules/@supabase/storage-js/'))).toBe(true);
  });

  it("is an app of its own: the admin's build holds no site page and the site's no admin code", () => {
    const admin = modulesOf(graph, [...closure(graph, ['admin.html'])]);
    expect(admin.filter((m) => m.startsWith('src/site/'))).toEqual([]);
    const shell = modulesOf(site, [...closure(site, ['index.html'], { dynamic: true })]);
    expect(shell.filter((m) => m.startsWith('src/admin/'))).toEqual([]);
    // not vacuous: the site's build does hold its pages, the admin's its panels
    expect(shell).toContain('src/site/pages/landing/LandingPage.tsx');
    expect(modulesOf(graph, [...closure(graph, ['admin.html'], { dynamic: true })])).toContain('src/admin/panel/AdminPage.tsx');
  });

  it('names chunks the build has: the lazy ones are loaded on demand', () => {
    for (const key of [...ADMIN_SIGN_IN_LOAD, ...ADMIN_PANEL_LOAD]) expect(graph.manifest[key], key).toBeDefined();
    for (const key of [...ADMIN_SIGN_IN_LOAD, ...ADMIN_PANEL_LOAD].filter((k) => k !== 'admin.html')) {
      expect(graph.manifest[key].isDynamicEntry, key).toBe(true);
    }
  });

  it('carries no other tab, no editor, no markdown renderer and no phone library', () => {
    const modules = modulesOf(graph, [...load.keys]);
    expect(modules.filter((m) => ROOMS.includes(m))).toEqual([]);
    expect(modules.filter((m) => MARKDOWN.test(m) || PHONE.test(m))).toEqual([]);
    // nor the editors' kit: the page preview, the revisions, the image upload
    for (const module of ['src/admin/kit/forms/PreviewButton.tsx', 'src/admin/kit/editor/revisions/RevisionsPanel.tsx', 'src/admin/kit/media/upload.ts', 'src/admin/kit/editor/TabbedForm.tsx']) {
      expect(modules, module).not.toContain(module);
    }
  });

  it('each other tab and each editor is a chunk of its own, and the heavy libraries come with the rooms that show them', () => {
    for (const key of ROOMS) expect(graph.manifest[key]?.isDynamicEntry, key).toBe(true);
    const roomModules = (key: string) => modulesOf(graph, [...closure(graph, [key])]);
    // not vacuous: the post editor does bring the markdown renderer, the inbox the phone library
    expect(roomModules('src/admin/posts/PostForm.tsx').some((m) => MARKDOWN.test(m))).toBe(true);
    expect(roomModules('src/admin/posts/PostForm.tsx')).toContain('src/admin/kit/forms/PreviewButton.tsx');
    expect(roomModules('src/admin/inbox/InquiriesTab.tsx').some((m) => PHONE.test(m))).toBe(true);
  });

  it("the chart library (uPlot) comes with 'Табло' only, an administrator's first screen, never on the posts list's way", () => {
    const own = Object.keys(graph.manifest).filter((key) => modulesOf(graph, [key]).some((m) => CHARTS.test(m)));
    expect(own.length).toBeGreaterThan(0);
    const dashboard = closure(graph, ['src/admin/dashboard/DashboardTab.tsx']);
    expect(own.filter((key) => !dashboard.has(key))).toEqual([]);
    expect(modulesOf(graph, [...load.keys]).filter((m) => CHARTS.test(m) || m.startsWith('src/admin/dashboard/'))).toEqual([]);
  });

  it("the HTML sanitiser (DOMPurify) comes with the newsletter's e-mail only: not with the posts list, the post editor or any public page", () => {
    const own = Object.keys(graph.manifest).filter((key) => modulesOf(graph, [key]).some((m) => SANITISER.test(m)));
    expect(own).toEqual(['src/admin/posts/newsletter-email.tsx']);
    expect(graph.manifest[own[0]].isDynamicEntry).toBe(true);
    expect(modulesOf(graph, [...load.keys]).filter((m) => SANITISER.test(m))).toEqual([]);
    // the editor fetches it when a test or a send is pressed, not when it opens
    expect(modulesOf(graph, [...closure(graph, ['src/admin/posts/PostForm.tsx'])]).filter((m) => SANITISER.test(m))).toEqual([]);
    for (const route of ['/', '/blog', '/blog/:slug', '/project/:slug', '/resources/:slug']) {
      expect(modulesOf(site, pageKeys(site, route).all).filter((m) => SANITISER.test(m)), route).toEqual([]);
    }
  });
});
