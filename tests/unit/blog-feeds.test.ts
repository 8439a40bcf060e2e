import { createServer, type Server } from 'node:http';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { site } from '@/shared/config/site';
import { resourceArticles } from '@/site/content/resources';
import { buildRss, buildSitemap, buildSitemaps, escapeXml, generateFeeds, normalizeSiteUrl, withSitemapLine } from '../../scripts/publisher/feeds.mjs';

// The feeds take their addresses, the resource articles and the site's name from the server bundle;
// here from its source, src/site/entry-server.tsx (its build config needs a Supabase project's settings).
let ssr: typeof import('@/site/entry-server');
beforeAll(async () => {
  vi.stubEnv('VITE_SUPABASE_URL', 'http://supabase.test');
  vi.stubEnv('VITE_SUPABASE_ANON_KEY', 'test-anon-key');
  ssr = await import('@/site/entry-server');
});
afterAll(() => {
  vi.unstubAllEnvs();
});

const SITE = 'https://sinaptika.example';
const RESOURCE_LOCS = resourceArticles.map((a) => `${SITE}/resources/${a.slug}`);
const posts = [
  {
    title: 'AI & автоматизация <нова>',
    slug: 'ai-i-avtomatizatsiya',
    excerpt: 'Кратко "резюме"',
    category: 'AI Решения',
    author: 'Мария Иванова',
    published_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-21T08:00:00Z',
  },
  { title: 'Втора', slug: 'vtora', excerpt: null, category: null, author: 'М', published_at: '2026-11-10T10:00:00Z', updated_at: null },
];

