import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { routes } from '@/app/router';
import { categoryPath } from '@/shared/config/addresses';
import { sampleBlogPosts } from '@/site/content/sample-blog';
import {
  BLOG_PAGE_SIZE,
  blogListPath,
  readBlogListAddress,
  countWords,
  normalizeCategoryCounts,
  postDate,
  readingMinutes,
  readingTimeLabel,
} from '@/site/pages/blog/logic';
import { pagerItems, searchOrFilter, topCategories } from '@/site/pages/blog/listing';

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

/**
 * Opens `path` as the browser would hand it to the app: the route table of src/app/router.tsx
 * picks the page, and a listing page reads its address from the route's params and the query.
 */
function open(path: string) {
  const url = new URL(path, 'https://site.test');
  const leaf = matchRoutes(routes, url.pathname)?.at(-1);
  const pattern = leaf?.route.path ?? null;
  if (pattern === 'blog' || pattern?.startsWith('blog/page') || pattern?.startsWith('blog/category')) {
    return { pattern, address: readBlogListAddress(leaf!.params, url.searchParams) };
  }
  return { pattern, address: null };
}

const AI = 'AI Решения';
const AI_ENCODED = 'AI%20%D0%A0%D0%B5%D1%88%D0%B5%D0%BD%D0%B8%D1%8F';

describe('listing addresses', () => {
  it('twelve posts a page', () => {
    expect(BLOG_PAGE_SIZE).toBe(12);
  });

  it('all posts: /blog, then /blog/page/2, /blog/page/3; page 1 never has a number', () => {
    expect(blogListPath()).toBe('/blog');
    expect(blogListPath({ page: 1 })).toBe('/blog');
    expect(blogListPath({ page: 2 })).toBe('/blog/page/2');
    expect(blogListPath({ category: null, q: '  ', page: 3 })).toBe('/blog/page/3');
  });

  it('a category is one path segment: Cyrillic, spaces and reserved characters encoded', () => {
    expect(categoryPath(AI)).toBe(`/blog/category/${AI_ENCODED}`);
    expect(blogListPath({ category: AI })).toBe(`/blog/category/${AI_ENCODED}`);
    expect(blogListPath({ category: AI, page: 2 })).toBe(`/blog/category/${AI_ENCODED}/page/2`);
    expect(categoryPath('A&B / C?#')).toBe('/blog/category/A%26B%20%2F%20C%3F%23');
  });

  it('a search keeps its term and page in the query, inside a category too', () => {
    expect(blogListPath({ q: ' x y ' })).toBe('/blog?q=x%20y');
    expect(blogListPath({ q: 'crm', page: 1 })).toBe('/blog?q=crm');
    expect(blogListPath({ q: 'crm', page: 2 })).toBe('/blog?q=crm&page=2');
    expect(blogListPath({ category: 'A&B', q: 'x&y=1', page: 2 })).toBe('/blog/category/A%26B?q=x%26y%3D1&page=2');
  });

  it('every address it builds opens the listing with the same category, search and page', () => {
    const cases = [
      {},
      { page: 2 },
      { page: 41 },
      { category: AI },
      { category: AI, page: 3 },
      { category: 'Продуктивност и време', page: 2 },
      { category: 'A/B 100%', page: 2 },
      { category: 'page' },
      { q: 'CRM (2026)' },
      { q: 'ново', page: 2 },
      { category: AI, q: 'чатбот & CRM', page: 4 },
    ];
    for (const filters of cases) {
      const path = blogListPath(filters);
      expect(open(path).address, path).toEqual({
        kind: 'list',
        category: filters.category ?? null,
        q: filters.q ?? '',
        page: filters.page ?? 1,
      });
    }
  });

  it('a post whose slug is "page" or "category" still opens as a post', () => {
    expect(open('/blog/page').pattern).toBe('blog/:slug');
    expect(open('/blog/category').pattern).toBe('blog/:slug');
    expect(open('/blog/page/2').pattern).toBe('blog/page/:page');
    expect(open(`/blog/category/${AI_ENCODED}/page/2`).pattern).toBe('blog/category/:category/page/:page');
  });

  it("the spec's old /blog?category={name} redirects to the path, keeping the search", () => {
    expect(open(`/blog?category=${AI_ENCODED}`).address).toEqual({ kind: 'redirect', to: `/blog/category/${AI_ENCODED}` });
    expect(open(`/blog?category=${AI_ENCODED}&q=crm`).address).toEqual({ kind: 'redirect', to: `/blog/category/${AI_ENCODED}?q=crm` });
    expect(open(`/blog?q=crm&category=${AI_ENCODED}&page=2`).address).toEqual({
      kind: 'redirect',
      to: `/blog/category/${AI_ENCODED}?q=crm&page=2`,
    });
    // an empty ?category= is no filter
    expect(open('/blog?category=').address).toEqual({ kind: 'list', category: null, q: '', page: 1 });
  });

  it('page 1 written out redirects to the address without a number', () => {
    expect(open('/blog/page/1').address).toEqual({ kind: 'redirect', to: '/blog' });
    expect(open(`/blog/category/${AI_ENCODED}/page/1`).address).toEqual({ kind: 'redirect', to: `/blog/category/${AI_ENCODED}` });
    expect(open('/blog?q=crm&page=1').address).toEqual({ kind: 'redirect', to: '/blog?q=crm' });
  });

  it('a page number in the wrong place moves to the right one', () => {
    expect(open('/blog?page=3').address).toEqual({ kind: 'redirect', to: '/blog/page/3' });
    expect(open('/blog/page/3?q=crm').address).toEqual({ kind: 'redirect', to: '/blog?q=crm&page=3' });
  });

  it('a page that is not a positive integer redirects to page 1 of that list', () => {
    for (const page of ['0', '-1', '02', '1.5', 'abc', '1e3', '%20', '99999999']) {
      expect(open(`/blog/page/${page}`).address, page).toEqual({ kind: 'redirect', to: '/blog' });
      expect(open(`/blog/category/${AI_ENCODED}/page/${page}`).address, page).toEqual({ kind: 'redirect', to: `/blog/category/${AI_ENCODED}` });
      expect(open(`/blog?q=crm&page=${page}`).address, page).toEqual({ kind: 'redirect', to: '/blog?q=crm' });
    }
    expect(open('/blog?q=crm&page=').address).toEqual({ kind: 'redirect', to: '/blog?q=crm' });
  });
});

describe('pagerItems', () => {
  it('lists every page of a short list', () => {
    expect(pagerItems(1, 1)).toEqual([1]);
    expect(pagerItems(1, 3)).toEqual([1, 2, 3]);
    expect(pagerItems(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps the first, the last and the pages around the current one, with … for the rest', () => {
    expect(pagerItems(1, 20)).toEqual([1, 2, null, 20]);
    expect(pagerItems(6, 20)).toEqual([1, null, 5, 6, 7, null, 20]);
    expect(pagerItems(20, 20)).toEqual([1, null, 19, 20]);
    expect(pagerItems(84, 167)).toEqual([1, null, 83, 84, 85, null, 167]);
  });

  it('shows a single left-out page instead of an ellipsis for it', () => {
    expect(pagerItems(3, 20)).toEqual([1, 2, 3, 4, null, 20]);
    expect(pagerItems(4, 20)).toEqual([1, 2, 3, 4, 5, null, 20]);
    expect(pagerItems(18, 20)).toEqual([1, null, 17, 18, 19, 20]);
  });
});

describe('blog paths and dates', () => {
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
