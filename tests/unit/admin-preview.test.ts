import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { postPreviewData } from '@/admin/posts/post-preview';
import { EMPTY_POST_VALUES } from '@/admin/posts/post-schema';
import { projectPreviewData } from '@/admin/work/project-preview';
import { emptyProjectValues } from '@/admin/work/project-schema';
import {
  isPreviewId,
  newPreviewId,
  PREVIEW_MAX_AGE_MS,
  PREVIEW_MAX_COUNT,
  previewPath,
  previewStorageKey,
  prunePreviews,
  readPreview,
  writePreview,
} from '@/shared/preview/preview-store';
import { previewPost, previewProject, safeBackTo } from '@/site/pages/preview/preview-data';

// The previews of the admin's forms: the stored entries (the form writes, the preview page reads),
// their tidying, and the rows made from the forms' values.

/** A localStorage of this test's own (the unit project runs in node). */
class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  failWrites = false;
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    if (this.failWrites) throw new DOMException('full', 'QuotaExceededError');
    this.items.set(key, String(value));
  }
  keys() {
    return [...this.items.keys()];
  }
}

let store: MemoryStorage;
beforeEach(() => {
  store = new MemoryStorage();
  vi.stubGlobal('window', { localStorage: store });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const NOW = new Date('2026-03-01T12:00:00.000Z');
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3_600_000);
const entry = (title = 'Чернова') => ({ kind: 'post' as const, backTo: '/blog-admin/posts/new', data: { title } });

describe('preview ids and addresses', () => {
  it('a fresh id is random and of the accepted shape; the address is under its panel', () => {
    const a = newPreviewId();
    const b = newPreviewId();
    expect(a).not.toBe(b);
    expect(isPreviewId(a)).toBe(true);
    expect(previewPath('post', a)).toBe(`/blog-admin/preview/post/${a}`);
    expect(previewPath('project', a)).toBe(`/work-admin/preview/project/${a}`);
  });

  it('an id that is not one is never looked up', () => {
    for (const id of ['', 'short', '../admin-post-draft:new', 'ABCDEFGHIJ', 'a'.repeat(65)]) expect(isPreviewId(id), id).toBe(false);
    store.setItem(previewStorageKey('short'), JSON.stringify({ version: 1, kind: 'post', savedAt: NOW.toISOString(), backTo: '/', data: {} }));
    expect(readPreview('short', NOW)).toBeNull();
  });
});

describe('writing and reading a preview', () => {
  it('reads back what was written, with the time of the write', () => {
    expect(writePreview('abcdef123456', entry('Първа'), NOW)).toBe(true);
    expect(readPreview('abcdef123456', NOW)).toEqual({
      version: 1,
      kind: 'post',
      savedAt: NOW.toISOString(),
      backTo: '/blog-admin/posts/new',
      data: { title: 'Първа' },
    });
  });

  it('an unknown, unreadable, foreign-shaped or expired entry is none', () => {
    expect(readPreview('abcdef123456', NOW)).toBeNull();
    store.setItem(previewStorageKey('abcdef123456'), '{not json');
    expect(readPreview('abcdef123456', NOW)).toBeNull();
    store.setItem(previewStorageKey('abcdef123456'), JSON.stringify({ version: 2, kind: 'post', savedAt: NOW.toISOString(), backTo: '/', data: {} }));
    expect(readPreview('abcdef123456', NOW)).toBeNull();
    store.setItem(previewStorageKey('abcdef123456'), JSON.stringify({ version: 1, kind: 'page', savedAt: NOW.toISOString(), backTo: '/', data: {} }));
    expect(readPreview('abcdef123456', NOW)).toBeNull();
    store.setItem(previewStorageKey('abcdef123456'), JSON.stringify({ version: 1, kind: 'post', savedAt: NOW.toISOString(), backTo: '/', data: null }));
    expect(readPreview('abcdef123456', NOW)).toBeNull();

    writePreview('abcdef123456', entry(), hoursAgo(24));
    expect(readPreview('abcdef123456', NOW)).not.toBeNull(); // exactly the limit
    writePreview('abcdef123456', entry(), new Date(NOW.getTime() - PREVIEW_MAX_AGE_MS - 1));
    expect(readPreview('abcdef123456', NOW)).toBeNull();
  });

  it('a refused write says so and breaks nothing', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    store.failWrites = true;
    expect(writePreview('abcdef123456', entry(), NOW)).toBe(false);
    expect(writePreview('bad id', entry(), NOW)).toBe(false);
  });
});

