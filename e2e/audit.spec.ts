// 'Одит' in Chromium against the stand-in: what an admin just did is there, by whom, with the
// record's id and the fields' names only, and its CSV is itself recorded.
import { expect, test } from '@playwright/test';
import { toasts } from './admin-helpers';
import { db, openSignedIn, unique } from './support';

test("an admin's change and sign-in are in 'Одит', with who and which record, never the values", async ({ page }) => {
  const title = unique('Одитирана публикация');
  const { data: post, error } = await db.from('blog_posts').insert({ title, slug: `odit-${Date.now()}`, author: 'Мария Иванова', content: 'Текст', excerpt: 'Кратко', is_published: false }).select('id').single();
  expect(error).toBeNull();

  await openSignedIn(page, '/blog-admin/audit');
  const list = page.getByRole('list', { name: 'Одит' });
  // the sign-in that opened this page, by the seeded admin
  await expect(list.getByRole('listitem').filter({ hasText: 'Вход' }).first()).toContainText('Мария Иванова');
  // the post made through the service role: no person, the record's id, never its title
  const created = list.getByRole('listitem').filter({ hasText: 'Нова публикация' }).first();
  await expect(created).toContainText('Системата');
  await expect(created).toContainText(`публикация ${post!.id.slice(0, 8)}`);
  await expect(list).not.toContainText(title);

  await page.getByLabel('Вид').selectOption('access');
  await expect(list.getByRole('listitem').first()).toContainText('Вход');
  await expect(list.getByRole('listitem').filter({ hasText: 'Нова публикация' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Експорт в CSV' }).click();
  await expect(toasts(page).getByText('Файлът е изтеглен')).toBeVisible();
  await page.getByLabel('Вид').selectOption('data');
  await expect(list.getByRole('listitem').first()).toContainText('Експорт в CSV');

  await db.from('blog_posts').delete().eq('id', post!.id);
});
