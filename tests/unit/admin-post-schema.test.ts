import { describe, expect, it } from 'vitest';
import type { BlogUser } from '@/admin/kit/session/auth-context';
import { buildPostPayload, togglePublishPatch } from '@/admin/posts/post-payload';
import type { AdminPost } from '@/admin/posts/types';
import {
  EMPTY_POST_VALUES,
  needsContentWarning,
  parseTags,
  postCompleteness,
  postFormText,
  postProblems,
  postSchema,
  postValuesFrom,
  postVersionValues,
  samePostValues,
  slugAfterTitleChange,
  type PostFormValues,
} from '@/admin/posts/post-schema';

const signedIn: BlogUser = { id: 'u-1', username: 'maria', full_name: 'Мария Иванова', email: 'admin@example.com', is_active: true, created_at: '2026-01-05T09:00:00.000Z', role: 'author' };
const now = new Date('2026-03-01T10:00:00.000Z');

function values(overrides: Partial<PostFormValues> = {}): PostFormValues {
  return { ...EMPTY_POST_VALUES, ...overrides };
}

/** The fields the schema reports, each with its message. */
function issues(input: PostFormValues): Record<string, string> {
  const result = postSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

const full = values({
  title: 'Заглавие',
  slug: 'zaglavie',
  author: 'Мария',
  created_by: 'u-1',
  excerpt: 'Кратко',
  content: '## Текст',
  featured_image: 'https://example.com/a.png',
  featured_image_alt: 'Екип пред табло',
  category: 'AI',
  tags: 'AI, бизнес',
});

const ALT_REQUIRED = 'Опишете изображението (алтернативен текст).';

describe('tags', () => {
  it('splits on commas, trims, and drops empty tags', () => {
    expect(parseTags('AI,  автоматизация , ,n8n,')).toEqual(['AI', 'автоматизация', 'n8n']);
    expect(parseTags('   ')).toEqual([]);
    expect(parseTags('')).toEqual([]);
  });
});

describe('required fields and warnings', () => {
  it('title, slug and author name are required (blank counts as missing), with the one warning', () => {
    const warning = 'Моля, попълнете всички задължителни полета във формата';
    expect(postFormText.requiredWarning).toBe(warning);
    expect(issues(values())).toEqual({ title: warning, slug: warning, author: warning });
    expect(issues(values({ title: 'T', slug: '  ', author: 'A' }))).toEqual({ slug: warning });
    expect(issues(full)).toEqual({});
    expect(postProblems(values({ title: 'T', slug: '  ', author: 'A' }))).toEqual({ missingRequired: true, altProblem: null, basicValid: false, valid: false });
    expect(postProblems(full)).toEqual({ missingRequired: false, altProblem: null, basicValid: true, valid: true });
  });

  it('an image needs its alt text (blank counts as missing); a post without an image needs none', () => {
    expect(issues({ ...full, featured_image_alt: '' })).toEqual({ featured_image_alt: ALT_REQUIRED });
    expect(issues({ ...full, featured_image_alt: ' \n ' })).toEqual({ featured_image_alt: ALT_REQUIRED });
    expect(issues({ ...full, featured_image_alt: 'x'.repeat(301) })).toEqual({ featured_image_alt: 'Алтернативният текст може да е най-много 300 знака.' });
    expect(issues({ ...full, featured_image: ' ', featured_image_alt: '' })).toEqual({});
    // checked together with the other fields: each on its own
    expect(issues({ ...full, title: '', featured_image_alt: '' })).toEqual({ title: postFormText.requiredWarning, featured_image_alt: ALT_REQUIRED });
    // the first tab is complete; the form is not
    expect(postProblems({ ...full, featured_image_alt: '' })).toEqual({ missingRequired: false, altProblem: ALT_REQUIRED, basicValid: true, valid: false });
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
    expect(slugAfterTitleChange({ editing: false, previousTitle: '', title: 'AI & Automation', slug: '' })).toBe('ai-and-automation');
    expect(slugAfterTitleChange({ editing: false, previousTitle: 'Как AI', title: 'Как AI променя бизнеса', slug: 'kak-ai' })).toBe('kak-ai-promenya-biznesa');
  });

  it('is kept while editing, and once typed by hand', () => {
    expect(slugAfterTitleChange({ editing: true, previousTitle: 'Старо', title: 'Ново заглавие', slug: 'staro' })).toBe('staro');
    expect(slugAfterTitleChange({ editing: false, previousTitle: 'Ново', title: 'Ново заглавие', slug: 'moy-adres' })).toBe('moy-adres');
  });

  it('accepts what the database accepts and explains the rest', () => {
    const ok = { title: 'T', author: 'A' };
    expect(issues(values({ ...ok, slug: 'moyat-post_2' }))).toEqual({});
    expect(issues(values({ ...ok, slug: 'Моят пост' }))).toEqual({ slug: postFormText.slugInvalid });
    expect(issues(values({ ...ok, slug: '-start' }))).toEqual({ slug: postFormText.slugInvalid });
    expect(postProblems(values({ ...ok, slug: '-start' }))).toEqual({ missingRequired: false, altProblem: null, basicValid: false, valid: false });
  });
});

describe('values', () => {
  it('are the same when every field is', () => {
    expect(samePostValues(full, { ...full })).toBe(true);
    expect(samePostValues(full, { ...full, tags: 'AI' })).toBe(false);
    expect(samePostValues(full, { ...full, is_published: true })).toBe(false);
    expect(samePostValues(full, { ...full, featured_image_alt: 'Друго' })).toBe(false);
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
    expect(payload.featured_image_alt).toBe('');
    expect(payload.category).toBeNull();
  });

  it('sends the image with its trimmed alt text, and no alt text without an image', () => {
    expect(buildPostPayload({ ...full, featured_image_alt: '  Екип пред табло ' }, { signedIn, now })).toMatchObject({
      featured_image: 'https://example.com/a.png',
      featured_image_alt: 'Екип пред табло',
    });
    expect(buildPostPayload({ ...full, featured_image: '  ' }, { signedIn, now })).toMatchObject({ featured_image: null, featured_image_alt: '' });
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

describe('the blog user of a post, beside it', () => {
  const post: AdminPost = {
    id: 'p-1',
    title: 'Сега',
    slug: 'sega',
    content: 'Текстът сега.',
    excerpt: null,
    featured_image: null,
    featured_image_alt: '',
    meta_title: '',
    meta_description: '',
    share_image: null,
    share_image_alt: '',
    scheduled_at: null,
    category: null,
    author: 'Мария Иванова',
    tags: [],
    is_published: true,
    published_at: '2026-02-10T09:00:00.000Z',
    created_at: '2026-02-09T09:00:00.000Z',
    updated_at: '2026-02-10T09:00:00.000Z',
    staff: { created_by: 'u-1', owner: { full_name: 'Мария Иванова', username: 'maria' } },
  };

  it('the form holds the blog user of the post’s staff row; none is an empty choice', () => {
    expect(postValuesFrom(post).created_by).toBe('u-1');
    expect(postValuesFrom({ ...post, staff: null }).created_by).toBe('');
  });

  it('a restored version brings back the blog user it kept, and leaves the current one when it kept none', () => {
    const version = { ...post, title: 'Преди', content: 'Текстът преди.', is_published: false, created_by: 'u-2', updated_by: 'acc-2' };
    const restored = postVersionValues(post, version);
    expect(restored).toMatchObject({ title: 'Преди', content: 'Текстът преди.', created_by: 'u-2', is_published: true });
    const { created_by: _none, ...withoutOwner } = version;
    expect(postVersionValues(post, withoutOwner).created_by).toBe('u-1');
    expect(postVersionValues(post, { ...withoutOwner, created_by: null }).created_by).toBe('');
  });
});
