// The panel's frame: storage check, tabs, header actions in a drawer on phones.
import { expect, test } from '@playwright/test';
import { signIn, signInAt } from './support';
import { toasts } from './admin-helpers';

test("the panel checks the image storage, shows its tabs and opens on an administrator's 'Табло'", async ({ page }) => {
  const storageChecks: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/storage/v1/object/list/blog-images')) storageChecks.push(r.method());
  });
  await signIn(page);
  await expect(page.getByRole('tab')).toHaveText([
    'Табло',
    'Публикации',
    'Потребители',
    'Клиенти',
    'Календар',
    // the inbox tabs carry the count of new items (e2e/inbox-*.spec.ts)
    /^Запитвания/,
    /^Резервации/,
    'Контакти',
    'Заявки за лични данни',
    'Абонати',
    'Кошче',
    'Одит',
    'Поверителност',
  ]);
  await expect(page).toHaveURL(/\/blog-admin\/dashboard$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Табло' })).toBeVisible();
  await expect(page.getByText('Възникна грешка')).toHaveCount(0);
  expect(storageChecks).toEqual(['POST']);
  await expect(page.getByRole('link', { name: 'Управление на проекти' })).toHaveAttribute('href', '/work-admin/projects');
});

test('on a phone the header actions sit in a side drawer', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page);
  await expect(page.getByRole('button', { name: 'Изход' })).toBeHidden();
  await page.getByRole('button', { name: 'Меню', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: 'Меню' });
  await expect(drawer.getByRole('link', { name: 'Управление на проекти' })).toBeVisible();
  await drawer.getByRole('button', { name: 'Изход' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(toasts(page).getByText('Успешно излизане')).toBeVisible();
});

test('the posts list asks for one page of the card columns, each post with its blog user, in a single request', async ({ page }) => {
  const postRequests: URLSearchParams[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.endsWith('/rest/v1/blog_posts') && r.method() === 'GET') postRequests.push(url.searchParams);
  });
  await signInAt(page, '/blog-admin/posts');
  await expect(page.getByRole('list', { name: 'Публикации' }).getByRole('listitem').first()).toBeVisible();
  expect(postRequests.map((p) => p.get('select'))).toEqual([
    'id,title,excerpt,featured_image,category,author,is_published,published_at,scheduled_at,created_at,updated_at,staff:blog_post_staff(owner:blog_users(full_name,username))',
  ]);
  expect(postRequests[0].get('limit')).toBe('20');
  await expect(page.getByRole('list', { name: 'Публикации' })).toContainText('Потребител:');
});
