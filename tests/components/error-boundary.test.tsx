import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '@/app/ErrorBoundary';
import { RootLayout } from '@/app/RootLayout';
import { RouteErrorBoundary } from '@/app/RouteErrorBoundary';

function Boom(): never {
  throw new Error('Кабумът е тестов');
}

describe('error boundaries', () => {
  // React and the router log caught errors; keep the test output readable.
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('the class ErrorBoundary shows the generic fallback with the message', () => {
    render(
      <ErrorBoundary>
        <Boom />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('Кабумът е тестов')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Към началната страница' })).toHaveAttribute('href', '/');
  });

  it('renders its children when nothing throws', () => {
    render(
      <ErrorBoundary>
        <p>Всичко е наред</p>
      </ErrorBoundary>,
    );
    expect(screen.getByText('Всичко е наред')).toBeInTheDocument();
    expect(screen.queryByText('Unexpected Application Error!')).not.toBeInTheDocument();
  });

  it("the router's errorElement shows the same fallback for a throwing route", async () => {
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: <RootLayout />,
          errorElement: <RouteErrorBoundary />,
          children: [
            {
              errorElement: <RouteErrorBoundary />,
              children: [{ path: 'broken', element: <Boom /> }],
            },
          ],
        },
      ],
      { initialEntries: ['/broken'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('Кабумът е тестов')).toBeInTheDocument();
    // The page error is caught inside the layout, so the skip link remains. (The main landmark
    // belongs to PublicLayout and the login/admin pages; see landing-page.test.tsx.)
    expect(screen.getByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Към съдържанието' })).toBeInTheDocument();
  });

  it('the app route table uses it too', async () => {
    const { routes } = await import('@/app/router');
    const root = routes[0]!;
    const pages = root.children![0]!;
    // The app's own root and page-level error elements, with a page that throws.
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: root.element,
          errorElement: root.errorElement,
          children: [{ errorElement: pages.errorElement, children: [{ path: 'x', element: <Boom /> }] }],
        },
      ],
      { initialEntries: ['/x'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('Unexpected Application Error!')).toBeInTheDocument();
    expect(screen.getByText('Кабумът е тестов')).toBeInTheDocument();
    // Ours, not React Router's built-in error screen (which uses the same title).
    expect(screen.getByRole('alert')).toContainElement(screen.getByRole('button', { name: 'Презареди страницата' }));
  });
});
