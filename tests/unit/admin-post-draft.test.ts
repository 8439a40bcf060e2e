import { describe, expect, it } from 'vitest';
import { draftToOffer, postChangedSince, postDraftKey, type PostDraft } from '@/admin/posts/post-draft';
import { EMPTY_POST_VALUES } from '@/admin/posts/post-schema';

const now = new Date('2026-03-10T10:00:00.000Z');
const loaded = { ...EMPTY_POST_VALUES, title: 'Заглавие', slug: 'zaglavie', author: 'Мария' };

function draft(overrides: Partial<PostDraft> = {}): PostDraft {
  return { version: 1, savedAt: '2026-03-10T09:00:00.000Z', updatedAt: '2026-03-01T10:00:00.000Z', values: { ...loaded, excerpt: 'Ново' }, ...overrides };
}

describe('post drafts', () => {
  it('one key per post, one for a new post', () => {
    expect(postDraftKey('p-1')).toBe('admin-post-draft:p-1');
    expect(postDraftKey(null)).toBe('admin-post-draft:new');
  });

  it('offers a fresh draft that differs from the loaded post', () => {
    expect(draftToOffer(draft(), loaded, now)).toEqual(draft());
    expect(draftToOffer(null, loaded, now)).toBeNull();
    expect(draftToOffer(draft({ values: loaded }), loaded, now)).toBeNull();
  });

  it('does not offer a draft older than 30 days', () => {
    expect(draftToOffer(draft({ savedAt: '2026-02-08T09:00:00.000Z' }), loaded, now)).toBeNull();
    expect(draftToOffer(draft({ savedAt: '2026-02-09T11:00:00.000Z' }), loaded, now)).not.toBeNull();
    expect(draftToOffer(draft({ savedAt: 'not a date' }), loaded, now)).toBeNull();
  });

  it('tells when the stored post changed after the draft was taken', () => {
    expect(postChangedSince(draft(), '2026-03-01T10:00:00.000Z')).toBe(false);
    expect(postChangedSince(draft(), '2026-03-01T10:00:00+00:00')).toBe(false);
    expect(postChangedSince(draft(), '2026-03-05T10:00:00.000Z')).toBe(true);
    expect(postChangedSince(draft({ updatedAt: null }), '2026-03-05T10:00:00.000Z')).toBe(false);
  });
});
