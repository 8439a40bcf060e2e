import { describe, expect, it } from 'vitest';
import {
  addTechnologies,
  isValidUrl,
  normalizeUrl,
  parseTeamSize,
  PROJECT_SLUG_PATTERN,
  projectSlugFromTitle,
  slugFor,
  slugProblem,
  urlError,
} from '@/admin/work/project-fields';
import { projectFormText, type AdminProject } from '@/admin/work/project-record';
import {
  altRefusalField,
  buildProjectPayload,
  COMPLETENESS_WEIGHTS,
  emptyProjectValues,
  projectCompleteness,
  projectValuesFrom,
  tabCompleteness,
  projectProblems,
  type ProjectFormValues,
} from '@/admin/work/project-schema';

function values(overrides: Partial<ProjectFormValues> = {}): ProjectFormValues {
  return { ...emptyProjectValues(), ...overrides };
}

const complete = values({
  title: 'CRM за брокери',
  link: 'https://crm.example.com',
  description: 'Сделки и задачи на едно място.',
  image: 'https://cdn.example.com/crm.png',
  image_alt: 'Табло със сделките',
  category: 'Software Development',
});

const ALT_REQUIRED = 'Опишете изображението (алтернативен текст).';

describe('URL normalisation and validation', () => {
  it('adds https:// when the value does not start with http, and leaves http(s) alone', () => {
    expect(normalizeUrl('example.com')).toBe('https://example.com');
    expect(normalizeUrl('  www.sinaptika.bg/demo  ')).toBe('https://www.sinaptika.bg/demo');
    expect(normalizeUrl('http://x.bg')).toBe('http://x.bg');
    expect(normalizeUrl('HTTPS://X.BG')).toBe('HTTPS://X.BG');
    expect(normalizeUrl('   ')).toBe('');
  });

  it('accepts http(s) URLs with a real host, with https:// assumed', () => {
    expect(isValidUrl('https://example.com')).toBe(true);
    expect(isValidUrl('example.com/path?q=1')).toBe(true);
    expect(isValidUrl('http://localhost:5173')).toBe(true);
    expect(isValidUrl('sub.domain.example.bg')).toBe(true);
  });

  it('refuses values that are not web addresses', () => {
    for (const bad of ['', 'not a url', 'example', 'https://', 'https://exa mple.com', 'ftp://example.com', 'https://.com', 'https://example.', 'mailto:a@b.bg']) {
      expect(isValidUrl(bad), bad).toBe(false);
    }
  });

  it('names an example host in the message, and says nothing for empty or valid values', () => {
    expect(projectFormText.invalidUrl).toBe('Моля, въведете валиден URL адрес (напр. example.com)');
    expect(urlError('нещо')).toBe(projectFormText.invalidUrl);
    expect(urlError('')).toBeNull();
    expect(urlError('example.com')).toBeNull();
  });
});

describe('slug', () => {
  it('uses the given slug, trimmed', () => {
    expect(slugFor({ slug: '  moyat-proekt ', title: 'Друго заглавие' })).toBe('moyat-proekt');
  });

  it('generates one from the title by the spec rule (with Bulgarian transliterated) when none is given', () => {
    expect(slugFor({ slug: '', title: 'CRM за брокери на имоти' })).toBe('crm-za-brokeri-na-imoti');
    expect(slugFor({ slug: '', title: 'AI Integration & Automation!' })).toBe('ai-integration-automation');
    expect(slugFor({ slug: '   ', title: 'Hello_World 2' })).toBe('hello_world-2');
  });

  it('makes hyphen runs one, so the generated slug is one the database accepts', () => {
    expect(projectSlugFromTitle('AI - чатбот')).toBe('ai-chatbot');
    expect(PROJECT_SLUG_PATTERN.test(projectSlugFromTitle('Фаза 1 -- Фаза 2'))).toBe(true);
  });

  it('gives null when the title has nothing to make a slug from', () => {
    expect(slugFor({ slug: '', title: '!!!' })).toBeNull();
  });

  it('flags a given slug the database would refuse', () => {
    expect(slugProblem('')).toBeNull();
    expect(slugProblem('crm-za-brokeri')).toBeNull();
    expect(slugProblem('CRM за брокери')).toBe(projectFormText.slugInvalid);
    expect(slugProblem('a--b')).toBe(projectFormText.slugInvalid);
    expect(slugProblem('-a')).toBe(projectFormText.slugInvalid);
  });
});

