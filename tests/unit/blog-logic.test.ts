import { describe, expect, it } from 'vitest';
import { sampleBlogPosts } from '@/content/sample-blog';
import {
  blogListPath,
  countWords,
  normalizeCategoryCounts,
  postDate,
  readingMinutes,
  readingTimeLabel,
  searchOrFilter,
  topCategories,
} from '@/features/blog/logic';

describe('topCategories', () => {
  const posts = (...categories: (string | null)[]) => categories.map((category) => ({ category }));

  it('counts posts per category, most first, and keeps the top 5', () => {
    const result = topCategories(posts('A', 'B', 'B', 'C', 'C', 'C', 'D', 'E', 'F', 'F', 'G'));
    expect(result).toEqual([
      { name: 'C', count: 3 },
      { name: 'B', count: 2 },
      { name: 'F', count: 2 },
      { name: 'A', count: 1 },
      { name: 'D', count: 1 },
    ]);
  });

  it('ignores posts without a category and trims names', () => {
    expect(topCategories(posts(null, '', '  ', ' Новини ', 'Новини'))).toEqual([{ name: 'Новини', count: 2 }]);
  });

  it('takes any limit', () => {
    expect(topCategories(posts('A', 'B', 'C'), 2)).toHaveLength(2);
    expect(topCategories(posts('A', 'B', 'C'), Infinity)).toHaveLength(3);
  });

  it('the sample posts give their three categories', () => {
    expect(topCategories(sampleBlogPosts()).map((c) => c.name).sort()).toEqual(['AI Решения', 'Клиентски опит', 'Продуктивност'].sort());
  });
});

describe('normalizeCategoryCounts', () => {
  it('accepts counts as numbers or strings (bigint) and drops unusable rows', () => {
    expect(
      normalizeCategoryCounts([
        { name: 'AI', count: 3 },
        { name: 'Продуктивност', count: '2' },
        { name: '', count: 1 },
        { name: 'X', count: 'many' },
        null,
      ]),
    ).toEqual([
      { name: 'AI', count: 3 },
      { name: 'Продуктивност', count: 2 },
    ]);
    expect(normalizeCategoryCounts(null)).toEqual([]);
  });
});

describe('reading time', () => {
  it('is words / 200 rounded up, at least one minute', () => {
    expect(readingMinutes('')).toBe(1);
    expect(readingMinutes('една дума')).toBe(1);
    expect(readingMinutes('дума '.repeat(200))).toBe(1);
    expect(readingMinutes('дума '.repeat(201))).toBe(2);
    expect(readingMinutes('word '.repeat(1000))).toBe(5);
  });

  it('counts words, not markup or link addresses', () => {
    expect(countWords('## Заглавие\n\n**важно** и [връзка](https://example.com/a-b-c)')).toBe(4);
    expect(countWords('e-mail, AI-асистент и 10 часа')).toBe(5);
  });

  it("is labelled '{n} мин. четене'", () => {
    expect(readingTimeLabel('дума '.repeat(450))).toBe('3 мин. четене');
  });
});

describe('searchOrFilter', () => {
  it('matches title, content or excerpt case-insensitively', () => {
    expect(searchOrFilter(' crm ')).toBe('title.ilike."*crm*",content.ilike."*crm*",excerpt.ilike."*crm*"');
  });

  it('quotes reserved characters and escapes LIKE wildcards and quotes', () => {
    const filter = searchOrFilter('50% "AI", (нов)_');
    expect(filter.split(',excerpt')[0]).toBe(String.raw`title.ilike."*50\\% \"AI\", (нов)\\_*",content.ilike."*50\\% \"AI\", (нов)\\_*"`);
  });
});

describe('blog paths and dates', () => {
  it('builds listing URLs with the category and search term', () => {
    expect(blogListPath()).toBe('/blog');
    expect(blogListPath({ category: 'AI Решения' })).toBe('/blog?category=AI%20%D0%A0%D0%B5%D1%88%D0%B5%D0%BD%D0%B8%D1%8F');
    expect(blogListPath({ category: null, q: '  ' })).toBe('/blog');
    expect(blogListPath({ category: 'A&B', q: 'x y' })).toBe('/blog?category=A%26B&q=x%20y');
  });

  it('shows the published date, else the created date', () => {
    expect(postDate({ published_at: '2026-11-20T10:00:00Z', created_at: '2026-11-01T10:00:00Z' })).toBe('2026-11-20T10:00:00Z');
    expect(postDate({ published_at: null, created_at: '2026-11-01T10:00:00Z' })).toBe('2026-11-01T10:00:00Z');
  });

  it('the sample posts are dated now, 7 and 14 days ago', () => {
    const now = Date.parse('2026-11-22T12:00:00Z');
    const dates = sampleBlogPosts(now).map((p) => (now - Date.parse(p.published_at!)) / 86_400_000);
    expect(dates).toEqual([0, 7, 14]);
  });
});
