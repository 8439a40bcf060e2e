// The public forms against a bot, through the real dialogs: a bot at one address and people at
// others, as hosted's gateway tells them apart (cf-connecting-ip). The limits hold per visitor, a
// bot that fills the hidden field is dropped without noticing, and the team's chat hears of what
// is stored, from the database, with no webhook address in the browser.
import { expect, test, type Page } from '@playwright/test';
import { anonVisitor, asVisitor, db, likeAPerson, shownAt, unique, visitorAddress, webhookMessages } from './support';

const inquiry = (name: string, email: string) => ({
  name,
  email,
  phone: '',
  company: 'Ботове ООД',
  message: 'Купете нашите ботове.',
  purpose: 'custom',
  contact_method: 'email',
});

async function openWizard(page: Page) {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Свържете се' }).click();
  const dialog = page.getByRole('dialog', { name: 'Изпратете запитване' });
  const openedAt = await shownAt(dialog);
  await dialog.getByRole('button', { name: /Софтуер по поръчка/ }).click();
  return { dialog, openedAt };
}

async function fillWizard(dialog: ReturnType<Page['getByRole']>, name: string, email: string) {
  await dialog.getByRole('textbox', { name: 'Компания' }).fill('Човешка фирма');
  await dialog.getByRole('textbox', { name: 'Име', exact: true }).fill(name);
  await dialog.getByRole('radio', { name: 'Имейл' }).check();
  await dialog.getByRole('textbox', { name: 'Имейл' }).fill(email);
  await dialog.getByRole('button', { name: 'Напред' }).click();
  await dialog.getByRole('textbox', { name: 'Съобщение' }).fill('Искаме да поговорим.');
}

const stored = async (name: string) => (await db.from('contact_submissions').select('id').eq('name', name)).data ?? [];

test('a bot at one address is stopped after three inquiries; a person at another sends theirs through the wizard', async ({ page }) => {
  const bot = anonVisitor();
  const sent = [];
  for (let i = 0; i < 5; i++) {
    const { error } = await bot.from('contact_submissions').insert(inquiry(unique('Бот'), `bot${i}.${Date.now()}@example.com`));
    sent.push(error?.hint ?? 'stored');
  }
  expect(sent).toEqual(['stored', 'stored', 'stored', 'inquiry_limit_client', 'inquiry_limit_client']);

  // the person is not affected, and the team's chat hears of them from the database
  await asVisitor(page);
  const name = unique('Човек');
  const { dialog, openedAt } = await openWizard(page);
  await fillWizard(dialog, name, 'person@example.com');
  await likeAPerson(openedAt);
  await dialog.getByRole('button', { name: 'Изпрати' }).click();
  await expect(page.getByText('Ще се свържем с вас скоро.', { exact: true })).toBeVisible();
  expect(await stored(name)).toHaveLength(1);
  await expect.poll(async () => (await webhookMessages()).filter((m) => JSON.stringify(m.body).includes(name)).length).toBe(1);
});

test('past the per-visitor limit the wizard says so in Bulgarian, offers the phone and e-mail, and keeps what was typed', async ({ page }) => {
  const address = visitorAddress();
  const same = anonVisitor(address);
  for (let i = 0; i < 3; i++) {
    expect((await same.from('contact_submissions').insert(inquiry(unique('Преди'), `before${i}.${Date.now()}@example.com`))).error).toBeNull();
  }
  await asVisitor(page, address);
  const name = unique('Четвърто');
  const { dialog, openedAt } = await openWizard(page);
  await fillWizard(dialog, name, 'fourth@example.com');
  await likeAPerson(openedAt);
  await dialog.getByRole('button', { name: 'Изпрати' }).click();
  // the toasts' region, while the modal wizard hides the rest of the page from the accessibility tree
  const region = page.locator('[role="region"][aria-label^="Известия"]');
  await expect(region.getByText('Не можем да приемем запитването в момента')).toBeVisible();
  await expect(region.getByText(/обадете се на \+359 .* или ни пишете на .+@/)).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Съобщение' })).toHaveValue('Искаме да поговорим.');
  expect(await stored(name)).toEqual([]);
});

test('a bot that fills the hidden field sees the usual success; nothing is stored and nobody is told', async ({ page }) => {
  await asVisitor(page);
  const name = unique('Бот в капана');
  const { dialog, openedAt } = await openWizard(page);
  await fillWizard(dialog, name, 'trap@example.com');
  // a person never sees this field; a bot fills every input it finds
  await dialog.locator('input[name="website"]').fill('https://spam.example', { force: true });
  await likeAPerson(openedAt);
  await dialog.getByRole('button', { name: 'Изпрати' }).click();
  await expect(page.getByText('Ще се свържем с вас скоро.', { exact: true })).toBeVisible();
  expect(await stored(name)).toEqual([]);
  // what a person sends at the same time does reach the chat: then the bot's would have by now
  const person = anonVisitor();
  const control = unique('Контрола');
  expect((await person.from('contact_submissions').insert(inquiry(control, 'control@example.com'))).error).toBeNull();
  await expect.poll(async () => (await webhookMessages()).some((m) => JSON.stringify(m.body).includes(control))).toBe(true);
  expect((await webhookMessages()).some((m) => JSON.stringify(m.body).includes(name))).toBe(false);
});

test('no script a visitor downloads carries a chat webhook address', async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script') scripts.push(await response.text().catch(() => ''));
  });
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Свържете се' }).click();
  await page.getByRole('dialog', { name: 'Изпратете запитване' }).getByRole('button', { name: /Софтуер по поръчка/ }).click();
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(3);
  for (const text of scripts) expect(text).not.toMatch(/chat-webhook|api\/webhooks|hooks\.slack\.com/);
});
