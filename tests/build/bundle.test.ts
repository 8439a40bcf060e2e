// Visitors never pay for admin code, and never download a chat webhook's secret address: checked
// over the production build itself.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { closure, islandSources, keyOfSource, loadAdminBuild, loadBuild, modulesOf, pageKeys, routeKeys } from '../../scripts/tools/bundle-graph.mjs';
import { findChatWebhooks, scanForChatWebhooks } from '../../scripts/tools/chat-webhook-scan.mjs';

let graph: ReturnType<typeof loadBuild>;
/** The admin's app (admin.html), built on its own into the same folder. */
let admin: ReturnType<typeof loadBuild>;
beforeAll(() => {
  graph = loadBuild();
  admin = loadAdminBuild();
}, 180_000);

// the admin app, its sign-in included, lives under src/admin (the house rule keeps it there)
const ADMIN_CODE = [/^src\/admin\//];
const SUPABASE = /node_modules\/@supabase\//;
const FORM_LIBRARIES = /node_modules\/(react-hook-form|zod|@hookform\/resolvers)\//;

const PUBLIC_PAGES: [string, string][] = [
  ['/', 'src/site/pages/landing/LandingPage.tsx'],
  ['/blog', 'src/site/pages/blog/BlogListPage.tsx'],
  ['/blog/:slug', 'src/site/pages/blog/BlogPostPage.tsx'],
  ['/project/:slug', 'src/site/pages/projects/ProjectPage.tsx'],
  ['/resources/:slug', 'src/site/pages/resources/ResourcesPage.tsx'],
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
    // not vacuous: an admin editor, the dialogs and the newsletter's form module do load them
    const client = modulesOf(admin, [...closure(admin, ['src/admin/clients/ClientForm.tsx'])]);
    expect(client.some((m) => /node_modules\/react-hook-form\//.test(m))).toBe(true);
    for (const key of [
      'src/site/dialogs/booking/BookingDialog.tsx',
      'src/site/dialogs/inquiry/InquiryDialog.tsx',
      'src/site/dialogs/newsletter/NewsletterForm.tsx',
    ]) {
      const modules = modulesOf(graph, [...closure(graph, [key])]);
      expect(modules.some((m) => /node_modules\/react-hook-form\//.test(m)), key).toBe(true);
      expect(modules.some((m) => /node_modules\/zod\//.test(m)), key).toBe(true);
    }
  });

  it("the footer's newsletter island hydrates without the form libraries: they come with its form module", () => {
    const island = modulesOf(graph, [...closure(graph, [keyOfSource(graph, 'src/site/layout/NewsletterBox.tsx')])]);
    expect(island).toContain('src/site/layout/NewsletterBox.tsx');
    expect(island.filter((m) => FORM_LIBRARIES.test(m))).toEqual([]);
    expect(island).not.toContain('src/site/dialogs/newsletter/NewsletterForm.tsx');
    expect(graph.manifest['src/site/dialogs/newsletter/NewsletterForm.tsx']?.isDynamicEntry).toBe(true);
  });

  it("the admin is an app of its own: the site's build holds no admin code, and each admin page is a chunk loaded on its route", () => {
    const site = modulesOf(graph, Object.keys(graph.manifest));
    expect(site.filter((m) => ADMIN_CODE.some((re) => re.test(m)))).toEqual([]);
    for (const key of ['src/admin/panel/AdminPage.tsx', 'src/admin/login/LoginPage.tsx', 'src/admin/panel/AuthLayout.tsx']) {
      expect(admin.manifest[key]?.isDynamicEntry, key).toBe(true);
    }
    // the admin's module map does see admin code where it is: the check above is not vacuous
    expect(modulesOf(admin, ['src/admin/panel/AdminPage.tsx']).some((m) => ADMIN_CODE.some((re) => re.test(m)))).toBe(true);
  });

  it('the public holidays are computed by the calendar tab itself: no holidays library (date-holidays, moment) in the build', () => {
    const HOLIDAYS = /node_modules\/(date-holidays|moment)/;
    const all = [...modulesOf(graph, Object.keys(graph.manifest)), ...modulesOf(admin, Object.keys(admin.manifest))];
    expect(all.filter((m) => HOLIDAYS.test(m))).toEqual([]);
    // not vacuous: the module map does see the module that computes them
    expect(all).toContain('src/admin/calendar/holidays.ts');
  });

  it('the proof-of-work widget (ALTCHA) is a chunk of its own, loaded only when the database asks a form for work', () => {
    const ALTCHA = /node_modules\/altcha\//;
    const own = Object.entries(graph.manifest).filter(([key]) => modulesOf(graph, [key]).some((m) => ALTCHA.test(m)));
    expect(own.map(([key]) => key)).toEqual(['src/site/dialogs/proof-solver.ts']);
    expect((own[0][1] as { isDynamicEntry?: boolean }).isDynamicEntry).toBe(true);
    // neither the dialogs nor their forms bring it: only the proof of work's own import() does
    for (const key of ['src/site/dialogs/booking/BookingDialog.tsx', 'src/site/dialogs/inquiry/InquiryDialog.tsx']) {
      expect(modulesOf(graph, [...closure(graph, [key])]).filter((m) => ALTCHA.test(m)), key).toEqual([]);
    }
    for (const [route] of PUBLIC_PAGES) {
      const keys = pageKeys(graph, route);
      expect(modulesOf(graph, keys.idle).filter((m) => ALTCHA.test(m)), route).toEqual([]);
      // not vacuous: a page can load it, after a send the database answered with a request for work
      expect(modulesOf(graph, keys.all).some((m) => ALTCHA.test(m)), route).toBe(true);
    }
  });

  it("the diff library (jsdiff) comes with an opened version of a post or project only, never with the admin's first load", () => {
    const DIFF = /node_modules\/diff\//;
    // a chunk of its own, loaded on demand (the check below is not vacuous)
    const own = Object.entries(admin.manifest).filter(([key]) => modulesOf(admin, [key]).some((m) => DIFF.test(m)));
    expect(own.length).toBeGreaterThan(0);
    for (const [key, chunk] of own) expect((chunk as { isDynamicEntry?: boolean }).isDynamicEntry, key).toBe(true);
    for (const page of ['src/admin/panel/AdminPage.tsx', 'src/admin/panel/WorkAdminPage.tsx']) {
      expect(modulesOf(admin, [...closure(admin, [page])]).filter((m) => DIFF.test(m)), page).toEqual([]);
    }
  });
});

// A prerendered page stays its HTML; only its islands hydrate.
describe('islands', () => {
  const LANDING_STATIC = [
    'src/site/pages/landing/LandingPage.tsx',
    'src/site/pages/landing/LandingSections.tsx',
    'src/site/pages/landing/sections/Hero.tsx',
    'src/site/pages/landing/sections/Features.tsx',
    'src/site/pages/landing/sections/Journey.tsx',
    'src/site/pages/landing/sections/Testimonials.tsx',
    'src/site/layout/SiteFooter.tsx',
    'src/site/layout/PublicLayout.tsx',
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
    for (const island of ['src/site/pages/landing/sections/Faq.tsx', 'src/site/pages/landing/sections/Clients.tsx', 'src/site/pages/landing/sections/Work.tsx', 'src/site/layout/SiteHeader.tsx']) {
      expect(loaded, island).toContain(island);
    }
    expect(modulesOf(graph, routeKeys(graph, 'src/site/pages/landing/LandingPage.tsx'))).toContain('src/site/pages/landing/LandingPage.tsx');
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
    expect(loaded.filter((m) => /node_modules\/(react-markdown|remark-|micromark)/.test(m) || m === 'src/site/pages/blog/BlogPostPage.tsx')).toEqual([]);
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

// The team chat is told by the database (supabase/migrations/20261128000200_chat_from_database.sql);
// the address used to ship in every visitor's JavaScript as VITE_CHAT_WEBHOOK_URL.
describe('no chat webhook address in the build', () => {
  it('the matcher finds a chat webhook address however it is written, and nothing else', () => {
    const caught = [
      'fetch("https://discord.com/api/webhooks/1234567890/s3cr3t-t0ken")',
      'https://discordapp.com/api/webhooks/1/t',
      'https://canary.discord.com/api/v10/webhooks/1/t',
      'HTTPS://DISCORD.COM/API/WEBHOOKS/1/T',
      '{"url":"https:\\/\\/discord.com\\/api\\/webhooks\\/1\\/t"}',
      'https:\\u002F\\u002Fdiscord.com\\u002Fapi\\u002Fwebhooks\\u002F1',
      '?next=https%3A%2F%2Fdiscord.com%2Fapi%2Fwebhooks%2F1',
      'https://hooks.slack.com/services/T000/B000/XXXX',
      'https://chat.googleapis.com/v1/spaces/AAAA/messages?key=k&token=t',
      'https://contoso.webhook.office.com/webhookb2/abc',
      'https://api.telegram.org/bot123:abc/sendMessage',
      'function qn(){return`http://127.0.0.1:54331/__local/chat-webhook`}',
      'import.meta.env.VITE_CHAT_WEBHOOK_URL',
    ];
    for (const text of caught) expect(findChatWebhooks(text).length, text).toBeGreaterThan(0);
    // a report names the address's fixed part, never its token
    expect(findChatWebhooks(caught[0])).toEqual([{ pattern: 'Discord webhook', match: 'discord.com/api/webhooks' }]);
    expect(JSON.stringify(caught.flatMap(findChatWebhooks))).not.toMatch(/s3cr3t|XXXX|token=/);

    const innocent = [
      'https://discord.com/invite/abc',
      'https://slack.com/intl/en-gb/',
      'the content webhook tells the publisher',
      'https://www.linkedin.com/company/sinaptika-example',
      'http://127.0.0.1:54331/rest/v1/contact_submissions',
      'chatWebhook',
    ];
    for (const text of innocent) expect(findChatWebhooks(text), text).toEqual([]);
  });

  it('the scan fails on a built file that holds one, in any folder and text format', () => {
    const dir = mkdtempSync(join(tmpdir(), 'webhook-scan-'));
    try {
      mkdirSync(join(dir, 'assets'));
      mkdirSync(join(dir, '.vite'));
      writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Синаптика</title>');
      writeFileSync(join(dir, 'assets', 'index-abc.js'), 'const a=1;');
      writeFileSync(join(dir, 'assets', 'notify-def.js'), 'fetch("https://discord.com/api/webhooks/1/t",{method:"POST"})');
      writeFileSync(join(dir, 'rss.xml'), '<link>https://hooks.slack.com/services/T/B/X</link>');
      writeFileSync(join(dir, '.vite', 'env.json'), '{"VITE_CHAT_WEBHOOK_URL":"x"}');
      // not text: not read
      writeFileSync(join(dir, 'assets', 'logo.png'), 'https://discord.com/api/webhooks/1/t');
      const { files, findings } = scanForChatWebhooks(dir);
      expect(files).toEqual(['.vite/env.json', 'assets/index-abc.js', 'assets/notify-def.js', 'index.html', 'rss.xml']);
      expect(findings).toEqual([
        { file: '.vite/env.json', pattern: 'VITE_CHAT_WEBHOOK variable', match: 'VITE_CHAT_WEBHOOK' },
        { file: 'assets/notify-def.js', pattern: 'Discord webhook', match: 'discord.com/api/webhooks' },
        { file: 'rss.xml', pattern: 'Slack webhook', match: 'hooks.slack.com' },
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('no built file (scripts, pages, data, feeds) holds a chat webhook address', () => {
    const { files, findings } = scanForChatWebhooks(graph.dir);
    expect(findings).toEqual([]);
    // not vacuous: the scan read the pages, the scripts, the feeds and the build's own data
    expect(files).toEqual(expect.arrayContaining(['index.html', 'sitemap.xml', 'rss.xml', '.vite/manifest.json']));
    expect(files.filter((f) => f.endsWith('.js')).length).toBeGreaterThan(10);
    expect(files.filter((f) => f.endsWith('.html')).length).toBeGreaterThan(3);
  });
});
