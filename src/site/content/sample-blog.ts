/*
 * Built-in sample blog content: what the blog shows when the database
 * refuses access or cannot be reached. Dates are computed when the sample is asked for, so the
 * three listing posts are always dated now, 7 and 14 days ago.
 *
 * The shapes are declared here, structurally equal to the rows the blog feature reads, so this
 * file depends on nothing above it.
 */

export interface SampleBlogPost {
  id: string;
  title: string;
  slug: string;
  content: string;
  excerpt: string | null;
  featured_image: string | null;
  featured_image_alt: string;
  category: string | null;
  author: string;
  tags: string[];
  published_at: string | null;
  created_at: string;
  updated_at: string;
  meta_title: string;
  meta_description: string;
  share_image: string | null;
  share_image_alt: string;
}

export interface SampleRecentPost {
  id: string;
  title: string;
  slug: string;
  featured_image: string | null;
  published_at: string | null;
  created_at: string;
  category: string | null;
}

export interface SampleCategoryCount {
  name: string;
  count: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number, now: number) => new Date(now - days * DAY_MS).toISOString();

interface SampleSource {
  id: string;
  title: string;
  slug: string;
  excerpt: string;
  featured_image: string;
  category: string;
  tags: string[];
  daysAgo: number;
  content: string;
}

const AUTHOR = 'Екипът на Синаптика';

const SOURCES: SampleSource[] = [
  {
    id: 'sample-post-1',
    title: 'AI асистент, който отговаря на клиентите ви денонощно',
    slug: 'ai-asistent-koyto-otgovarya-denonoshtno',
    excerpt:
      'Как един добре обучен чат асистент поема честите въпроси, записва часове и оставя на екипа само разговорите, които наистина искат човек.',
    featured_image: '/demo/post-1.svg',
    category: 'AI Решения',
    tags: ['AI', 'чатбот', 'обслужване'],
    daysAgo: 0,
    content: [
      '## Въпросите, които се повтарят',
      '',
      'Във всеки бизнес има десетина въпроса, които клиентите задават всеки ден: работно време, цени, свободни часове, как се стига до вас. Всеки отговор отнема само минута, но минутите се трупат.',
      '',
      '## Какво поема асистентът',
      '',
      '- отговаря веднага, включително вечер и през уикенда',
      '- записва час директно в календара ви',
      '- предава на колега всеки разговор, който излиза извън познатото',
      '',
      '## Откъде да започнете',
      '',
      'Съберете най-честите въпроси от имейла и телефона за последния месец. Те са първата версия на знанието на асистента, а след няколко седмици ще видите кои отговори да допълните.',
    ].join('\n'),
  },
  {
    id: 'sample-post-2',
    title: 'Три навика на екипите, които автоматизират успешно',
    slug: 'tri-navika-na-ekipite-koito-avtomatizirat',
    excerpt:
      'Автоматизацията не е еднократен проект. Екипите, които печелят най-много, мерят, започват с малко и назначават собственик на всеки процес.',
    featured_image: '/demo/post-2.svg',
    category: 'Продуктивност',
    tags: ['автоматизация', 'екип', 'процеси'],
    daysAgo: 7,
    content: [
      'Работили сме с екипи от трима до триста души. Тези, които спестяват най-много време, имат три общи навика.',
      '',
      '1. **Мерят преди да променят.** Засичат колко отнема процесът днес, за да докажат ползата утре.',
      '2. **Започват с един процес.** Най-досадният, не най-сложният.',
      '3. **Всеки процес има собственик.** Човек, който забелязва, когато нещо спре да работи.',
      '',
      'Останалото е въпрос на инструменти, а те са по-лесната част.',
    ].join('\n'),
  },
  {
    id: 'sample-post-3',
    title: 'Бързият отговор е най-евтиният маркетинг',
    slug: 'barziyat-otgovor-e-nay-evtiniyat-marketing',
    excerpt:
      'Клиентът, който получи отговор до минути, рядко търси втора оферта. Ето как да отговаряте бързо, без екипът да стои пред пощата.',
    featured_image: '/demo/post-3.svg',
    category: 'Клиентски опит',
    tags: ['клиенти', 'запитвания', 'скорост'],
    daysAgo: 14,
    content: [
      'Повечето запитвания се изпращат до няколко фирми наведнъж. Първият смислен отговор често печели.',
      '',
      '### Какво помага',
      '',
      '- автоматично потвърждение с конкретна следваща стъпка',
      '- разпределяне на запитването към правилния човек',
      '- напомняне, ако никой не е отговорил до час',
      '',
      '> Скоростта не означава прибързаност: кратък, точен отговор е по-добър от дълъг, но закъснял.',
    ].join('\n'),
  },
];

