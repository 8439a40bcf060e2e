// A person's request about their data, end to end: a visitor who wrote and booked asks for a copy on
// /lichni-danni, the confirmation arrives in the mail catcher, opening its link changes nothing and
// its button confirms; the admin sees the request in 'Заявки за лични данни' with its deadline, and
// the contact page's 'Изтегли данните' downloads a JSON holding the person's inquiry and booking.
// The database's rules in detail: tests/backend/data-requests.test.ts.
import { readFile } from 'node:fs/promises';
import { expect, test, type Download } from '@playwright/test';
import { E2E_BACKEND_URL } from '../scripts/tools/e2e-env.mjs';
import { anonVisitor, asVisitor, bookNextMonth, db, intakeLimits, likeAPerson, openSignedIn } from './support';

interface CaughtMail {
  to: string;
  subject: string;
  text: string;
}

const LINK = /https?:\/\/[^\s"<>]+\/lichni-danni\/potvardi\/([A-Za-z0-9_-]{43})/;

/** The messages caught for one address, newest first, once there is at least one. */
async function mailTo(address: string): Promise<CaughtMail[]> {
  let messages: CaughtMail[] = [];
  await expect
    .poll(async () => {
      messages = (await (await fetch(`${E2E_BACKEND_URL}/__local/mail?to=${encodeURIComponent(address)}`)).json()) as CaughtMail[];
      return messages.filter((m) => LINK.test(m.text)).length;
    })
    .toBeGreaterThanOrEqual(1);
  return messages.filter((m) => LINK.test(m.text));
}

const statusOf = async (address: string) => (await db.from('data_requests').select('status, due_at').eq('email', address).single()).data;

// the addresses of the other suites share the domain: the outbox's breaker is lifted, and put back
let kept: Record<string, number> = {};
test.beforeAll(async () => {
  kept = await intakeLimits();
  await intakeLimits({ mail_per_hour: 100_000, mail_per_domain_per_hour: 100_000 });
});
test.afterAll(async () => {
  await intakeLimits({ mail_per_hour: kept.mail_per_hour, mail_per_domain_per_hour: kept.mail_per_domain_per_hour });
});

test('a copy asked for, confirmed by the e-mail’s button, seen by the admin with its deadline, and downloaded', async ({ page, request }) => {
  const address = `kopie.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  const message = `Искаме онлайн магазин (${address}).`;
  // the person wrote and booked before
  const visitor = anonVisitor();
  const sent = await visitor.from('contact_submissions').insert({ name: 'Петя Колева', email: address, company: 'Колеви ООД', message, purpose: 'custom', contact_method: 'email' });
  expect(sent.error).toBeNull();
  const bookedAt = await bookNextMonth(anonVisitor(), 'Петя Колева', address);

  // the page is prerendered, its form in the HTML; the request
  const prerendered = await (await request.get('/lichni-danni')).text();
  expect(prerendered).toContain('data-prerendered="/lichni-danni"');
  expect(prerendered).toContain('Изпрати заявката');
  await asVisitor(page);
  await page.goto('/lichni-danni');
  await expect(page.getByRole('heading', { level: 1, name: 'Вашите лични данни' })).toBeVisible();
  const opened = Date.now();
  const form = page.getByRole('form', { name: 'Заявка' });
  await form.getByLabel('Имейл адрес').fill(address);
  await form.getByRole('radio', { name: /Копие на данните/ }).check();
  await expect(form.getByRole('link', { name: /Политика за поверителност/ })).toBeVisible();
  await likeAPerson(opened);
  await form.getByRole('button', { name: 'Изпрати заявката' }).click();
  await expect(page.getByRole('heading', { name: 'Проверете пощата си' })).toBeVisible();

  // its e-mail, and the link's page: opening it changes nothing, the button confirms
  const [mail] = await mailTo(address);
  expect(mail.subject).toMatch(/^Потвърдете заявката си за лични данни/);
  await page.goto(new URL(LINK.exec(mail.text)![0]).pathname);
  await expect(page.getByRole('heading', { name: 'Потвърдете заявката си' })).toBeVisible();
  await expect(page.getByText(/за да поискате копие на данните за k\*\*\*@example\.com/)).toBeVisible();
  expect((await statusOf(address))?.status).toBe('unconfirmed');
  await page.getByRole('button', { name: 'Потвърди заявката' }).click();
  await expect(page.getByRole('heading', { name: 'Заявката е получена' })).toBeVisible();
  const confirmed = await statusOf(address);
  expect(confirmed?.status).toBe('open');
  // the deadline's day on the consultant's clock (Sofia's in the seed), as the tab writes it: '29.12.2026 г.'
  const day = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Sofia' }).formatToParts(new Date(confirmed!.due_at!)).map((p) => [p.type, p.value]),
  );
  const deadline = `${day.day}.${day.month}.${day.year} г.`;

  // the admin's tab: the request with its deadline, and the way to the person
  await openSignedIn(page, `/blog-admin/data-requests?data-requests.q=${encodeURIComponent(address)}`);
  const row = page.getByRole('list', { name: 'Заявки' }).getByRole('listitem').filter({ hasText: address });
  await expect(row).toContainText('Копие на данните');
  await expect(row).toContainText('Отворена');
  await expect(row.getByText('Срок:')).toBeVisible();
  await expect(row).toContainText(`Срок:${deadline}`);
  await row.getByRole('link', { name: /Контакт: данни и история/ }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Петя Колева' })).toBeVisible();

  // 'Изтегли данните': the JSON holds the inquiry and the booking
  const downloads: Download[] = [];
  page.on('download', (d) => downloads.push(d));
  await page.getByRole('button', { name: 'Изтегли данните' }).click();
  // the JSON, then the same as a page to read
  await expect.poll(() => downloads.length).toBe(2);
  const [download, readable] = downloads;
  expect(download.suggestedFilename()).toMatch(/^danni-na-kontakt-[0-9a-f]{8}-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse((await readFile((await download.path())!)).toString('utf8')) as {
    inquiries: { message: string }[];
    bookings: { preferred_date: string; client_email: string }[];
  };
  expect(exported.inquiries.map((i) => i.message)).toEqual([message]);
  expect(exported.bookings.map((b) => [new Date(b.preferred_date).toISOString(), b.client_email])).toEqual([[bookedAt, address]]);
  expect(readable.suggestedFilename()).toBe(download.suggestedFilename().replace(/\.json$/, '.html'));
  const readablePage = (await readFile((await readable.path())!)).toString('utf8');
  expect(readablePage).toContain('<h2>Запитвания</h2>');
  expect(readablePage).toContain(message);
});
