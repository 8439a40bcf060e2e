// Every inquiry and booking is a lead: a visitor who came from a campaign and read other pages
// before writing is counted to the campaign, in the inbox and its CSV; the admin works the lead on
// its card (stage, owner, follow-up; 'Загубена' asks why) and on the person's page (a note), where
// a later booking under a differently written address appears beside the inquiry; and strangers
// read none of it. The morning e-mail is proven at a chosen hour in tests/backend/leads.ts.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { anonDb, anonVisitor, asVisitor, bookNextMonth, db, likeAPerson, signIn, toasts, unique } from './support';

test('a visitor from a campaign who reads other pages first is counted to it; the admin works the lead and sees the person whole', async ({ page, browser }) => {
  const name = unique('Кампания Тестова');
  const local = `kampania.${Date.now().toString(36)}`;
  const email = `${local}@example.com`;

  const visitorContext = await browser.newContext({ locale: 'bg-BG', timezoneId: 'Europe/Sofia' });
  try {
    await asVisitor(visitorContext);
    const visitor = await visitorContext.newPage();
    await visitor.goto('/?utm_source=newsletter&utm_medium=email&utm_campaign=esen-2026&gclid=Cj0KCQ-test');
    // a page's script loads after its first paint: a reader stays that long (the page marks itself ready)
    await expect(visitor.locator('html')).toHaveAttribute('data-app-ready', /.*/);
    await visitor.goto('/blog');
    // a seeded post (supabase/seed.sql), opened from the listing
    await visitor.locator('main').getByRole('link', { name: 'Как AI асистентът спестява 10 часа седмично на малкия бизнес', exact: true }).click();
    await expect(visitor).toHaveURL(/\/blog\/ai-asistent-spestyava-vreme$/);
    await visitor.getByRole('banner').getByRole('button', { name: 'Свържете се' }).click();
    const openedAt = Date.now();
    const dialog = visitor.getByRole('dialog', { name: 'Изпратете запитване' });
    await dialog.getByRole('button', { name: /Софтуер по поръчка/ }).click();
    await dialog.getByRole('textbox', { name: 'Компания' }).fill('Кампания ООД');
    await dialog.getByRole('textbox', { name: 'Име', exact: true }).fill(name);
    await dialog.getByRole('radio', { name: 'Имейл' }).check();
    await dialog.getByRole('textbox', { name: 'Имейл' }).fill(email);
    await dialog.getByRole('button', { name: 'Напред' }).click();
    await dialog.getByRole('textbox', { name: 'Съобщение' }).fill('Искаме портал за клиенти.');
    await likeAPerson(openedAt);
    await dialog.getByRole('button', { name: 'Изпрати' }).click();
    await expect(visitor.getByText('Ще се свържем с вас скоро.', { exact: true })).toBeVisible();
  } finally {
    await visitorContext.close();
  }
  const { data: rows, error } = await db.from('contact_submissions').select('id, first_touch, contact_id, status').eq('name', name);
  expect(error).toBeNull();
  expect(rows).toHaveLength(1);
  const saved = rows![0];
  // the first page of the visit, not the one the visitor wrote from; the click id's presence, not its value
  expect(saved!.first_touch).toMatchObject({ utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'esen-2026', gclid: true, landing_path: '/' });
  expect(JSON.stringify(saved!.first_touch)).not.toContain('Cj0KCQ');

  // the same person books later, writing the address in capitals
  await bookNextMonth(anonVisitor(), name, email.toUpperCase());

  await signIn(page);
  const tab = page.getByRole('tab', { name: /^Запитвания/ });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('region', { name: 'Запитвания' }).getByRole('searchbox', { name: 'Търсене' }).fill(name);
  const card = page.getByRole('list', { name: 'Списък със запитвания' }).getByRole('article', { name });
  await expect(card.getByText('newsletter / email · esen-2026')).toBeVisible();
  await expect(card.getByText('Начална страница: /')).toBeVisible();

  // the CSV names the source too
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Експорт в CSV' }).click();
  const csv = (await readFile((await (await downloading).path())!)).toString('utf8');
  expect(csv).toContain(`,${name},Кампания ООД,`);
  expect(csv).toMatch(new RegExp(`${name},.*,newsletter,email,esen-2026,/\\r\\n`));

  // 'Загубена' without a reason is refused; a stage, an owner and a follow-up are saved
  await card.getByRole('combobox', { name: 'Етап' }).selectOption({ label: 'Загубена' });
  const lost = page.getByRole('dialog', { name: 'Защо е загубена?' });
  await lost.getByRole('button', { name: 'Маркирай като загубена' }).click();
  await expect(lost.getByRole('alert')).toHaveText('Изберете или напишете причина за загубата.');
  await page.keyboard.press('Escape');
  await expect(lost).toHaveCount(0);
  expect((await db.from('contact_submissions').select('status').eq('id', saved!.id).single()).data?.status).toBe('new');

  await card.getByRole('combobox', { name: 'Етап' }).selectOption({ label: 'Оферта' });
  await expect(toasts(page).getByText('Запитването е обновено').first()).toBeVisible();
  await card.getByRole('combobox', { name: 'Отговорник' }).selectOption({ label: 'Мария Иванова' });
  const tomorrow = new Date(Date.now() + 86_400_000);
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Sofia' }).format(tomorrow);
  await card.getByLabel('Следващ контакт', { exact: true }).fill(`${day}T10:30`);
  await card.getByLabel('Следващ контакт', { exact: true }).locator('xpath=ancestor::form').getByRole('button', { name: 'Запази' }).click();
  await expect
    .poll(async () => (await db.from('contact_submissions').select('status, owner_id, follow_up_at').eq('id', saved!.id).single()).data)
    .toMatchObject({ status: 'proposal', owner_id: 'a0000000-0000-4000-8000-000000000001' });
  const { data: row } = await db.from('contact_submissions').select('follow_up_at').eq('id', saved!.id).single();
  expect(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Sofia', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(row!.follow_up_at!))).toBe('10:30');

  // the person's page: the inquiry and the booking under the other spelling, the stage change, a note
  await card.getByRole('link', { name: /Контакт: бележки и история/ }).click();
  await expect(page).toHaveURL(new RegExp(`/blog-admin/contacts/${saved!.contact_id}$`));
  const history = page.getByRole('list', { name: new RegExp(`^История: ${name}`) });
  await expect(history.getByText('Запитване (Оферта)')).toBeVisible();
  await expect(history.getByText(/^Резервация за /)).toBeVisible();
  await expect(history.getByText('Етап: Нова → Оферта (Мария Иванова)')).toBeVisible();
  await page.getByLabel('Нова бележка').fill('Обадих се: иска оферта до петък.');
  await page.getByRole('button', { name: 'Добави бележката' }).click();
  await expect(history.getByText('Обадих се: иска оферта до петък.')).toBeVisible();
  await expect(history.getByText('Бележка (Мария Иванова)')).toBeVisible();
});

test('strangers read no contact, note or timeline, and cannot write a note', async () => {
  const contacts = await anonDb.from('contacts').select('id');
  expect(contacts.error?.code).toBe('42501');
  const notes = await anonDb.from('lead_notes').select('id');
  expect(notes.error?.code).toBe('42501');
  const timeline = await anonDb.rpc('contact_timeline', { contact: '00000000-0000-4000-8000-000000000000' });
  expect(timeline.error?.code).toBe('42501');
  const { data: someone } = await db.from('contacts').select('id').limit(1).single();
  const note = await anonDb.from('lead_notes').insert({ contact_id: someone!.id, body: 'Спам' });
  expect(note.error?.code).toBe('42501');
});
