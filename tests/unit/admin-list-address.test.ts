import { describe, expect, it } from 'vitest';
import { readListView, writeListView } from '@/admin/kit/lists/use-list-state';

const FILTERS = { status: ['new', 'handled'], service: ['fitness', 'hospitality'] } as const;

describe("an admin list's place in the address", () => {
  it('reads the search, the filters and the 1-based page of its own scope only', () => {
    const params = new URLSearchParams('tab=inquiries&inquiries.q=%20%20Хотел%20%20Изгрев%20&inquiries.status=new&inquiries.page=3&posts.page=9');
    expect(readListView(params, 'inquiries', FILTERS)).toEqual({ search: 'Хотел Изгрев', filters: { status: 'new', service: '' }, page: 2 });
    expect(readListView(params, 'posts', {})).toEqual({ search: '', filters: {}, page: 8 });
  });

  it('reads anything it cannot mean as the default', () => {
    for (const page of ['0', '-1', '2.5', 'abc', '1e3', '9999999']) {
      expect(readListView(new URLSearchParams(`x.page=${page}`), 'x', {}).page, page).toBe(0);
    }
    const odd = new URLSearchParams('x.status=deleted&x.service=__proto__&x.q=' + 'я'.repeat(300));
    const view = readListView(odd, 'x', FILTERS);
    expect(view.filters).toEqual({ status: '', service: '' });
    expect(view.search).toHaveLength(100);
  });

  it('writes only what differs from the default and keeps every other parameter', () => {
    const start = new URLSearchParams('tab=inquiries&inquiries.q=old&inquiries.page=4&past.page=2');
    const next = writeListView(start, 'inquiries', { search: 'Клиент', filters: { status: '', service: 'fitness' }, page: 0 });
    expect([...next]).toEqual([
      ['tab', 'inquiries'],
      ['inquiries.q', 'Клиент'],
      ['past.page', '2'],
      ['inquiries.service', 'fitness'],
    ]);
    // the address it writes reads back as the same view
    expect(readListView(next, 'inquiries', FILTERS)).toEqual({ search: 'Клиент', filters: { status: '', service: 'fitness' }, page: 0 });
    expect(start.toString()).toBe('tab=inquiries&inquiries.q=old&inquiries.page=4&past.page=2');
  });
});
