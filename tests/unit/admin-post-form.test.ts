import { describe, expect, it } from 'vitest';
import type { BlogUser } from '@/app/auth-context';
import {
  buildPostPayload,
  emptyPostValues,
  missingRequired,
  needsContentWarning,
  parseTags,
  postCompleteness,
  postFormText,
  slugAfterTitleChange,
  slugProblem,
  togglePublishPatch,
  type PostFormValues,
} from '@/features/admin/posts/post-form';

const signedIn: BlogUser = { id: 'u-1', username: 'maria', full_name: 'Мария Иванова', email: 'admin@example.com', is_active: true };
const now = new Date('2026-03-01T10:00:00.000Z');

function values(overrides: Partial<PostFormValues> = {}): PostFormValues {
  return { ...emptyPostValues(), ...overrides };
}

const full = values({
  title: 'Заглавие',
  slug: 'zaglavie',
  author: 'Мария',
  created_by: 'u-1',
  excerpt: 'Кратко',
  content: '## Текст',
  featured_image: 'https://example.com/a.png',
  category: 'AI',
  tags: 'AI, бизнес',
});

describe('tags', () => {
  it('splits on commas, trims, and drops empty tags', () => {
    expect(parseTags('AI,  автоматизация , ,n8n,')).toEqual(['AI', 'автоматизация', 'n8n']);
    expect(parseTags('   ')).toEqual([]);
    expect(parseTags('')).toEqual([]);
  });
});

describe('required fields and warnings', () => {
  it('title, slug and author name are required (blank counts as missing)', () => {
    expect(missingRequired(values())).toEqual(['title', 'slug', 'author']);
    expect(missingRequired(values({ title: 'T', slug: '  ', author: 'A' }))).toEqual(['slug']);
    expect(missingRequired(full)).toEqual([]);
    expect(postFormText.requiredWarning).toBe('Моля, попълнете всички задължителни полета във формата');
  });

  it('warns (without blocking) when content or the featured image is missing', () => {
    expect(needsContentWarning(full)).toBe(false);
    expect(needsContentWarning({ ...full, content: ' ' })).toBe(true);
    expect(needsContentWarning({ ...full, featured_image: '' })).toBe(true);
  });
});

describe('completeness over 9 fields', () => {
  it('is 0 for an empty form and 100 for a full one', () => {
    expect(postCompleteness(values())).toBe(0);
    expect(postCompleteness(full)).toBe(100);
  });

  it('counts each field as one ninth; tags count once at least one is given', () => {
    expect(postCompleteness(values({ title: 'T' }))).toBe(11); // 1/9
    expect(postCompleteness(values({ title: 'T', slug: 't', author: 'A' }))).toBe(33); // 3/9
    expect(postCompleteness({ ...full, tags: ' , ' })).toBe(89); // 8/9
    expect(postCompleteness({ ...full, created_by: '' })).toBe(89);
  });
});

describe('slug', () => {
  it('follows the title while creating', () => {
    expect(slugAfterTitleChange({ editing: false, slugEdited: false, title: 'AI & Automation', slug: '' })).toBe('ai-and-automation');
    expect(slugAfterTitleChange({ editing: false, slugEdited: false, title: 'Как AI променя бизнеса', slug: 'x' })).toBe('kak-ai-promenya-biznesa');
  });

  it('is kept while editing, and once typed by hand', () => {
    expect(slugAfterTitleChange({ editing: true, slugEdited: false, title: 'Ново заглавие', slug: 'staro' })).toBe('staro');
    expect(slugAfterTitleChange({ editing: false, slugEdited: true, title: 'Ново заглавие', slug: 'moy-adres' })).toBe('moy-adres');
  });

  it('accepts what the database accepts and explains the rest', () => {
    expect(slugProblem('moyat-post_2')).toBeNull();
    expect(slugProblem('')).toBeNull();
    expect(slugProblem('Моят пост')).toBe(postFormText.slugInvalid);
    expect(slugProblem('-start')).toBe(postFormText.slugInvalid);
  });
});

describe('save payload', () => {
  it('defaults created_by to the signed-in blog user and an empty author to their name', () => {
    const payload = buildPostPayload(values({ title: ' T ', slug: 't', tags: 'a, b' }), { signedIn, now });
    expect(payload.created_by).toBe('u-1');
    expect(payload.author).toBe('Мария Иванова');
    expect(payload.title).toBe('T');
    expect(payload.tags).toEqual(['a', 'b']);
    expect(payload.excerpt).toBeNull();
    expect(payload.featured_image).toBeNull();
    expect(payload.category).toBeNull();
  });

  it('falls back to the username when the signed-in user has no full name', () => {
    const payload = buildPostPayload(values({ title: 'T', slug: 't' }), { signedIn: { ...signedIn, full_name: null }, now });
    expect(payload.author).toBe('maria');
  });

  it('keeps a chosen author user and display name', () => {
    const payload = buildPostPayload(full, { signedIn, now });
    expect(payload.created_by).toBe('u-1');
    expect(payload.author).toBe('Мария');
  });

  it('a new post saved as published gets published_at now; a draft gets none', () => {
    expect(buildPostPayload({ ...full, is_published: true }, { signedIn, now }).published_at).toBe(now.toISOString());
    expect(buildPostPayload({ ...full, is_published: false }, { signedIn, now }).published_at).toBeNull();
  });

  it('keeps published_at of a post that stays published, sets it when it becomes published, keeps it when unpublished', () => {
    const old = '2025-01-01T00:00:00.000Z';
    expect(buildPostPayload({ ...full, is_published: true }, { existing: { is_published: true, published_at: old }, signedIn, now }).published_at).toBe(old);
    expect(buildPostPayload({ ...full, is_published: true }, { existing: { is_published: false, published_at: old }, signedIn, now }).published_at).toBe(now.toISOString());
    expect(buildPostPayload({ ...full, is_published: false }, { existing: { is_published: true, published_at: old }, signedIn, now }).published_at).toBe(old);
  });
});

describe('publish toggle', () => {
  it('turning on sets published_at to now', () => {
    expect(togglePublishPatch({ is_published: false, published_at: null }, now)).toEqual({ is_published: true, published_at: now.toISOString() });
    expect(togglePublishPatch({ is_published: false, published_at: '2025-01-01T00:00:00.000Z' }, now)).toEqual({
      is_published: true,
      published_at: now.toISOString(),
    });
  });

  it('turning off keeps the old published_at', () => {
    expect(togglePublishPatch({ is_published: true, published_at: '2025-01-01T00:00:00.000Z' }, now)).toEqual({
      is_published: false,
      published_at: '2025-01-01T00:00:00.000Z',
    });
  });
});
