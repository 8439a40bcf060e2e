import { describe, expect, it } from 'vitest';
import { blogPanel, isPanelPath, workPanel } from '@/admin/kit/navigation/addresses';
import { panelKeepsForm, recordPath, recordViewAt, resolvePanelAddress } from '@/admin/kit/navigation/panel-address';

describe('admin panel addresses', () => {
  it('reads a tab, a record and a new record', () => {
    expect(resolvePanelAddress(blogPanel, '/blog-admin/users')).toEqual({ tab: 'users', path: '/blog-admin/users' });
    expect(resolvePanelAddress(blogPanel, '/blog-admin/posts/p-1', '?posts.page=2')).toEqual({ tab: 'posts', path: '/blog-admin/posts/p-1' });
    expect(resolvePanelAddress(workPanel, '/work-admin/projects/new')).toEqual({ tab: 'projects', path: '/work-admin/projects/new' });
    expect(resolvePanelAddress(blogPanel, '/work-admin/projects')).toBeNull();
    expect(resolvePanelAddress(blogPanel, '/blog-adminx')).toBeNull();
  });

  it('sends what it does not show as it is to the nearest address it does, keeping the query string', () => {
    expect(resolvePanelAddress(blogPanel, '/blog-admin')).toEqual({ redirect: '/blog-admin/posts' });
    expect(resolvePanelAddress(blogPanel, '/blog-admin', '?tab=bookings&past.page=2')).toEqual({ redirect: '/blog-admin/bookings?past.page=2' });
    expect(resolvePanelAddress(blogPanel, '/blog-admin', '?tab=nonsense&posts.q=a')).toEqual({ redirect: '/blog-admin/posts?posts.q=a' });
    expect(resolvePanelAddress(blogPanel, '/blog-admin/users', '?tab=clients&users.q=a')).toEqual({ redirect: '/blog-admin/users?users.q=a' });
    expect(resolvePanelAddress(blogPanel, '/blog-admin/nope/1', '?posts.q=a')).toEqual({ redirect: '/blog-admin/posts?posts.q=a' });
    // the calendar has no records; a record has no sub-pages
    expect(resolvePanelAddress(blogPanel, '/blog-admin/calendar/1')).toEqual({ redirect: '/blog-admin/calendar' });
    expect(resolvePanelAddress(blogPanel, '/blog-admin/posts/p-1/edit')).toEqual({ redirect: '/blog-admin/posts' });
    expect(resolvePanelAddress(blogPanel, '/blog-admin/posts/')).toEqual({ redirect: '/blog-admin/posts' });
  });

  it('tells a tab what it shows', () => {
    expect(recordViewAt('/blog-admin/posts', '/blog-admin/posts')).toEqual({ mode: 'list' });
    expect(recordViewAt('/blog-admin/posts', '/blog-admin/posts/new')).toEqual({ mode: 'new' });
    expect(recordViewAt('/blog-admin/posts', recordPath('/blog-admin/posts', 'a b/c'))).toEqual({ mode: 'edit', id: 'a b/c' });
    expect(recordViewAt('/blog-admin/posts', '/blog-admin/posts/%E0')).toEqual({ mode: 'edit', id: '%E0' });
    expect(recordViewAt('/blog-admin/posts', '/blog-admin/users/u-1')).toEqual({ mode: 'list' });
  });

  it('keeps a form while the panel shows another tab or the form itself; not when its tab or the page changes', () => {
    const keeps = (target: string) => panelKeepsForm(blogPanel, 'posts', '/blog-admin/posts/p-1', target);
    expect(keeps('/blog-admin/posts/p-1?posts.q=x')).toBe(true);
    expect(keeps('/blog-admin/users/u-1')).toBe(true);
    expect(keeps('/blog-admin?tab=calendar')).toBe(true);
    expect(keeps('/blog-admin/posts')).toBe(false);
    expect(keeps('/blog-admin/posts/p-2')).toBe(false);
    expect(keeps('/blog-admin')).toBe(false);
    expect(keeps('/work-admin/projects')).toBe(false);
    expect(keeps('/')).toBe(false);
  });

  it('lets sign-in return only to a panel address', () => {
    expect(isPanelPath('/blog-admin/posts/p-1?posts.page=2')).toBe(true);
    expect(isPanelPath('/work-admin')).toBe(true);
    expect(isPanelPath('/blog-admin?tab=users')).toBe(true);
    expect(isPanelPath('/blog-adminx')).toBe(false);
    expect(isPanelPath('/blog')).toBe(false);
  });
});
