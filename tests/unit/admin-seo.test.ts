import { describe, expect, it } from 'vitest';
import {
  counterText,
  domainOf,
  effectiveSeo,
  EMPTY_SEO_VALUES,
  fallbackHint,
  isOverShown,
  metaDescriptionProblem,
  metaTitleProblem,
  overShownNote,
  pageAddress,
  resultAddress,
  searchResultPreview,
  SEO_DESCRIPTION_SHOWN,
  SEO_TITLE_SHOWN,
  seoLength,
  seoPayload,
  seoValuesFrom,
  shareImageAltProblem,
  truncateForResult,
  type SeoFallback,
} from '@/admin/kit/forms/seo';
import { EMPTY_POST_VALUES, postAltRefusalField, postProblems, postSeoProblems, type PostFormValues } from '@/admin/posts/post-schema';
import { buildPostPayload } from '@/admin/posts/post-payload';
import { POST_EDIT_SELECT, POST_LIST_SELECT } from '@/admin/posts/queries';
import { PROJECT_COLUMNS, PROJECT_LIST_COLUMNS } from '@/admin/work/api';
import { altRefusalField, buildProjectPayload, emptyProjectValues, projectProblems, tabCompleteness } from '@/admin/work/project-schema';
import { site } from '@/shared/config/site';

const ALT_REQUIRED = 'Опишете изображението (алтернативен текст).';
const own: SeoFallback = { title: 'Заглавие | Синаптика', description: 'Кратко описание.', image: '/main.png', imageAlt: 'Екип пред табло' };

describe('lengths and counters', () => {
  it('search engines show about 60 characters of a title and 160 of a description', () => {
    expect(SEO_TITLE_SHOWN).toBe(60);
    expect(SEO_DESCRIPTION_SHOWN).toBe(160);
  });

  it("counts the saved text (trimmed) by character, as the database does: '47/60'", () => {
    expect(counterText('a'.repeat(47), SEO_TITLE_SHOWN)).toBe('47/60');
    expect(counterText('  две думи  ', SEO_TITLE_SHOWN)).toBe('8/60');
    // an emoji is one character to char_length, two UTF-16 units to String.length
    expect(seoLength('AI 🚀')).toBe(4);
    expect(counterText('', SEO_DESCRIPTION_SHOWN)).toBe('0/160');
  });

  it('notes a text past the shown length, without making it a problem', () => {
    expect(isOverShown('a'.repeat(60), 60)).toBe(false);
    expect(isOverShown('a'.repeat(61), 60)).toBe(true);
    expect(metaTitleProblem('a'.repeat(61))).toBeNull();
    expect(overShownNote(60)).toBe('Търсачките показват около 60 знака: останалото ще бъде отрязано.');
  });

  it('refuses what the database would: a title over 200 and a description over 400 characters', () => {
    expect(metaTitleProblem('a'.repeat(200))).toBeNull();
    expect(metaTitleProblem('a'.repeat(201))).toBe('Мета заглавието може да е най-много 200 знака.');
    expect(metaTitleProblem(`  ${'a'.repeat(200)}  `)).toBeNull(); // saved trimmed
    expect(metaDescriptionProblem('a'.repeat(400))).toBeNull();
    expect(metaDescriptionProblem('a'.repeat(401))).toBe('Мета описанието може да е най-много 400 знака.');
  });

  it('a share image needs its alt text (at most 300 characters); no image, no text needed', () => {
    expect(shareImageAltProblem('', '')).toBeNull();
    expect(shareImageAltProblem('', '/share.png')).toBe(ALT_REQUIRED);
    expect(shareImageAltProblem('   ', '/share.png')).toBe(ALT_REQUIRED);
    expect(shareImageAltProblem('Екип', '/share.png')).toBeNull();
    expect(shareImageAltProblem('a'.repeat(301), '/share.png')).toBe('Алтернативният текст може да е най-много 300 знака.');
  });

  it("says what an empty field falls back to: 'Ако е празно: …'", () => {
    expect(fallbackHint('Заглавие | Синаптика')).toBe('Ако е празно: Заглавие | Синаптика');
  });
});