function toPost(source: SampleSource, now: number): SampleBlogPost {
  const date = daysAgo(source.daysAgo, now);
  const { daysAgo: _days, ...rest } = source;
  // the demo illustrations only decorate: no alt text; no search-and-share fields: the fallbacks
  return {
    ...rest,
    featured_image_alt: '',
    author: AUTHOR,
    published_at: date,
    created_at: date,
    updated_at: date,
    meta_title: '',
    meta_description: '',
    share_image: null,
    share_image_alt: '',
  };
}

/** The three sample posts of the blog listing, dated now, 7 and 14 days ago (newest first). */
export function sampleBlogPosts(now: number = Date.now()): SampleBlogPost[] {
  return SOURCES.map((source) => toPost(source, now));
}

const PAGE_SAMPLE: SampleSource = {
  id: 'sample-post-page',
  title: 'Как да започнете с автоматизацията на бизнеса си',
  slug: 'kak-da-zapochnete-s-avtomatizatsiyata',
  excerpt: 'Практичен план в четири стъпки: от списъка с досадни задачи до първата работеща автоматизация.',
  featured_image: '/demo/post-4.svg',
  category: 'Автоматизация',
  tags: ['автоматизация', 'първи стъпки'],
  daysAgo: 0,
  content: [
    '## 1. Запишете какво ви отнема време',
    '',
    'В продължение на седмица всеки в екипа отбелязва задачите, които повтаря. Не търсете решения още, само събирайте.',
    '',
    '## 2. Изберете една задача',
    '',
    'Най-подходяща е честата, ясно описана задача с малко изключения: въвеждане на фактури, напомняния за плащане, седмичен отчет.',
    '',
    '## 3. Автоматизирайте и измерете',
    '',
    '| Задача | Преди | След |',
    '| --- | --- | --- |',
    '| Въвеждане на фактура | 6 минути | 30 секунди |',
    '| Седмичен отчет | 2 часа | 0 минути |',
    '',
    '## 4. Разкажете на екипа',
    '',
    'Спестеното време е най-добрият аргумент за следващата автоматизация.',
  ].join('\n'),
};

/**
 * The post shown on /blog/{slug} when the database refuses access or cannot be reached: the
 * listing sample with that slug when there is one (so its cards keep working), else the page sample.
 */
export function sampleBlogPostFor(slug: string, now: number = Date.now()): SampleBlogPost {
  const listed = SOURCES.find((source) => source.slug === slug);
  return toPost(listed ?? PAGE_SAMPLE, now);
}

/** The recent-posts sidebar fallback: the three sample posts. */
export function sampleRecentPosts(now: number = Date.now()): SampleRecentPost[] {
  return sampleBlogPosts(now).map(({ id, title, slug, featured_image, published_at, created_at, category }) => ({
    id,
    title,
    slug,
    featured_image,
    published_at,
    created_at,
    category,
  }));
}

/** The categories sidebar fallback: five sample categories with counts, most first. */
export const sampleBlogCategories: readonly SampleCategoryCount[] = [
  { name: 'AI Решения', count: 4 },
  { name: 'Автоматизация', count: 3 },
  { name: 'Продуктивност', count: 2 },
  { name: 'Клиентски опит', count: 2 },
  { name: 'Технологии', count: 1 },
];
