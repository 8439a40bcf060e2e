import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import AdminPage from '@/admin/panel/AdminPage';
import { adminAuth, postRow, renderAdmin } from './admin-fixtures';
import { rest, server, storage } from './msw';

// the inbox tabs' labels count new inquiries and pending bookings (HEAD requests with exact counts)
beforeEach(() => {
  server.use(
    http.head(rest('contact_submissions'), () => new HttpResponse(null, { headers: { 'content-range': '*/2' } })),
    http.head(rest('appointments'), () => new HttpResponse(null, { headers: { 'content-range': '*/1' } })),
  );
});

function page(auth = adminAuth()) {
  return renderAdmin(
    <Routes>
      <Route path="/blog-admin/*" element={<AdminPage />} />
      <Route path="/login" element={<h1>Страница за вход</h1>} />
    </Routes>,
    { auth },
  );
}

describe('/blog-admin', () => {
  it("has the title, the header actions and the tabs, and an administrator starts at 'Табло'", async () => {
    server.use(
      http.post(storage('object/list/blog-images'), () => HttpResponse.json([])),
      http.get(rest('blog_posts'), () => HttpResponse.json([postRow()])),
    );
    page();
    expect(screen.getByRole('heading', { level: 1, name: 'Администраторски панел' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Управление на проекти' })).toHaveAttribute('href', '/work-admin/projects');
    expect(screen.getByRole('button', { name: 'Изход' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Табло',
      'Публикации',
      'Потребители',
      'Клиенти',
      'Календар',
      'Запитвания',
      'Резервации',
      'Контакти',
      'Заявки за лични данни',
      'Абонати',
      'Кошче',
      'Одит',
      'Поверителност',
    ]);
    expect(await screen.findByRole('tab', { name: 'Запитвания (2 нови)' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Резервации (1 чакащи)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Табло' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('heading', { level: 2, name: 'Табло' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Публикации' }));
    expect(await screen.findByText('Първа публикация')).toBeInTheDocument();
  });

  it("shows the full error card 'Възникна грешка' with the storage message and retries", async () => {
    let calls = 0;
    server.use(
      http.post(storage('object/list/blog-images'), () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ statusCode: '404', error: 'Bucket not found', message: 'Bucket not found' }, { status: 400 })
          : HttpResponse.json([]);
      }),
      http.get(rest('blog_posts'), () => HttpResponse.json([])),
    );
    page();
    const card = await screen.findByRole('alert');
    expect(within(card).getByRole('heading', { name: 'Възникна грешка' })).toBeInTheDocument();
    expect(within(card).getByText('Bucket not found')).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Опитайте отново' }));
    expect(await screen.findByRole('tab', { name: 'Публикации' })).toBeInTheDocument();
  });

  it("logs out: 'Успешно излизане' and /login", async () => {
    server.use(
      http.post(storage('object/list/blog-images'), () => HttpResponse.json([])),
      http.get(rest('blog_posts'), () => HttpResponse.json([])),
    );
    const signOut = vi.fn(() => Promise.resolve());
    page(adminAuth({ signOut }));
    await userEvent.click(screen.getByRole('button', { name: 'Изход' }));
    expect(await screen.findByRole('heading', { name: 'Страница за вход' })).toBeInTheDocument();
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Успешно излизане')).toBeInTheDocument();
  });

  it("a failed logout says 'Грешка при излизане' and stays", async () => {
    server.use(
      http.post(storage('object/list/blog-images'), () => HttpResponse.json([])),
      http.get(rest('blog_posts'), () => HttpResponse.json([])),
    );
    page(adminAuth({ signOut: () => Promise.reject(new Error('network')) }));
    await userEvent.click(screen.getByRole('button', { name: 'Изход' }));
    expect(await screen.findByText('Грешка при излизане')).toBeInTheDocument();
    expect(screen.getByText('Възникна проблем при отписването. Моля, опитайте отново.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Администраторски панел' })).toBeInTheDocument());
  });
});
