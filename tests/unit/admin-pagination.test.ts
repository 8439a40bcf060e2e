import { describe, expect, it } from 'vitest';
import { pageCount, pageItems } from '@/admin/kit/lists/Pagination';
import { pageRange } from '@/admin/kit/data/list';

// pageItems is zero-based; the pager shows each number plus one
const shown = (page: number, pages: number) => pageItems(page, pages).map((p) => (p === 'gap' ? '…' : p + 1));

describe('pager', () => {
  it('offers every page when there are few', () => {
    expect(shown(0, 2)).toEqual([1, 2]);
    expect(shown(0, 5)).toEqual([1, 2, '…', 5]);
    expect(shown(2, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('offers the first, the last and the neighbours of the current page', () => {
    expect(shown(49, 100)).toEqual([1, '…', 49, 50, 51, '…', 100]);
    expect(shown(99, 100)).toEqual([1, '…', 99, 100]);
    // a gap of one page shows that page instead of '…'
    expect(shown(3, 100)).toEqual([1, 2, 3, 4, 5, '…', 100]);
    expect(shown(96, 100)).toEqual([1, '…', 96, 97, 98, 99, 100]);
  });

  it('counts pages and ranges', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(40, 20)).toBe(2);
    expect(pageCount(41, 20)).toBe(3);
    expect(pageRange(0)).toEqual([0, 19]);
    expect(pageRange(2)).toEqual([40, 59]);
  });
});
