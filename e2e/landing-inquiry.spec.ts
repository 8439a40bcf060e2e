// A visitor sends an inquiry through the three-step wizard: it lands in contact_submissions and
// the database tells the team's chat (the local sink) with the right fields.
import { expect, test } from '@playwright/test';
import { asVisitor, chatShows, db, likeAPerson, shownAt, unique, webhookMessages } from './support';

test('an inquiry with a phone number goes through all three steps into the database and the chat', async ({ page }) => {
  const name = unique('Иван Тестов');
  const company = unique('Имоти Е2Е');

  await asVisitor(page);
  await page.goto('/');
  // the draft is kept across a reload with the visitor's consent, given from the footer (without it
  // the draft lives in the page's memory only: e2e/consent.spec.ts)
  await page.getByRole('contentinfo').getByRole('button', { name: 'Настройки за поверителност' }).click();
  await page.getByRole('region', { name: 'Поверителност' }).getByRole('button', { name: 'Приемам' }).click();
  await page.getByRole('banner').getByRole('button', { name: 'Свържете се' }).click();
  const dialog = page.getByRole('dialog', { name: 'Изпратете запитване' });
  const openedAt = await shownAt(dialog);
  await expect(dialog.getByRole('heading', { name: 'Каква услуга търсите?' })).toBeVisible();
  await expect(dialog.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');

  // step 1 advances by itself
  await dialog.getByRole('button', { name: /Недвижими имоти/ }).click();
  await expect(dialog.getByRole('heading', { name: 'Вашите данни за контакт' })).toBeVisible();

  await dialog.getByRole('textbox', { name: 'Компания' }).fill(company);
  await dialog.getByRole('textbox', { name: 'Име', exact: true }).fill('И');
  await expect(dialog.getByText('Името трябва да е поне 2 символа')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Име', exact: true }).fill(name);
  await expect(dialog.getByText('Името трябва да е поне 2 символа')).toHaveCount(0);

  await dialog.getByRole('radio', { name: 'И двете' }).check();
  await dialog.getByRole('textbox', { name: 'Имейл' }).fill('ivan@');
  await expect(dialog.getByText('Моля въведете валиден имейл адрес')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Напред' })).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Имейл' }).fill('ivan.testov@example.com');
  await expect(dialog.getByRole('combobox', { name: /Държава/ })).toHaveValue('bg');
  await dialog.getByRole('textbox', { name: 'Телефон' }).fill('0888 123 456');
  await dialog.getByRole('button', { name: 'Напред' }).click();

  await expect(dialog.getByRole('heading', { name: 'Разкажете ни повече' })).toBeVisible();
  await expect(dialog.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await expect(dialog.getByRole('button', { name: 'Изпрати' })).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Съобщение' }).fill('Търсим CRM за екип от 12 брокери.');

  // the draft survives a reload, at the same step
  await page.reload();
  await page.getByRole('banner').getByRole('button', { name: 'Свържете се' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Съобщение' })).toHaveValue('Търсим CRM за екип от 12 брокери.');

  // sent at once after the reload: the time a person spent on the draft before it still counts
  await likeAPerson(openedAt);
  await dialog.getByRole('button', { name: 'Изпрати' }).click();
  await expect(page.getByText('Ще се свържем с вас скоро.', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('contact-form'))).toBeNull();

  const { data, error } = await db
    .from('contact_submissions')
    .select('name, email, phone, company, message, purpose, contact_method')
    .eq('name', name);
  expect(error).toBeNull();
  expect(data).toEqual([
    {
      name,
      email: 'ivan.testov@example.com',
      phone: '+359888123456',
      company,
      message: 'Търсим CRM за екип от 12 брокери.',
      purpose: 'real_estate',
      contact_method: 'both',
    },
  ]);

  await expect
    .poll(async () => (await webhookMessages()).filter((m) => JSON.stringify(m.body).includes(name)).length)
    .toBe(1);
  const message = (await webhookMessages()).find((m) => JSON.stringify(m.body).includes(name))!;
  expect(message.body.content).toBeTruthy();
  const embed = message.body.embeds![0];
  expect(embed.title).toContain('Недвижими имоти');
  expect(typeof embed.color).toBe('number');
  expect(Number.isNaN(Date.parse(embed.timestamp ?? ''))).toBe(false);
  // as the chat shows them: what visitors typed arrives with its markdown escaped
  const fields = Object.fromEntries(embed.fields!.map((f) => [f.name, chatShows(f.value)]));
  expect(fields).toEqual({
    Име: name,
    Компания: company,
    Услуга: 'Недвижими имоти',
    Имейл: 'ivan.testov@example.com',
    Телефон: '+359888123456',
    'Предпочитан начин за контакт': 'Имейл и телефон',
    Съобщение: 'Търсим CRM за екип от 12 брокери.',
  });
});

test("the FAQ's 'Свържете се с нас' opens the wizard in a modal at most 600 px wide", async ({ page }) => {
  await page.goto('/');
  await page.locator('#faq').getByRole('button', { name: 'Свържете се с нас' }).click();
  const dialog = page.getByRole('dialog', { name: 'Изпратете запитване' });
  await expect(dialog).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box!.width).toBeLessThanOrEqual(600);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