describe('feed builders', () => {
  it('the sitemap lists home, blog, categories, posts, projects (slug else id), every resource article, the privacy notice and the data-request page with absolute URLs', () => {
    const xml = buildSitemap({
      siteUrl: SITE,
      ssr,
      posts,
      projects: [
        { id: 'a0000000-0000-4000-8000-000000000001', slug: 'crm-za-brokeri', updated_at: '2026-10-01T00:00:00Z' },
        { id: 'a0000000-0000-4000-8000-000000000002', slug: null, updated_at: null },
        { id: 'a0000000-0000-4000-8000-000000000003', slug: '', updated_at: null },
      ],
      categories: ['AI Решения', 'Новини'],
    });
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      `${SITE}/`,
      `${SITE}/blog`,
      `${SITE}/blog/category/AI%20%D0%A0%D0%B5%D1%88%D0%B5%D0%BD%D0%B8%D1%8F`,
      `${SITE}/blog/category/%D0%9D%D0%BE%D0%B2%D0%B8%D0%BD%D0%B8`,
      `${SITE}/blog/ai-i-avtomatizatsiya`,
      `${SITE}/blog/vtora`,
      `${SITE}/project/crm-za-brokeri`,
      `${SITE}/project/a0000000-0000-4000-8000-000000000002`,
      `${SITE}/project/a0000000-0000-4000-8000-000000000003`,
      ...RESOURCE_LOCS,
      `${SITE}/poveritelnost`,
      `${SITE}/lichni-danni`,
    ]);
    // the five articles of src/site/content/resources.ts, each at the address the site links to
    expect(RESOURCE_LOCS).toHaveLength(5);
    expect(RESOURCE_LOCS).toContain(`${SITE}/resources/map-the-process-before-you-automate`);
    expect(xml).toContain('<lastmod>2026-11-21T08:00:00.000Z</lastmod>');
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true);
  });

  it('the RSS feed has one escaped item per post with link, guid, date, author, category and excerpt', () => {
    const xml = buildRss({ siteUrl: SITE, ssr, posts, now: new Date('2026-11-22T00:00:00Z') });
    expect(xml.match(/<item>/g)).toHaveLength(2);
    // titled with the site's name (src/shared/config/site.ts)
    expect(xml).toContain(`<title>${site.name} — Блог</title>`);
    expect(xml).toContain(`<link>${SITE}/blog</link>`);
    expect(xml).toContain('<title>AI &amp; автоматизация &lt;нова&gt;</title>');
    expect(xml).toContain(`<link>${SITE}/blog/ai-i-avtomatizatsiya</link>`);
    expect(xml).toContain(`<guid isPermaLink="true">${SITE}/blog/ai-i-avtomatizatsiya</guid>`);
    expect(xml).toContain('<pubDate>Fri, 20 Nov 2026 10:00:00 GMT</pubDate>');
    expect(xml).toContain('<dc:creator>Мария Иванова</dc:creator>');
    expect(xml).toContain('<category>AI Решения</category>');
    expect(xml).toContain('<description>Кратко &quot;резюме&quot;</description>');
    expect(xml).toContain(`<atom:link href="${SITE}/rss.xml" rel="self" type="application/rss+xml"/>`);
    expect(xml).not.toMatch(/<[^>]*<нова>/);
  });

  it("an item's description is the post's meta description, else its excerpt; its title stays the post's own", () => {
    const xml = buildRss({
      siteUrl: SITE,
      ssr,
      posts: [
        { ...posts[0], meta_description: 'За търсачките & читателите <кратко>' },
        { ...posts[0], slug: 'prazno', meta_description: '  ' },
        { ...posts[1], meta_description: 'Само мета описание' },
      ],
    });
    const items = xml.split('<item>').slice(1);
    expect(items[0]).toContain('<title>AI &amp; автоматизация &lt;нова&gt;</title>');
    expect(items[0]).toContain('<description>За търсачките &amp; читателите &lt;кратко&gt;</description>');
    expect(items[0]).not.toContain('резюме');
    expect(items[1]).toContain('<description>Кратко &quot;резюме&quot;</description>');
    // no excerpt: the meta description alone
    expect(items[2]).toContain('<description>Само мета описание</description>');
  });

  it("the sitemap lists each post's and project's share image, else its main image, absolute and escaped", () => {
    const xml = buildSitemap({
      siteUrl: SITE,
      ssr,
      posts: [
        { title: 'А', slug: 'a', share_image: 'https://cdn.test/share/a.1200x630.jpg?v=1&w=2', featured_image: 'https://cdn.test/main/a.jpg' },
        { title: 'Б', slug: 'b', share_image: null, featured_image: '/demo/post 1.svg' },
        { title: 'В', slug: 'v', share_image: '  ', featured_image: 'https://cdn.test/main/v.jpg' },
        // nothing a crawler could fetch: protocol-relative, data:, relative, another scheme, none
        { title: 'Г', slug: 'g', share_image: '//cdn.test/g.jpg', featured_image: 'https://cdn.test/main/g.jpg' },
        { title: 'Д', slug: 'd', featured_image: 'data:image/png;base64,AAAA' },
        { title: 'Е', slug: 'e', featured_image: 'images/e.jpg' },
        { title: 'Ж', slug: 'zh', featured_image: 'javascript:alert(1)' },
        { title: 'З', slug: 'z', featured_image: null },
      ],
      projects: [
        { id: 'p1', slug: 'crm', share_image: '/uploads/crm-share.1200x630.png', image: 'https://cdn.test/crm.jpg' },
        { id: 'p2', slug: 'qr', share_image: null, image: 'HTTPS://cdn.test/qr.png' },
      ],
    });
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">');
    const imageOf = (loc: string) => {
      const url = xml.split('<url>').find((u) => u.includes(`<loc>${SITE}${loc}</loc>`))!;
      return [...url.matchAll(/<image:image>\s*<image:loc>([^<]*)<\/image:loc>\s*<\/image:image>/g)].map((m) => m[1]);
    };
    expect(imageOf('/blog/a')).toEqual(['https://cdn.test/share/a.1200x630.jpg?v=1&amp;w=2']);
    expect(imageOf('/blog/b')).toEqual([`${SITE}/demo/post%201.svg`]);
    expect(imageOf('/blog/v')).toEqual(['https://cdn.test/main/v.jpg']);
    for (const slug of ['g', 'd', 'e', 'zh', 'z']) expect(imageOf(`/blog/${slug}`)).toEqual([]);
    expect(imageOf('/project/crm')).toEqual([`${SITE}/uploads/crm-share.1200x630.png`]);
    expect(imageOf('/project/qr')).toEqual(['https://cdn.test/qr.png']);
    expect(imageOf('/')).toEqual([]);
    expect(xml.match(/<image:image>/g)).toHaveLength(5);
  });

  it('escapes XML and drops control characters', () => {
    expect(escapeXml(`a&b<c>"d"'e'\u0001`)).toBe('a&amp;b&lt;c&gt;&quot;d&quot;&apos;e&apos;');
  });

  it('robots.txt gets exactly one Sitemap line for the site', () => {
    const robots = 'User-agent: *\nDisallow: /blog-admin\nSitemap: http://old.example/sitemap.xml\n';
    expect(withSitemapLine(robots, SITE)).toBe(`User-agent: *\nDisallow: /blog-admin\n\nSitemap: ${SITE}/sitemap.xml\n`);
  });

  it('checks the site URL', () => {
    const warnings: string[] = [];
    expect(normalizeSiteUrl('https://a.example/', (m: string) => warnings.push(m))).toBe('https://a.example');
    expect(normalizeSiteUrl('not a url', (m: string) => warnings.push(m))).toBe('http://localhost:5173');
    expect(normalizeSiteUrl(undefined, (m: string) => warnings.push(m))).toBe('http://localhost:5173');
    expect(warnings).toHaveLength(2);
  });
});

