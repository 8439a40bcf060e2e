// Shared fixtures of the blog component tests: rows as the database returns them and a renderer
// that mounts the blog routes in a memory router with a fresh React Query client (no retries).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { RouterNav } from '@/shared/layout/router-nav';
import BlogListPage from '@/site/pages/blog/BlogListPage';
import BlogPostPage from '@/site/pages/blog/BlogPostPage';
import { rest } from './msw';

export const postRow = (n: number, extra: Record<string, unknown> = {}) => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  title: `Публикация номер ${n}`,
  slug: `publikatsiya-${n}`,
  excerpt: `Кратко резюме ${n}`,
  featured_image: `/demo/post-${n}.svg`,
  category: n % 2 ? 'AI Решения' : 'Продуктивност',
  author: 'Мария Иванова',
  published_at: `2026-11-${String(20 - n).padStart(2, '0')}T10:00:00Z`,
  created_at: `2026-11-${String(19 - n).padStart(2, '0')}T10:00:00Z`,
  content: `Съдържание на публикация ${n}`,
  tags: ['AI', 'автоматизация'],
  updated_at: '2026-11-20T10:00:00Z',
  ...extra,
});

export const permissionDenied = () =>
  HttpResponse.json({ code: 'PGRST301', message: 'JWT could not be verified', details: null, hint: null }, { status: 401 });

export const categoryCounts = (rows: { name: string; count: number }[]) =>
  http.post(rest('rpc/blog_category_counts'), () => HttpResponse.json(rows));

export function renderBlog(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    // the blog's routes as src/app/router.tsx declares them
    [
      {
        // the app's navigation, which the root layout provides
        element: <RouterNav />,
        children: [
          { path: '/blog', element: <BlogListPage /> },
          { path: '/blog/page/:page', element: <BlogListPage /> },
          { path: '/blog/category/:category', element: <BlogListPage /> },
          { path: '/blog/category/:category/page/:page', element: <BlogListPage /> },
          { path: '/blog/:slug', element: <BlogPostPage /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}
