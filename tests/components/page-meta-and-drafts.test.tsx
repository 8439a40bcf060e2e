import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { site } from '@/shared/config/site';
import { loadDraft, removeDraft, saveDraft } from '@/shared/forms/drafts';
import { headTags, shareMeta, usePageMeta, type PageMeta } from '@/shared/layout/seo';
import { headHtml } from '../../scripts/publisher/site.mjs';

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

  it("preloads the main image, an uploaded photo by its copies, and says the preview's size and alt text", () => {
    const photo = 'https://cdn.test/posts/a1.1600x840.jpg';
    const tags = headTags({ image: photo, imageAlt: ' Екипът на работа ', preloadImage: { src: photo, sizes: '(min-width: 1280px) 819px, 100vw' } }, '/blog/a');
    expect(tags.links).toEqual([
      {
        rel: 'preload',
        as: 'image',
        type: 'image/webp',
        imagesrcset: [240, 480, 720, 1080, 1600].map((w) => `https://cdn.test/posts/a1.1600x840.w${w}.webp ${w}w`).join(', '),
        imagesizes: '(min-width: 1280px) 819px, 100vw',
        fetchpriority: 'high',
      },
    ]);
    const metas = Object.fromEntries(tags.metas.map(([, key, content]) => [key, content]));
    expect(metas['og:image']).toBe(photo);
    expect(metas['og:image:width']).toBe('1600');
    expect(metas['og:image:height']).toBe('840');
    expect(metas['og:image:alt']).toBe('Екипът на работа');
    expect(metas['twitter:image:alt']).toBe('Екипът на работа');

    // any other image: preloaded by its address; no size known, no alt given
    const plain = headTags({ image: '/demo/post-1.svg', preloadImage: { src: '/demo/post-1.svg', sizes: '100vw' } }, '/blog/b');
    expect(plain.links).toEqual([{ rel: 'preload', as: 'image', href: '/demo/post-1.svg', fetchpriority: 'high' }]);
    expect(plain.metas.filter(([, key, content]) => key.startsWith('og:image:') && content !== null)).toEqual([]);
  });

  it('the static head writes every attribute of a link, escaped', () => {
    const html = headHtml({
      title: 'T',
      canonical: 'https://s.test/a',
      metas: [['property', 'og:image:alt', 'Лого "А" & <Б>']],
      links: [{ rel: 'preload', as: 'image', type: 'image/webp', imagesrcset: 'https://c.test/a.w480.webp?x="1"&y 480w', imagesizes: '100vw', fetchpriority: 'high' }],
    });
    expect(html).toContain(
      '<link rel="preload" as="image" type="image/webp" imagesrcset="https://c.test/a.w480.webp?x=&quot;1&quot;&amp;y 480w" imagesizes="100vw" fetchpriority="high" />',
    );
    expect(html).toContain('<meta property="og:image:alt" content="Лого &quot;А&quot; &amp; &lt;Б>" />');
  });

  it("an editor's meta title is the whole title, in the browser too: no brand appended", () => {
    render(<Page title="Как AI променя бизнеса" fullTitle=" AI в бизнеса: 5 примера " description="Кратко" />);
    expect(document.title).toBe('AI в бизнеса: 5 примера');
    expect(meta('meta[property="og:title"]')).toBe('AI в бизнеса: 5 примера');
    expect(meta('meta[name="twitter:title"]')).toBe('AI в бизнеса: 5 примера');
    // a blank one is no title: the page's own, with the brand
    expect(headTags({ title: 'Как AI променя бизнеса', fullTitle: '  ' }, '/blog/a').title).toBe(`Как AI променя бизнеса | ${site.name}`);
  });

  it("the search-and-share fields win where set, else the record's title, description and main image", () => {
    const own = { title: 'Заглавие', description: 'Резюме', image: '/main.1200x800.jpg', imageAlt: 'Основна снимка' };
    expect(
      shareMeta({ meta_title: 'Мета заглавие', meta_description: 'Мета описание', share_image: '/share.1200x630.jpg', share_image_alt: 'Картичка' }, own),
    ).toEqual({ title: 'Заглавие', fullTitle: 'Мета заглавие', description: 'Мета описание', image: '/share.1200x630.jpg', imageAlt: 'Картичка' });
    // empty, blank or missing (a row read before the columns existed): the record's own
    for (const fields of [{ meta_title: '', meta_description: ' ', share_image: null, share_image_alt: '' }, {}]) {
      expect(shareMeta(fields, own)).toEqual({ title: 'Заглавие', fullTitle: undefined, description: 'Резюме', image: '/main.1200x800.jpg', imageAlt: 'Основна снимка' });
    }
    // a share image never borrows the main image's alt text
    const tags = headTags(shareMeta({ share_image: 'https://cdn.test/s.1200x630.jpg', share_image_alt: '' }, own), '/blog/a');
    const metas = Object.fromEntries(tags.metas.map(([, key, content]) => [key, content]));
    expect(metas['og:image']).toBe('https://cdn.test/s.1200x630.jpg');
    expect(metas['og:image:width']).toBe('1200');
    expect(metas['og:image:alt']).toBeNull();
    // nothing at all: the site's description and no image
    expect(shareMeta({}, { title: 'Т', description: null, image: null })).toMatchObject({ description: undefined, image: null });
  });

  it('in the browser adds no preload: the shown page has its image already', () => {
    render(<Page title="Публикация" image="/demo/post-1.svg" preloadImage={{ src: '/demo/post-1.svg', sizes: '100vw' }} />);
    expect(document.head.querySelector('link[rel="preload"]')).toBeNull();
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
