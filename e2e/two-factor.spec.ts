// Two-factor sign-in, in Chromium against the stand-in's GoTrue (its MFA API as hosted has it): an
// admin turns on 'Двуфакторна защита' with the key shown beside the QR code, signs out, and the
// next sign-in asks for the authenticator's code: a wrong code is refused in Bulgarian, a right one
// opens the panel. Codes are computed here from the key, as an authenticator app would.
import { createHmac } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { signOut, toasts } from './admin-helpers';
import { db, unique } from './support';

/** RFC 6238: the 6-digit code of a base32 secret for a 30 s step. */
function totp(secret: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of secret.replace(/[\s=]/g, '').toUpperCase()) bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1] & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

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
  const first = totp(secret);
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
  await code.fill(totp(secret, Date.now() + 30_000));
  await page.getByRole('button', { name: 'Потвърди' }).click();
  await expect(page).toHaveURL(/\/blog-admin\/posts/);
  await expect(toasts(page).getByText('Успешно влизане')).toBeVisible();

  await db.from('blog_users').delete().eq('email', email);
});
