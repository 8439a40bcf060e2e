import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PublicLayout } from '@/site/layout/PublicLayout';
import { RootLayout } from '@/shared/layout/RootLayout';
import { RouteBoundary } from '@/shared/layout/RouteBoundary';
import { routes } from '@/app/router';
import { rest, server } from './msw';
import { findDialog } from './dialogs';

const CLIENTS = [
  { id: 'c1', name: 'Имоти Запад', logo: '/demo/client-1.svg' },
  { id: 'c2', name: 'Хотел Морска звезда', logo: '/demo/client-2.svg' },
  { id: 'c3', name: 'Фитнес Про', logo: '/demo/client-3.svg' },
  { id: 'c4', name: 'Вила Рила', logo: '/demo/client-4.svg' },
  { id: 'c5', name: 'Кафе Център', logo: '/demo/client-5.svg' },
];

const PROJECTS = [
  { id: 'p1', title: 'Обработка на фактури', category: 'Automation', image: '/a.svg', link: 'https://a.example', description: 'А', slug: 'fakturi' },
  { id: 'p2', title: 'AI асистент', category: 'AI Integration', image: '/b.svg', link: 'https://b.example', description: 'Б', slug: null },
  { id: 'p3', title: 'CRM за брокери', category: 'Software Development', image: '/c.svg', link: 'https://c.example', description: 'В', slug: 'crm' },
];

const CATEGORIES = [{ name: 'AI Integration' }, { name: 'Automation' }, { name: 'Hardware' }, { name: 'Software Development' }];

const denied = () =>
  HttpResponse.json({ code: '42501', message: 'permission denied for table clients', details: null, hint: null }, { status: 401 });

function serve({
  clients = () => HttpResponse.json(CLIENTS),
  projects = () => HttpResponse.json(PROJECTS),
  categories = () => HttpResponse.json(CATEGORIES),
}: { clients?: () => Response; projects?: () => Response; categories?: () => Response } = {}) {
  server.use(
    http.get(rest('clients'), clients),
    http.get(rest('projects'), projects),
    http.get(rest('project_categories'), categories),
  );
}

function renderAt(path = '/') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

// The page, its sections, the footer and both dialogs are chunks loaded on demand. Loading them
// here, once, keeps module loading out of each test's time (and out of findBy's one-second wait,
// which a busy machine can overrun while it compiles a chunk).
beforeAll(async () => {
  await Promise.all([
    import('@/site/pages/landing/LandingPage'),
    import('@/site/pages/landing/LandingSections'),
    import('@/site/layout/SiteFooter'),
    import('@/site/layout/MobileMenu'),
    import('@/site/dialogs/inquiry/InquiryDialog'),
    import('@/site/dialogs/booking/BookingDialog'),
  ]);
});

