import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, MemoryRouter, Route, RouterProvider, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '@/shared/layout/ErrorBoundary';
import { RootLayout } from '@/shared/layout/RootLayout';
import { RouteBoundary } from '@/shared/layout/RouteBoundary';

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

  it('a throwing page shows the same fallback inside the frame, and navigating away clears it', async () => {
    function Nav() {
      return <Link to="/fine">Друга страница</Link>;
    }
    render(
      <MemoryRouter initialEntries={['/broken']}>
        <Routes>
          <Route element={<RootLayout />}>
            <Route element={<RouteBoundary />}>
              <Route path="broken" element={<Boom />} />
              <Route path="fine" element={<p>Всичко е наред</p>} />
            </Route>
          </Route>
        </Routes>
        <Nav />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('Кабумът е тестов')).toBeInTheDocument();
    // caught inside the layout, so the skip link remains
    expect(screen.getByRole('link', { name: 'Към съдържанието' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: 'Друга страница' }));
    expect(await screen.findByText('Всичко е наред')).toBeInTheDocument();
    expect(screen.queryByText('Unexpected Application Error!')).not.toBeInTheDocument();
  });

  it("the app's own route table catches a page error with this fallback", async () => {
    const { routes } = await import('@/app/router');
    const root = routes[0]!;
    const boundary = root.children![0]!;
    const router = createMemoryRouter(
      [{ path: '/', element: root.element, children: [{ element: boundary.element, children: [{ path: 'x', element: <Boom /> }] }] }],
      { initialEntries: ['/x'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('Unexpected Application Error!')).toBeInTheDocument();
    expect(screen.getByText('Кабумът е тестов')).toBeInTheDocument();
    // Ours, not React Router's built-in error screen (which uses the same title).
    expect(screen.getByRole('alert')).toContainElement(screen.getByRole('button', { name: 'Презареди страницата' }));
  });
});
