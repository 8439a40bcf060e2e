import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AuthProvider } from '@/admin/kit/session/AuthProvider';
import PasswordPage from '@/admin/login/PasswordPage';
import { Toaster } from '@/shared/ui/toast';
import { authUrl, server } from './msw';

// The pages the auth e-mails link to (src/admin/login/PasswordPage.tsx): opening one sends
// nothing; the button uses the link; GoTrue's refusals are said in Bulgarian.

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
          { path: '/login/nova-parola', element: <PasswordPage kind="recovery" /> },
          { path: '/login/pokana', element: <PasswordPage kind="invite" /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
  );
}

describe('the invitation page', () => {
  it('sends nothing when opened; its button uses the link, and a spent one is said so', async () => {
    const verified: unknown[] = [];
    server.use(
      http.post(authUrl('verify'), async ({ request }) => {
        verified.push(await request.json());
        return HttpResponse.json({ code: 403, error_code: 'otp_expired', msg: 'Email link is invalid or has expired' }, { status: 403 });
      }),
    );
    renderAt('/login/pokana?token_hash=abc123&type=invite');
    const accept = await screen.findByRole('button', { name: 'Приеми поканата' });
    expect(verified).toEqual([]);
    await userEvent.click(accept);
    expect(await screen.findByRole('alert')).toHaveTextContent('Връзката е използвана или е изтекла. Помолете администратора да ви изпрати нова покана.');
    expect(verified).toEqual([expect.objectContaining({ token_hash: 'abc123', type: 'invite' })]);
  });

  it('a link without its token says so and offers no button', async () => {
    renderAt('/login/pokana');
    expect(await screen.findByRole('alert')).toHaveTextContent('Връзката от поканата не е пълна. Отворете я отново от писмото.');
    expect(screen.queryByRole('button', { name: 'Приеми поканата' })).not.toBeInTheDocument();
  });
});

describe('the password reset request', () => {
  it('answers the same for any address, and says to wait when GoTrue refuses another e-mail this soon', async () => {
    let calls = 0;
    server.use(
      http.post(authUrl('recover'), () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({})
          : HttpResponse.json({ code: 429, error_code: 'over_email_send_rate_limit', msg: 'For security purposes, you can only request this after 52 seconds.' }, { status: 429 });
      }),
    );
    renderAt('/login/nova-parola');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Изпрати връзка' }));
    expect(await screen.findByText('Моля, въведете имейл.')).toBeInTheDocument();
    expect(calls).toBe(0);
    await user.type(screen.getByLabelText(/Имейл/), 'someone@example.com');
    await user.click(screen.getByRole('button', { name: 'Изпрати връзка' }));
    expect(await screen.findByText(/^Ако адресът е на потребител на панела/)).toBeInTheDocument();
    expect(calls).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Изпрати връзка' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Вече изпратихме писмо на този адрес. Опитайте отново след минута.');
  });
});
