// The roles in Chromium against the stand-in: a consultant's first sign-in leads to the second
// factor before the inquiries open, and an author's panel has the content only; a link to another
// role's section says whose it is. Codes are computed from the key shown, as an authenticator would.
import { expect, test } from '@playwright/test';
import { totpCode } from '../supabase/local/auth/totp.ts';
import { toasts } from './admin-helpers';
import { db, signIn, unique } from './support';

async function colleague(role: 'consultant' | 'author') {
  const username = unique(role).replace(/\s+/g, '-');
  const email = `${username}@example.com`;
  const password = `${role}-parola-2026`;
  expect((await db.from('blog_users').insert({ username, email, password, full_name: `Колега ${username.slice(-6)}`, role })).error).toBeNull();
  return { email, password };
}

test('a consultant signs in for the first time: led to the second factor, then the inquiries open; the posts are not theirs', async ({ page }) => {
  const { email, password } = await colleague('consultant');
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/blog-admin\/inquiries$/);
  await expect(page.getByRole('tab')).toHaveText(['Календар', 'Запитвания', 'Резервации', 'Контакти', 'Заявки за лични данни']);
  await expect(page.getByRole('note', { name: 'Двуфакторна защита' })).toContainText('Ролята ви „Консултант“ работи с лични данни на посетители.');
  const lead = page.getByRole('region', { name: 'Нужна е двуфакторна защита' });
  await expect(lead).toContainText('Разделът „Запитвания“ съдържа лични данни.');

  await lead.getByRole('button', { name: 'Включете двуфакторната защита' }).click();
  const dialog = page.getByRole('dialog', { name: 'Двуфакторна защита' });
  await dialog.getByRole('button', { name: 'Включи' }).click();
  const secret = (await dialog.locator('code').innerText()).replace(/\s/g, '');
  await dialog.getByLabel('Код от приложението').fill(totpCode(secret));
  await dialog.getByRole('button', { name: 'Потвърди' }).click();
  await expect(toasts(page).getByText('Двуфакторната защита е включена')).toBeVisible();
  await expect(dialog).toBeHidden();

  // the session is aal2 now: the section opens in place, the notice is gone
  await expect(lead).toBeHidden();
  await expect(page.getByRole('note', { name: 'Двуфакторна защита' })).toBeHidden();
  await expect(page.getByRole('tab', { name: /Запитвания/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Запитвания' }).first()).toBeVisible();

  await page.goto('/blog-admin/posts');
  const note = page.getByRole('region', { name: 'Разделът „Публикации“ не е за вашата роля' });
  await expect(note).toContainText('Ролята ви е „Консултант“.');
  await note.getByRole('link', { name: 'Към „Запитвания“' }).click();
  await expect(page).toHaveURL(/\/blog-admin\/inquiries$/);

  await db.from('blog_users').delete().eq('email', email);
});

test("an author's panel has the content only; the users' address says whose it is; the projects' panel is theirs", async ({ page }) => {
  const { email, password } = await colleague('author');
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/blog-admin\/posts$/);
  await expect(page.getByRole('tab')).toHaveText(['Публикации', 'Клиенти', 'Кошче']);
  await expect(page.getByRole('note', { name: 'Двуфакторна защита' })).toHaveCount(0);

  await page.goto('/blog-admin/users');
  await expect(page.getByRole('region', { name: 'Разделът „Потребители“ не е за вашата роля' })).toContainText(
    'Разделът е за ролята „Администратор“.',
  );
  // the projects' panel is theirs too
  await page.goto('/work-admin/projects');
  await expect(page.getByRole('tab', { name: 'Проекти' })).toBeVisible();

  await db.from('blog_users').delete().eq('email', email);
});
