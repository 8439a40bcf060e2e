// Blog users: a colleague created in the panel signs in with the
// password given there; once deactivated, they are locked out on their next request.
import { expect, test, type Page } from '@playwright/test';
import { db, openSignedIn, signIn, unique } from './support';
import { signOut, toasts, trySignIn } from './admin-helpers';

function userRow(page: Page, name: string) {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
}

test('create a blog user with a password: its rules first, no password kept in the table, a blank one on edit kept; they sign in with it', async ({ page }) => {
  const username = unique('kolega').replace(/\s+/g, '-');
  const email = `${username}@example.com`;
  const fullName = `Колега ${username.slice(-6)}`;
  const password = 'kolega-parola-2026';

  await openSignedIn(page, '/blog-admin/users');
  await expect(page.getByRole('heading', { name: 'Управление на потребители' })).toBeVisible();
  await page.getByRole('button', { name: 'Нов потребител' }).click();
  await expect(page.getByRole('heading', { name: 'Нов потребител' })).toBeVisible();

  // the password rules are checked before anything is sent
  await page.getByLabel('Потребителско име').fill(username);
  await page.getByLabel('Пълно име').fill(fullName);
  await page.getByLabel('Имейл').fill(email);
  await page.getByLabel('Парола').fill('kratka');
  await page.getByRole('button', { name: 'Създай потребителя' }).click();
  await expect(page.getByText('Паролата трябва да е поне 8 символа.')).toBeVisible();
  await page.getByLabel('Парола').fill(password);
  await page.getByRole('button', { name: 'Създай потребителя' }).click();
  await expect(toasts(page).getByText('Потребителят е създаден')).toBeVisible();

  const row = userRow(page, fullName);
  await expect(row).toContainText('Активен');
  await expect(row).toContainText(email);

  // what the database holds: an active row, and no password at all (it is hashed into the
  // sign-in account and the column stays empty: write-only by construction)
  const { data: created } = await db.from('blog_users').select('id, username, email, is_active, password').eq('email', email).single();
  expect(created).toMatchObject({ username, email, is_active: true, password: null });

  // editing with a blank password keeps it
  await row.getByRole('button', { name: /^Редактирай/ }).click();
  await expect(page.getByRole('heading', { name: 'Редактиране на потребител' })).toBeVisible();
  await expect(page.getByLabel('Парола')).toHaveValue('');
  await page.getByRole('button', { name: 'Обнови потребителя' }).click();
  await expect(toasts(page).getByText('Потребителят е обновен')).toBeVisible();

  await signOut(page);

  // the colleague signs in with the password given in the panel
  await signIn(page, email, password);
  await expect(page.getByRole('heading', { level: 1, name: 'Администраторски панел' })).toBeVisible();
  await db.from('blog_users').delete().eq('email', email);
});

test('a blog user deactivated in the panel is refused at the next page load and at sign-in', async ({ page, browser }) => {
  const username = unique('kolega').replace(/\s+/g, '-');
  const email = `${username}@example.com`;
  const fullName = `Колега ${username.slice(-6)}`;
  const password = 'kolega-parola-2026';
  // arranged through the API: the database hashes the password into the sign-in account
  const { error } = await db.from('blog_users').insert({ username, email, password, full_name: fullName });
  expect(error).toBeNull();

  // the colleague is signed in while the admin deactivates them in another browser
  await openSignedIn(page, '/blog-admin/posts', email, password);
  await expect(page.getByRole('heading', { level: 1, name: 'Администраторски панел' })).toBeVisible();
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await openSignedIn(admin, '/blog-admin/users');
  await userRow(admin, fullName).getByRole('button', { name: /^Деактивирай/ }).click();
  await expect(toasts(admin).getByText('Потребителят е деактивиран')).toBeVisible();
  await expect(userRow(admin, fullName)).toContainText('Неактивен');
  const { data: deactivated } = await db.from('blog_users').select('is_active').eq('email', email).single();
  expect(deactivated?.is_active).toBe(false);

  // the colleague's next page load is refused and they are sent to /login with the reason
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('alert')).toContainText('Your account is inactive. Please contact administrator.');

  // signing in again is refused with the same text
  await trySignIn(page, email, password);
  await expect(page.getByRole('alert')).toContainText('Your account is inactive. Please contact administrator.');
  await expect(page).toHaveURL(/\/login$/);

  await adminContext.close();
  await db.from('blog_users').delete().eq('email', email);
});

test('an inactive blog user is re-activated in the panel, then deleted after the question', async ({ page }) => {
  const username = unique('neaktiven').replace(/\s+/g, '-');
  const email = `${username}@example.com`;
  const fullName = `Колега ${username.slice(-6)}`;
  const { error } = await db.from('blog_users').insert({ username, email, password: 'kolega-parola-2026', full_name: fullName, is_active: false });
  expect(error).toBeNull();
  const admin = page;
  await openSignedIn(admin, '/blog-admin/users');
  await expect(userRow(admin, fullName)).toContainText('Неактивен');

  await userRow(admin, fullName).getByRole('button', { name: /^Активирай/ }).click();
  await expect(toasts(admin).getByText('Потребителят е активиран')).toBeVisible();
  // the list shows the row as it is now (a delete guards on the version the list shows)
  await expect(userRow(admin, fullName)).toContainText('Активен');
  await userRow(admin, fullName).getByRole('button', { name: /^Изтрий/ }).click();
  const dialog = admin.getByRole('alertdialog');
  await expect(dialog).toContainText('Сигурни ли сте, че искате да изтриете този потребител?');
  await dialog.getByRole('button', { name: 'Изтрий' }).click();
  await expect(toasts(admin).getByText('Потребителят е изтрит')).toBeVisible();
  await expect(userRow(admin, fullName)).toHaveCount(0);
  const { data: gone } = await db.from('blog_users').select('id').eq('email', email);
  expect(gone).toEqual([]);
});

test('a signed-in user deactivated meanwhile is locked out by the first refused write', async ({ page }) => {
  const username = unique('zaklyuchen').replace(/\s+/g, '-');
  const email = `${username}@example.com`;
  const password = 'zaklyuchen-parola';
  await db.from('blog_users').insert({ username, email, password, full_name: 'Скоро неактивен' });
  const title = unique('Чернова за заключване');
  const { data: post } = await db
    .from('blog_posts')
    .insert({ title, slug: `zaklyuchvane-${Date.now()}`, author: 'Тест', is_published: false })
    .select('id')
    .single();

  await signIn(page, email, password);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(card).toBeVisible();

  await db.from('blog_users').update({ is_active: false }).eq('email', email);

  await card.getByRole('button', { name: /^Публикувай/ }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('alert')).toContainText('Your account is inactive. Please contact administrator.');
  const { data: unchanged } = await db.from('blog_posts').select('is_published').eq('id', post!.id).single();
  expect(unchanged?.is_published).toBe(false);

  await db.from('blog_posts').delete().eq('id', post!.id);
  await db.from('blog_users').delete().eq('email', email);
});
