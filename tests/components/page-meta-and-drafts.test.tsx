import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { site } from '@/shared/config/site';
import { loadDraft, removeDraft, saveDraft } from '@/shared/forms/drafts';
import { headTags, usePageMeta, type PageMeta } from '@/shared/layout/seo';

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

  it('links the previous and next page of a paged list, and removes them on the next page shown', () => {
    const rels = () => [...document.head.querySelectorAll('link[rel="prev"], link[rel="next"]')].map((l) => `${l.getAttribute('rel')} ${l.getAttribute('href')}`);
    const { rerender } = render(<Page title="Блог (страница 2)" canonicalPath="/blog/page/2" prevPath="/blog" nextPath="/blog/page/3" />);
    expect(rels()).toEqual([`prev ${site.url}/blog`, `next ${site.url}/blog/page/3`]);
    rerender(<Page title="Блог (страница 3)" canonicalPath="/blog/page/3" prevPath="/blog/page/2" />);
    expect(rels()).toEqual([`prev ${site.url}/blog/page/2`]);
    rerender(<Page title="Публикация" canonicalPath="/blog/kak-ai" />);
    expect(rels()).toEqual([]);
  });

  it('gives the prerender script the same links, absolute, only those that exist', () => {
    expect(headTags({ canonicalPath: '/blog/page/2', prevPath: '/blog', nextPath: '/blog/page/3' }, '/blog/page/2').links).toEqual([
      { rel: 'prev', href: `${site.url}/blog` },
      { rel: 'next', href: `${site.url}/blog/page/3` },
    ]);
    expect(headTags({ nextPath: '/blog/page/2' }, '/blog').links).toEqual([{ rel: 'next', href: `${site.url}/blog/page/2` }]);
    expect(headTags({}, '/').links).toEqual([]);
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
