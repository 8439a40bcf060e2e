// Concurrent edits: two admins in two browsers open the same post. The first saves a
// new title; the second, still on the old version, saves a new excerpt and is stopped by the
// conflict dialog instead of silently bringing the old title back. Only their explicit
// 'Запази моята версия' writes their whole form over the first admin's change.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { db, openSignedIn, unique } from './support';

/** Signs in and opens the post's form at its own address. */
async function openPost(browser: Browser, email: string, password: string, id: string, title: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openSignedIn(page, `/blog-admin/posts/${id}`, email, password);
  await expect(page.getByLabel('Заглавие')).toHaveValue(title);
  return page;
}

test('the second admin’s stale save is stopped by the conflict dialog; keeping theirs is a deliberate choice', async ({ browser }) => {
  // a second admin: a blog user with a password is a sign-in account (see admin-users.spec.ts)
  const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const second = { email: `vtori-${run}@example.com`, password: 'vtori-admin-parola' };
  const user = await db.from('blog_users').insert({ username: `vtori-${run}`, email: second.email, password: second.password, full_name: 'Втори администратор' }).select('id').single();
  expect(user.error).toBeNull();
  const title = unique('Съвместна редакция');
  const post = await db
    .from('blog_posts')
    .insert({ title, slug: `e2e-conflict-${run}`, author: 'Мария Иванова', content: '## Текст', excerpt: 'Старо описание.' })
    .select('id')
    .single();
  expect(post.error).toBeNull();
  const id = (post.data as { id: string }).id;
  const stored = async () => (await db.from('blog_posts').select('title, excerpt').eq('id', id).single()).data as { title: string; excerpt: string };

  try {
    const first = await openPost(browser, 'admin@example.com', 'admin-local-password', id, title);
    const other = await openPost(browser, second.email, second.password, id, title);

    // the first admin changes the title and saves
    await first.getByLabel('Заглавие').fill(`${title} (от първия)`);
    await first.getByRole('tab', { name: 'Медия и настройки' }).click();
    await first.getByRole('button', { name: 'Обнови публикацията' }).click();
    await expect(first.getByRole('region', { name: /Известия/ }).getByText('Публикацията е обновена')).toBeVisible();
    expect(await stored()).toEqual({ title: `${title} (от първия)`, excerpt: 'Старо описание.' });

    // the second admin, still on the old version, changes the excerpt and saves
    await other.getByRole('tab', { name: 'Съдържание' }).click();
    await other.getByLabel('Кратко описание').fill('Описание от втория.');
    await other.getByRole('tab', { name: 'Медия и настройки' }).click();
    await other.getByRole('button', { name: 'Обнови публикацията' }).click();
    const dialog = other.getByRole('alertdialog', { name: 'Някой друг промени този запис' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`Докато редактирахте, друг администратор запази промени в „${title}“.`);
    // nothing was overwritten: the first admin's title is still there
    expect(await stored()).toEqual({ title: `${title} (от първия)`, excerpt: 'Старо описание.' });

    // keeping theirs, deliberately: the second admin's whole form (old title, new excerpt)
    await dialog.getByRole('button', { name: 'Запази моята версия' }).click();
    await expect(other.getByRole('region', { name: /Известия/ }).getByText('Публикацията е обновена')).toBeVisible();
    expect(await stored()).toEqual({ title, excerpt: 'Описание от втория.' });

    await first.context().close();
    await other.context().close();
  } finally {
    await db.from('blog_posts').delete().eq('id', id);
    await db.from('blog_users').delete().eq('id', (user.data as { id: string }).id);
  }
});
