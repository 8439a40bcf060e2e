// Visitors never pay for admin code: checked over the production build itself.
import { beforeAll, describe, expect, it } from 'vitest';
import { closure, loadBuild, modulesOf, routeKeys } from '../../scripts/bundle-graph.mjs';

let graph: ReturnType<typeof loadBuild>;
beforeAll(() => {
  graph = loadBuild();
}, 180_000);

const ADMIN_CODE = [/^src\/features\/admin\//, /^src\/features\/auth\//, /^src\/app\/AuthLayout/];
const SUPABASE = /node_modules\/@supabase\//;
const FORM_LIBRARIES = /node_modules\/(react-hook-form|zod|@hookform\/resolvers)\//;

const PUBLIC_PAGES: [string, string][] = [
  ['/', 'src/features/landing/LandingPage.tsx'],
  ['/blog', 'src/features/blog/BlogListPage.tsx'],
  ['/blog/:slug', 'src/features/blog/BlogPostPage.tsx'],
  ['/project/:slug', 'src/features/projects/ProjectPage.tsx'],
  ['/resources/:slug', 'src/features/resources/ResourcesPage.tsx'],
];

describe('public pages hold no admin code', () => {
  for (const [route, page] of PUBLIC_PAGES) {
    it(`${route} loads no admin or auth module before it renders`, () => {
      const modules = modulesOf(graph, routeKeys(graph, page));
      expect(modules.length).toBeGreaterThan(0);
      expect(modules.filter((m) => ADMIN_CODE.some((re) => re.test(m)))).toEqual([]);
    });
  }

  it('the landing page does not wait for supabase-js before its first paint', () => {
    const modules = modulesOf(graph, routeKeys(graph, 'src/features/landing/LandingPage.tsx'));
    expect(modules.filter((m) => SUPABASE.test(m))).toEqual([]);
  });

  it('the form libraries (react-hook-form, zod) load with the dialogs and admin pages, never before a public page renders', () => {
    for (const [route, page] of PUBLIC_PAGES) {
      const modules = modulesOf(graph, routeKeys(graph, page));
      expect(modules.filter((m) => FORM_LIBRARIES.test(m)), route).toEqual([]);
    }
    // not vacuous: the login page, the dialogs and the newsletter's form module do load them
    for (const key of [
      'src/features/auth/LoginPage.tsx',
      'src/features/booking/BookingDialog.tsx',
      'src/features/contact/ContactDialog.tsx',
      'src/features/newsletter/NewsletterForm.tsx',
    ]) {
      const modules = modulesOf(graph, [...closure(graph, [key])]);
      expect(modules.some((m) => /node_modules\/react-hook-form\//.test(m)), key).toBe(true);
      expect(modules.some((m) => /node_modules\/zod\//.test(m)), key).toBe(true);
    }
  });

  it("the footer's newsletter box paints without the form libraries: they come with its form module", () => {
    // the footer is preloaded before a prerendered page hydrates, so its static imports count as first paint
    const footer = modulesOf(graph, [...closure(graph, ['src/app/layout/SiteFooter.tsx'])]);
    expect(footer).toContain('src/app/layout/NewsletterBox.tsx');
    expect(footer.filter((m) => FORM_LIBRARIES.test(m))).toEqual([]);
    expect(footer).not.toContain('src/features/newsletter/NewsletterForm.tsx');
    expect(graph.manifest['src/features/newsletter/NewsletterForm.tsx']?.isDynamicEntry).toBe(true);
  });

  it('the admin pages are chunks of their own, loaded only on their routes', () => {
    for (const key of ['src/features/admin/AdminPage.tsx', 'src/features/auth/LoginPage.tsx', 'src/app/AuthLayout.tsx']) {
      expect(graph.manifest[key]?.isDynamicEntry, key).toBe(true);
    }
    // the module map does see admin code where it is: the check above is not vacuous
    const admin = modulesOf(graph, [graph.manifest['src/features/admin/AdminPage.tsx'] ? 'src/features/admin/AdminPage.tsx' : '']);
    expect(admin.some((m) => m.startsWith('src/features/admin/'))).toBe(true);
    const entry = modulesOf(graph, ['index.html']);
    expect(entry.filter((m) => ADMIN_CODE.some((re) => re.test(m)))).toEqual([]);
  });
});
