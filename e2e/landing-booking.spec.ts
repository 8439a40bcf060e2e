// A visitor books a consultation: the appointment is stored as pending with the chosen instant,
// the team is notified, and a booked slot is no longer offered to the next visitor.
import { expect, test } from '@playwright/test';
import { PERSON_FILL_MS, anonVisitor, chatShows, db, likeAPerson, openBookingOnNextMonth, unique, webhookMessages } from './support';


test('a booking lands in appointments as pending and the team hears of it', async ({ page }) => {
  const name = unique('Петър Е2Е');
  const dialog = await openBookingOnNextMonth(page);
  const openedAt = Date.now();

  // weekends cannot be chosen
  const days = dialog.locator('button[data-day]');
  const weekendDisabled = await days.evaluateAll((buttons) =>
    buttons
      .filter((b) => {
        const [y, m, d] = b.getAttribute('data-day')!.split('-').map(Number);
        const weekday = new Date(y, m - 1, d).getDay();
        return weekday === 0 || weekday === 6;
      })
      .every((b) => (b as HTMLButtonElement).disabled),
  );
  expect(weekendDisabled).toBe(true);

  const day = dialog.locator('button[data-day]:not([disabled])').first();
  const dayKey = (await day.getAttribute('data-day'))!;
  await day.click();
  await expect(dialog.getByRole('button', { name: 'Продължи' })).toHaveCount(0);

  const slots = dialog.getByRole('list', { name: /Свободни часове за/ });
  const slot = slots.getByRole('button').first();
  const time = (await slot.textContent())!.trim();
  expect(time).toMatch(/^\d\d:\d\d$/);
  await slot.click();
  await dialog.getByRole('button', { name: 'Продължи' }).click();

  const submit = dialog.getByRole('button', { name: 'Потвърдете резервацията' });
  await expect(submit).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Име', exact: true }).fill(name);
  await dialog.getByRole('textbox', { name: 'Имейл' }).fill('petar.e2e@example.com');
  await dialog.getByRole('textbox', { name: 'Компания' }).fill('Вила Рила');
  await dialog.getByRole('textbox', { name: 'Телефон' }).fill('0899 111 222');
  await dialog.getByRole('textbox', { name: 'Съобщение' }).fill('Искаме онлайн резервации.');
  await likeAPerson(openedAt);
  await submit.click();

  await expect(page.getByText('Вашата резервация е изпратена. Ще се свържем с вас скоро.', { exact: true })).toBeVisible();

  // the instant of that local day and time, as the browser (Europe/Sofia) computes it
  const expected = await page.evaluate(
    ([d, t]) => {
      const [y, m, dd] = d.split('-').map(Number);
      const [h, mm] = t.split(':').map(Number);
      return new Date(y, m - 1, dd, h, mm).getTime();
    },
    [dayKey, time] as const,
  );
  const { data, error } = await db
    .from('appointments')
    .select('client_name, client_email, client_phone, company_name, preferred_date, message, status')
    .eq('client_name', name);
  expect(error).toBeNull();
  expect(data).toHaveLength(1);
  expect(data![0]).toMatchObject({
    client_email: 'petar.e2e@example.com',
    client_phone: '+359899111222',
    company_name: 'Вила Рила',
    message: 'Искаме онлайн резервации.',
    status: 'pending',
  });
  expect(new Date(data![0].preferred_date).getTime()).toBe(expected);

  await expect
    .poll(async () => (await webhookMessages()).filter((m) => JSON.stringify(m.body).includes(name)).length)
    .toBe(1);
  const fields = Object.fromEntries(
    (await webhookMessages()).find((m) => JSON.stringify(m.body).includes(name))!.body.embeds![0].fields!.map((f) => [f.name, f.value]),
  );
  expect(fields['Клиент']).toBe(name);
  expect(fields['Компания']).toBe('Вила Рила');
  expect(fields['Имейл']).toBe('petar.e2e\\@example.com'); // markdown escaped
  expect(chatShows(fields['Имейл'])).toBe('petar.e2e@example.com');
  expect(fields['Телефон']).toBe('+359899111222');
  expect(fields['Дата и час']).toContain(time);
  expect(fields['Съобщение']).toBe('Искаме онлайн резервации.');
});

// A slot someone has booked (arranged through the API, as another visitor) is not offered to the
// next visitor: the dialog reads the taken slots, the database keeps the booking.
test('a booked slot is no longer offered to the next visitor', async ({ page, browser }) => {
  const dialog = await openBookingOnNextMonth(page);
  const day = dialog.locator('button[data-day]:not([disabled])').first();
  const dayKey = (await day.getAttribute('data-day'))!;
  await day.click();
  const slots = dialog.getByRole('list', { name: /Свободни часове за/ });
  const time = (await slots.getByRole('button').first().textContent())!.trim();
  const at = await page.evaluate(
    ([d, t]) => {
      const [y, m, dd] = d.split('-').map(Number);
      const [h, mm] = t.split(':').map(Number);
      return new Date(y, m - 1, dd, h, mm).toISOString();
    },
    [dayKey, time] as const,
  );
  const { error } = await anonVisitor().from('appointments').insert({
    client_name: unique('Гергана Е2Е'),
    client_email: 'gergana.e2e@example.com',
    preferred_date: at,
    fill_ms: PERSON_FILL_MS,
  });
  expect(error).toBeNull();

  const other = await browser.newContext({ locale: 'bg-BG', timezoneId: 'Europe/Sofia' });
  try {
    const next = await other.newPage();
    const nextDialog = await openBookingOnNextMonth(next);
    await nextDialog.locator(`button[data-day="${dayKey}"]`).click();
    const nextSlots = nextDialog.getByRole('list', { name: /Свободни часове за/ });
    await expect(nextSlots.getByRole('button').first()).toBeVisible();
    await expect(nextSlots.getByRole('button', { name: time, exact: true })).toHaveCount(0);
  } finally {
    await other.close();
  }
});