describe('completeness', () => {
  it('weighs the five items 25/25/15/20/15, adding up to 100', () => {
    expect(COMPLETENESS_WEIGHTS).toEqual({ title: 25, link: 25, description: 15, image: 20, category: 15 });
    expect(Object.values(COMPLETENESS_WEIGHTS).reduce((a, b) => a + b, 0)).toBe(100);
  });

  it('adds the weight of each filled item', () => {
    expect(projectCompleteness(values())).toBe(0);
    expect(projectCompleteness(values({ title: 'X' }))).toBe(25);
    expect(projectCompleteness(values({ title: 'X', link: 'x.bg' }))).toBe(50);
    expect(projectCompleteness(values({ description: 'd' }))).toBe(15);
    expect(projectCompleteness(values({ image: '/a.png' }))).toBe(20);
    expect(projectCompleteness(values({ category: 'AI' }))).toBe(15);
    expect(projectCompleteness(complete)).toBe(100);
  });

  it('ignores blank values and an invalid link', () => {
    expect(projectCompleteness(values({ title: '   ', description: '\n' }))).toBe(0);
    expect(projectCompleteness(values({ link: 'not a url' }))).toBe(0);
  });

  it('shows a check on a tab only when its part is complete', () => {
    expect(tabCompleteness(values())).toEqual({ basic: false, media: false, gallery: false });
    expect(tabCompleteness(complete)).toEqual({ basic: true, media: true, gallery: false });
    const withGallery = { ...complete, gallery: [{ id: '1', title: 'a', description: '', image: '/a.png', alt: 'A', order: 0 }] };
    expect(tabCompleteness(withGallery).gallery).toBe(true);
    expect(tabCompleteness({ ...complete, gallery: [{ ...withGallery.gallery[0], alt: '' }] }).gallery).toBe(false);
    expect(tabCompleteness({ ...complete, link: 'bad link' }).basic).toBe(false);
    expect(tabCompleteness({ ...complete, category: '' }).media).toBe(false);
    expect(tabCompleteness({ ...complete, image_alt: ' ' }).media).toBe(false);
  });
});

describe('the schema', () => {
  it('requires title, link, category, an image and its alt text', () => {
    expect(projectProblems(values())).toEqual({
      title: projectFormText.titleRequired,
      link: projectFormText.linkRequired,
      category: projectFormText.categoryRequired,
      image: 'Моля, качете изображение или въведете URL',
      image_alt: ALT_REQUIRED,
    });
    expect(projectProblems(complete)).toEqual({});
    expect(projectProblems({ ...complete, image_alt: 'x'.repeat(301) })).toEqual({ image_alt: 'Алтернативният текст може да е най-много 300 знака.' });
  });

  it('requires the alt text of every gallery item, and says which field a refusal of the database is about', () => {
    const item = { id: '1', title: 'a', description: '', image: '/a.png', alt: 'A', order: 0 };
    expect(projectProblems({ ...complete, gallery: [item] })).toEqual({});
    const old = { ...complete, gallery: [item, { ...item, id: '2', alt: '' }] };
    expect(projectProblems(old)).toEqual({ gallery: 'Опишете всяко изображение в галерията (алтернативен текст).' });
    expect(altRefusalField(old)).toBe('gallery');
    expect(altRefusalField({ ...old, image_alt: '' })).toBe('image_alt');
    expect(altRefusalField(complete)).toBe('image_alt');
  });

  it('checks the link, the documentation URL, the slug and the team size', () => {
    expect(projectProblems({ ...complete, link: 'nope', documentation_url: 'also nope', slug: 'Лош адрес', team_size: '2.5' })).toEqual({
      link: projectFormText.invalidUrl,
      documentation_url: projectFormText.invalidUrl,
      slug: projectFormText.slugInvalid,
      team_size: projectFormText.teamSizeInvalid,
    });
    expect(projectProblems({ ...complete, documentation_url: 'docs.example.com', team_size: '4' })).toEqual({});
  });

  it('reads the team size as a whole number from 1 to 1000', () => {
    expect(parseTeamSize('')).toBeNull();
    expect(parseTeamSize(' 4 ')).toBe(4);
    expect(parseTeamSize('0')).toBeNaN();
    expect(parseTeamSize('1001')).toBeNaN();
    expect(parseTeamSize('-3')).toBeNaN();
  });
});

