// Project management at /work-admin: a project created through the
// form with an uploaded main image; a three-picture gallery, reordered, that the public project
// page shows in the new order; a category added in the admin and renamed follows into the project,
// the landing filter and the project page; a used category cannot be deleted; then the project
// and the category are. Separate tests with their data seeded in the database, each within the
// default timeout, where one long story had needed two minutes.
import { expect, test, type Page } from '@playwright/test';
import { anonDb, db, signIn, unique } from './support';
import { makePng, pngFile, toasts } from './admin-helpers';

async function openWorkAdmin(page: Page) {
  await signIn(page);
  await page.getByRole('link', { name: 'Управление на проекти' }).first().click();
  await expect(page).toHaveURL(/\/work-admin\/projects$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Управление на Проекти' })).toBeVisible();
}

async function openTab(page: Page, name: 'Проекти' | 'Категории') {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

/** The toast region even while a modal dialog hides the rest of the page from the accessibility tree. */
function toastsBehindDialog(page: Page) {
  return page.locator('[role="region"][aria-label^="Известия"]');
}

async function addGalleryItem(page: Page, title: string, description: string, alt: string) {
  await page.getByRole('button', { name: 'Добави изображение' }).click();
  const dialog = page.getByRole('dialog', { name: 'Нов елемент в галерията' });
  await expect(dialog).toBeVisible();
  const save = dialog.getByRole('button', { name: 'Добави в галерията' });
  await expect(save).toBeDisabled();
  await dialog.getByLabel('Заглавие').fill(title);
  await dialog.getByLabel('Описание').fill(description);
  await dialog.getByLabel('Изображение').setInputFiles(pngFile(`${title}.png`));
  await expect(toastsBehindDialog(page).getByText('Изображението е качено успешно!')).toBeVisible();
  // a picture is saved with its alt text only
  await expect(save).toBeDisabled();
  await dialog.getByLabel('Алтернативен текст').fill(alt);
  await expect(save).toBeEnabled();
  await save.click();
  await expect(dialog).toBeHidden();
  await expect(toasts(page).getByText('Елементът е добавен успешно!')).toBeVisible();
}

function galleryList(page: Page) {
  return page.getByRole('list', { name: 'Изображения в галерията' });
}

function categoryRow(page: Page, name: string) {
  return page.getByRole('list', { name: 'Списък с категории' }).getByRole('listitem').filter({ hasText: name });
}

test('a new project through the form: https:// on leaving the link, a technology chip, completeness, an uploaded main image', async ({ page }) => {
  const category = unique('Категория E2E');
  const title = unique('Проект E2E');
  const { error: catError } = await db.from('project_categories').insert({ name: category });
  expect(catError).toBeNull();

  await openWorkAdmin(page);
  await page.getByRole('button', { name: '+ Добави нов проект' }).click();
  await expect(page.getByRole('heading', { name: 'Нов проект' })).toBeVisible();
  const bar = page.getByRole('progressbar', { name: 'Попълненост на проекта' });
  await expect(bar).toHaveAttribute('aria-valuenow', '0');

  await page.getByLabel(/^Заглавие/).fill(title);
  const link = page.getByLabel('Линк към проекта');
  await link.fill('e2e-proekt.example.com');
  await link.blur();
  await expect(link).toHaveValue('https://e2e-proekt.example.com');
  await page.getByLabel('Кратко описание').fill('Проект, създаден от теста от край до край.');
  await page.getByLabel('Технологии').fill('Playwright');
  await page.getByLabel('Технологии').press('Enter');
  await expect(bar).toHaveAttribute('aria-valuenow', '65');
  await expect(page.getByRole('tab', { name: /Основна информация/ })).toHaveAccessibleName(/\(попълнено\)/);

  await page.getByRole('button', { name: 'Продължете към медия' }).click();
  // one tab at a time: the basic fields are out of sight now
  await expect(page.getByLabel(/^Заглавие/)).toBeHidden();
  await page.getByLabel('Качи изображение', { exact: true }).setInputFiles(pngFile('glavno.png'));
  await expect(toasts(page).getByText('Изображението е качено')).toBeVisible();
  const preview = page.getByRole('img', { name: 'Основно изображение' });
  await expect(preview).toHaveAttribute('src', /\/storage\/v1\/object\/public\/blog-images\/projects\/[a-z0-9]+-\d+\.\d+x\d+\.(jpg|png)$/);
  const mainImage = (await preview.getAttribute('src'))!;
  await page.getByRole('combobox', { name: /^Категория/ }).selectOption(category);
  await expect(bar).toHaveAttribute('aria-valuenow', '100');
  // the main image's alt text completes the tab
  await expect(page.getByRole('tab', { name: /Медия и категория/ })).toHaveAccessibleName(/непопълнено/);
  await page.getByLabel(/^Алтернативен текст/).fill('Табло на проекта с графики');
  await expect(page.getByRole('tab', { name: /Медия и категория/ })).toHaveAccessibleName(/\(попълнено\)/);

  await page.getByRole('button', { name: 'Създай проекта' }).click();
  await expect(toasts(page).getByText('Проектът е създаден')).toBeVisible();
  const card = page.getByRole('list', { name: 'Списък с проекти' }).getByRole('listitem').filter({ hasText: title });
  await expect(card).toBeVisible();
  await expect(card.getByText(category, { exact: true })).toBeVisible();
  await expect(card.getByRole('link', { name: /Отвори линк/ })).toHaveAttribute('href', 'https://e2e-proekt.example.com');

  const { data: project } = await db.from('projects').select('id, slug, category, image, image_alt, link, status, technologies, gallery').eq('title', title).single();
  expect(project).not.toBeNull();
  expect(project!.slug as string).toMatch(/^proekt-e2e-[a-z0-9]+$/);
  expect(project).toMatchObject({ category, image: mainImage, image_alt: 'Табло на проекта с графики', link: 'https://e2e-proekt.example.com', status: 'in_progress', technologies: ['Playwright'], gallery: [] });

  await db.from('projects').delete().eq('id', project!.id);
  await db.from('project_categories').delete().eq('name', category);
});

test('a gallery of three pictures, one uploaded in the form, reordered there; the public page shows the order', async ({ page, browser, request }) => {
  const category = unique('Категория E2E');
  const title = unique('Проект E2E');
  const slug = `proekt-e2e-${Date.now().toString(36)}`;
  expect((await db.from('project_categories').insert({ name: category })).error).toBeNull();
  // two pictures are already there (uploaded as the gallery dialog names them); the third comes
  // through the dialog, which is what is tested once
  const stored = [];
  for (const [order, [itemTitle, description]] of [
    ['Първа', 'Описание на първата'],
    ['Втора', 'Описание на втората'],
  ].entries()) {
    const id = String(Date.now() + order);
    const name = `${id}-${Math.random().toString(36).slice(2, 8)}.png`;
    const upload = await db.storage.from('project-gallery').upload(name, makePng(), { contentType: 'image/png' });
    expect(upload.error).toBeNull();
    const image = db.storage.from('project-gallery').getPublicUrl(name).data.publicUrl;
    stored.push({ id, title: itemTitle, description, image, order });
  }
  const { data: project, error } = await db
    .from('projects')
    .insert({ title, slug, category, image: '/demo/project-crm.svg', link: 'https://e2e-proekt.example.com', gallery: stored })
    .select('id')
    .single();
  expect(error).toBeNull();

  await openWorkAdmin(page);
  await page.getByRole('button', { name: `Редактирай ${title}` }).click();
  await expect(page.getByRole('heading', { name: 'Редактиране на проект' })).toBeVisible();
  await page.getByRole('tab', { name: /Галерия/ }).click();
  await addGalleryItem(page, 'Трета', 'Описание на третата', 'Табло с третата снимка');
  await expect(galleryList(page).getByRole('listitem')).toHaveText([/Първа/, /Втора/, /Трета/]);

  // reorder: the third to the top, then the first (now second) one down
  await page.getByRole('button', { name: 'Премести нагоре: Трета' }).click();
  await page.getByRole('button', { name: 'Премести нагоре: Трета' }).click();
  await expect(galleryList(page).getByRole('listitem')).toHaveText([/Трета/, /Първа/, /Втора/]);
  await page.getByRole('button', { name: 'Премести надолу: Първа' }).click();
  await expect(galleryList(page).getByRole('listitem')).toHaveText([/Трета/, /Втора/, /Първа/]);

  await page.getByRole('button', { name: 'Обнови проекта' }).click();
  await expect(toasts(page).getByText('Проектът е обновен')).toBeVisible();

  const { data: saved } = await db.from('projects').select('gallery').eq('id', project!.id).single();
  const gallery = saved!.gallery as { id: string; title: string; image: string; alt: string; order: number; description: string }[];
  // the two stored by the service role got their titles as alt text; the new one has its own
  expect(gallery.map((g) => [g.title, g.alt, g.order])).toEqual([
    ['Трета', 'Табло с третата снимка', 0],
    ['Втора', 'Втора', 1],
    ['Първа', 'Първа', 2],
  ]);
  for (const item of gallery) expect(item.id).toMatch(/^\d{13}$/);
  // the dialog's upload is a fallback named by its size (with WebP copies); the two stored before
  // keep their plain names, and still show
  expect(gallery[0].image).toMatch(/\/storage\/v1\/object\/public\/project-gallery\/\d{13}-[a-z0-9]+\.\d+x\d+\.(jpg|png)$/);
  for (const item of gallery.slice(1)) expect(item.image).toMatch(/\/storage\/v1\/object\/public\/project-gallery\/\d{13}-[a-z0-9]+\.png$/);
  expect(gallery[0].description).toBe('Описание на третата');

  // ---- what a visitor sees -----------------------------------------------------------------------
  // the publisher re-renders the project's static page after the save (within seconds, as the
  // static-pages spec proves); a visitor who came before it would see the page of two pictures
  await expect
    .poll(async () => (await request.get(`/project/${slug}`)).text(), { timeout: 10_000, intervals: [100, 250, 500] })
    .toContain('Табло с третата снимка');
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/project/${slug}`);
  const main = visitor.locator('main');
  await expect(main.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const carousel = main.getByRole('region', { name: /Галерия на проекта/ });
  const thumbs = carousel.getByRole('list', { name: 'Миниатюри' }).getByRole('button');
  await expect(thumbs).toHaveCount(3);
  await expect(carousel.getByText(/^\s*(Изображение\s*)?1 \/ 3\s*$/)).toBeVisible();
  await expect(carousel.locator('figure img')).toHaveAttribute('alt', 'Табло с третата снимка');
  await expect(thumbs.nth(0)).toHaveAccessibleName(/Покажи изображение 1: Трета/);
  await expect(thumbs.nth(1)).toHaveAccessibleName(/Покажи изображение 2: Втора/);
  await expect(thumbs.nth(2)).toHaveAccessibleName(/Покажи изображение 3: Първа/);
  await expect(main.getByText(category, { exact: true }).first()).toBeVisible();
  await visitorContext.close();

  await db.from('projects').delete().eq('id', project!.id);
  await db.from('project_categories').delete().eq('name', category);
});

test('a category added and renamed in the admin: the project, the landing filter and the project page follow', async ({ page, browser }) => {
  const category = unique('Категория E2E');
  const renamed = `${category} нова`;
  const title = unique('Проект E2E');
  const slug = `proekt-e2e-${Date.now().toString(36)}`;

  await openWorkAdmin(page);

  // ---- a category ------------------------------------------------------------------------------
  await openTab(page, 'Категории');
  await page.getByRole('button', { name: 'Добави' }).click();
  await expect(page.getByText('Моля, въведете име на категорията.', { exact: true }).first()).toBeVisible();
  await page.getByLabel('Ново име на категория').fill(`  ${category}  `);
  await page.getByRole('button', { name: 'Добави' }).click();
  await expect(toasts(page).getByText('Категорията е добавена')).toBeVisible();
  await expect(categoryRow(page, category)).toBeVisible();
  const { data: catRow } = await db.from('project_categories').select('id, name').eq('name', category).single();
  expect(catRow?.name).toBe(category);
  await expect(page.getByRole('button', { name: '+ Добави нов проект' })).toBeHidden();

  // a project in it, written straight to the database (the project form has its own test)
  const { data: project, error } = await db
    .from('projects')
    .insert({ title, slug, category, image: '/demo/project-crm.svg', link: 'https://e2e-proekt.example.com', description: 'Проект на теста.' })
    .select('id')
    .single();
  expect(error).toBeNull();

  // ---- rename the category -----------------------------------------------------------------------
  await categoryRow(page, category).getByRole('button', { name: `Преименувай ${category}` }).click();
  const renameInput = page.getByLabel(`Ново име за категория ${category}`);
  await renameInput.fill('   ');
  await page.getByRole('button', { name: 'Запази' }).click();
  await expect(page.getByText('Името на категорията не може да бъде празно.', { exact: true }).first()).toBeVisible();
  await renameInput.fill(renamed);
  await page.getByRole('button', { name: 'Запази' }).click();
  await expect(toasts(page).getByText('Категорията е обновена')).toBeVisible();
  await expect(categoryRow(page, renamed)).toBeVisible();

  const { data: afterRename } = await db.from('projects').select('category').eq('id', project!.id).single();
  expect(afterRename).toEqual({ category: renamed });
  const { data: oldName } = await db.from('project_categories').select('id').eq('name', category);
  expect(oldName).toEqual([]);
  // the projects list in the admin follows too
  await openTab(page, 'Проекти');
  const card = page.getByRole('list', { name: 'Списък с проекти' }).getByRole('listitem').filter({ hasText: title });
  await expect(card.getByText(renamed, { exact: true })).toBeVisible();

  // the landing filter and the project page follow
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto('/');
  const work = visitor.locator('#work');
  await work.scrollIntoViewIfNeeded();
  const chips = work.getByRole('list', { name: 'Филтър по категория' });
  await expect(chips.getByRole('button', { name: renamed, exact: true })).toBeVisible();
  await expect(chips.getByRole('button', { name: category, exact: true })).toHaveCount(0);
  await chips.getByRole('button', { name: renamed, exact: true }).click();
  const grid = work.getByRole('list', { name: 'Проекти' });
  await expect(grid.getByRole('listitem')).toHaveCount(1);
  await expect(grid.getByRole('heading', { name: title })).toBeVisible();
  await visitor.goto(`/project/${slug}`);
  await expect(visitor.locator('main').getByText(renamed, { exact: true }).first()).toBeVisible();
  await visitorContext.close();

  await db.from('projects').delete().eq('id', project!.id);
  await db.from('project_categories').delete().eq('name', renamed);
});

test('a used category cannot be deleted; its project is deleted after the question, then the category', async ({ page, browser }) => {
  const renamed = unique('Категория E2E');
  const title = unique('Проект E2E');
  const slug = `proekt-e2e-${Date.now().toString(36)}`;
  expect((await db.from('project_categories').insert({ name: renamed })).error).toBeNull();
  const { data: project, error } = await db
    .from('projects')
    .insert({ title, slug, category: renamed, image: '/demo/project-crm.svg', link: 'https://e2e-proekt.example.com' })
    .select('id')
    .single();
  expect(error).toBeNull();
  await openWorkAdmin(page);
  const card = page.getByRole('list', { name: 'Списък с проекти' }).getByRole('listitem').filter({ hasText: title });
  await expect(card).toBeVisible();

  // ---- a used category cannot be deleted ----------------------------------------------------------
  await openTab(page, 'Категории');
  await categoryRow(page, renamed).getByRole('button', { name: `Изтрий ${renamed}` }).click();
  let dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Сигурни ли сте, че искате да изтриете тази категория?');
  await dialog.getByRole('button', { name: 'Изтрий' }).click();
  await expect(toasts(page).getByText('Тази категория се използва в съществуващи проекти.')).toBeVisible();
  await expect(categoryRow(page, renamed)).toBeVisible();
  const { data: stillThere } = await db.from('project_categories').select('name').eq('name', renamed);
  expect(stillThere).toEqual([{ name: renamed }]);

  // ---- delete the project, then the category -------------------------------------------------------
  await openTab(page, 'Проекти');
  await card.getByRole('button', { name: `Изтрий ${title}` }).click();
  dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Сигурни ли сте, че искате да изтриете този проект?');
  await dialog.getByRole('button', { name: 'Изтрий' }).click();
  await expect(toasts(page).getByText('Проектът е изтрит')).toBeVisible();
  await expect(card).toHaveCount(0);
  const { data: goneProject } = await db.from('projects').select('id').eq('id', project!.id);
  expect(goneProject).toEqual([]);

  await openTab(page, 'Категории');
  await categoryRow(page, renamed).getByRole('button', { name: `Изтрий ${renamed}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Изтрий' }).click();
  await expect(toasts(page).getByText('Категорията е изтрита')).toBeVisible();
  await expect(categoryRow(page, renamed)).toHaveCount(0);
  const { data: goneCategory } = await db.from('project_categories').select('id').eq('name', renamed);
  expect(goneCategory).toEqual([]);

  // the visitor's project page is gone too
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/project/${slug}`);
  await expect(visitor).toHaveURL(/\/$/);
  await visitorContext.close();
});

test('the database guards categories too: rename only for admins, trimmed, never blank; a used category is never deleted', async () => {
  const name = unique('Пазена категория');
  const { data: cat, error } = await db.from('project_categories').insert({ name }).select('id, name').single();
  expect(error).toBeNull();
  const { error: projectError } = await db.from('projects').insert({
    title: unique('Пазен проект'),
    category: name,
    image: '/demo/project-crm.svg',
    link: 'https://example.com',
  });
  expect(projectError).toBeNull();

  // a visitor may not call the function at all
  const anon = await anonDb.rpc('rename_project_category', { category_id: cat!.id, new_name: 'Хакната' });
  expect(anon.error?.code).toBe('42501');

  const blank = await db.rpc('rename_project_category', { category_id: cat!.id, new_name: '   ' });
  expect(blank.error?.code).toBe('22023');
  expect(blank.error?.message).toBe('Името на категорията не може да бъде празно.');

  const renamed = await db.rpc('rename_project_category', { category_id: cat!.id, new_name: `  ${name} 2  ` });
  expect(renamed.error).toBeNull();
  expect(renamed.data).toBe(`${name} 2`);
  const { data: projects } = await db.from('projects').select('category').eq('category', `${name} 2`);
  expect(projects).toHaveLength(1);

  const refused = await db.from('project_categories').delete().eq('id', cat!.id);
  expect(['23503', '23001']).toContain(refused.error?.code);

  await db.from('projects').delete().eq('category', `${name} 2`);
  expect((await db.from('project_categories').delete().eq('id', cat!.id)).error).toBeNull();
});
