// Calendar settings: new working hours change the booking slots
// visitors are offered.
import { expect, test, type Page } from '@playwright/test';
import { db, openSignedIn } from './support';
import { toasts } from './admin-helpers';

interface Row {
  id: string;
  working_hours: { start: string; end: string; days: string[] };
  time_zone: string;
}

let original: Row | null = null;

test.beforeEach(async () => {
  const { data } = await db.from('calendar_settings').select('id, working_hours, time_zone').limit(1).single();
  original = data as Row | null;
});

test.afterEach(async () => {
  // other specs share this database: put the seeded hours back
  if (original) await db.from('calendar_settings').update({ working_hours: original.working_hours, time_zone: original.time_zone }).eq('id', original.id);
});

const pad = (n: number) => String(n).padStart(2, '0');

/** A weekday three weeks ahead, away from the bookings other specs make. */
function farWeekday(): Date {
  const day = new Date();
  day.setDate(day.getDate() + 21);
  while (day.getDay() === 0 || day.getDay() === 6) day.setDate(day.getDate() + 1);
  return day;
}

async function offeredSlots(page: Page): Promise<string[]> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Запазете консултация' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Запазете консултация' });
  await expect(dialog).toBeVisible();
  const day = farWeekday();
  const key = `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
  const button = dialog.locator(`button[data-day="${key}"]`);
  for (let i = 0; i < 3 && !(await button.count()); i++) await dialog.getByRole('button', { name: 'Следващ месец' }).click();
  await button.click();
  const list = dialog.getByRole('list', { name: /Свободни часове/ });
  await expect(list).toBeVisible();
  return list.getByRole('button').allTextContents();
}

test('changing the working hours changes the booking slots, minutes included', async ({ page, browser }) => {
  await openSignedIn(page, '/blog-admin/calendar');
  await expect(page.getByRole('heading', { name: 'Настройки на календара' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Петък' })).toBeChecked();
  await page.getByLabel('Начало').fill('10:30');
  await page.getByLabel('Край').fill('13:00');
  await page.getByRole('checkbox', { name: 'Събота' }).check();
  await expect(page.getByText('10:30 – 13:00 (Europe/Sofia)')).toBeVisible();
  const preview = page.getByRole('list', { name: /^Часове за посетителите/ });
  await expect(preview.getByRole('listitem')).toHaveText(['10:30', '11:00', '11:30', '12:00', '12:30']);
  await page.getByRole('button', { name: 'Запази настройките' }).click();
  await expect(toasts(page).getByText('Настройките на календара са запазени')).toBeVisible();

  const { data } = await db.from('calendar_settings').select('working_hours, time_zone').eq('id', original!.id).single();
  expect(data).toMatchObject({
    working_hours: { start: '10:30', end: '13:00', days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] },
    time_zone: 'Europe/Sofia',
  });

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  const slots = (await offeredSlots(visitor)).map((s) => s.trim());
  // exactly what the preview said (less any taken by other specs)
  expect(slots.length).toBeGreaterThanOrEqual(3);
  for (const slot of slots) expect(['10:30', '11:00', '11:30', '12:00', '12:30'], `slot ${slot}`).toContain(slot);
  await visitorContext.close();
});

test('an end before the start is refused in the form', async ({ page }) => {
  await openSignedIn(page, '/blog-admin/calendar');
  await page.getByLabel('Начало').fill('15:00');
  await page.getByLabel('Край').fill('11:00');
  await page.getByRole('button', { name: 'Запази настройките' }).click();
  await expect(page.getByText('Краят на работното време трябва да е след началото.')).toBeVisible();
  const { data } = await db.from('calendar_settings').select('working_hours').eq('id', original!.id).single();
  expect(data?.working_hours).toEqual(original!.working_hours);
});