describe('effective values', () => {
  it('an empty field takes the page’s own title, description and main image (with its alt text)', () => {
    expect(effectiveSeo(EMPTY_SEO_VALUES, own)).toEqual({
      title: 'Заглавие | Синаптика',
      description: 'Кратко описание.',
      image: '/main.png',
      imageAlt: 'Екип пред табло',
      titleIsFallback: true,
      descriptionIsFallback: true,
      imageIsFallback: true,
    });
  });

  it('a filled field wins, trimmed; the share image brings its own alt text, never the main image’s', () => {
    const seo = effectiveSeo({ meta_title: ' За търсачките ', meta_description: ' Описание ', share_image: '/share.png', share_image_alt: ' Карта ' }, own);
    expect(seo).toMatchObject({ title: 'За търсачките', description: 'Описание', image: '/share.png', imageAlt: 'Карта' });
    expect(seo).toMatchObject({ titleIsFallback: false, descriptionIsFallback: false, imageIsFallback: false });
  });

  it('blank counts as empty; without any description the site’s own is used, as the page head does', () => {
    const seo = effectiveSeo({ ...EMPTY_SEO_VALUES, meta_title: '   ' }, { ...own, description: '  ', image: '', imageAlt: 'ignored' });
    expect(seo.title).toBe('Заглавие | Синаптика');
    expect(seo.description).toBe(site.description);
    expect(seo.image).toBeNull();
    expect(seo.imageAlt).toBe('');
  });
});

describe('truncation as a result page shows it', () => {
  it('leaves a text that fits as it is (white space collapsed)', () => {
    expect(truncateForResult('Кратко  заглавие\n', 60)).toBe('Кратко заглавие');
    expect(truncateForResult('a'.repeat(60), 60)).toBe('a'.repeat(60));
  });

  it('cuts a longer one at the last word that fits and adds …, within the length', () => {
    const text = 'Как малките фирми спестяват време с автоматизация на рутинните задачи всеки ден';
    const cut = truncateForResult(text, 60);
    expect(cut).toBe('Как малките фирми спестяват време с автоматизация на…');
    expect(Array.from(cut).length).toBeLessThanOrEqual(60);
    expect(text.startsWith(cut.slice(0, -1))).toBe(true);
  });

  it('keeps a word that ends exactly at the limit, and drops a dangling comma or dash', () => {
    expect(truncateForResult('abcd efgh ijkl', 10)).toBe('abcd efgh…');
    expect(truncateForResult('abcd, efghijkl', 10)).toBe('abcd…');
    expect(truncateForResult('abcd – efghijkl', 10)).toBe('abcd…');
  });

  it('cuts inside a single word longer than the limit', () => {
    expect(truncateForResult('a'.repeat(80), 60)).toBe(`${'a'.repeat(59)}…`);
  });
});

describe('the search result and the share card', () => {
  it("the page's address on the public site, and the domain a card names", () => {
    expect(pageAddress('/blog/moyat-post', 'https://www.sinaptika.example')).toBe('https://www.sinaptika.example/blog/moyat-post');
    expect(pageAddress('project/crm', 'https://sinaptika.example/')).toBe('https://sinaptika.example/project/crm');
    expect(pageAddress('/blog/x')).toBe(`${site.url}/blog/x`);
    expect(resultAddress('/blog/moyat-post', 'https://sinaptika.example')).toBe('https://sinaptika.example › blog › moyat-post');
    expect(domainOf('https://www.sinaptika.example')).toBe('sinaptika.example');
    expect(domainOf('http://localhost:5173')).toBe('localhost:5173');
  });

  it('three lines, title and description cut at their shown lengths', () => {
    const preview = searchResultPreview({ title: 'Дума '.repeat(20), description: 'Текст '.repeat(40) }, '/blog/duma', 'https://sinaptika.example');
    expect(preview.address).toBe('https://sinaptika.example/blog/duma');
    expect(preview.shownAddress).toBe('https://sinaptika.example › blog › duma');
    expect(preview.title.endsWith('…')).toBe(true);
    expect(Array.from(preview.title).length).toBeLessThanOrEqual(60);
    expect(Array.from(preview.description).length).toBeLessThanOrEqual(160);
    expect(preview.description.endsWith('Текст…')).toBe(true);
  });
});

describe('stored and sent values', () => {
  it('reads a stored record (null and missing as empty) and sends trimmed texts, the alt text only with its image', () => {
    expect(seoValuesFrom({ meta_title: 'T', share_image: null })).toEqual({ meta_title: 'T', meta_description: '', share_image: '', share_image_alt: '' });
    expect(seoPayload({ meta_title: ' T ', meta_description: ' D ', share_image: ' /s.png ', share_image_alt: ' Alt ' })).toEqual({
      meta_title: 'T',
      meta_description: 'D',
      share_image: '/s.png',
      share_image_alt: 'Alt',
    });
    expect(seoPayload({ meta_title: '', meta_description: '', share_image: '  ', share_image_alt: 'left behind' })).toEqual({
      meta_title: '',
      meta_description: '',
      share_image: null,
      share_image_alt: '',
    });
  });

  it('the edit forms read the columns; the lists never do', () => {
    // by name, or with every column of the record (`*`)
    const reads = (select: string, column: string) => select.split(/,\s*/).some((item) => item === column || item === '*');
    for (const column of ['meta_title', 'meta_description', 'share_image', 'share_image_alt']) {
      expect(reads(POST_EDIT_SELECT, column), column).toBe(true);
      expect(reads(PROJECT_COLUMNS, column), column).toBe(true);
    }
    expect(POST_LIST_SELECT).not.toMatch(/meta_|share_image/);
    expect(PROJECT_LIST_COLUMNS).not.toMatch(/meta_|share_image/);
  });
});

