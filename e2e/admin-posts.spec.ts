// Posts: create one with an uploaded image as a draft; publish
// a draft and read it as a visitor, hide it and see it gone; edit one and delete it. Each test
// arranges its own post, so each stays short and says one thing.
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, db, openSignedIn, signInAt, unique } from './support';
import { pngFile, toasts } from './admin-helpers';

function postCard(page: Page, title: string) {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

/**
 * The HTML the host serves for a path, before any script runs: what the publisher has written.
 * Waiting on it keeps the publisher's delay apart from the time the page then takes to render.
 */
async function staticHtml(page: Page, path: string) {
  const response = await page.request.get(path);
  return response.text();
}

/** A draft written straight into the database, so the tests of the list's actions start there. */
async function arrangeDraft(title: string, published: { published_at: string } | null = null) {
  const slug = `e2e-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const { data, error } = await db
    .from('blog_posts')
    .insert({
      title,
      slug,
      author: 'Мария Иванова',
      content: '## Първи стъпки\n\nЗапочнете с **фактурите**.',
      excerpt: 'Кратко.',
      category: 'Автоматизация',
      ...(published ? { is_published: true, published_at: published.published_at } : {}),
    })
    .select('id, slug')
    .single();
  expect(error).toBeNull();
  return data as { id: string; slug: string };
}

test('a new post with an uploaded image is saved as a draft with every field', async ({ page }) => {
  const title = unique('Автоматизация на офиса');
  await signInAt(page, '/blog-admin/posts');
  await page.getByRole('button', { name: 'Нова публикация' }).click();
  await expect(page.getByRole('heading', { name: 'Нова публикация' })).toBeVisible();
  await expect(page.getByText('Моля, попълнете всички задължителни полета във формата')).toBeVisible();

  // basic information: the slug follows the title; the author user fills the display name
  await page.getByLabel('Заглавие').fill(title);
  const slug = await page.getByLabel('Адрес (slug)').inputValue();
  expect(slug).toMatch(/^avtomatizatsia-na-ofisa-[a-z0-9]+$/);
  await page.getByLabel('Автор (потребител)').selectOption({ label: 'Мария Иванова' });
  await expect(page.getByLabel('Показвано име на автора')).toHaveValue('Мария Иванова');
  await expect(page.getByText('Моля, попълнете всички задължителни полета във формата')).toHaveCount(0);
  await page.getByRole('button', { name: 'Продължете към съдържание' }).click();

  // content: markdown with a live preview, category, tags and the uploaded image
  await expect(page.getByText('Добавете съдържание и основно изображение за по-добра публикация')).toBeVisible();
  await page.getByLabel('Кратко описание').fill('Как малкият офис спестява време с автоматизация.');
  await page.getByLabel('Съдържание (Markdown)').fill('## Първи стъпки\n\nЗапочнете с **фактурите**.');
  await expect(page.getByRole('region', { name: 'Преглед' }).getByRole('heading', { name: 'Първи стъпки' })).toBeVisible();
  await page.getByRole('button', { name: 'Автоматизация', exact: true }).click();
  await page.getByLabel('Етикети').fill('офис, автоматизация, ');
  await page.getByLabel('Качи изображение').setInputFiles(pngFile('офис.png'));
  await expect(toasts(page).getByText('Изображението е качено')).toBeVisible();
  const preview = page.getByRole('img', { name: 'Основно изображение' });
  await expect(preview).toHaveAttribute('src', /\/storage\/v1\/object\/public\/blog-images\/blog\/[a-z0-9]+-\d+\.\d+x\d+\.(jpg|png)$/);
  const imageUrl = (await preview.getAttribute('src'))!;
  // the image needs its alt text before the post can be saved
  await expect(page.getByText(/^Основното изображение се нуждае от алтернативен текст/)).toBeVisible();
  await page.getByLabel('Алтернативен текст').fill('Бюро с подредени фактури и лаптоп');
  await expect(page.getByText(/^Основното изображение се нуждае от алтернативен текст/)).toHaveCount(0);
  await expect(page.getByText('Добавете съдържание и основно изображение за по-добра публикация')).toHaveCount(0);
  await expect(page.getByRole('progressbar', { name: 'Попълненост на публикацията' })).toHaveAttribute('aria-valuenow', '100');
  await page.getByRole('button', { name: 'Продължете към медия и настройки' }).click();

  // saved as a draft first
  await page.getByRole('button', { name: 'Създай публикацията' }).click();
  await expect(toasts(page).getByText('Публикацията е създадена')).toBeVisible();
  await expect(postCard(page, title)).toContainText('Чернова');

  const { data: draft } = await db.from('blog_posts').select('*, staff:blog_post_staff(created_by)').eq('slug', slug).single();
  const { data: admin } = await db.from('blog_users').select('id').eq('email', ADMIN.email).single();
  expect(draft).toMatchObject({
    title,
    author: 'Мария Иванова',
    // the post's blog user, beside it (admins only): the signed-in admin's
    staff: { created_by: admin!.id },
    category: 'Автоматизация',
    tags: ['офис', 'автоматизация'],
    is_published: false,
    published_at: null,
    featured_image: imageUrl,
    featured_image_alt: 'Бюро с подредени фактури и лаптоп',
  });
  const image = await page.request.get(imageUrl);
  expect(image.status()).toBe(200);
  // an opaque PNG is stored as a JPEG (with WebP copies); a transparent one stays PNG
  expect(image.headers()['content-type']).toBe('image/jpeg');
});

test('a draft published from the list reaches visitors on /blog and on its own page', async ({ page, browser }) => {
  const title = unique('Публикувана от списъка');
  const { slug } = await arrangeDraft(title);
  await signInAt(page, '/blog-admin/posts');
  const card = postCard(page, title);
  await expect(card).toContainText('Чернова');

  // publish from the list: published_at is set now
  const before = Date.now();
  await card.getByRole('button', { name: /^Публикувай/ }).click();
  await expect(toasts(page).getByText('Публикацията е публикувана')).toBeVisible();
  await expect(card).toContainText('Публикувана');
  const { data: published } = await db.from('blog_posts').select('is_published, published_at').eq('slug', slug).single();
  expect(published?.is_published).toBe(true);
  expect(Date.parse(published!.published_at)).toBeGreaterThan(before - 60_000);

  // a visitor sees it on /blog and on its own page
  const visitorContext = await browser.newContext();
  try {
    const visitor = await visitorContext.newPage();
    // /blog is static HTML that the content webhook's publisher rewrites within seconds
    await expect.poll(() => staticHtml(visitor, '/blog'), { timeout: 10_000 }).toContain(title);
    await visitor.goto('/blog');
    const link = visitor.getByRole('link', { name: new RegExp(title) }).first();
    await link.click();
    await expect(visitor).toHaveURL(new RegExp(`/blog/${slug}$`));
    await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(visitor.getByRole('heading', { name: 'Първи стъпки' })).toBeVisible();
  } finally {
    await visitorContext.close();
    // other suites read /blog: leave it as it was
    await db.from('blog_posts').delete().eq('slug', slug);
  }
});

test('a post hidden from the list keeps its date and leaves visitors: its page and /blog', async ({ page, browser }) => {
  const title = unique('Скрита от списъка');
  const publishedAt = new Date(Date.now() - 3_600_000).toISOString();
  const { slug } = await arrangeDraft(title, { published_at: publishedAt });
  await signInAt(page, '/blog-admin/posts');
  const card = postCard(page, title);
  await expect(card).toContainText('Публикувана');
  const visitorContext = await browser.newContext();
  try {
    const visitor = await visitorContext.newPage();
    // hide it: published_at is kept, and visitors no longer see it
    await card.getByRole('button', { name: /^Скрий/ }).click();
    await expect(toasts(page).getByText('Публикацията е скрита')).toBeVisible();
    await expect(card).toContainText('Чернова');
    const { data: hidden } = await db.from('blog_posts').select('is_published, published_at').eq('slug', slug).single();
    expect(hidden?.is_published).toBe(false);
    expect(Date.parse(hidden!.published_at)).toBe(Date.parse(publishedAt));

    // the publisher removes its static page and rewrites /blog within seconds
    await expect.poll(() => staticHtml(visitor, `/blog/${slug}`), { timeout: 10_000 }).not.toContain(title);
    await expect.poll(() => staticHtml(visitor, '/blog'), { timeout: 10_000 }).not.toContain(title);
    // what the visitor then sees: the app's not-found view, and a list without it
    await visitor.goto(`/blog/${slug}`);
    await expect(visitor.getByRole('heading', { name: 'Публикацията не е намерена' })).toBeVisible();
    await visitor.goto('/blog');
    await expect(visitor.getByRole('heading', { name: 'Нашият блог' })).toBeVisible();
    await expect(visitor.getByText(title)).toHaveCount(0);
  } finally {
    await visitorContext.close();
  }
});

test('an edit keeps the slug when the title changes; a delete asks first, then removes the row', async ({ page }) => {
  const title = unique('За редакция');
  const { slug } = await arrangeDraft(title);
  await signInAt(page, '/blog-admin/posts');
  const card = postCard(page, title);

  await card.getByRole('button', { name: /^Редактирай/ }).click();
  await expect(page.getByRole('heading', { name: 'Редактиране на публикация' })).toBeVisible();
  await page.getByLabel('Заглавие').fill(`${title} (обновена)`);
  await expect(page.getByLabel('Адрес (slug)')).toHaveValue(slug);
  await page.getByRole('tab', { name: 'Медия и настройки' }).click();
  await page.getByRole('button', { name: 'Обнови публикацията' }).click();
  await expect(toasts(page).getByText('Публикацията е обновена')).toBeVisible();
  const updated = postCard(page, `${title} (обновена)`);
  await expect(updated).toBeVisible();
  const { data: row } = await db.from('blog_posts').select('title, slug').eq('slug', slug).single();
  expect(row).toEqual({ title: `${title} (обновена)`, slug });

  await updated.getByRole('button', { name: /^Изтрий/ }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Сигурни ли сте, че искате да изтриете тази публикация?');
  await dialog.getByRole('button', { name: 'Изтрий' }).click();
  await expect(toasts(page).getByText('Публикацията е изтрита')).toBeVisible();
  await expect(postCard(page, `${title} (обновена)`)).toHaveCount(0);
  const { data: gone } = await db.from('blog_posts').select('id').eq('slug', slug);
  expect(gone).toEqual([]);
});

test('a post’s address opens its form after sign-in, and again after a reload', async ({ page }) => {
  const title = unique('Отворена по адрес');
  const { id, slug } = await arrangeDraft(title);
  await openSignedIn(page, `/blog-admin/posts/${id}`);
  await expect(page.getByRole('heading', { name: 'Редактиране на публикация' })).toBeVisible();
  await expect(page.getByLabel('Заглавие')).toHaveValue(title);
  await expect(page.getByLabel('Адрес (slug)')).toHaveValue(slug);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Редактиране на публикация' })).toBeVisible();
  await expect(page.getByLabel('Заглавие')).toHaveValue(title);
  await expect(page).toHaveURL(new RegExp(`/blog-admin/posts/${id}$`));
});

test('the address of a post that is not there says so, with the way back to the list', async ({ page }) => {
  const title = unique('Списъкът след липсваща');
  await arrangeDraft(title);
  await openSignedIn(page, '/blog-admin/posts/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('alert').filter({ hasText: 'Записът не съществува' })).toBeVisible();
  await page.getByRole('button', { name: 'Назад към публикациите' }).click();
  await expect(page).toHaveURL(/\/blog-admin\/posts$/);
  await expect(postCard(page, title)).toBeVisible();
});

test('the browser’s Back from a form with changes asks first; staying keeps the form at its address', async ({ page }) => {
  const title = unique('Назад с промени');
  await arrangeDraft(title);
  await signInAt(page, '/blog-admin/posts');
  await postCard(page, title).getByRole('button', { name: /^Редактирай/ }).click();
  await expect(page.getByLabel('Заглавие')).toHaveValue(title);
  const formAddress = page.url();
  await page.getByLabel('Заглавие').fill(`${title} (недовършено)`);

  // Back, as the browser's button does it (a step within the page, not a new document)
  await page.evaluate(() => history.back());
  const question = page.getByRole('alertdialog', { name: 'Незапазени промени' });
  await question.getByRole('button', { name: 'Отказ' }).click();
  await expect(question).toBeHidden();
  expect(page.url()).toBe(formAddress);
  await expect(page.getByLabel('Заглавие')).toHaveValue(`${title} (недовършено)`);

  await page.evaluate(() => history.back());
  await question.getByRole('button', { name: 'Излез без запазване' }).click();
  await expect(page).toHaveURL(/\/blog-admin\/posts$/);
  await expect(postCard(page, title)).toBeVisible();
});

test('a file that is not an image is refused before anything is sent', async ({ page }) => {
  await signInAt(page, '/blog-admin/posts');
  await page.getByRole('button', { name: 'Нова публикация' }).click();
  await page.getByRole('tab', { name: 'Съдържание' }).click();
  let uploads = 0;
  page.on('request', (r) => {
    if (r.url().includes('/storage/v1/object/blog-images')) uploads += 1;
  });
  await page.getByLabel('Качи изображение').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByRole('alert').filter({ hasText: 'Може да качвате само изображения.' })).toBeVisible();
  expect(uploads).toBe(0);
});

test('with more than a page of posts, the admin finds one by a word of its title and opens it for editing', async ({ page }) => {
  // 25 old drafts in one request: more than one page, and older than every other test's posts
  const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const word = `Търсимо${run}`;
  const rows = Array.from({ length: 25 }, (_, i) => ({
    title: i === 17 ? `Наръчник ${word} за офиса` : `Стара чернова ${i + 1} ${run}`,
    slug: `e2e-page-${run}-${i + 1}`,
    author: 'Мария Иванова',
    content: `## Глава ${i + 1}\n\nСъдържание на старата чернова.`,
    excerpt: `Кратко описание ${i + 1}.`,
    is_published: false,
    created_at: new Date(Date.UTC(2020, 0, 1) - i * 60_000).toISOString(),
  }));
  const { error } = await db.from('blog_posts').insert(rows);
  expect(error).toBeNull();
  try {
    await signInAt(page, '/blog-admin/posts');
    const pager = page.getByRole('navigation', { name: 'Страници на публикациите' });
    await expect(pager).toBeVisible();
    await expect(pager.getByRole('button', { name: 'Страница 1' })).toHaveAttribute('aria-current', 'page');
    await expect(postCard(page, `Наръчник ${word} за офиса`)).toHaveCount(0);

    await page.getByRole('search', { name: 'Търсене в публикациите' }).getByLabel('Търсене').fill(word.toLowerCase());
    await expect(page.getByText('Намерени публикации: 1')).toBeVisible();
    const card = postCard(page, `Наръчник ${word} за офиса`);
    await expect(card).toBeVisible();
    await expect(pager).toBeHidden();

    await card.getByRole('button', { name: /^Редактирай/ }).click();
    await expect(page.getByRole('heading', { name: 'Редактиране на публикация' })).toBeVisible();
    // the form's address carries the list's search along
    await expect(page).toHaveURL(new RegExp(`/blog-admin/posts/[0-9a-f-]{36}\\?posts\\.q=${encodeURIComponent(word.toLowerCase())}$`));
    await expect(page.getByLabel('Заглавие')).toHaveValue(`Наръчник ${word} за офиса`);
    await expect(page.getByLabel('Адрес (slug)')).toHaveValue(`e2e-page-${run}-18`);
    await page.getByRole('tab', { name: 'Съдържание' }).click();
    // the content, which the list never reads, came with the post read by id
    await expect(page.getByLabel('Съдържание (Markdown)')).toHaveValue('## Глава 18\n\nСъдържание на старата чернова.');

    // the browser's Back returns to the search result
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/blog-admin/posts\\?posts\\.q=${encodeURIComponent(word.toLowerCase())}$`));
    await expect(page.getByText('Намерени публикации: 1')).toBeVisible();
    await expect(page.getByRole('search', { name: 'Търсене в публикациите' }).getByLabel('Търсене')).toHaveValue(word.toLowerCase());
  } finally {
    await db.from('blog_posts').delete().like('slug', `e2e-page-${run}-%`);
  }
});

test('a half-written new post survives a reload as a local draft, offered and restored on opening the form again', async ({ page }) => {
  const title = unique('Чернова след презареждане');
  await signInAt(page, '/blog-admin/posts');
  await page.getByRole('button', { name: 'Нова публикация' }).click();
  await page.getByLabel('Заглавие').fill(title);
  // the browser asks before a page with unsaved changes reloads: the admin leaves
  page.on('dialog', (dialog) => void dialog.accept());
  await page.reload();

  // the new post's form has an address of its own: the reload opens it again
  await expect(page).toHaveURL(/\/blog-admin\/posts\/new$/);
  const notice = page.getByRole('alert').filter({ hasText: 'Имате незапазена чернова от' });
  await expect(notice).toBeVisible();
  await expect(page.getByLabel('Заглавие')).toHaveValue('');
  await notice.getByRole('button', { name: 'Възстанови черновата' }).click();
  await expect(page.getByLabel('Заглавие')).toHaveValue(title);
  await expect(notice).toHaveCount(0);

  // leaving asks, and 'Отхвърли' on the next opening drops the draft for good
  await page.getByRole('button', { name: 'Назад към публикациите' }).click();
  await page.getByRole('alertdialog', { name: 'Незапазени промени' }).getByRole('button', { name: 'Излез без запазване' }).click();
  await page.getByRole('button', { name: 'Нова публикация' }).click();
  await notice.getByRole('button', { name: 'Отхвърли' }).click();
  await expect(notice).toHaveCount(0);
  expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('admin-post-draft:')))).toEqual([]);
});