describe('tidying old previews', () => {
  it('drops expired and unreadable previews, and leaves other keys alone', () => {
    writePreview('old000000001', entry(), hoursAgo(30));
    writePreview('fresh0000001', entry(), hoursAgo(1));
    store.setItem(previewStorageKey('broken000001'), 'x');
    store.setItem('admin-post-draft:new', '{"kept":true}');
    prunePreviews(NOW);
    expect(store.keys().sort()).toEqual(['admin-post-draft:new', previewStorageKey('fresh0000001')]);
  });

  it(`keeps the newest ${PREVIEW_MAX_COUNT}, counting the one being written`, () => {
    for (let i = 0; i < PREVIEW_MAX_COUNT + 3; i += 1) writePreview(`preview${String(i).padStart(5, '0')}`, entry(), hoursAgo(20 - i));
    expect(store.keys()).toHaveLength(PREVIEW_MAX_COUNT);
    // the oldest went; writing a new one makes room by dropping the oldest left
    expect(store.getItem(previewStorageKey('preview00002'))).toBeNull();
    expect(store.getItem(previewStorageKey('preview00003'))).not.toBeNull();
    writePreview('newest000001', entry(), NOW);
    expect(store.keys()).toHaveLength(PREVIEW_MAX_COUNT);
    expect(store.getItem(previewStorageKey('preview00003'))).toBeNull();
    expect(store.getItem(previewStorageKey('newest000001'))).not.toBeNull();
  });

  it('rewriting an open preview keeps it, however old its last write', () => {
    writePreview('open00000001', entry('Първа'), hoursAgo(30));
    writePreview('open00000001', entry('Втора'), NOW);
    expect(readPreview('open00000001', NOW)?.data).toEqual({ title: 'Втора' });
  });
});

describe('the rows made from the forms', () => {
  it("a post: as a save makes it (trimmed, tags parsed, the signed-in user's name), dated now until published", () => {
    const values = { ...EMPTY_POST_VALUES, title: '  Нова публикация ', slug: 'nova', content: '## Глава', tags: 'AI, CRM, ', category: ' AI ' };
    const signedIn = { id: 'u-1', username: 'maria', full_name: 'Мария Иванова', email: 'm@example.com', is_active: true, created_at: NOW.toISOString(), role: 'author' as const };
    const row = postPreviewData(values, { post: null, signedIn, now: NOW });
    expect(row).toMatchObject({
      id: 'preview',
      title: 'Нова публикация',
      slug: 'nova',
      content: '## Глава',
      tags: ['AI', 'CRM'],
      category: 'AI',
      author: 'Мария Иванова',
      excerpt: null,
      featured_image: null,
      published_at: NOW.toISOString(),
      created_at: NOW.toISOString(),
    });
    const saved = { id: 'p-1', created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-02T00:00:00Z', is_published: true, published_at: '2026-01-02T00:00:00Z' };
    expect(postPreviewData({ ...values, is_published: true }, { post: saved, signedIn, now: NOW })).toMatchObject({
      id: 'p-1',
      published_at: '2026-01-02T00:00:00Z',
      created_at: '2026-01-01T00:00:00Z',
    });
    // a scheduled draft is dated at its time
    const scheduled = { ...values, scheduled: true, scheduled_at: '2026-12-01T08:00:00.000Z' };
    expect(postPreviewData(scheduled, { post: null, signedIn, now: NOW }).published_at).toBe('2026-12-01T08:00:00.000Z');
  });

  it('a project: as a save makes it (the URL with its scheme, the slug from the title, the gallery in order)', () => {
    const values = {
      ...emptyProjectValues(),
      title: 'CRM за брокери',
      link: 'crm.example.com',
      team_size: '4',
      technologies: [' React ', ''],
      gallery: [
        { id: '2', title: 'Второ', description: '', image: '/b.png', alt: 'Б', order: 5 },
        { id: '1', title: 'Първо', description: '', image: '/a.png', alt: 'А', order: 1 },
      ],
    };
    const row = projectPreviewData(values, null, NOW);
    expect(row).toMatchObject({ id: 'preview', link: 'https://crm.example.com', slug: 'crm-za-brokeri', team_size: 4, technologies: ['React'] });
    expect(row.gallery.map((g) => g.order)).toEqual([0, 1]);
  });
});

describe('the preview page reads a stored row defensively', () => {
  it('a post needs its title and date; the rest falls back to what the page shows without it', () => {
    expect(previewPost(null)).toBeNull();
    expect(previewPost(['x'])).toBeNull();
    expect(previewPost({ title: 'Без дата' })).toBeNull();
    expect(previewPost({ title: 'Т', created_at: '2026-03-01T00:00:00Z', tags: ['AI', 3, ' '], category: '  ', featured_image: 42 })).toEqual({
      title: 'Т',
      slug: '',
      content: '',
      featured_image: null,
      featured_image_alt: '',
      category: null,
      author: '',
      tags: ['AI'],
      published_at: null,
      created_at: '2026-03-01T00:00:00Z',
    });
  });

  it('a project needs its title; its gallery is sorted and a team size that is not one is none', () => {
    expect(previewProject({})).toBeNull();
    const project = previewProject({
      title: 'П',
      team_size: 2.5,
      gallery: [
        { id: 'b', image: '/b.png', order: 2 },
        { id: 'x', image: '' },
        { id: 'a', image: '/a.png', order: 1 },
      ],
    });
    expect(project?.gallery.map((g) => g.id)).toEqual(['a', 'b']);
    expect(project?.team_size).toBeNull();
    expect(project?.status).toBe('in_progress');
  });

  it('the way back is a path of this site, never another origin', () => {
    expect(safeBackTo('/blog-admin/posts/p-1?posts.q=AI', '/x')).toBe('/blog-admin/posts/p-1?posts.q=AI');
    for (const bad of ['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '']) expect(safeBackTo(bad, '/x'), bad).toBe('/x');
  });
});
