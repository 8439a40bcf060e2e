import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { site } from '@/config/site';
import { loadDraft, removeDraft, saveDraft } from '@/lib/drafts';
import { usePageMeta, type PageMeta } from '@/lib/seo';

function Page(meta: PageMeta) {
  usePageMeta(meta);
  return null;
}

const meta = (selector: string) => document.head.querySelector(selector)?.getAttribute('content');

describe('usePageMeta', () => {
  it('sets title, description, canonical, Open Graph and Twitter tags', () => {
    render(
      <Page
        title="Как AI променя бизнеса"
        description="Кратко описание"
        canonicalPath="/blog/kak-ai"
        image="/images/cover.png"
        type="article"
      />,
    );
    expect(document.title).toBe(`Как AI променя бизнеса | ${site.name}`);
    expect(meta('meta[name="description"]')).toBe('Кратко описание');
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute('href', `${site.url}/blog/kak-ai`);
    expect(meta('meta[property="og:type"]')).toBe('article');
    expect(meta('meta[property="og:url"]')).toBe(`${site.url}/blog/kak-ai`);
    expect(meta('meta[property="og:image"]')).toBe(`${site.url}/images/cover.png`);
    expect(meta('meta[name="twitter:card"]')).toBe('summary_large_image');
    expect(meta('meta[name="twitter:title"]')).toBe(`Как AI променя бизнеса | ${site.name}`);
  });

  it('falls back to the brand and removes a previous page image', () => {
    render(<Page />);
    expect(document.title).toContain(site.name);
    expect(meta('meta[name="description"]')).toBe(site.description);
    expect(document.head.querySelector('meta[property="og:image"]')).toBeNull();
    expect(meta('meta[name="twitter:card"]')).toBe('summary');
    expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
  });
});

describe('drafts', () => {
  afterEach(() => {
    localStorage.clear();
    vi.restoreAllMocks();
  });

  it('saves, loads and removes a typed draft', () => {
    saveDraft('contact-form', { name: 'Иван', step: 2 });
    expect(loadDraft<{ name: string; step: number }>('contact-form')).toEqual({ name: 'Иван', step: 2 });
    removeDraft('contact-form');
    expect(loadDraft('contact-form')).toBeNull();
  });

  it('logs and ignores a corrupt draft', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    localStorage.setItem('contact-form', '{not json');
    expect(loadDraft('contact-form')).toBeNull();
    expect(error).toHaveBeenCalled();
  });

  it('rejects a draft of the wrong shape when given a guard', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    saveDraft('contact-form', ['unexpected']);
    const isDraft = (v: unknown): v is { name: string } => typeof v === 'object' && v !== null && 'name' in v;
    expect(loadDraft('contact-form', isDraft)).toBeNull();
  });
});
