import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { TwoFactorButton } from '@/admin/security/TwoFactorButton';
import { AUTH_STORAGE_KEY } from '@/shared/db/supabase';
import { renderAdmin, sessionFor } from './admin-fixtures';
import { authUrl, server } from './msw';

// 'Двуфакторна защита' in the panel's header: the signed-in account's own TOTP factor through
// GoTrue's MFA API (/auth/v1/factors), as GoTrue answers (raw SVG in qr_code: the client makes it
// a data URI).

const FACTOR = 'f0000000-0000-4000-8000-000000000002';
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

function signedIn(factors: 'none' | 'verified') {
  const session = sessionFor('admin@example.com', 'acc-1', factors === 'verified' ? { factor: FACTOR, aal: 'aal2' } : {});
  window.localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(session));
  const seen = { enrolled: [] as unknown[], verified: [] as unknown[], removed: [] as string[], refreshed: [] as string[] };
  let user = session.user as Record<string, unknown>;
  server.use(
    http.get(authUrl('user'), () => HttpResponse.json(user)),
    http.post(authUrl('factors'), async ({ request }) => {
      seen.enrolled.push(await request.json());
      return HttpResponse.json({ id: FACTOR, type: 'totp', friendly_name: 'Синаптика', totp: { qr_code: '<svg xmlns="http://www.w3.org/2000/svg"></svg>', secret: SECRET, uri: `otpauth://totp/x?secret=${SECRET}` } });
    }),
    http.post(authUrl(`factors/${FACTOR}/challenge`), () => HttpResponse.json({ id: 'challenge-1', type: 'totp', expires_at: Math.floor(Date.now() / 1000) + 300 })),
    http.post(authUrl(`factors/${FACTOR}/verify`), async ({ request }) => {
      const body = (await request.json()) as { code: string };
      seen.verified.push(body);
      if (body.code !== '654321') return HttpResponse.json({ code: 422, error_code: 'mfa_verification_failed', msg: 'Invalid TOTP code entered' }, { status: 422 });
      const upgraded = sessionFor('admin@example.com', 'acc-1', { factor: FACTOR, aal: 'aal2' });
      user = upgraded.user;
      return HttpResponse.json(upgraded);
    }),
    http.delete(authUrl(`factors/${FACTOR}`), () => {
      seen.removed.push(FACTOR);
      user = sessionFor('admin@example.com', 'acc-1').user;
      return HttpResponse.json({ id: FACTOR });
    }),
    // GoTrue drops the session to aal1 when its factor goes: the next token says so
    http.post(authUrl('token'), ({ request }) => {
      if (new URL(request.url).searchParams.get('grant_type') !== 'refresh_token') return undefined;
      seen.refreshed.push(FACTOR);
      return HttpResponse.json(sessionFor('admin@example.com', 'acc-1'));
    }),
  );
  return seen;
}

async function openDialog() {
  const user = userEvent.setup({ delay: null });
  await user.click(screen.getByRole('button', { name: 'Двуфакторна защита' }));
  const dialog = await screen.findByRole('dialog', { name: 'Двуфакторна защита' });
  return { user, dialog };
}

describe("'Двуфакторна защита'", () => {
  it('turns the second factor on: the QR code and the key, a wrong first code refused in Bulgarian, then on', async () => {
    const seen = signedIn('none');
    renderAdmin(<TwoFactorButton />);
    const { user, dialog } = await openDialog();
    expect(await within(dialog).findByText('Двуфакторната защита е изключена.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Включи' }));
    const qr = await within(dialog).findByRole('img', { name: 'QR код за приложението за удостоверяване' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;utf-8,<svg/);
    expect(within(dialog).getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    expect(seen.enrolled).toEqual([expect.objectContaining({ factor_type: 'totp', issuer: 'Синаптика' })]);

    const code = within(dialog).getByRole('textbox', { name: /Код от приложението/ });
    await user.type(code, '111111');
    await user.click(within(dialog).getByRole('button', { name: 'Потвърди' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Невалиден код. Проверете часа на телефона и опитайте отново с новия код.');
    await user.type(code, '654 321');
    await user.click(within(dialog).getByRole('button', { name: 'Потвърди' }));
    expect(await screen.findByText('Двуфакторната защита е включена')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(seen.verified).toEqual([expect.objectContaining({ code: '111111' }), expect.objectContaining({ code: '654321' })]);
    // the focus goes back to the header's button
    expect(screen.getByRole('button', { name: 'Двуфакторна защита' })).toHaveFocus();
  });

  it('turns it off after one more question', async () => {
    const seen = signedIn('verified');
    renderAdmin(<TwoFactorButton />);
    const { user, dialog } = await openDialog();
    expect(await within(dialog).findByText('Двуфакторната защита е включена: при всеки вход се иска код от приложението.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Изключи' }));
    expect(within(dialog).getByText('Да изключа ли двуфакторната защита? Входът ще иска само паролата.')).toBeInTheDocument();
    expect(seen.removed).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Да, изключи' }));
    expect(await screen.findByText('Двуфакторната защита е изключена')).toBeInTheDocument();
    expect(seen.removed).toEqual([FACTOR]);
    expect(await within(dialog).findByText('Двуфакторната защита е изключена.')).toBeInTheDocument();
    // the session kept is a new aal1 one: the sections with visitors' data close at once
    expect(seen.refreshed).toEqual([FACTOR]);
    const kept = JSON.parse(window.localStorage.getItem(AUTH_STORAGE_KEY) ?? '{}') as { access_token?: string };
    expect(JSON.parse(atob(kept.access_token!.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')))).toMatchObject({ aal: 'aal1' });
  });
});
