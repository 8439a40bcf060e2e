// The privacy notice in Chromium against the stand-in: an administrator sets the controller's ЕИК
// and publishes a new version of the text in 'Поверителност'; the prerendered /poveritelnost,
// fetched as a crawler reads it, shows both within seconds (the content webhook tells the
// publisher of `vite preview`); and the link beside the inquiry wizard's send button leads there,
// the inquiry then recording the version it was sent under.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { asVisitor, db, likeAPerson, openSignedIn, shownAt, unique } from './support';
import { toasts } from './admin-helpers';

/** As the static pages' spec: polled, so the test takes only as long as the publisher does. */
const FRESH_WITHIN = { timeout: 10_000, intervals: [100, 250, 500] };
const DEMO_EIK = '206123451';
const NEW_EIK = '203456783';

const raw = async (request: APIRequestContext, path: string) => (await request.get(path)).text();
const currentVersion = async () =>
  ((await db.from('privacy_notices').select('version').order('version', { ascending: false }).limit(1).single()).data?.version as number) ?? 0;

test("an administrator's ЕИК and new version reach the static /poveritelnost within seconds", async ({ page, request }) => {
  const phrase = unique('Нов абзац на политиката');
  const before = await currentVersion();
  try {
    await openSignedIn(page, '/blog-admin/privacy');
    const eik = page.getByLabel('ЕИК', { exact: true });
    await expect(eik).toHaveValue(DEMO_EIK);
    await eik.fill(NEW_EIK);
    await page.getByRole('button', { name: 'Запази данните' }).click();
    await expect(toasts(page).getByText('Данните са запазени')).toBeVisible();

    const text = page.getByLabel(/^Текст на политиката \(Markdown\)/);
    await expect(text).toHaveValue(/Вашите права/);
    await text.fill(`${await text.inputValue()}\n\n## Ново\n\n${phrase}`);
    await page.getByRole('button', { name: 'Публикувай нова версия' }).click();
    await expect(toasts(page).getByText(`Публикувана е версия ${before + 1}`)).toBeVisible();
    await expect(page.getByRole('list', { name: 'Версии' }).getByRole('listitem').first()).toContainText(`Версия ${before + 1}`);

    await expect.poll(() => raw(request, '/poveritelnost'), FRESH_WITHIN).toContain(phrase);
    const html = await raw(request, '/poveritelnost');
    expect(html).toContain('data-prerendered="/poveritelnost"');
    expect(html).toContain(NEW_EIK);
    expect(html).toMatch(new RegExp(`Версия (<!-- -->)?${before + 1}(<!-- -->)? от`));
    expect(html).toContain('<title>Политика за поверителност | Синаптика</title>');
  } finally {
    await db.from('privacy_settings').update({ controller_eik: DEMO_EIK }).eq('id', true);
  }
});

test("the link beside the wizard's send button opens the notice; the inquiry records its version", async ({ page }) => {
  const name = unique('Поля Поверителна');
  await asVisitor(page);
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Свържете се' }).click();
  const dialog = page.getByRole('dialog', { name: 'Изпратете запитване' });
  const openedAt = await shownAt(dialog);
  await dialog.getByRole('button', { name: /Софтуер по поръчка/ }).click();
  await dialog.getByRole('textbox', { name: 'Компания' }).fill('Поверителни ООД');
  await dialog.getByRole('textbox', { name: 'Име', exact: true }).fill(name);
  await dialog.getByRole('textbox', { name: 'Имейл' }).fill('polya.poveritelna@example.com');
  await dialog.getByRole('button', { name: 'Напред' }).click();
  await dialog.getByRole('textbox', { name: 'Съобщение' }).fill('Искаме автоматизация на фактурите.');

  const link = dialog.getByRole('link', { name: /Политика за поверителност/ });
  await expect(link).toHaveAttribute('href', '/poveritelnost');
  const [notice] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
  await expect(notice.getByRole('heading', { level: 1, name: 'Политика за поверителност' })).toBeVisible();
  await expect(notice.getByRole('heading', { name: 'Администратор на личните данни' })).toBeVisible();
  await expect(notice.getByText('ЕИК', { exact: true })).toBeVisible();
  await notice.close();

  // what was typed is still there; sent, it records the version the link showed
  await likeAPerson(openedAt);
  await dialog.getByRole('button', { name: 'Изпрати' }).click();
  await expect(page.getByText('Ще се свържем с вас скоро.', { exact: true })).toBeVisible();
  const { data } = await db.from('contact_submissions').select('privacy_version').eq('name', name);
  expect(data).toEqual([{ privacy_version: await currentVersion() }]);
});
