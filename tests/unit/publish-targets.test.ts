// Which static pages a database webhook's event touches (scripts/publisher/targets.mjs).
import { describe, expect, it } from 'vitest';
import { postPath, projectPath } from '@/shared/config/addresses';
import { addTargets, emptyTargets, isEmpty, mergeTargets, parseEvent } from '../../scripts/publisher/targets.mjs';

// the publisher passes the server bundle's, which are these (src/site/entry-server.tsx)
const paths = { post: postPath, project: projectPath };
const targetsOf = (payload: unknown) => addTargets(emptyTargets(), parseEvent(payload), paths);

describe('parseEvent', () => {
  it('accepts Supabase\'s webhook payload and nothing else', () => {
    expect(parseEvent({ type: 'UPDATE', table: 'blog_posts', schema: 'public', record: { slug: 'a' }, old_record: null })).toEqual({
      type: 'UPDATE',
      table: 'blog_posts',
      record: { slug: 'a' },
      oldRecord: null,
    });
    expect(parseEvent({ type: 'TRUNCATE', table: 'blog_posts' })).toBeNull();
    expect(parseEvent({ type: 'INSERT', table: 'users', schema: 'auth' })).toBeNull();
    expect(parseEvent('INSERT')).toBeNull();
    expect(parseEvent(null)).toBeNull();
    expect(parseEvent({ type: 'INSERT', table: 'blog_posts', record: [1] })?.record).toBeNull();
  });
});

describe('addTargets', () => {
  it('a post renamed and moved to another category: both addresses, both categories, the blog and the feeds', () => {
    const t = targetsOf({
      type: 'UPDATE',
      table: 'blog_posts',
      record: { slug: 'novo-ime', category: 'Продуктивност', is_published: true },
      old_record: { slug: 'staro-ime', category: 'AI Решения', is_published: true },
    });
    expect([...t.pages].sort()).toEqual(['/blog/novo-ime', '/blog/staro-ime']);
    expect([...t.categories].sort()).toEqual(['AI Решения', 'Продуктивност']);
    expect(t).toMatchObject({ lists: true, feeds: true, landing: false });
  });

  it('a deleted post: its old address (the page is then removed) and the lists', () => {
    const t = targetsOf({ type: 'DELETE', table: 'blog_posts', record: null, old_record: { slug: 'iztrita', category: null } });
    expect([...t.pages]).toEqual(['/blog/iztrita']);
    expect(t.categories.size).toBe(0);
    expect(t.lists).toBe(true);
  });

  it('a project: its page (by slug, else id), the landing page and the sitemap; never the blog', () => {
    const t = targetsOf({ type: 'INSERT', table: 'projects', record: { id: 'p-1', slug: null }, old_record: null });
    expect([...t.pages]).toEqual(['/project/p-1']);
    expect(t).toMatchObject({ landing: true, feeds: true, lists: false });
  });

  it('clients and categories: the landing page only; other tables: nothing', () => {
    expect(targetsOf({ type: 'INSERT', table: 'clients', record: { id: 'c' } })).toMatchObject({ landing: true, feeds: false, lists: false });
    expect(targetsOf({ type: 'UPDATE', table: 'project_categories', record: { name: 'x' } }).landing).toBe(true);
    expect(isEmpty(targetsOf({ type: 'UPDATE', table: 'calendar_settings', record: { id: 1 } }))).toBe(true);
  });

  it("the privacy notice's facts, a new version of its text and a retention period: the notice's page only", () => {
    const withNotice = { ...paths, privacyNotice: '/poveritelnost' };
    for (const table of ['privacy_settings', 'privacy_notices', 'retention_settings']) {
      const t = addTargets(emptyTargets(), parseEvent({ type: table === 'privacy_notices' ? 'INSERT' : 'UPDATE', table, record: {} }), withNotice);
      expect([...t.pages], table).toEqual(['/poveritelnost']);
      expect(t, table).toMatchObject({ landing: false, lists: false, feeds: false });
    }
  });

  it('events gathered together make one set of targets', () => {
    const a = targetsOf({ type: 'INSERT', table: 'blog_posts', record: { slug: 'a' } });
    const b = targetsOf({ type: 'INSERT', table: 'clients', record: {} });
    const merged = mergeTargets(mergeTargets(emptyTargets(), a), b);
    expect([...merged.pages]).toEqual(['/blog/a']);
    expect(merged).toMatchObject({ lists: true, landing: true, feeds: true });
  });
});