describe('buildSitemaps', () => {
  it('splits into a sitemap index past the protocol\'s limit of URLs per file', () => {
    const posts = Array.from({ length: 7 }, (_, i) => ({ title: `П${i}`, slug: `p-${i}` }));
    const small = buildSitemaps({ siteUrl: SITE, ssr, posts, maxUrls: 50 });
    expect(Object.keys(small)).toEqual(['sitemap.xml']);
    const split = buildSitemaps({ siteUrl: SITE, ssr, posts, maxUrls: 4, now: new Date('2026-11-23T00:00:00Z') });
    // home, blog, 7 posts, the 5 resource articles, the privacy notice and the data-request page: 16 addresses in files of 4
    expect(Object.keys(split).sort()).toEqual(['sitemap-1.xml', 'sitemap-2.xml', 'sitemap-3.xml', 'sitemap-4.xml', 'sitemap.xml']);
    expect(split['sitemap.xml']).toContain('<sitemapindex');
    expect(split['sitemap.xml']).toContain(`<loc>${SITE}/sitemap-4.xml</loc>`);
    const locs = Object.entries(split)
      .filter(([name]) => name !== 'sitemap.xml')
      .flatMap(([, xml]) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]));
    expect(locs).toHaveLength(16);
    expect(new Set(locs).size).toBe(16);
    expect(split['sitemap-4.xml'].match(/<url>/g)).toHaveLength(4);
  });
});

