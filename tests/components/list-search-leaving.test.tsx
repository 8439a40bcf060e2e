// A search still settling when the admin follows a link away (a contact's page, an editor) must
// not pull them back: the debounced write belongs to the list's address, and the admin has left it.
import { act, fireEvent, screen } from '@testing-library/react';
import { lazy, type ReactElement } from 'react';
import { Link, Route } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListSearch } from '@/admin/kit/lists/PagedList';
import { SEARCH_DELAY_MS, useListState } from '@/admin/kit/lists/use-list-state';
import { AppLikeRoutes, currentAddress, renderAdmin } from './admin-fixtures';

function SearchableList() {
  const list = useListState('people');
  return (
    <>
      <ListSearch list={list} name="Търсене в хората" placeholder="Име" />
      <Link to="/blog-admin/contacts/c-1">Контакт</Link>
    </>
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('a list search left before it applies', () => {
  it('does not take the admin back to the list once they followed a link to a page still loading', async () => {
    let arrive: (module: { default: () => ReactElement }) => void = () => {};
    // the page behind the link is a chunk of its own, as in the app: the list stays on screen meanwhile
    const ContactPage = lazy(() => new Promise<{ default: () => ReactElement }>((resolve) => (arrive = resolve)));
    renderAdmin(
      <AppLikeRoutes>
        <Route path="/blog-admin/people" element={<SearchableList />} />
        <Route path="/blog-admin/contacts/:id" element={<ContactPage />} />
      </AppLikeRoutes>,
      { path: '/blog-admin/people', browser: true },
    );
    vi.useFakeTimers();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Търсене' }), { target: { value: 'Иван' } });
    fireEvent.click(screen.getByRole('link', { name: 'Контакт' }));
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS * 2));
    await act(async () => arrive({ default: () => <h1>Страницата на контакта</h1> }));
    vi.useRealTimers();

    expect(await screen.findByRole('heading', { name: 'Страницата на контакта' })).toBeInTheDocument();
    expect(currentAddress()).toBe('/blog-admin/contacts/c-1');
    expect(window.location.pathname).toBe('/blog-admin/contacts/c-1');
  });
});
