import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { Toaster } from '@/shared/ui/toast';
import ProjectPage from '@/site/pages/projects/ProjectPage';
import { rest, server } from './msw';

const ID = '3f0e4a52-8c1b-4d7e-9a55-0b6c2f7d1e90';

const projectRow = (extra: Record<string, unknown> = {}) => ({
  id: ID,
  title: 'CRM за брокери на имоти',
  category: 'Software Development',
  image: '/demo/project-crm.svg',
  link: 'https://crm-demo.example',
  description: 'Едно място за имоти, клиенти и сделки.',
  // stored out of order on purpose: the page sorts by `order`
  gallery: [
    { id: 'b', title: 'Карта на имотите', description: 'Филтри по квартал.', image: '/demo/project-crm-2.svg', order: 1 },
    { id: 'c', title: 'Отчет за месеца', description: 'Сделки по брокер.', image: '/demo/project-crm-3.svg', order: 2 },
    { id: 'a', title: 'Табло на брокера', description: 'Задачите за деня.', image: '/demo/project-crm-1.svg', order: 0 },
  ],
  slug: 'crm-za-brokeri',
  detailed_description: '**Решение:** CRM с *напомняния*.\n\n- по-бърз отговор',
  technologies: ['React', 'TypeScript'],
  client: 'Имоти Запад',
  duration: '4 месеца',
  team_size: 4,
  status: 'completed',
  documentation_url: 'https://docs.example/crm',
  created_at: '2026-09-01T10:00:00Z',
  updated_at: '2026-09-01T10:00:00Z',
  ...extra,
});

function answer(rows: unknown[] | (() => Response)) {
  const seen: URLSearchParams[] = [];
  server.use(
    http.get(rest('projects'), ({ request }) => {
      seen.push(new URL(request.url).searchParams);
      return typeof rows === 'function' ? rows() : HttpResponse.json(rows);
    }),
  );
  return seen;
}

