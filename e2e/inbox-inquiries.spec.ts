// The admin inbox, inquiries: an inquiry sent from the landing page appears as new,
// moving it to 'В контакт' takes it out of the 'Нови' filter, the filtered list exports as CSV, and an
// anonymous visitor can read neither inbox table.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { anonDb, asVisitor, db, likeAPerson, openSignedIn, shownAt, signIn, unique } from './support';
import { toasts } from './admin-helpers';

async function openInquiries(page: Page) {
  const tab = page.getByRole('tab', { name: /^Запитвания/ });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/\/blog-admin\/inquiries$/);
}

async function countNew(): Promise<number> {
  const { count, error } = await db.from('contact_submissions').select('id', { count: 'exact', head: true }).eq('status', 'new');
  expect(error).toBeNull();
  return count ?? 0;
}

test('an inquiry sent from the landing page arrives in the inbox as new, first, with its details', async ({ page, browser }) => {
  const name = unique('Инбокс Тестов');
  const company = unique('Имоти Инбокс');

  // a visitor sends it through the wizard, in their own browser
  const visitorContext = await browser.newContext({ locale: 'bg-BG', timezoneId: 'Europe/Sofia' });
  try {
    await asVisitor(visitorContext);
    const visitor = await visitorContext.newPage();
    await visitor.goto('/');
    await visitor.getByRole('banner').getByRole('button', { name: 'Свържете се' }).click();
    const dialog = visitor.getByRole('dialog', { name: 'Изпратете запитване' });
    const openedAt = await shownAt(dialog);
    await dialog.getByRole('button', { name: /Фитнес/ }).click();
    await dialog.getByRole('textbox', { name: 'Компания' }).fill(company);
    await dialog.getByRole('textbox', { name: 'Име', exact: true }).fill(name);
    await dialog.getByRole('radio', { name: 'Имейл' }).check();
    await dialog.getByRole('textbox', { name: 'Имейл' }).fill('inbox.e2e@example.com');
    await dialog.getByRole('button', { name: 'Напред' }).click();
    await dialog.getByRole('textbox', { name: 'Съобщение' }).fill('Търсим система за членства,\nс онлайн плащане.');
    await likeAPerson(openedAt);
    await dialog.getByRole('button', { name: 'Изпрати' }).click();
    await expect(visitor.getByText('Ще се свържем с вас скоро.', { exact: true })).toBeVisible();
  } finally {
    await visitorContext.close();
  }
  const { data: saved } = await db.from('contact_submissions').select('id, status').eq('name', name).single();
  expect(saved).toMatchObject({ status: 'new' });

  await signIn(page);
  const tab = page.getByRole('tab', { name: /^Запитвания/ });
  await expect(tab).toHaveAccessibleName(`Запитвания (${await countNew()} нови)`);
  await openInquiries(page);

  // newest first: the inquiry just sent is at the top of the unfiltered list
  const list = page.getByRole('list', { name: 'Списък със запитвания' });
  await expect(list.getByRole('article').first()).toHaveAccessibleName(name);
  const card = list.getByRole('article', { name });
  await expect(card.getByRole('combobox', { name: 'Етап' })).toHaveValue('new');
  await expect(card.getByText(company)).toBeVisible();
  await expect(card.getByText('Фитнес', { exact: true })).toBeVisible();
  await expect(card.getByRole('link', { name: 'inbox.e2e@example.com' })).toHaveAttribute('href', 'mailto:inbox.e2e@example.com');
  await expect(card.getByText('Търсим система за членства,')).toBeVisible();
  await expect(card.locator('time')).toHaveText(/^\d{1,2} [а-я]+ \d{4} г\., \d\d:\d\d$/);
});

test('an inquiry moved to contacted leaves the new filter and the count; put back, it is new again', async ({ page }) => {
  const name = unique('Обработено Тестово');
  const company = unique('Фирма Обработено');
  const { error } = await db
    .from('contact_submissions')
    .insert({ name, company, email: 'handled.e2e@example.com', phone: '', message: 'Здравейте.', purpose: 'fitness', contact_method: 'email' });
  expect(error).toBeNull();
  const { data: saved } = await db.from('contact_submissions').select('id').eq('name', name).single();

  await signIn(page);
  const tab = page.getByRole('tab', { name: /^Запитвания/ });
  await openInquiries(page);
  const list = page.getByRole('list', { name: 'Списък със запитвания' });
  await page.getByRole('search').getByLabel('Етап', { exact: true }).selectOption({ label: 'Нови' });
  await page.getByRole('searchbox', { name: 'Търсене' }).fill(company);
  const card = list.getByRole('article', { name });
  await expect(card).toBeVisible();
  await expect(page.getByText('Намерени запитвания: 1')).toBeVisible();

  await card.getByRole('combobox', { name: 'Етап' }).selectOption({ label: 'В контакт' });
  await expect(toasts(page).getByText('Запитването е обновено')).toBeVisible();
  await expect(card).toHaveCount(0);
  await expect(page.getByText('Няма запитвания, които отговарят на филтрите.')).toBeVisible();
  await expect.poll(async () => (await db.from('contact_submissions').select('status').eq('id', saved!.id).single()).data?.status).toBe('contacted');
  await expect(tab).toHaveAccessibleName(`Запитвания (${await countNew()} нови)`);

  // under 'В контакт' it is there, and it can be put back
  await page.getByRole('search').getByLabel('Етап', { exact: true }).selectOption({ label: 'В контакт' });
  await expect(card.getByText('В контакт', { exact: true }).first()).toBeVisible();
  await card.getByRole('combobox', { name: 'Етап' }).selectOption({ label: 'Нова' });
  await expect(toasts(page).getByText('Запитването е обновено').first()).toBeVisible();
  await expect(card).toHaveCount(0);
  await expect.poll(async () => (await db.from('contact_submissions').select('status').eq('id', saved!.id).single()).data?.status).toBe('new');
});

