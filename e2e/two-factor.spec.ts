// Two-factor sign-in, in Chromium against the stand-in's GoTrue (its MFA API as hosted has it): an
// admin turns on 'Двуфакторна защита' with the key shown beside the QR code, signs out, and the
// next sign-in asks for the authenticator's code: a wrong code is refused in Bulgarian, a right one
// opens the panel. Codes are computed from the key (the stand-in's RFC 6238 code), as an authenticator app would.
import { expect, test, type Page } from '@playwright/test';
import { totpCode } from '../supabase/local/auth/totp.ts';
import { signOut, toasts } from './admin-helpers';
import { db, unique } from './support';

async function passwordStep(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Имейл').fill(email);
  await page.getByLabel('Парола').fill(password);
  await page.getByRole('button', { name: 'Вход' }).click();
}

test('an admin turns on the second factor; the next sign-in asks for its code and refuses a wrong one', async ({ page }) => {
  const username = unique('dvafaktora').replace(/\s+/g, '-');
  const email = `${username}@example.com`;
  const password = 'dvafaktora-parola-2026';
  expect((await db.from('blog_users').insert({ username, email, password, full_name: 'Двуфакторна Колежка' })).error).toBeNull();

  await passwordStep(page, email, password);
  await expect(page).toHaveURL(/\/blog-admin\/posts/);
  await page.getByRole('button', { name: 'Двуфакторна защита' }).click();
  const dialog = page.getByRole('dialog', { name: 'Двуфакторна защита' });
  await expect(dialog.getByText('Двуфакторната защита е изключена.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Включи' }).click();
  await expect(dialog.getByRole('img', { name: 'QR код за приложението за удостоверяване' })).toBeVisible();
  const secret = (await dialog.locator('code').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  const first = totpCode(secret);
  await dialog.getByLabel('Код от приложението').fill(first);
  await dialog.getByRole('button', { name: 'Потвърди' }).click();
  await expect(toasts(page).getByText('Двуфакторната защита е включена')).toBeVisible();
  await expect(dialog).toBeHidden();

  await signOut(page);
  await passwordStep(page, email, password);
  await expect(page.getByRole('heading', { name: 'Двуфакторно удостоверяване' })).toBeVisible();
  // the panel stays closed until the code is given
  await page.goto('/blog-admin/posts');
  await expect(page).toHaveURL(/\/login$/);
  const code = page.getByLabel('Код');
  await code.fill(first === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Потвърди' }).click();
  await expect(page.getByRole('alert')).toContainText('Невалиден код');
  // the next 30 s step's code: GoTrue accepts one step either side of the current one
  await code.fill(totpCode(secret, Date.now() + 30_000));
  await page.getByRole('button', { name: 'Потвърди' }).click();
  await expect(page).toHaveURL(/\/blog-admin\/posts/);
  await expect(toasts(page).getByText('Успешно влизане')).toBeVisible();

  await db.from('blog_users').delete().eq('email', email);
});