function renderProject(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/', element: <h1>Начална страница</h1> },
      { path: '/project/:slug', element: <ProjectPage /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return router;
}

describe('public project page', () => {
  it("shows 'Зареждане на проекта...' and then the project with its details", async () => {
    const seen = answer([projectRow()]);
    renderProject('/project/crm-za-brokeri');
    expect(screen.getByText('Зареждане на проекта...')).toBeInTheDocument();

    expect(await screen.findByRole('heading', { level: 1, name: 'CRM за брокери на имоти' })).toBeInTheDocument();
    expect(seen[0].get('slug')).toBe('eq.crm-za-brokeri');
    expect(screen.getByRole('link', { name: 'Назад към портфолиото' })).toHaveAttribute('href', '/#work');
    expect(screen.getByText('Software Development')).toBeInTheDocument();
    const details = screen.getByRole('region', { name: 'За проекта' });
    expect(within(details).getByText('Едно място за имоти, клиенти и сделки.')).toBeInTheDocument();
    expect((await within(details).findByText('Решение:')).tagName).toBe('STRONG');
    expect(within(details).getByText('Имоти Запад')).toBeInTheDocument();
    expect(within(details).getByText('4 месеца')).toBeInTheDocument();
    expect(within(details).getByText('4 човека')).toBeInTheDocument();
    expect(within(details).getByText('Завършен')).toBeInTheDocument();
    expect(within(details).getByText('React')).toBeInTheDocument();
    expect(within(details).getByRole('link', { name: /Разгледай проекта на живо/ })).toHaveAttribute('href', 'https://crm-demo.example');
    expect(within(details).getByRole('link', { name: /Документация/ })).toHaveAttribute('href', 'https://docs.example/crm');
    expect(document.title).toContain('CRM за брокери на имоти');
  });

  it('the gallery is sorted by order, wraps at both ends and follows the arrow keys and thumbnails', async () => {
    answer([projectRow()]);
    renderProject('/project/crm-za-brokeri');
    const carousel = await screen.findByRole('region', { name: /Галерия на проекта/ });
    const shown = () => within(carousel).getAllByRole('img')[0];
    const counter = () => within(carousel).getByText((_, el) => el?.tagName === 'P' && /\d+ \/ \d+/.test(el.textContent ?? ''));

    expect(shown()).toHaveAttribute('alt', 'Табло на брокера');
    expect(shown()).toHaveAttribute('width', '1200');
    expect(shown()).toHaveAttribute('height', '800');
    expect(counter()).toHaveTextContent('1 / 3');

    // previous from the first wraps to the last
    await userEvent.click(within(carousel).getByRole('button', { name: 'Предишно изображение' }));
    expect(counter()).toHaveTextContent('3 / 3');
    expect(shown()).toHaveAttribute('alt', 'Отчет за месеца');
    // next from the last wraps to the first
    await userEvent.click(within(carousel).getByRole('button', { name: 'Следващо изображение' }));
    expect(counter()).toHaveTextContent('1 / 3');

    // keyboard, with the carousel focused
    carousel.focus();
    fireEvent.keyDown(carousel, { key: 'ArrowRight' });
    expect(counter()).toHaveTextContent('2 / 3');
    expect(shown()).toHaveAttribute('alt', 'Карта на имотите');
    fireEvent.keyDown(carousel, { key: 'ArrowLeft' });
    fireEvent.keyDown(carousel, { key: 'ArrowLeft' });
    expect(counter()).toHaveTextContent('3 / 3');

    // thumbnails are named buttons
    const thumbs = within(carousel).getByRole('list', { name: 'Миниатюри' });
    await userEvent.click(within(thumbs).getByRole('button', { name: 'Покажи изображение 2: Карта на имотите' }));
    expect(counter()).toHaveTextContent('2 / 3');
    expect(within(thumbs).getByRole('button', { name: /Карта на имотите/ })).toHaveAttribute('aria-current', 'true');
  });

  it("without a gallery shows the main image captioned 'Основно изображение'; in progress hides the status", async () => {
    answer([projectRow({ gallery: [], status: 'in_progress', documentation_url: null, team_size: null })]);
    renderProject('/project/crm-za-brokeri');
    expect(await screen.findByText('Основно изображение')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'CRM за брокери на имоти' })).toHaveAttribute('src', '/demo/project-crm.svg');
    expect(screen.queryByText('В процес')).not.toBeInTheDocument();
    expect(screen.queryByText('Статус')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Документация/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/човека/)).not.toBeInTheDocument();
  });

  it('the gallery offers each uploaded photo\'s WebP copies sized to its column, with the alt text the admin gave', async () => {
    const photo = (n: number) => `https://cdn.test/projects/crm-${n}.1600x1067.jpg`;
    const seen = answer([
      projectRow({
        gallery: [
          { id: 'a', title: 'Табло на брокера', alt: 'Табло с три сделки за деня', description: '', image: photo(1), order: 0 },
          { id: 'b', title: 'Карта на имотите', description: '', image: photo(2), order: 1 },
        ],
      }),
    ]);
    renderProject('/project/crm-za-brokeri');
    const carousel = await screen.findByRole('region', { name: /Галерия на проекта/ });
    // the whole row, the alt text with it
    expect(seen[0].get('select')).toBe('*');
    const shown = within(carousel).getByRole('img', { name: 'Табло с три сделки за деня' });
    expect(shown).toHaveAttribute('src', photo(1));
    expect(shown).toHaveAttribute('fetchpriority', 'high');
    expect(shown).not.toHaveAttribute('loading', 'lazy');
    const source = shown.closest('picture')!.querySelector('source')!;
    expect(source.getAttribute('srcset')).toContain('https://cdn.test/projects/crm-1.1600x1067.w1080.webp 1080w');
    // 3 of 5 columns from lg, the whole container under it
    expect(source).toHaveAttribute('sizes', '(min-width: 1280px) 733px, (min-width: 1024px) calc(60vw - 35px), calc(100vw - 2rem)');
    // the thumbnails keep short names; theirs are 96 px boxes fetched after the main picture,
    // except the first: the main picture's own sizes, so the browser reuses the copy it fetches
    const thumbs = within(carousel).getByRole('list', { name: 'Миниатюри' });
    expect(within(thumbs).getByRole('button', { name: 'Покажи изображение 1: Табло на брокера' })).toBeInTheDocument();
    const [first, second] = within(thumbs).getAllByRole('presentation');
    expect(first.closest('picture')!.querySelector('source')).toHaveAttribute('sizes', source.getAttribute('sizes'));
    expect(second.closest('picture')!.querySelector('source')).toHaveAttribute('sizes', '96px');
    expect(second).toHaveAttribute('fetchpriority', 'low');
    expect(second).toHaveAttribute('loading', 'lazy');
    // without an alt text the title names the picture
    await userEvent.click(within(carousel).getByRole('button', { name: 'Следващо изображение' }));
    expect(within(carousel).getAllByRole('img')[0]).toHaveAttribute('alt', 'Карта на имотите');
    expect(within(carousel).getAllByRole('img')[0]).toHaveAttribute('loading', 'eager');
  });

  it("shows 'Активен' for an active project", async () => {
    answer([projectRow({ status: 'active' })]);
    renderProject('/project/crm-za-brokeri');
    expect(await screen.findByText('Активен')).toBeInTheDocument();
  });

  it('a uuid in the URL finds the project by id (or by a slug equal to it)', async () => {
    const seen = answer([projectRow({ slug: null })]);
    renderProject(`/project/${ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'CRM за брокери на имоти' })).toBeInTheDocument();
    expect(seen[0].get('or')).toBe(`(slug.eq.${ID},id.eq.${ID})`);
  });

  it("an unknown slug shows the toast 'Проектът не беше намерен' and goes home, replacing the entry", async () => {
    answer([]);
    const router = renderProject('/project/nyama-takav');
    expect(await screen.findByRole('heading', { level: 1, name: 'Начална страница' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByText('Проектът не беше намерен')).toBeInTheDocument();
  });

  it('a load error does the same', async () => {
    answer(() => HttpResponse.json({ code: '57014', message: 'statement timeout', details: null, hint: null }, { status: 500 }));
    const router = renderProject('/project/crm-za-brokeri');
    expect(await screen.findByRole('heading', { level: 1, name: 'Начална страница' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByText('Проектът не беше намерен')).toBeInTheDocument();
  });
});
