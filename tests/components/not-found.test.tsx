import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminAppRoutes } from '@/app/admin-router';
import { routes } from '@/app/router';

function renderAt(path: string, table = routes) {
  const router = createMemoryRouter(table, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('404 page', () => {
  // each page is a chunk the router fetches on first use: fetched here once, so no test waits on
  // the machine's speed for its first module load (the app loads them the same way, on demand)
  beforeAll(async () => {
    await Promise.all([
      import('@/site/pages/NotFoundPage'),
      import('@/site/pages/landing/LandingPage'),
      import('@/admin/panel/AuthLayout'),
      import('@/admin/panel/RequireAdmin'),
      import('@/admin/login/LoginPage'),
    ]);
  }, 30_000);

  it("shows 'Oops! Page not found' for an unknown path, with a link home", async () => {
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Към началната страница' })).toHaveAttribute('href', '/');
  });

  it('sets its page title and keeps itself out of search results', async () => {
    renderAt('/missing');
    await screen.findByText('Oops! Page not found');
    expect(document.title).toContain('Страницата не е намерена');
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  });

  it('the link goes back to the home page', async () => {
    const router = renderAt('/missing');
    await userEvent.click(await screen.findByRole('link', { name: 'Към началната страница' }));
    expect(router.state.location.pathname).toBe('/');
    await waitFor(() => expect(screen.queryByText('Oops! Page not found')).not.toBeInTheDocument());
  });

  it("the admin's app: a protected route without a user redirects to /login", async () => {
    const router = renderAt('/blog-admin', adminAppRoutes);
    await screen.findByRole('heading', { level: 1, name: 'Вход' });
    expect(router.state.location.pathname).toBe('/login');
  });
});