describe('the post form’s rules', () => {
  const post = (overrides: Partial<PostFormValues> = {}): PostFormValues => ({
    ...EMPTY_POST_VALUES,
    title: 'Заглавие',
    slug: 'zaglavie',
    author: 'Мария',
    ...overrides,
  });

  it('a share image without alt text, or a text over its limit, blocks the save but leaves the first tab complete', () => {
    expect(postSeoProblems(post())).toEqual({});
    const problems = postProblems(post({ share_image: '/share.png' }));
    expect(problems).toEqual({ missingRequired: false, altProblem: null, basicValid: true, valid: false });
    expect(postSeoProblems(post({ share_image: '/share.png' }))).toEqual({ share_image_alt: ALT_REQUIRED });
    expect(postSeoProblems(post({ meta_title: 'a'.repeat(201), meta_description: 'a'.repeat(401) }))).toEqual({
      meta_title: 'Мета заглавието може да е най-много 200 знака.',
      meta_description: 'Мета описанието може да е най-много 400 знака.',
    });
    expect(postProblems(post({ share_image: '/share.png', share_image_alt: 'Карта' })).valid).toBe(true);
  });

  it("the database's refusal is the share image's only when that one lacks its text and the main image has its own", () => {
    const values = { featured_image: '/main.png', featured_image_alt: 'Екип', share_image: '/share.png', share_image_alt: '' };
    expect(postAltRefusalField(values)).toBe('share_image_alt');
    expect(postAltRefusalField({ ...values, featured_image_alt: '' })).toBe('featured_image_alt');
    expect(postAltRefusalField({ ...values, share_image_alt: 'Карта' })).toBe('featured_image_alt');
    expect(postAltRefusalField({ ...values, share_image: '' })).toBe('featured_image_alt');
  });

  it('the payload carries the four fields', () => {
    const payload = buildPostPayload(post({ meta_title: ' Мета ', share_image: '/share.png', share_image_alt: ' Карта ' }), { signedIn: null, now: new Date() });
    expect(payload).toMatchObject({ meta_title: 'Мета', meta_description: '', share_image: '/share.png', share_image_alt: 'Карта' });
  });
});

describe('the project form’s rules', () => {
  const project = () => ({
    ...emptyProjectValues(),
    title: 'CRM',
    link: 'https://crm.example.com',
    image: '/main.png',
    image_alt: 'Табло',
    category: 'Automation',
  });

  it('a share image without alt text is the media tab’s problem, as are texts over their limits', () => {
    expect(projectProblems(project())).toEqual({});
    expect(projectProblems({ ...project(), share_image: '/share.png' })).toEqual({ share_image_alt: ALT_REQUIRED });
    expect(tabCompleteness({ ...project(), share_image: '/share.png' }).media).toBe(false);
    expect(projectProblems({ ...project(), meta_title: 'a'.repeat(201) })).toEqual({ meta_title: 'Мета заглавието може да е най-много 200 знака.' });
    expect(projectProblems({ ...project(), meta_description: 'a'.repeat(401) })).toEqual({ meta_description: 'Мета описанието може да е най-много 400 знака.' });
  });

  it("the database's refusal goes to the main image's alt, then the share image's, then the gallery's", () => {
    const values = { ...project(), share_image: '/share.png', share_image_alt: '' };
    expect(altRefusalField(values)).toBe('share_image_alt');
    expect(altRefusalField({ ...values, image_alt: '' })).toBe('image_alt');
    const oldItem = { id: '1', title: 'Стара', description: '', image: '/old.png', alt: '', order: 0 };
    expect(altRefusalField({ ...values, share_image_alt: 'Карта', gallery: [oldItem] })).toBe('gallery');
    expect(altRefusalField({ ...values, share_image: '' })).toBe('image_alt');
  });

  it('the payload carries the four fields', () => {
    expect(buildProjectPayload({ ...project(), meta_description: ' Описание ' })).toMatchObject({
      meta_title: '',
      meta_description: 'Описание',
      share_image: null,
      share_image_alt: '',
    });
  });
});