test('the filtered list exports as a UTF-8 CSV with a BOM, every page of it', async ({ page }) => {
  const token = unique('ЕкспортЕ2Е').replace(/\s/g, '-');
  // older inquiries: arranged through the service role and dated an hour back, so they neither pass
  // for 28 visitors this minute nor count against the intake limit of the tests that follow
  const anHourAgo = new Date(Date.now() - 3_600_000).toISOString();
  const rows = Array.from({ length: 27 }, (_, i) => ({
    created_at: anHourAgo,
    name: `Клиент ${String(i + 1).padStart(2, '0')} ${token}`,
    email: `export${i}@example.com`,
    phone: '',
    company: i === 0 ? `Хотел "Изгрев", ${token}` : `Компания ${token}`,
    message: i === 0 ? 'Първи ред,\nвтори ред' : 'Кратко съобщение',
    purpose: 'hospitality',
    contact_method: 'email',
  }));
  const { error } = await db.from('contact_submissions').insert(rows);
  expect(error).toBeNull();
  // a visitor's inquiry of the same kind that the service filter leaves out
  await db.from('contact_submissions').insert({ ...rows[1], name: `Друга услуга ${token}`, purpose: 'custom' });

  await openSignedIn(page, '/blog-admin/inquiries');
  await page.getByRole('searchbox', { name: 'Търсене' }).fill(token);
  await page.getByLabel('Услуга', { exact: true }).selectOption({ label: 'Туризъм и ресторанти' });
  await expect(page.getByText('Намерени запитвания: 27')).toBeVisible();
  const pager = page.getByRole('navigation', { name: 'Страници на запитванията' });
  await expect(pager.getByText(/Страница 1 от 2/)).toBeVisible();
  await pager.getByRole('button', { name: /Следваща/ }).click();
  const list = page.getByRole('list', { name: 'Списък със запитвания' });
  await expect(list.getByRole('article')).toHaveCount(7);
  await expect(pager.getByText(/Страница 2 от 2/)).toBeVisible();
  // the place is in the address: a refresh opens the same filtered page
  await expect(page).toHaveURL(/[?&]inquiries\.page=2(&|$)/);
  await page.reload();
  await expect(pager.getByText(/Страница 2 от 2/)).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Търсене' })).toHaveValue(token);
  await expect(list.getByRole('article')).toHaveCount(7);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Експорт в CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^zapitvania-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.subarray(3).toString('utf8');
  const lines = text.split('\r\n');
  expect(lines[0]).toBe(
    'Дата,Име,Компания,Услуга,Начин за контакт,Имейл,Телефон,Съобщение,Етап,Причина за загубата,Отговорник,Следващ контакт,Оферта (EUR),Източник,Канал,Кампания,Начална страница',
  );
  expect(text.match(new RegExp(`Клиент \\d\\d ${token}`, 'g'))).toHaveLength(27);
  expect(text).not.toContain('Друга услуга');
  expect(text).toContain(`,Клиент 01 ${token},"Хотел ""Изгрев"", ${token}",Туризъм и ресторанти,Имейл,export0@example.com,,"Първи ред,\nвтори ред",Нова,,,,,,,,\r\n`);
  await expect(toasts(page).getByText('Файлът е изтеглен')).toBeVisible();
});

test('an anonymous visitor can read neither inquiries nor bookings', async () => {
  const inquiries = await anonDb.from('contact_submissions').select();
  expect(inquiries.data).toBeNull();
  expect(inquiries.error?.code).toBe('42501');
  const bookings = await anonDb.from('appointments').select();
  expect(bookings.data).toBeNull();
  expect(bookings.error?.code).toBe('42501');
  // nor count them
  const counted = await anonDb.from('contact_submissions').select('id', { count: 'exact', head: true });
  expect(counted.count).toBeNull();
  expect(counted.error).not.toBeNull();
  // and a visitor cannot file an inquiry already past 'new'
  const handled = await anonDb.from('contact_submissions').insert({
    name: unique('Хитър посетител'),
    email: 'sly@example.com',
    phone: '',
    company: 'Хитри ООД',
    message: 'Вече е обработено.',
    purpose: 'custom',
    contact_method: 'email',
    status: 'won',
  });
  expect(handled.error?.code).toBe('42501');
});
