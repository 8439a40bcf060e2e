// The public addresses (src/shared/config/addresses.ts): what each one is, and that each opens its
// page in the site's route table with the value it was made from.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { routes } from '@/app/router';
import { bookingPath, categoryPath, dataRequestConfirmPath, newsletterConfirmPath, newsletterUnsubscribePath, postPath, projectPath, publicUrl, resourcePath } from '@/shared/config/addresses';
import { site } from '@/shared/config/site';

const ID = 'a0000000-0000-4000-8000-000000000001';
/** A booking link's token as the database mints it: 32 random bytes, base64url without padding. */
const TOKEN = 'q3V-9_xZ0aBcDeFgHiJkLmNoPqRsTuVwXyZ012345_-';
const UNSUBSCRIBE_TOKEN = `${'0123456789abcdef'.repeat(2)}.A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6`;

/** The route an address opens and its decoded parameters. */
function open(path: string) {
  const leaf = matchRoutes(routes, path)?.at(-1);
  return { pattern: leaf?.route.path ?? null, params: leaf?.params ?? {} };
}

describe('public addresses of normal slugs', () => {
  it('are the slug after its section, as the site has always linked them', () => {
    expect(postPath('moyat-post')).toBe('/blog/moyat-post');
    expect(postPath('ai_2026-plan')).toBe('/blog/ai_2026-plan');
    expect(projectPath({ id: ID, slug: 'crm-za-brokeri' })).toBe('/project/crm-za-brokeri');
    expect(resourcePath('map-the-process-before-you-automate')).toBe('/resources/map-the-process-before-you-automate');
    expect(bookingPath(TOKEN)).toBe(`/booking/${TOKEN}`);
  });

  it('a project without a slug (none, empty or blank) is addressed by its id', () => {
    for (const slug of [null, undefined, '', '   ']) expect(projectPath({ id: ID, slug })).toBe(`/project/${ID}`);
  });
});

describe('what the data holds is one encoded path segment, taken as it is', () => {
  it('Cyrillic and spaces are percent-encoded, never trimmed', () => {
    expect(postPath('моят пост')).toBe('/blog/%D0%BC%D0%BE%D1%8F%D1%82%20%D0%BF%D0%BE%D1%81%D1%82');
    expect(postPath(' a ')).toBe('/blog/%20a%20');
    expect(projectPath({ id: ID, slug: ' crm ' })).toBe('/project/%20crm%20');
    expect(resourcePath('a b')).toBe('/resources/a%20b');
  });

  it("a category's name is one segment: Cyrillic, spaces and reserved characters encoded", () => {
    expect(categoryPath('AI Решения')).toBe('/blog/category/AI%20%D0%A0%D0%B5%D1%88%D0%B5%D0%BD%D0%B8%D1%8F');
    expect(categoryPath('Новини')).toBe('/blog/category/%D0%9D%D0%BE%D0%B2%D0%B8%D0%BD%D0%B8');
    expect(categoryPath('A&B / C?#')).toBe('/blog/category/A%26B%20%2F%20C%3F%23');
    expect(categoryPath('100%')).toBe('/blog/category/100%25');
  });

  it('each opens its page in the route table with the very value it was made from', () => {
    const cases: [string, string, Record<string, string>][] = [
      [postPath('moyat-post'), 'blog/:slug', { slug: 'moyat-post' }],
      [postPath('моят пост'), 'blog/:slug', { slug: 'моят пост' }],
      // a post named like a listing page is still a post
      [postPath('category'), 'blog/:slug', { slug: 'category' }],
      [categoryPath('AI Решения'), 'blog/category/:category', { category: 'AI Решения' }],
      [categoryPath('A/B 100%'), 'blog/category/:category', { category: 'A/B 100%' }],
      [projectPath({ id: ID, slug: 'crm-za-brokeri' }), 'project/:slug', { slug: 'crm-za-brokeri' }],
      [projectPath({ id: ID, slug: null }), 'project/:slug', { slug: ID }],
      [resourcePath('choosing-your-first-automation'), 'resources/:slug', { slug: 'choosing-your-first-automation' }],
      [bookingPath(TOKEN), 'booking/:token', { token: TOKEN }],
      [newsletterConfirmPath(TOKEN), 'newsletter/confirm/:token', { token: TOKEN }],
      [newsletterUnsubscribePath(UNSUBSCRIBE_TOKEN), 'newsletter/unsubscribe/:token', { token: UNSUBSCRIBE_TOKEN }],
    ];
    for (const [path, pattern, params] of cases) {
      const opened = open(path);
      expect(opened.pattern, path).toBe(pattern);
      expect(opened.params, path).toMatchObject(params);
    }
  });
});

describe('the e-mailed links', () => {
  const migrations = () => {
    const dir = join(process.cwd(), 'supabase', 'migrations');
    return readdirSync(dir)
      .filter((f) => f.endsWith('.sql'))
      .map((f) => readFileSync(join(dir, f), 'utf8'));
  };

  it('have the shapes the database writes into its e-mails: a booking’s, a newsletter confirmation’s and a data request’s', () => {
    const links = migrations().flatMap((text) => text.match(/link := settings\.site_url \|\| '[^']*' \|\| token;/g) ?? []);
    const shapes = [bookingPath(''), newsletterConfirmPath(''), dataRequestConfirmPath('')].map((prefix) => `link := settings.site_url || '${prefix}' || token;`);
    // not vacuous: the migrations build all three
    for (const shape of shapes) expect(links).toContain(shape);
    for (const line of links) expect(shapes).toContain(line);
  });

  it('has the newsletter’s unsubscribe page in the shape the database writes', () => {
    const pages = migrations().flatMap((text) => text.match(/settings\.site_url \|\| '\/newsletter\/unsubscribe\/[^']*' \|\| token/g) ?? []);
    expect(pages.length).toBeGreaterThan(0);
    for (const page of pages) expect(page).toBe(`settings.site_url || '${newsletterUnsubscribePath('')}' || token`);
  });
});

describe('publicUrl', () => {
  it("puts a path on the site's origin, or on another", () => {
    expect(publicUrl('/blog/moyat-post')).toBe(`${site.url}/blog/moyat-post`);
    expect(publicUrl('/project/crm', 'https://sinaptika.example/')).toBe('https://sinaptika.example/project/crm');
    expect(publicUrl('resources/a', 'https://sinaptika.example')).toBe('https://sinaptika.example/resources/a');
  });
});
