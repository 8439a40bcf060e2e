// An invitation end to end, in Chromium against the stand-in (its GoTrue, its Edge Runtime, its
// mail catcher): the administrator invites a consultant from 'Потребители', the e-mail's link opens
// a page that changes nothing until its button is pressed, the person sets a password and lands in
// their own section, led to the second factor; the list no longer shows the invitation as pending.
import { expect, test } from '@playwright/test';
import { E2E_BACKEND_URL } from '../scripts/tools/e2e-env.mjs';
import { toasts } from './admin-helpers';
import { db, openSignedIn, unique } from './support';

async function invitationTo(address: string): Promise<URL | null> {
  const res = await fetch(`${E2E_BACKEND_URL}/__local/mail?to=${encodeURIComponent(address)}`);
  const [mail] = (await res.json()) as { html: string }[];
  const href = mail && /href="([^"]*\/login\/pokana\?[^"]+)"/.exec(mail.html)?.[1];
  return href ? new URL(href.replace(/&amp;/g, '&')) : null;
}

// the function's first request boots its worker (the Edge Runtime's cold start): not the subject here
test.beforeAll(async () => {
  const res = await fetch(`${E2E_BACKEND_URL}/functions/v1/staff-invitations`, { method: 'OPTIONS' });
  expect(res.status).toBe(204);
});

test('an administrator invites a consultant; the link opens a page whose button lets them set a password, and they are in with their role', async ({ page, browser }) => {
  const username = unique('pokana').replace(/\s+/g, '-');
  const email = `${username}@example.com`;
  await openSignedIn(page, '/blog-admin/users');
  await page.getByRole('button', { name: 'Покани' }).click();
  const form = page.getByRole('form', { name: 'Покана по имейл' });
  await form.getByLabel('Имейл').fill(email);
  await form.getByLabel('Пълно име').fill('Поканена Колежка');
  await form.getByRole('radio', { name: 'Консултант' }).check();
  await form.getByRole('button', { name: 'Изпрати поканата' }).click();
  await expect(toasts(page).getByText('Поканата е изпратена')).toBeVisible();
  const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Поканена Колежка' }) });
  const pendingBadge = row.getByText('Поканен', { exact: true });
  await expect(pendingBadge).toBeVisible();
  await expect(row).toContainText('Консултант');

  let link: URL | null = null;
  await expect.poll(async () => (link = await invitationTo(email)) !== null).toBe(true);
  expect(link!.searchParams.get('type')).toBe('invite');

  // the person, in a browser of their own: opening the link changes nothing until the button
  const context = await browser.newContext();
  try {
    const person = await context.newPage();
    await person.goto(link!.pathname + link!.search);
    await expect(person.getByRole('button', { name: 'Приеми поканата' })).toBeVisible();
    const pending = await db.from('blog_users').select('invited_at').eq('email', email).single();
    expect(pending.data?.invited_at).not.toBeNull();

    await person.getByRole('button', { name: 'Приеми поканата' }).click();
    await person.getByLabel(/^Нова парола/).fill('pokanena-parola-2026');
    await person.getByLabel('Повторете паролата').fill('pokanena-parola-2026');
    await person.getByRole('button', { name: 'Запази паролата' }).click();
    await expect(toasts(person).getByText('Паролата е запазена')).toBeVisible();
    // a consultant's own section, behind the second factor
    await expect(person).toHaveURL(/\/blog-admin\/inquiries$/);
    await expect(person.getByRole('region', { name: 'Нужна е двуфакторна защита' })).toBeVisible();
  } finally {
    await context.close();
  }

  // accepted: no longer pending in the database nor in the list
  const accepted = await db.from('blog_users').select('invited_at, role').eq('email', email).single();
  expect(accepted.data).toEqual({ invited_at: null, role: 'consultant' });
  await page.reload();
  await expect(row).toBeVisible();
  await expect(pendingBadge).toHaveCount(0);

  await db.from('blog_users').delete().eq('email', email);
});
