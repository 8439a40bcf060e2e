import { QueryClientProvider } from '@tanstack/react-query';
import { screen, render, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { RequireAdmin } from '@/admin/panel/RequireAdmin';
import { Toaster } from '@/shared/ui/toast';
import { AuthProvider } from '@/admin/kit/session/AuthProvider';
import LoginPage from '@/admin/login/LoginPage';
import { AUTH_STORAGE_KEY } from '@/shared/db/supabase';
import { ADMIN_BLOG_USER, sessionFor, testQueryClient } from './admin-fixtures';
import { authUrl, rest, server } from './msw';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <AuthProvider>
            <Outlet />
          </AuthProvider>
        ),
        children: [
          { path: '/login', element: <LoginPage /> },
          { element: <RequireAdmin />, children: [{ path: '/blog-admin', element: <h1>Панелът е отворен</h1> }] },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={testQueryClient()}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return router;
}

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup({ delay: null });
  await user.type(await screen.findByLabelText(/Имейл/), email);
  await user.type(screen.getByLabelText(/Парола/), password);
  await user.click(screen.getByRole('button', { name: 'Вход' }));
  return user;
}

/** Answers the password grant with a session, and the admission look-up with the given rows. */
function signInAnswers(rows: unknown[]) {
  const seen = { token: [] as unknown[], lookups: [] as string[], logouts: 0 };
  server.use(
    http.post(authUrl('token'), async ({ request }) => {
      seen.token.push(await request.json());
      return HttpResponse.json(sessionFor('admin@example.com'));
    }),
    http.get(rest('blog_users'), ({ request }) => {
      seen.lookups.push(new URL(request.url).search);
      return HttpResponse.json(rows);
    }),
    http.post(authUrl('logout'), () => {
      seen.logouts += 1;
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return seen;
}

describe('/login', () => {
  it('requires e-mail and password before sending anything', async () => {
    renderAt('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Вход' }));
    expect(await screen.findByText('Моля, въведете имейл.')).toBeInTheDocument();
    expect(await screen.findByText('Моля, въведете парола.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Имейл/)).toHaveFocus();
  });

  it('shows a field\'s error once it is left empty, and clears it as soon as it is filled', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/login');
    const email = await screen.findByLabelText(/Имейл/);
    await user.click(email);
    expect(screen.queryByText('Моля, въведете имейл.')).not.toBeInTheDocument(); // not while typing
    await user.tab();
    expect(await screen.findByText('Моля, въведете имейл.')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Моля, въведете имейл.');
    await user.type(email, 'a');
    await waitFor(() => expect(screen.queryByText('Моля, въведете имейл.')).not.toBeInTheDocument());
    expect(email).not.toHaveAttribute('aria-invalid');
  });

  it("shows 'Грешка при влизане' with the server's message and keeps what was typed", async () => {
    server.use(http.post(authUrl('token'), () => HttpResponse.json({ code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' }, { status: 400 })));
    renderAt('/login');
    await fillAndSubmit('admin@example.com', 'wrong-password');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Грешка при влизане')).toBeInTheDocument();
    expect(within(alert).getByText('Invalid login credentials')).toBeInTheDocument();
    // the toast says the same
    const toasts = screen.getByRole('region', { name: /Известия/ });
    expect(await within(toasts).findByText('Invalid login credentials')).toBeInTheDocument();
    expect(screen.getByLabelText(/Имейл/)).toHaveValue('admin@example.com');
    expect(screen.getByLabelText(/Парола/)).toHaveValue('wrong-password');
  });

  it("falls back to 'Невалидни данни за влизане.' when the server gives no message", async () => {
    server.use(http.post(authUrl('token'), () => HttpResponse.json({ msg: ' ' }, { status: 400 })));
    renderAt('/login');
    await fillAndSubmit('admin@example.com', 'x');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Невалидни данни за влизане.')).toBeInTheDocument();
  });

  it("reads 'Влизане...' while signing in, then 'Успешно влизане' and the panel", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post(authUrl('token'), async ({ request }) => {
        await gate;
        expect(await request.json()).toMatchObject({ email: 'admin@example.com', password: 'admin-local-password' });
        return HttpResponse.json(sessionFor('admin@example.com'));
      }),
      http.get(rest('blog_users'), () => HttpResponse.json([ADMIN_BLOG_USER])),
    );
    const router = renderAt('/login');
    await fillAndSubmit('admin@example.com', 'admin-local-password');
    expect(await screen.findByRole('button', { name: 'Влизане...' })).toBeDisabled();
    release();
    expect(await screen.findByRole('heading', { name: 'Панелът е отворен' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/blog-admin');
    expect(await screen.findByText('Успешно влизане')).toBeInTheDocument();
    expect(window.localStorage.getItem(AUTH_STORAGE_KEY)).toContain('access_token');
  });

  it('looks the blog user up by the signed-in account, not by an address, naming the columns (never the password)', async () => {
    const seen = signInAnswers([ADMIN_BLOG_USER]);
    renderAt('/login');
    await fillAndSubmit('Admin@Example.com', 'admin-local-password');
    await screen.findByRole('heading', { name: 'Панелът е отворен' });
    const query = new URLSearchParams(seen.lookups[0]);
    expect(query.get('user_id')).toBe('eq.acc-1'); // the account's id, as sessionFor() makes it
    expect(query.get('email')).toBeNull();
    expect(query.get('select')).toBe('id,username,full_name,email,is_active,created_at,role');
  });

  it('refuses an account without a blog user: signed out, with the spec text on /login', async () => {
    const seen = signInAnswers([]);
    const router = renderAt('/login');
    await fillAndSubmit('admin@example.com', 'admin-local-password');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('User not authorized. Please contact administrator.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    await waitFor(() => expect(seen.logouts).toBe(1));
    expect(window.localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
  });

  it('refuses an inactive blog user with the spec text', async () => {
    const seen = signInAnswers([{ ...ADMIN_BLOG_USER, is_active: false }]);
    const router = renderAt('/login');
    await fillAndSubmit('admin@example.com', 'admin-local-password');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Your account is inactive. Please contact administrator.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    await waitFor(() => expect(seen.logouts).toBe(1));
    expect(window.localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
  });

  it('restores a stored session: a signed-in admin who opens /login goes to /blog-admin', async () => {
    window.localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(sessionFor('admin@example.com')));
    server.use(http.get(rest('blog_users'), async () => {
      await delay(20);
      return HttpResponse.json([ADMIN_BLOG_USER]);
    }));
    const router = renderAt('/login');
    expect(await screen.findByRole('heading', { name: 'Панелът е отворен' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/blog-admin');
  });

  it('a stored session of a deactivated user is signed out on load and /blog-admin sends to /login with the reason', async () => {
    window.localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(sessionFor('admin@example.com')));
    const seen = signInAnswers([{ ...ADMIN_BLOG_USER, is_active: false }]);
    const router = renderAt('/blog-admin');
    expect(screen.getByRole('status', { name: 'Зареждане' })).toBeInTheDocument(); // spinner while it resolves
    expect(await screen.findByText('Your account is inactive. Please contact administrator.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    await waitFor(() => expect(seen.logouts).toBe(1));
    expect(window.localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
  });
});

describe('/login with two-factor authentication', () => {
  const FACTOR = 'f0000000-0000-4000-8000-000000000001';

  /** The password grant of an account with a verified factor (an aal1 session), and its factor's challenge and verify. */
  function factorAnswers(verify: (body: { challenge_id?: string; code?: string }) => Response) {
    const seen = { challenges: 0, codes: [] as string[] };
    server.use(
      http.post(authUrl('token'), () => HttpResponse.json(sessionFor('admin@example.com', 'acc-1', { factor: FACTOR }))),
      // GoTrue's user carries its factors (the client's hand-over of the session asks for it)
      http.get(authUrl('user'), () => HttpResponse.json(sessionFor('admin@example.com', 'acc-1', { factor: FACTOR }).user)),
      http.get(rest('blog_users'), () => HttpResponse.json([ADMIN_BLOG_USER])),
      http.post(authUrl(`factors/${FACTOR}/challenge`), () => {
        seen.challenges += 1;
        return HttpResponse.json({ id: `challenge-${seen.challenges}`, type: 'totp', expires_at: Math.floor(Date.now() / 1000) + 300 });
      }),
      http.post(authUrl(`factors/${FACTOR}/verify`), async ({ request }) => {
        const body = (await request.json()) as { challenge_id?: string; code?: string };
        seen.codes.push(body.code ?? '');
        return verify(body);
      }),
      http.post(authUrl('logout'), () => new HttpResponse(null, { status: 204 })),
    );
    return seen;
  }

  it('asks for the code after a right password, and only an aal2 session opens the panel', async () => {
    const seen = factorAnswers(() => HttpResponse.json(sessionFor('admin@example.com', 'acc-1', { factor: FACTOR, aal: 'aal2' })));
    const router = renderAt('/login');
    const user = await fillAndSubmit('admin@example.com', 'secret-password');
    expect(await screen.findByRole('heading', { level: 2, name: 'Двуфакторно удостоверяване' })).toBeInTheDocument();
    // not in yet: the panel's address still sends to /login
    expect(router.state.location.pathname).toBe('/login');
    const code = screen.getByRole('textbox', { name: /Код/ });
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: 'Потвърди' }));
    expect(await screen.findByRole('heading', { name: 'Панелът е отворен' })).toBeInTheDocument();
    expect(seen.codes).toEqual(['123456']);
    // the session kept is the aal2 one the verify answered
    const stored = JSON.parse(window.localStorage.getItem(AUTH_STORAGE_KEY) ?? '{}') as { access_token?: string };
    expect(JSON.parse(Buffer.from(stored.access_token!.split('.')[1], 'base64url').toString()).aal).toBe('aal2');
  });

  it("checks the code's form first, then says GoTrue's refusals in Bulgarian and keeps asking", async () => {
    const seen = factorAnswers(() => HttpResponse.json({ code: 422, error_code: 'mfa_verification_failed', msg: 'Invalid TOTP code entered' }, { status: 422 }));
    renderAt('/login');
    const user = await fillAndSubmit('admin@example.com', 'secret-password');
    const code = await screen.findByRole('textbox', { name: /Код/ });
    await user.click(screen.getByRole('button', { name: 'Потвърди' }));
    expect(await screen.findByText('Моля, въведете кода.')).toBeInTheDocument();
    await user.type(code, '12ab');
    await user.click(screen.getByRole('button', { name: 'Потвърди' }));
    expect(await screen.findByText('Кодът е шест цифри.')).toBeInTheDocument();
    expect(seen.challenges).toBe(0);
    await user.clear(code);
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Потвърди' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Невалиден код. Проверете часа на телефона и опитайте отново с новия код.');
    expect(code).toHaveValue('');
    expect(code).toHaveFocus();
    expect(screen.getByRole('heading', { level: 2, name: 'Двуфакторно удостоверяване' })).toBeInTheDocument();
  });

  it("'Изход' at the code ends the half-made session and shows the sign-in form again", async () => {
    factorAnswers(() => HttpResponse.json({}, { status: 500 }));
    renderAt('/login');
    const user = await fillAndSubmit('admin@example.com', 'secret-password');
    await user.click(await screen.findByRole('button', { name: 'Изход' }));
    expect(await screen.findByLabelText(/Имейл/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Двуфакторно удостоверяване' })).not.toBeInTheDocument();
    await waitFor(() => expect(window.localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull());
  });
});
