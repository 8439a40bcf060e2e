// A forgotten password, in Chromium against the stand-in's GoTrue: 'Забравена парола?' asks for a
// link (the same answer for any address), the e-mail in the catcher carries it, opening it changes
// nothing until the page's button is pressed, the new password is set twice and opens the panel,
// the old one no longer signs in, and the link does not work a second time.
import { expect, test } from '@playwright/test';
import { E2E_BACKEND_URL, LOCAL_ANON_KEY } from '../scripts/tools/e2e-env.mjs';
import { toasts } from './admin-helpers';
import { db, unique } from './support';

interface CaughtMail {
  subject: string;
  html: string;
}

async function mailTo(address: string): Promise<CaughtMail[]> {
  const res = await fetch(`${E2E_BACKEND_URL}/__local/mail?to=${encodeURIComponent(address)}`);
  return (await res.json()) as CaughtMail[];
}

test('a forgotten password: the e-mailed link opens a page whose button lets the admin set a new one', async ({ page }) => {
  const username = unique('zabravila').replace(/\s+/g, '-');
  const email = `${username}@example.com`;
  const oldPassword = 'stara-parola-2026';
  const newPassword = 'nova-parola-2026!';
  expect((await db.from('blog_users').insert({ username, email, password: oldPassword, full_name: 'Забравила Паролата' })).error).toBeNull();

  await page.goto('/login');
  await page.getByRole('link', { name: 'Забравена парола?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Нова парола' })).toBeVisible();
  await page.getByLabel('Имейл').fill(email);
  await page.getByRole('button', { name: 'Изпрати връзка' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Ако адресът е на потребител на панела' })).toBeVisible();

  let mail: CaughtMail | undefined;
  await expect.poll(async () => (mail = (await mailTo(email))[0])?.subject).toBe('Нова парола за администрацията');
  const href = /href="([^"]+)"/.exec(mail!.html)![1].replace(/&amp;/g, '&');
  const link = new URL(href);
  expect(link.pathname).toBe('/login/nova-parola');
  expect(link.searchParams.get('type')).toBe('recovery');

  // opening the link changes nothing: the old password still signs in until the button is pressed
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('button', { name: 'Задайте нова парола' })).toBeVisible();
  const stillOld = await fetch(`${E2E_BACKEND_URL}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: LOCAL_ANON_KEY, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: oldPassword }),
  });
  expect(stillOld.status).toBe(200);

  await page.getByRole('button', { name: 'Задайте нова парола' }).click();
  await page.getByLabel(/^Нова парола/).fill(newPassword);
  await page.getByLabel('Повторете паролата').fill('друга-парола-2026');
  await page.getByRole('button', { name: 'Запази паролата' }).click();
  await expect(page.getByText('Паролите не съвпадат.')).toBeVisible();
  await page.getByLabel('Повторете паролата').fill(newPassword);
  await page.getByRole('button', { name: 'Запази паролата' }).click();
  await expect(toasts(page).getByText('Паролата е запазена')).toBeVisible();
  await expect(page).toHaveURL(/\/blog-admin\/posts/);

  // the old password is refused, the new one works; the link is spent
  await page.getByRole('button', { name: 'Изход' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Имейл').fill(email);
  await page.getByLabel('Парола').fill(oldPassword);
  await page.getByRole('button', { name: 'Вход' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await page.getByLabel('Парола').fill(newPassword);
  await page.getByRole('button', { name: 'Вход' }).click();
  await expect(page).toHaveURL(/\/blog-admin\/posts/);
  await page.getByRole('button', { name: 'Изход' }).click();
  await page.goto(link.pathname + link.search);
  await page.getByRole('button', { name: 'Задайте нова парола' }).click();
  await expect(page.getByRole('alert')).toContainText('Връзката е използвана или е изтекла. Поискайте нова.');

  await db.from('blog_users').delete().eq('email', email);
});
