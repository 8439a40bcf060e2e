// Sign-in and admission in a real browser against the stand-in.
import { expect, test } from '@playwright/test';
import { ADMIN, db, signIn, unique } from './support';
import { signOut, toasts, trySignIn } from './admin-helpers';

const AUTH_STORAGE_KEY = 'sinaptika-auth-token';

test('a protected page without a session sends the visitor to /login', async ({ page }) => {
  await page.goto('/blog-admin');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Вход' })).toBeVisible();
});

test('the seeded admin signs in, lands on the panel, and signs out (the stored token is removed)', async ({ page }) => {
  await signIn(page);
  await expect(toasts(page).getByText('Успешно влизане')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Администраторски панел' })).toBeVisible();
  await expect(page).toHaveTitle(/Администраторски панел/);
  expect(await page.evaluate((key) => window.localStorage.getItem(key), AUTH_STORAGE_KEY)).toContain('access_token');

  // the session survives a reload, and /login sends a signed-in admin back to the panel, to its
  // first screen, 'Табло'
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Администраторски панел' })).toBeVisible();
  await page.goto('/login');
  await expect(page).toHaveURL(/\/blog-admin\/dashboard$/);
  await expect(page.getByRole('tab', { name: 'Табло' })).toHaveAttribute('aria-selected', 'true');

  await signOut(page);
  // the refusal shows at once; the stored session goes when the sign-out has answered
  await expect.poll(() => page.evaluate((key) => window.localStorage.getItem(key), AUTH_STORAGE_KEY)).toBeNull();
  await page.goto('/blog-admin');
  await expect(page).toHaveURL(/\/login$/);
});

test("an unknown account is refused with 'Грешка при влизане' and the server's message", async ({ page }) => {
  await trySignIn(page, `nobody-${Date.now()}@example.com`, 'some-password-1');
  const alert = page.getByRole('alert').filter({ hasText: 'Грешка при влизане' });
  await expect(alert).toContainText('Invalid login credentials');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Вход' })).toBeEnabled();
});

test('a wrong password of the admin is refused too', async ({ page }) => {
  await trySignIn(page, ADMIN.email, 'not-the-password');
  await expect(page.getByRole('alert').filter({ hasText: 'Грешка при влизане' })).toBeVisible();
  await expect(page.getByLabel('Имейл')).toHaveValue(ADMIN.email);
});

test("the seeded inactive user is signed out with 'Your account is inactive. Please contact administrator.'", async ({ page }) => {
  await trySignIn(page, 'georgi@example.com', 'inactive-local-password');
  await expect(page.getByRole('alert')).toContainText('Your account is inactive. Please contact administrator.');
  await expect(page).toHaveURL(/\/login$/);
  // the refusal shows at once; the stored session goes when the sign-out has answered
  await expect.poll(() => page.evaluate((key) => window.localStorage.getItem(key), AUTH_STORAGE_KEY)).toBeNull();
  await page.goto('/blog-admin');
  await expect(page).toHaveURL(/\/login$/);
});

test("an account whose blog user was removed is signed out with 'User not authorized. Please contact administrator.'", async ({ page }) => {
  const name = unique('removed').replace(/\s+/g, '-');
  const email = `${name}@example.com`;
  const { error } = await db.from('blog_users').insert({ username: name, email, password: 'removed-user-password', full_name: 'Скоро изтрит' });
  expect(error).toBeNull();

  await signIn(page, email, 'removed-user-password');
  await expect(page.getByRole('heading', { level: 1, name: 'Администраторски панел' })).toBeVisible();

  const removed = await db.from('blog_users').delete().eq('email', email).select('id');
  expect(removed.data).toHaveLength(1);

  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('alert')).toContainText('User not authorized. Please contact administrator.');
  // the refusal shows at once; the stored session goes when the sign-out has answered
  await expect.poll(() => page.evaluate((key) => window.localStorage.getItem(key), AUTH_STORAGE_KEY)).toBeNull();
});