describe('landing page', () => {
  it('shows the sections in order inside the site header and footer', async () => {
    serve();
    renderAt('/');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    // the sections below the hero are a chunk of their own: wait for the last one
    await screen.findByRole('heading', { level: 2, name: 'Често задавани въпроси' }, { timeout: 5000 });
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings.slice(0, 6)).toEqual([
      'Функционалности',
      'Клиенти, които ни се доверяват',
      'Нашата работа',
      'Как работим',
      'Какво казват клиентите ни',
      'Често задавани въпроси',
    ]);
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
    expect(await screen.findByRole('contentinfo')).toHaveTextContent(`© ${new Date().getFullYear()}`);
    for (const id of ['features', 'work', 'journey', 'testimonials', 'faq']) expect(document.getElementById(id)).not.toBeNull();
    expect(screen.getAllByRole('link', { name: /Вижте демо/ })).toHaveLength(4);
    for (const link of screen.getAllByRole('link', { name: /Вижте демо/ })) expect(link).toHaveAttribute('target', '_blank');
    expect(screen.getAllByText(/^Етап \d$/)).toHaveLength(7);
    expect(screen.getAllByRole('img', { name: /^Оценка/ }).map((el) => el.getAttribute('aria-label'))).toEqual([
      'Оценка 5 от 5',
      'Оценка 5 от 5',
      'Оценка 4 от 5',
    ]);
  });

  it('lists the clients from the database with arrows (more than 3) and dots', async () => {
    serve();
    renderAt('/');
    expect(await screen.findByText('Кафе Център')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Предишни клиенти' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Следващи клиенти' })).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Избор на клиент' })).getAllByRole('button')).toHaveLength(5);
  });

  it('has no arrows with 3 clients', async () => {
    serve({ clients: () => HttpResponse.json(CLIENTS.slice(0, 3)) });
    renderAt('/');
    expect(await screen.findByText('Фитнес Про')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Следващи клиенти' })).not.toBeInTheDocument();
  });

  it('says so when there are no clients', async () => {
    serve({ clients: () => HttpResponse.json([]) });
    renderAt('/');
    expect(await screen.findByText('Все още няма добавени клиенти.')).toBeInTheDocument();
  });

  it('falls back to the sample clients and projects when access is denied or the load fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    serve({
      clients: denied,
      projects: () => HttpResponse.json({ code: 'XX000', message: 'boom', details: null, hint: null }, { status: 500 }),
    });
    renderAt('/');
    expect(await screen.findByText('Имоти Запад')).toBeInTheDocument();
    expect(screen.getByText('Хотел Морска звезда')).toBeInTheDocument();
    expect(screen.queryByText('Кафе Център')).not.toBeInTheDocument();
    // the three sample projects, and categories derived from them
    expect(await screen.findByRole('link', { name: /AI асистент за хотелски гости/ })).toBeInTheDocument();
    const chips = within(screen.getByRole('list', { name: 'Филтър по категория' })).getAllByRole('button');
    expect(chips.map((c) => c.textContent)).toEqual(['All', 'AI Integration', 'Automation', 'Software Development']);
  });

  it('filters the work by category and links projects by slug or id', async () => {
    const user = userEvent.setup({ delay: null });
    serve();
    renderAt('/');
    const filter = await screen.findByRole('list', { name: 'Филтър по категория' });
    const chips = within(filter).getAllByRole('button');
    expect(chips.map((c) => c.textContent)).toEqual(['All', 'AI Integration', 'Automation', 'Hardware', 'Software Development']);
    expect(within(filter).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');

    const grid = () => screen.getByRole('list', { name: 'Проекти' });
    expect(within(grid()).getAllByRole('link')).toHaveLength(3);
    expect(within(grid()).getByRole('link', { name: /CRM за брокери/ })).toHaveAttribute('href', '/project/crm');
    expect(within(grid()).getByRole('link', { name: /AI асистент/ })).toHaveAttribute('href', '/project/p2');

    await user.click(within(filter).getByRole('button', { name: 'Automation' }));
    expect(within(grid()).getAllByRole('link').map((l) => l.getAttribute('href'))).toEqual(['/project/fakturi']);

    await user.click(within(filter).getByRole('button', { name: 'Hardware' }));
    expect(screen.getByText('Няма проекти в тази категория.')).toBeInTheDocument();

    await user.click(within(filter).getByRole('button', { name: 'All' }));
    expect(within(grid()).getAllByRole('link')).toHaveLength(3);
  });

  it('work cards and client logos offer their WebP copies sized to the grid, with the alt text the admin gave', async () => {
    const selects: string[] = [];
    server.events.on('request:start', ({ request }) => {
      selects.push(new URL(request.url).searchParams.get('select') ?? '');
    });
    const logo = 'https://cdn.test/clients/imoti.360x180.png';
    const photo = 'https://cdn.test/projects/fakturi.1600x1067.jpg';
    serve({
      clients: () => HttpResponse.json([{ ...CLIENTS[0], logo, logo_alt: 'Лого на Имоти Запад' }, ...CLIENTS.slice(1, 3).map((c) => ({ ...c, logo_alt: null }))]),
      projects: () => HttpResponse.json([{ ...PROJECTS[0], image: photo, image_alt: 'Фактура, разчетена от телефона' }, ...PROJECTS.slice(1).map((p) => ({ ...p, image_alt: '' }))]),
    });
    renderAt('/');
    const grid = await screen.findByRole('list', { name: 'Проекти' });
    server.events.removeAllListeners();
    const card = within(grid).getByRole('img', { name: 'Фактура, разчетена от телефона' });
    expect(card).toHaveAttribute('src', photo);
    expect(card).toHaveAttribute('loading', 'lazy');
    const cardSource = card.closest('picture')!.querySelector('source')!;
    expect(cardSource.getAttribute('srcset')).toContain('https://cdn.test/projects/fakturi.1600x1067.w720.webp 720w');
    // 1, 2 (sm) and 3 (lg) columns of the 1280 px container
    expect(cardSource).toHaveAttribute(
      'sizes',
      '(min-width: 1280px) 400px, (min-width: 1024px) calc(33.33vw - 27px), (min-width: 640px) calc(50vw - 28px), calc(100vw - 2rem)',
    );
    // no alt given: the card's text says it all
    expect(within(grid).getAllByRole('presentation')).toHaveLength(2);

    const clients = await screen.findByRole('list', { name: 'Клиенти' });
    const logoImg = within(clients).getByRole('img', { name: 'Лого на Имоти Запад' });
    expect(logoImg.closest('picture')!.querySelector('source')).toHaveAttribute('srcset', 'https://cdn.test/clients/imoti.360x180.w240.webp 240w, https://cdn.test/clients/imoti.360x180.w360.webp 360w');
    expect(logoImg.closest('picture')!.querySelector('source')).toHaveAttribute('sizes', '180px');
    expect(selects).toContain('id,name,logo,logo_alt');
    expect(selects).toContain('id,title,category,image,image_alt,link,description,slug');
  });

  it('derives the categories from the projects when project_categories cannot be read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    serve({ categories: () => HttpResponse.json({ code: 'XX000', message: 'boom', details: null, hint: null }, { status: 500 }) });
    renderAt('/');
    const filter = await screen.findByRole('list', { name: 'Филтър по категория' });
    expect(within(filter).getAllByRole('button').map((c) => c.textContent)).toEqual([
      'All',
      'AI Integration',
      'Automation',
      'Software Development',
    ]);
  });

  it('FAQ: one item open at a time, and the open one collapses again', async () => {
    const user = userEvent.setup({ delay: null });
    serve();
    renderAt('/');
    const faq = await screen.findByRole('region', { name: 'Често задавани въпроси' });
    const triggers = within(faq).getAllByRole('button', { expanded: false });
    expect(triggers).toHaveLength(5);
    await user.click(triggers[0]);
    expect(triggers[0]).toHaveAttribute('aria-expanded', 'true');
    await user.click(triggers[2]);
    expect(triggers[0]).toHaveAttribute('aria-expanded', 'false');
    expect(triggers[2]).toHaveAttribute('aria-expanded', 'true');
    await user.click(triggers[2]);
    expect(triggers[2]).toHaveAttribute('aria-expanded', 'false');
  });

  it("the header's 'Свържете се' opens the inquiry wizard in a dialog", async () => {
    const user = userEvent.setup({ delay: null });
    serve();
    renderAt('/');
    await user.click(await screen.findByRole('button', { name: 'Свържете се' }));
    const dialog = await findDialog('dialog', { name: 'Изпратете запитване' });
    expect(within(dialog).getByRole('heading', { name: 'Каква услуга търсите?' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("the hero's booking button opens the booking dialog", async () => {
    const user = userEvent.setup({ delay: null });
    serve();
    server.use(
      http.get(rest('calendar_settings'), () =>
        HttpResponse.json({ id: 'x', consultant_name: 'Мария Иванова', photo_url: null, working_hours: { start: '09:00', end: '17:00' }, is_active: true }),
      ),
      http.get(rest('calendar_days_off'), () => HttpResponse.json([])),
      http.post(rest('rpc/booking_paused'), () => HttpResponse.json(false)),
    );
    renderAt('/');
    await user.click(await screen.findByRole('button', { name: 'Запазете консултация' }));
    const dialog = await findDialog('dialog', { name: 'Запазете консултация' });
    expect(await within(dialog).findByText('Мария Иванова')).toBeInTheDocument();
  });

  it('shows the 404 page inside the site frame for an unknown path, with anchors pointing home', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Основна навигация' });
    expect(within(nav).getByRole('link', { name: 'Функционалности' })).toHaveAttribute('href', '/#features');
    expect(within(nav).getByRole('link', { name: 'Блог' })).toHaveAttribute('href', '/blog');
  });
});

describe('public layout', () => {
  function Boom(): never {
    throw new Error('Страницата гръмна');
  }

  it('a failing public page shows the error fallback inside the main landmark, with header and skip link', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: <RootLayout />,
          children: [
            {
              element: <PublicLayout />,
              children: [{ element: <RouteBoundary />, children: [{ path: 'broken', element: <Boom /> }] }],
            },
          ],
        },
      ],
      { initialEntries: ['/broken'] },
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('alert'));
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Към съдържанието' })).toHaveAttribute('href', '#main');
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });
});
