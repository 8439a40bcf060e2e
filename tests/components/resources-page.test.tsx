import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { RouterNav } from '@/shared/layout/router-nav';
import { resourceArticles } from '@/site/content/resources';
import ResourcesPage from '@/site/pages/resources/ResourcesPage';
import { splitParagraphs } from '@/site/pages/resources/logic';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        // the app's navigation, which the root layout provides
        element: <RouterNav />,
        children: [
          { path: '/resources', element: <ResourcesPage /> },
          { path: '/resources/:slug', element: <ResourcesPage /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const [first, second, third] = resourceArticles;
const last = resourceArticles[resourceArticles.length - 1];

describe('resources', () => {
  it('has five English articles and /resources redirects to the first', async () => {
    expect(resourceArticles).toHaveLength(5);
    const router = renderAt('/resources');
    expect(await screen.findByRole('heading', { level: 1, name: first.title })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/resources/${first.slug}`);
    const nav = screen.getByRole('navigation', { name: 'Resources' });
    expect(nav.querySelectorAll('a')).toHaveLength(5);
  });

  it('shows category, read time, description, one paragraph per blank-line block, the date and Share', () => {
    renderAt(`/resources/${second.slug}`);
    const article = screen.getByRole('article', { name: second.title });
    expect(article).toHaveTextContent(second.category);
    expect(article).toHaveTextContent(second.readTime);
    expect(article).toHaveTextContent(second.description);
    expect(article.querySelectorAll('div > p')).toHaveLength(splitParagraphs(second.content).length);
    expect(article.querySelector('time')).toHaveAttribute('dateTime', second.date);
    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();
    expect(document.title).toContain(second.title);
  });

  it('the up and down buttons move to the previous and next article, disabled at the ends', async () => {
    const router = renderAt(`/resources/${first.slug}`);
    expect(screen.getByRole('button', { name: 'Предишна статия' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Следваща статия' }));
    expect(await screen.findByRole('heading', { level: 1, name: second.title })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/resources/${second.slug}`);
    await userEvent.click(screen.getByRole('button', { name: 'Предишна статия' }));
    expect(await screen.findByRole('heading', { level: 1, name: first.title })).toBeInTheDocument();

    renderAt(`/resources/${last.slug}`);
    expect(screen.getAllByRole('button', { name: 'Следваща статия' }).at(-1)).toBeDisabled();
  });

  it('a wheel movement of at least 50 moves one article per flick; smaller ones do nothing', async () => {
    const router = renderAt(`/resources/${first.slug}`);
    const article = screen.getByRole('article', { name: first.title });
    fireEvent.wheel(article, { deltaY: 40 });
    expect(router.state.location.pathname).toBe(`/resources/${first.slug}`);

    // one flick: several events in a row move only once
    fireEvent.wheel(article, { deltaY: 120 });
    fireEvent.wheel(screen.getByRole('article'), { deltaY: 120 });
    fireEvent.wheel(screen.getByRole('article'), { deltaY: 120 });
    expect(await screen.findByRole('heading', { level: 1, name: second.title })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/resources/${second.slug}`);
    expect(screen.queryByRole('heading', { level: 1, name: third.title })).not.toBeInTheDocument();
  });

  it('an unknown article shows a not-found view', () => {
    renderAt('/resources/no-such-article');
    expect(screen.getByRole('heading', { level: 1, name: 'Статията не е намерена' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Към всички ресурси' })).toHaveAttribute('href', '/resources');
  });
});