describe('generateFeeds', () => {
  let server: Server;
  let base: string;
  const requests: { url: string; apikey?: string }[] = [];
  let outDir: string;

  beforeAll(async () => {
    server = createServer((req, res) => {
      requests.push({ url: req.url ?? '', apikey: req.headers.apikey as string | undefined });
      res.setHeader('content-type', 'application/json');
      if (req.url?.startsWith('/rest/v1/blog_posts')) res.end(JSON.stringify(posts));
      else if (req.url?.startsWith('/rest/v1/projects')) res.end(JSON.stringify([{ id: 'x1', slug: 'qr-menu', updated_at: null, share_image: null, image: '/demo/qr-menu.svg' }]));
      else if (req.url?.startsWith('/rest/v1/rpc/blog_category_counts'))
        res.end(JSON.stringify([{ name: 'AI Решения', count: 2 }, { name: 'CI/CD', count: 1 }]));
      else res.writeHead(404).end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    outDir = await mkdtemp(path.join(tmpdir(), 'feeds-'));
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await rm(outDir, { recursive: true, force: true });
  });

  it('reads published posts and projects with the anon key and writes the three files', async () => {
    await writeFile(path.join(outDir, 'robots.txt'), 'User-agent: *\nAllow: /\n');
    const result = await generateFeeds({ outDir, ssr, supabaseUrl: base, anonKey: 'anon-key', siteUrl: SITE, log: { warn: () => {} } });
    expect(result).toEqual({ databaseAnswered: true, posts: 2, projects: 1, resources: 5 });
    const postsRequest = requests.find((r) => r.url.startsWith('/rest/v1/blog_posts'))!;
    expect(postsRequest.url).toContain('is_published=eq.true');
    expect(postsRequest.url).toContain('order=published_at.desc');
    expect(postsRequest.apikey).toBe('anon-key');
    const sitemap = await readFile(path.join(outDir, 'sitemap.xml'), 'utf8');
    expect(sitemap).toContain(`<loc>${SITE}/project/qr-menu</loc>`);
    for (const loc of RESOURCE_LOCS) expect(sitemap).toContain(`<loc>${loc}</loc>`);
    expect(await readFile(path.join(outDir, 'rss.xml'), 'utf8')).toContain(`<link>${SITE}/blog/vtora</link>`);
    expect(await readFile(path.join(outDir, 'robots.txt'), 'utf8')).toContain(`Sitemap: ${SITE}/sitemap.xml`);
  });

  it('asks for the feed\'s 50 newest posts only, and lists each category page a static host can serve', async () => {
    requests.length = 0;
    await generateFeeds({ outDir, ssr, supabaseUrl: base, anonKey: 'anon-key', siteUrl: SITE, log: { warn: () => {} } });
    const postQueries = requests.filter((r) => r.url.startsWith('/rest/v1/blog_posts')).map((r) => decodeURIComponent(r.url));
    expect(postQueries.some((u) => u.includes('limit=50') && u.includes('select=title,slug,excerpt'))).toBe(true);
    // the sitemap's read names only what an address needs, never the post bodies
    expect(postQueries.every((u) => !/select=[^&]*content/.test(u) && !u.includes('select=*'))).toBe(true);
    const sitemap = await readFile(path.join(outDir, 'sitemap.xml'), 'utf8');
    expect(sitemap).toContain(`<loc>${SITE}/blog/category/AI%20%D0%A0%D0%B5%D1%88%D0%B5%D0%BD%D0%B8%D1%8F</loc>`);
    expect(sitemap).not.toContain('CI');
  });

  it('reads the meta description for the feed and the share and main images for the sitemap, by name', async () => {
    requests.length = 0;
    await generateFeeds({ outDir, ssr, supabaseUrl: base, anonKey: 'anon-key', siteUrl: SITE, log: { warn: () => {} } });
    const selects = requests.map((r) => new URL(r.url, base)).map((u) => `${u.pathname} ${u.searchParams.get('select')}`);
    expect(selects).toContainEqual('/rest/v1/blog_posts title,slug,excerpt,meta_description,category,author,published_at');
    expect(selects).toContainEqual('/rest/v1/blog_posts slug,published_at,updated_at,share_image,featured_image');
    expect(selects).toContainEqual('/rest/v1/projects id,slug,updated_at,share_image,image');
    const sitemap = await readFile(path.join(outDir, 'sitemap.xml'), 'utf8');
    expect(sitemap).toContain('xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"');
    expect(sitemap).toContain(`<image:loc>${SITE}/demo/qr-menu.svg</image:loc>`);
  });

  it('for a live site, leaves the files as they were when the database does not answer', async () => {
    await writeFile(path.join(outDir, 'rss.xml'), 'earlier feed');
    const result = await generateFeeds({
      ssr,
      outDir,
      supabaseUrl: 'http://127.0.0.1:9',
      anonKey: 'anon-key',
      siteUrl: SITE,
      timeoutMs: 2000,
      keepOnFailure: true,
      log: { warn: () => {} },
    });
    expect(result.databaseAnswered).toBe(false);
    expect(await readFile(path.join(outDir, 'rss.xml'), 'utf8')).toBe('earlier feed');
  });

  it('warns and still writes the static sitemap when the database does not answer', async () => {
    const warnings: string[] = [];
    const result = await generateFeeds({
      ssr,
      outDir,
      supabaseUrl: 'http://127.0.0.1:9',
      anonKey: 'anon-key',
      siteUrl: SITE,
      timeoutMs: 2000,
      log: { warn: (m: string) => warnings.push(m) },
    });
    expect(result.databaseAnswered).toBe(false);
    expect(warnings[0]).toMatch(/did not answer/);
    const sitemap = await readFile(path.join(outDir, 'sitemap.xml'), 'utf8');
    expect(sitemap).toContain(`<loc>${SITE}/blog</loc>`);
    expect(sitemap).not.toContain('/blog/vtora');
    expect(await readFile(path.join(outDir, 'rss.xml'), 'utf8')).not.toContain('<item>');
  });
});
