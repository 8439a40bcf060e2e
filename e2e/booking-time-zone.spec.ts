// The booking calendar lives in the consultant's time zone: a visitor whose browser is
// in New York is offered Sofia's working hours, labelled with their own clock too, and the instant
// stored is inside those hours. The phone is validated per country and stored in E.164.
import { expect, test } from '@playwright/test';
import { asVisitor, db, likeAPerson, shownAt, unique } from './support';

const sofiaClock = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Sofia', weekday: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(iso),
  );

test('a visitor in New York books a Sofia slot; the stored instant is inside the working hours', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'bg-BG', timezoneId: 'America/New_York' });
  const name = unique('Ню Йорк');
  try {
    await asVisitor(context);
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Запазете консултация' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Запазете консултация' });
    const openedAt = await shownAt(dialog);
    await dialog.getByRole('button', { name: 'Следващ месец' }).click();
    await dialog.locator('button[data-day]:not([disabled])').first().click();
    const slots = dialog.getByRole('list', { name: /Свободни часове за/ }).getByRole('button');
    await expect(slots.first()).toHaveText(/^\d\d:\d\d \(\d\d:\d\d ваше време\)$/);
    await expect(dialog.getByText(/Часовете са по българско време\. В скоби е вашето време \(America\/New_York\)\./)).toBeVisible();
    // the last slot of the day: 16:30 in Sofia, the middle of the night never
    const last = slots.last();
    await expect(last).toHaveText(/^16:30 \(/);
    await last.click();
    await dialog.getByRole('button', { name: 'Продължи' }).click();
    await dialog.getByRole('textbox', { name: 'Име', exact: true }).fill(name);
    await dialog.getByRole('textbox', { name: 'Имейл' }).fill('new.york@example.com');

    // an impossible number is refused where it is typed (the message once the field is left, the
    // shared timing of the forms); a valid one goes through
    const phone = dialog.getByRole('textbox', { name: 'Телефон' });
    await phone.fill('123456');
    await phone.blur();
    await expect(dialog.getByText('Моля въведете валиден телефонен номер')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Потвърдете резервацията' })).toBeDisabled();
    await phone.fill('');
    await phone.pressSequentially('0888123456');
    await expect(phone).toHaveValue('088 812 3456');
    await expect(dialog.getByText('Моля въведете валиден телефонен номер')).toHaveCount(0);
    await likeAPerson(openedAt);
    await dialog.getByRole('button', { name: 'Потвърдете резервацията' }).click();
    await expect(page.getByText('Вашата резервация е изпратена. Ще се свържем с вас скоро.', { exact: true })).toBeVisible();
  } finally {
    await context.close();
  }

  const { data, error } = await db.from('appointments').select('preferred_date, client_phone, status').eq('client_name', name).single();
  expect(error).toBeNull();
  expect(data).toMatchObject({ client_phone: '+359888123456', status: 'pending' });
  // a working day at 16:30 on Sofia's clock
  expect(sofiaClock(data!.preferred_date as string)).toMatch(/^(Monday|Tuesday|Wednesday|Thursday|Friday) 16:30$/);
});
