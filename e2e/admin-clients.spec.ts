// Clients: the form's required fields; create one with an uploaded logo, see it in the landing
// carousel, edit it, delete it.
import { expect, test, type Page } from '@playwright/test';
import { db, openSignedIn, unique } from './support';
import { pngFile, toasts } from './admin-helpers';

function clientCard(page: Page, name: string) {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
}

async function carousel(page: Page) {
  await page.goto('/');
  const list = page.locator('#clients-list');
  await list.scrollIntoViewIfNeeded();
  return list;
}

test('the client form asks for the name, a logo and its alt text before it creates anything', async ({ page }) => {
  const name = unique('Без лого');
  await openSignedIn(page, '/blog-admin/clients');
  await page.getByRole('button', { name: 'Нов клиент' }).click();
  await expect(page.getByRole('heading', { name: 'Нов клиент' })).toBeVisible();
  await page.getByRole('button', { name: 'Създай клиента' }).click();
  await expect(page.getByText('Моля, въведете име на клиента.')).toBeVisible();
  await page.getByLabel('Име на клиента').fill(name);
  await page.getByRole('button', { name: 'Създай клиента' }).click();
  await expect(page.getByText('Моля, качете лого на клиента').first()).toBeVisible();
  await expect(page.getByText('Опишете изображението (алтернативен текст).')).toBeVisible();
  const { data } = await db.from('clients').select('id').eq('name', name);
  expect(data).toEqual([]);
});

test('a client with an uploaded logo appears in the landing carousel, follows edits and disappears when deleted', async ({ page, browser }) => {
  const name = unique('Хотел Изгрев');
  const renamed = `${name} Спа`;
  const logoAlt = `Лого на ${name}: слънце над морето`;
  await openSignedIn(page, '/blog-admin/clients');
  await page.getByRole('button', { name: 'Нов клиент' }).click();
  await expect(page.getByRole('heading', { name: 'Нов клиент' })).toBeVisible();
  await page.getByLabel('Име на клиента').fill(name);
  await page.getByLabel('Качи лого').setInputFiles(pngFile('logo.png'));
  await expect(toasts(page).getByText('Логото е качено')).toBeVisible();
  const preview = page.getByRole('img', { name: `Лого на ${name}` });
  await expect(preview).toHaveAttribute('src', /\/storage\/v1\/object\/public\/blog-images\/clients\/[a-z0-9]+-\d+\.\d+x\d+\.(jpg|png)$/);
  const logo = (await preview.getAttribute('src'))!;
  await page.getByLabel('Алтернативен текст').fill(logoAlt);
  await expect(page.getByText('Опишете изображението (алтернативен текст).')).toHaveCount(0);
  await page.getByRole('button', { name: 'Създай клиента' }).click();
  await expect(toasts(page).getByText('Клиентът е създаден')).toBeVisible();
  await expect(clientCard(page, name)).toBeVisible();

  const { data: row } = await db.from('clients').select('name, logo, logo_alt').eq('name', name).single();
  expect(row).toEqual({ name, logo, logo_alt: logoAlt });

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  let list = await carousel(visitor);
  await expect(list.getByText(name, { exact: true })).toBeAttached();
  await expect(list.locator(`img[src="${logo}"]`)).toBeAttached();
  await expect(list.locator(`img[src="${logo}"]`)).toHaveAttribute('alt', logoAlt);

  // edit
  await clientCard(page, name).getByRole('button', { name: /^Редактирай/ }).click();
  await expect(page.getByRole('heading', { name: 'Редактиране на клиент' })).toBeVisible();
  await page.getByLabel('Име на клиента').fill(renamed);
  await page.getByRole('button', { name: 'Обнови клиента' }).click();
  await expect(toasts(page).getByText('Клиентът е обновен')).toBeVisible();
  await expect(clientCard(page, renamed)).toBeVisible();

  list = await carousel(visitor);
  await expect(list.getByText(renamed, { exact: true })).toBeAttached();
  await expect(list.getByText(name, { exact: true })).toHaveCount(0);

  // delete
  await clientCard(page, renamed).getByRole('button', { name: /^Изтрий/ }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Сигурни ли сте, че искате да изтриете този клиент?');
  await dialog.getByRole('button', { name: 'Изтрий' }).click();
  await expect(toasts(page).getByText('Клиентът е изтрит')).toBeVisible();
  await expect(clientCard(page, renamed)).toHaveCount(0);
  const { data: gone } = await db.from('clients').select('id').eq('name', renamed);
  expect(gone).toEqual([]);

  list = await carousel(visitor);
  await expect(list.getByText(renamed, { exact: true })).toHaveCount(0);
  await visitorContext.close();
});
