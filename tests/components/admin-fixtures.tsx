// Shared pieces of the admin and login component tests: providers, a fake signed-in admin, and
// Supabase-shaped answers (sessions, rows) for MSW.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { BrowserRouter, MemoryRouter, Routes, useLocation } from 'react-router-dom';
import { AuthContext, signedOutState, type AuthState, type BlogUser } from '@/admin/kit/session/auth-context';
import { Toaster } from '@/shared/ui/toast';
import { clearToasts } from '@/shared/ui/use-toast';
import { UnsavedChangesProvider } from '@/admin/kit/navigation/unsaved-changes';
import { useHeldLocation } from '@/shared/layout/location-hold';
import type { AdminPost } from '@/admin/posts/types';

// The admin's default answers (a post's newsletter panel, the calendar's settings, the no-show count)
// and the preloading of its lazy parts are hooks of every component file: tests/components/setup.ts.
// (Hooks written here would run for the first file of a worker only, as the files share modules.)

export const ADMIN_BLOG_USER: BlogUser = {
  id: 'a0000000-0000-4000-8000-000000000001',
  username: 'admin',
  full_name: 'Мария Иванова',
  email: 'admin@example.com',
  is_active: true,
  created_at: '2026-01-01T10:00:00.000Z',
  role: 'admin',
};

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
}

export function adminAuth(overrides: Partial<AuthState> = {}): AuthState {
  return {
    ...signedOutState,
    user: { id: 'acc-1', email: ADMIN_BLOG_USER.email },
    blogUser: ADMIN_BLOG_USER,
    // an administrator signed in with the second factor, as the sections with visitors' data need
    assurance: 'aal2',
    loading: false,
    recheck: () => Promise.resolve(),
    ...overrides,
  };
}

/**
 * Renders an admin component as the signed-in admin, with React Query, a router and the toaster.
 * `browser: true` puts it in the browser router over the window's own history, so the browser's
 * Back and Forward (`history.back()`, which fires popstate) work as in the app.
 */
export function renderAdmin(ui: ReactNode, options: { auth?: AuthState; path?: string; browser?: boolean } = {}) {
  const queryClient = testQueryClient();
  const path = options.path ?? '/blog-admin';
  const content = (
    <AuthContext.Provider value={options.auth ?? adminAuth()}>
      <UnsavedChangesProvider>{ui}</UnsavedChangesProvider>
      <AddressProbe />
      <Toaster />
    </AuthContext.Provider>
  );
  // a fresh entry (no router index in its state) starts this test's history at the address
  if (options.browser) window.history.replaceState(null, '', path);
  const result = render(
    <QueryClientProvider client={queryClient}>
      {options.browser ? <BrowserRouter>{content}</BrowserRouter> : <MemoryRouter initialEntries={[path]}>{content}</MemoryRouter>}
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

/**
 * Routes as the admin app's route table renders them (src/app/admin-router.tsx): a location on hold, while the
 * unsaved-changes question is open, is rendered in place of the router's.
 */
export function AppLikeRoutes({ children }: { children: ReactNode }) {
  const location = useLocation();
  return <Routes location={useHeldLocation() ?? location}>{children}</Routes>;
}

/**
 * The browser's Back button (with `browser: true`). The step happens a few tasks later, as in a
 * browser: wait for what it shows.
 */
export function pressBack() {
  window.history.back();
}

/** Writes the router's address where a test can read it (hidden, so no query by role finds it). */
function AddressProbe() {
  const location = useLocation();
  return (
    <output hidden data-testid="address">
      {location.pathname + location.search}
    </output>
  );
}

/** The address the admin is at now, its query string decoded: '/blog-admin?inquiries.q=Клиент'. */
export function currentAddress(): string {
  const probe = document.querySelector('[data-testid="address"]');
  return decodeURIComponent((probe?.textContent ?? '').replace(/\+/g, ' '));
}

export function resetToasts() {
  act(() => clearToasts());
}

function base64url(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/**
 * A token endpoint answer for a password sign-in, valid for an hour. With `factor`, the account has
 * that verified TOTP factor, and `aal` says whether this session has passed it.
 */
export function sessionFor(email: string, id = 'acc-1', options: { factor?: string; aal?: 'aal1' | 'aal2' } = {}) {
  const now = Math.floor(Date.now() / 1000);
  const aal = options.aal ?? 'aal1';
  const amr = [{ method: 'password', timestamp: now }, ...(aal === 'aal2' ? [{ method: 'totp', timestamp: now }] : [])];
  const claims = { sub: id, email, role: 'authenticated', aud: 'authenticated', exp: now + 3600, iat: now, aal, amr, session_id: 'session-1' };
  const factors = options.factor
    ? [{ id: options.factor, friendly_name: 'Телефон', factor_type: 'totp', status: 'verified', created_at: '2026-01-01T10:00:00.000Z', updated_at: '2026-01-01T10:00:00.000Z' }]
    : undefined;
  return {
    access_token: `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(claims)}.c2lnbmF0dXJl`,
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: now + 3600,
    refresh_token: 'refresh-token',
    user: {
      id,
      aud: 'authenticated',
      role: 'authenticated',
      email,
      app_metadata: { provider: 'email' },
      user_metadata: {},
      created_at: '2026-01-01T10:00:00.000Z',
      ...(factors ? { factors } : {}),
    },
  };
}

export function postRow(overrides: Partial<AdminPost> = {}): AdminPost {
  return {
    id: 'p-1',
    title: 'Първа публикация',
    slug: 'parva-publikatsia',
    content: '## Здравейте',
    excerpt: 'Кратко описание на първата публикация.',
    featured_image: '/demo/post-1.svg',
    featured_image_alt: 'Екип пред табло с графики',
    meta_title: '',
    meta_description: '',
    share_image: null,
    share_image_alt: '',
    scheduled_at: null,
    category: 'AI',
    author: 'Мария Иванова',
    tags: ['AI', 'бизнес'],
    is_published: true,
    published_at: '2026-02-10T09:00:00.000Z',
    created_at: '2026-02-09T09:00:00.000Z',
    updated_at: '2026-02-10T09:00:00.000Z',
    staff: { created_by: ADMIN_BLOG_USER.id, owner: { full_name: 'Мария Иванова', username: 'admin' } },
    ...overrides,
  };
}