describe('technologies', () => {
  it('adds comma-separated chips, trimmed, without empty ones or duplicates', () => {
    expect(addTechnologies([], 'React, TypeScript ,, ')).toEqual(['React', 'TypeScript']);
    expect(addTechnologies(['React'], 'react, Supabase')).toEqual(['React', 'Supabase']);
  });
});

describe('the saved row', () => {
  it('trims, adds https://, generates the slug, keeps in_progress for a new project and renumbers the gallery', () => {
    const payload = buildProjectPayload({
      ...complete,
      title: '  CRM за брокери  ',
      link: 'crm.example.com',
      documentation_url: 'docs.example.com',
      detailed_description: '   ',
      technologies: ['React', ' Supabase '],
      client: ' Имоти ООД ',
      duration: '',
      team_size: '4',
      image_alt: '  Табло със сделките ',
      gallery: [
        { id: '2', title: 'b', description: '', image: '/b.png', alt: 'B', order: 7 },
        { id: '1', title: 'a', description: '', image: '/a.png', alt: 'A', order: 3 },
      ],
    });
    expect(payload).toEqual({
      title: 'CRM за брокери',
      category: 'Software Development',
      image: 'https://cdn.example.com/crm.png',
      image_alt: 'Табло със сделките',
      link: 'https://crm.example.com',
      description: 'Сделки и задачи на едно място.',
      gallery: [
        { id: '2', title: 'b', description: '', image: '/b.png', alt: 'B', order: 0 },
        { id: '1', title: 'a', description: '', image: '/a.png', alt: 'A', order: 1 },
      ],
      slug: 'crm-za-brokeri',
      detailed_description: null,
      technologies: ['React', 'Supabase'],
      client: 'Имоти ООД',
      duration: null,
      team_size: 4,
      status: 'in_progress',
      documentation_url: 'https://docs.example.com',
      // search and share left empty: the public page uses the title, description and main image
      meta_title: '',
      meta_description: '',
      share_image: null,
      share_image_alt: '',
    });
  });

  it('carries an existing project’s status and fields through unchanged', () => {
    const row: AdminProject = {
      id: 'p-1',
      title: 'Табло',
      category: 'Automation',
      image: '/demo/x.svg',
      image_alt: 'Табло с поръчките',
      link: 'https://x.example',
      description: 'Описание',
      gallery: [
        { id: 'b', title: 'Втора', description: '', image: '/2.png', alt: 'Втори екран', order: 1 },
        { id: 'a', title: 'Първа', description: 'd', image: '/1.png', order: 0 },
        { id: 'c', title: 'Без картинка', description: '', image: '', order: 2 },
      ],
      slug: 'tablo',
      detailed_description: '**Подробно**',
      technologies: ['n8n'],
      client: 'Клиент',
      duration: '2 месеца',
      team_size: 3,
      status: 'completed',
      documentation_url: null,
      meta_title: 'Табло за поръчки | Синаптика',
      meta_description: '',
      share_image: '/share.png',
      share_image_alt: 'Табло на телефон',
      created_at: '2026-01-01T00:00:00Z',
      updated_at: '2026-01-01T00:00:00Z',
    };
    const form = projectValuesFrom(row);
    expect(form.status).toBe('completed');
    expect(form.team_size).toBe('3');
    expect(form.gallery.map((g) => [g.id, g.order])).toEqual([
      ['a', 0],
      ['b', 1],
    ]);
    const payload = buildProjectPayload(form);
    expect(payload.status).toBe('completed');
    expect(payload.slug).toBe('tablo');
    expect(payload.documentation_url).toBeNull();
    expect(payload.detailed_description).toBe('**Подробно**');
    expect(payload.image_alt).toBe('Табло с поръчките');
    expect(payload.gallery.map((g) => g.alt)).toEqual(['', 'Втори екран']);
    expect(payload).toMatchObject({ meta_title: 'Табло за поръчки | Синаптика', meta_description: '', share_image: '/share.png', share_image_alt: 'Табло на телефон' });
  });
});
