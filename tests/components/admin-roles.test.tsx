// The panels as each role sees them: an author only the content's sections, a consultant only the
// inbox, contacts and the calendar, behind the second factor; a link to another role's section
// says whose it is, and the sections with visitors' data lead an aal1 session to the second factor.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import AdminPage from '@/admin/panel/AdminPage';
import WorkAdminPage from '@/admin/panel/WorkAdminPage';
import type { StaffRole } from '@/admin/kit/session/roles';
import { ADMIN_BLOG_USER, adminAuth, currentAddress, postRow, renderAdmin } from './admin-fixtures';
import { rest, server, storage } from './msw';

beforeEach(() => {
  server.use(
    http.post(storage('object/list/blog-images'), () => HttpResponse.json([])),
    http.get(rest('blog_posts'), () => HttpResponse.json([postRow()])),
    http.head(rest('contact_submissions'), () => new HttpResponse(null, { headers: { 'content-range': '*/2' } })),
    http.head(rest('appointments'), () => new HttpResponse(null, { headers: { 'content-range': '*/1' } })),
  );
});

const as = (role: StaffRole, assurance: 'aal1' | 'aal2') => adminAuth({ blogUser: { ...ADMIN_BLOG_USER, role }, assurance });

function panel(role: StaffRole, assurance: 'aal1' | 'aal2', path = '/blog-admin') {
  return renderAdmin(
    <Routes>
      <Route path="/blog-admin/*" element={<AdminPage />} />
      <Route path="/work-admin/*" element={<WorkAdminPage />} />
    </Routes>,
    { auth: as(role, assurance), path },
  );
}

const tabNames = () => screen.getAllByRole('tab').map((t) => t.textContent);

describe('the panel by role', () => {
  it("an author: the content's sections only, no second factor asked, the projects' panel offered", async () => {
    panel('author', 'aal1');
    await waitFor(() => expect(currentAddress()).toBe('/blog-admin/posts'));
    expect(tabNames()).toEqual(['Публикации', 'Клиенти', 'Кошче']);
    expect(await screen.findByText('Първа публикация')).toBeInTheDocument();
    expect(screen.queryByRole('note', { name: 'Двуфакторна защита' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Управление на проекти' })).toBeInTheDocument();
  });

  it("an author following a link to the inquiries is told whose section it is, and led back to the posts", async () => {
    panel('author', 'aal2', '/blog-admin/inquiries');
    const note = await screen.findByRole('region', { name: 'Разделът „Запитвания“ не е за вашата роля' });
    expect(note).toHaveTextContent('Ролята ви е „Автор“. Разделът е за ролите „Администратор“ и „Консултант“.');
    expect(within(note).getByRole('link', { name: 'Към „Публикации“' })).toHaveAttribute('href', '/blog-admin/posts');
    // nothing of the section was asked for
    expect(screen.queryByRole('tab', { name: /Запитвания/ })).not.toBeInTheDocument();
  });

  it('a consultant signed in with the password alone starts at the inquiries, which lead to the second factor', async () => {
    panel('consultant', 'aal1');
    await waitFor(() => expect(currentAddress()).toBe('/blog-admin/inquiries'));
    expect(tabNames()).toEqual(['Календар', 'Запитвания', 'Резервации', 'Контакти', 'Заявки за лични данни']);
    const lead = await screen.findByRole('region', { name: 'Нужна е двуфакторна защита' });
    expect(lead).toHaveTextContent('Разделът „Запитвания“ съдържа лични данни. С роля „Консултант“');
    expect(within(lead).getByRole('button', { name: 'Включете двуфакторната защита' })).toHaveAttribute('aria-haspopup', 'dialog');
    expect(screen.getByRole('note', { name: 'Двуфакторна защита' })).toHaveTextContent('Ролята ви „Консултант“ работи с лични данни на посетители.');
    // no project management, and no count of new inquiries before the factor
    expect(screen.queryByRole('link', { name: 'Управление на проекти' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: /нови/ })).not.toBeInTheDocument();
  });

  it('a consultant at aal2 has the inbox with its counts and no notice; the posts are not theirs', async () => {
    panel('consultant', 'aal2', '/blog-admin/posts');
    expect(await screen.findByRole('region', { name: 'Разделът „Публикации“ не е за вашата роля' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Запитвания (2 нови)' })).toBeInTheDocument();
    expect(screen.queryByRole('note', { name: 'Двуфакторна защита' })).not.toBeInTheDocument();
  });

  it('an administrator without the second factor writes posts, but people and visitors wait for it', async () => {
    panel('admin', 'aal1', '/blog-admin/users');
    expect(tabNames()).toHaveLength(13);
    const lead = await screen.findByRole('region', { name: 'Нужна е двуфакторна защита' });
    expect(lead).toHaveTextContent('Разделът „Потребители“ съдържа лични данни. С роля „Администратор“');
    expect(screen.getByRole('note', { name: 'Двуфакторна защита' })).toBeInTheDocument();
  });

  it("a consultant in the projects' panel is told it is not theirs, and led to the inquiries", async () => {
    panel('consultant', 'aal2', '/work-admin/projects');
    const note = await screen.findByRole('region', { name: 'Разделът „Управление на Проекти“ не е за вашата роля' });
    expect(within(note).getByRole('link', { name: 'Към „Запитвания“' })).toHaveAttribute('href', '/blog-admin/inquiries');
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });
});
