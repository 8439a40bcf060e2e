// Visitors never pay for admin code: checked over the production build itself.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { closure, islandSources, keyOfSource, loadBuild, modulesOf, pageKeys, routeKeys } from '../../scripts/bundle-graph.mjs';

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
    it(`${route} loads no admin or auth module, prerendered or rendered by the app`, () => {
      // prerendered: the islands' runtime and the page's islands, with all they may load on use
      const prerendered = modulesOf(graph, pageKeys(graph, route).all);
      // the app (the shell's addresses, a page with a query string): the layout and the page
      const app = modulesOf(graph, routeKeys(graph, page));
      for (const modules of [prerendered, app]) {
        expect(modules.length).toBeGreaterThan(0);
        expect(modules.filter((m) => ADMIN_CODE.some((re) => re.test(m)))).toEqual([]);
      }
    });
  }

  it('the landing page does not wait for supabase-js before it is taken over', () => {
    const modules = modulesOf(graph, pageKeys(graph, '/').beforeRender);
    expect(modules.filter((m) => SUPABASE.test(m))).toEqual([]);
  });

  it('the form libraries (react-hook-form, zod) load with the dialogs and admin pages, never without an interaction', () => {
    for (const [route, page] of PUBLIC_PAGES) {
      const idle = modulesOf(graph, pageKeys(graph, route).idle);
      expect(idle.filter((m) => FORM_LIBRARIES.test(m)), route).toEqual([]);
      const app = modulesOf(graph, routeKeys(graph, page));
      expect(app.filter((m) => FORM_LIBRARIES.test(m)), route).toEqual([]);
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

  it("the footer's newsletter island hydrates without the form libraries: they come with its form module", () => {
    const island = modulesOf(graph, [...closure(graph, [keyOfSource(graph, 'src/app/layout/NewsletterBox.tsx')])]);
    expect(island).toContain('src/app/layout/NewsletterBox.tsx');
    expect(island.filter((m) => FORM_LIBRARIES.test(m))).toEqual([]);
    expect(island).not.toContain('src/features/newsletter/NewsletterForm.tsx');
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

// Issue 17: a prerendered page stays its HTML; only its islands hydrate.
describe('islands', () => {
  const LANDING_STATIC = [
    'src/features/landing/LandingPage.tsx',
    'src/features/landing/LandingSections.tsx',
    'src/features/landing/sections/Hero.tsx',
    'src/features/landing/sections/Features.tsx',
    'src/features/landing/sections/Journey.tsx',
    'src/features/landing/sections/Testimonials.tsx',
    'src/app/layout/SiteFooter.tsx',
    'src/app/PublicLayout.tsx',
    'src/app/router.tsx',
  ];

  it("/'s prerendered HTML holds the static sections, and no script / loads holds their code", () => {
    const html = readFileSync(join(graph.dir, 'index.html'), 'utf8');
    for (const text of ['id="features"', 'Функционалности', 'id="journey"', 'Как работим', 'Какво казват клиентите ни', '© ']) {
      expect(html).toContain(text);
    }
    const keys = pageKeys(graph, '/');
    // everything / may ever load without leaving it: the islands, and what they load on use
    const loaded = modulesOf(graph, keys.all);
    expect(LANDING_STATIC.filter((m) => loaded.includes(m))).toEqual([]);
    // not vacuous: the same map does hold the islands' code and the app's pages
    for (const island of ['src/features/landing/sections/Faq.tsx', 'src/features/landing/sections/Clients.tsx', 'src/features/landing/sections/Work.tsx', 'src/app/layout/SiteHeader.tsx']) {
      expect(loaded, island).toContain(island);
    }
    expect(modulesOf(graph, routeKeys(graph, 'src/features/landing/LandingPage.tsx'))).toContain('src/features/landing/LandingPage.tsx');
  });

  it('/ has the islands of the issue: header, logo network, clients, work, FAQ and newsletter; only the header at once', () => {
    const { islands } = pageKeys(graph, '/');
    expect(islands.map((i) => i.name).sort()).toEqual(['clients', 'faq', 'header', 'logo-network', 'newsletter', 'work']);
    expect(islands.filter((i) => i.hydrate === 'load').map((i) => i.name)).toEqual(['header']);
  });

  it('a post ships neither its markdown renderer nor its page code: share buttons and sidebar are its islands', () => {
    const keys = pageKeys(graph, '/blog/:slug');
    expect(keys.islands.map((i) => i.name).sort()).toEqual(['blog-sidebar', 'header', 'newsletter', 'share']);
    const loaded = modulesOf(graph, keys.all);
    expect(loaded.filter((m) => /node_modules\/(react-markdown|remark-|micromark)/.test(m) || m === 'src/features/blog/BlogPostPage.tsx')).toEqual([]);
  });

  it("a project's gallery is its island, and framer-motion comes with the gallery only", () => {
    const project = pageKeys(graph, '/project/:slug');
    expect(project.islands.map((i) => i.name)).toContain('gallery');
    const motion = (keys: Iterable<string>) => modulesOf(graph, keys).filter((m) => /node_modules\/(framer-motion|motion-dom)\//.test(m));
    expect(motion(project.beforeRender)).toEqual([]);
    expect(motion(project.all).length).toBeGreaterThan(0);
    for (const route of ['/', '/blog', '/blog/:slug', '/resources/:slug']) expect(motion(pageKeys(graph, route).all), route).toEqual([]);
  });

  it('every island of the registry is a module of the build', () => {
    for (const [name, source] of Object.entries(islandSources())) {
      expect(() => keyOfSource(graph, source), name).not.toThrow();
    }
  });
});
