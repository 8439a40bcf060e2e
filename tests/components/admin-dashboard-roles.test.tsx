// 'Табло' in the panel: an administrator's first screen and first tab; at aal1 the way to the second
// factor in its place, asking nothing; an author or a consultant has no such tab, and its address
// tells them whose section it is.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import AdminPage from '@/admin/panel/AdminPage';
import type { StaffRole } from '@/admin/kit/session/roles';
import { ADMIN_BLOG_USER, adminAuth, currentAddress, postRow, renderAdmin } from './admin-fixtures';
import { answerInsights } from './dashboard-fixtures';
import { rest, server, storage } from './msw';

beforeEach(() => {
  server.use(
    http.post(storage('object/list/blog-images'), () => HttpResponse.json([])),
    http.get(rest('blog_posts'), () => HttpResponse.json([postRow()])),
    http.head(rest('contact_submissions'), () => new HttpResponse(null, { headers: { 'content-range': '*/0' } })),
    http.head(rest('appointments'), () => new HttpResponse(null, { headers: { 'content-range': '*/0' } })),
  );
});

function panel(role: StaffRole, assurance: 'aal1' | 'aal2', path = '/blog-admin') {
  return renderAdmin(
    <Routes>
      <Route path="/blog-admin/*" element={<AdminPage />} />
    </Routes>,
    { auth: adminAuth({ blogUser: { ...ADMIN_BLOG_USER, role }, assurance }), path },
  );
}

const tabNames = () => screen.getAllByRole('tab').map((t) => t.textContent);
const selectedTab = () => within(screen.getByRole('tablist', { name: 'Раздели на панела' })).getByRole('tab', { selected: true });

describe("'Табло' by role", () => {
  it('an administrator lands on it: the first tab, at /blog-admin/dashboard, its sections asked for', async () => {
    const calls = answerInsights();
    panel('admin', 'aal2');
    await waitFor(() => expect(currentAddress()).toBe('/blog-admin/dashboard'));
    expect(tabNames()[0]).toBe('Табло');
    expect(selectedTab()).toHaveTextContent('Табло');
    expect(await screen.findByRole('heading', { level: 2, name: 'Табло' })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Източници и кампании' })).toBeInTheDocument();
    expect(new Set(calls.map((c) => c.fn))).toEqual(new Set(['insights_summary', 'insights_top', 'insights_funnels', 'insights_attribution', 'insights_newsletter']));
    // the posts list was not opened on the way
    expect(screen.queryByRole('heading', { name: 'Публикации' })).not.toBeInTheDocument();
  });

  it('an administrator without the second factor lands on it too, led to the factor, and nothing is asked', async () => {
    const calls = answerInsights();
    panel('admin', 'aal1');
    await waitFor(() => expect(currentAddress()).toBe('/blog-admin/dashboard'));
    const lead = await screen.findByRole('region', { name: 'Нужна е двуфакторна защита' });
    expect(lead).toHaveTextContent('Разделът „Табло“');
    expect(lead).toHaveTextContent('С роля „Администратор“');
    expect(calls).toEqual([]);
  });

  it('an author has no such tab and starts at the posts, asking nothing of it', async () => {
    const calls = answerInsights();
    panel('author', 'aal2');
    await waitFor(() => expect(currentAddress()).toBe('/blog-admin/posts'));
    expect(tabNames()).not.toContain('Табло');
    expect(await screen.findByText('Първа публикация')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('an author or a consultant following a link to it is told whose section it is, and nothing is asked', async () => {
    const calls = answerInsights();
    const first = panel('author', 'aal2', '/blog-admin/dashboard');
    const note = await screen.findByRole('region', { name: 'Разделът „Табло“ не е за вашата роля' });
    expect(note).toHaveTextContent('Разделът е за ролята „Администратор“.');
    expect(within(note).getByRole('link', { name: 'Към „Публикации“' })).toHaveAttribute('href', '/blog-admin/posts');
    first.unmount();

    panel('consultant', 'aal2', '/blog-admin/dashboard');
    const consultants = await screen.findByRole('region', { name: 'Разделът „Табло“ не е за вашата роля' });
    expect(within(consultants).getByRole('link', { name: 'Към „Запитвания“' })).toHaveAttribute('href', '/blog-admin/inquiries');
    expect(tabNames()).not.toContain('Табло');
    expect(calls).toEqual([]);
  });
});
