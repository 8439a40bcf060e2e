// The admin inbox, bookings: a booking made in the dialog arrives as pending; one
// confirmed in the inbox keeps its slot taken, a cancelled one frees it for the next visitor, in
// the booking dialog and in taken_slots. Each test arranges its own booking.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { anonDb, anonVisitor, db, likeAPerson, openBookingOnNextMonth, openSignedIn, signIn, unique } from './support';
import { toasts } from './admin-helpers';

async function openBookings(page: Page) {
  const tab = page.getByRole('tab', { name: /^Резервации/ });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
}


/** What a new visitor's booking dialog offers on that day. */
async function offeredTimes(browser: Browser, dayKey: string): Promise<string[]> {
  const context = await browser.newContext({ locale: 'bg-BG', timezoneId: 'Europe/Sofia' });
  try {
    const page = await context.newPage();
    const dialog = await openBookingOnNextMonth(page);
    await dialog.locator(`button[data-day="${dayKey}"]`).click();
    const slots = dialog.getByRole('list', { name: /Свободни часове за/ });
    await expect(slots.getByRole('button').first()).toBeVisible();
    return (await slots.getByRole('button').allTextContents()).map((t) => t.trim());
  } finally {
    await context.close();
  }
}

async function takenOn(at: string): Promise<string[]> {
  const day = new Date(at);
  const start = new Date(day.getTime() - 12 * 3600_000).toISOString();
  const end = new Date(day.getTime() + 12 * 3600_000).toISOString();
  const { data, error } = await anonDb.rpc('taken_slots', { range_start: start, range_end: end });
  expect(error).toBeNull();
  return ((data ?? []) as string[]).map((s) => new Date(s).toISOString());
}

async function statusOf(name: string) {
  const { data } = await db.from('appointments').select('status').eq('client_name', name);
  return (data ?? []).map((r) => r.status as string);
}

/** Sofia's offset from UTC on that day, as "+02:00" or "+03:00". */
function sofiaOffset(day: Date): string {
  const name = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Sofia', timeZoneName: 'longOffset' })
    .formatToParts(day)
    .find((p) => p.type === 'timeZoneName')!.value;
  return name === 'GMT' ? '+00:00' : name.slice(3);
}

/**
 * A pending booking written as a visitor would write it, at the first half-hour of a weekday of
 * next month (Sofia time, 09:00–16:30) that nobody holds yet. Returns the instant and how the
 * dialog names its day and time.
 */
async function arrangeBooking(name: string): Promise<{ at: string; dayKey: string; time: string }> {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 12));
  for (let d = 0; d < 28; d++) {
    const day = new Date(first.getTime() + d * 86_400_000);
    if (day.getUTCDay() === 0 || day.getUTCDay() === 6) continue;
    const dayKey = day.toISOString().slice(0, 10);
    const taken = new Set(await takenOn(day.toISOString()));
    for (let minutes = 9 * 60; minutes < 17 * 60; minutes += 30) {
      const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
      const at = new Date(`${dayKey}T${time}:00${sofiaOffset(day)}`).toISOString();
      if (taken.has(at)) continue;
      // arranged as the team would (service role): the visitors' intake limits are not what these tests are about
      const { error } = await db.from('appointments').insert({
        client_name: name,
        client_email: `${name.replace(/\W+/g, '').toLowerCase() || 'booking'}@example.com`,
        client_phone: '+359899222333',
        company_name: 'Хотел Инбокс',
        message: 'Искаме демо.',
        preferred_date: at,
      });
      if (!error) return { at, dayKey, time };
      if (error.code !== '23505') throw new Error(error.message);
    }
  }
  throw new Error('no free slot next month to arrange a booking in');
}

test('a booking made in the dialog arrives in the inbox as pending, with its details and time', async ({ page, browser }) => {
  const name = unique('Резервация Е2Е');

  // a visitor books the first free slot of next month through the dialog
  const visitorContext = await browser.newContext({ locale: 'bg-BG', timezoneId: 'Europe/Sofia' });
  let time = '';
  try {
    const visitor = await visitorContext.newPage();
    const dialog = await openBookingOnNextMonth(visitor);
    const openedAt = Date.now();
    await dialog.locator('button[data-day]:not([disabled])').first().click();
    const slot = dialog.getByRole('list', { name: /Свободни часове за/ }).getByRole('button').first();
    time = (await slot.textContent())!.trim();
    await slot.click();
    await dialog.getByRole('button', { name: 'Продължи' }).click();
    await dialog.getByRole('textbox', { name: 'Име', exact: true }).fill(name);
    await dialog.getByRole('textbox', { name: 'Имейл' }).fill('booking.inbox@example.com');
    await dialog.getByRole('textbox', { name: 'Компания' }).fill('Хотел Инбокс');
    await dialog.getByRole('textbox', { name: 'Телефон' }).fill('0899 222 333');
    await dialog.getByRole('textbox', { name: 'Съобщение' }).fill('Искаме демо.');
    await likeAPerson(openedAt);
    await dialog.getByRole('button', { name: 'Потвърдете резервацията' }).click();
    await expect(visitor.getByText('Вашата резервация е изпратена. Ще се свържем с вас скоро.', { exact: true })).toBeVisible();
  } finally {
    await visitorContext.close();
  }
  const { data: row } = await db.from('appointments').select('status').eq('client_name', name).single();
  expect(row!.status).toBe('pending');

  await openSignedIn(page, '/blog-admin/bookings');
  const card = page.getByRole('list', { name: 'Предстоящи резервации' }).getByRole('article', { name });
  await expect(card.getByText('Чака потвърждение')).toBeVisible();
  await expect(card.getByText('Хотел Инбокс')).toBeVisible();
  await expect(card.getByRole('link', { name: '+359 89 922 2333' })).toHaveAttribute('href', 'tel:+359899222333');
  await expect(card.getByRole('link', { name: 'booking.inbox@example.com' })).toHaveAttribute('href', 'mailto:booking.inbox@example.com');
  await expect(card.getByText('Искаме демо.')).toBeVisible();
  // weekday, date and time in Bulgarian, at the time the visitor chose
  await expect(card.locator('time')).toHaveText(new RegExp(`^(понеделник|вторник|сряда|четвъртък|петък), \\d{1,2} [а-я]+ \\d{4} г\\. в ${time}$`));
});

test('a booking confirmed in the inbox keeps its slot taken', async ({ page, browser }) => {
  const name = unique('Потвърдена Е2Е');
  const { at, dayKey, time } = await arrangeBooking(name);
  await openSignedIn(page, '/blog-admin/bookings');
  const card = page.getByRole('list', { name: 'Предстоящи резервации' }).getByRole('article', { name });

  await card.getByRole('button', { name: /^Потвърди/ }).click();
  await expect(toasts(page).getByText('Резервацията е потвърдена')).toBeVisible();
  await expect(card.getByText('Потвърдена', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: /^Потвърди/ })).toHaveCount(0);
  await expect.poll(() => statusOf(name)).toEqual(['confirmed']);
  expect(await takenOn(at)).toContain(at);
  expect(await offeredTimes(browser, dayKey)).not.toContain(time);
});

test('a confirmed booking cancelled in the inbox, after a question, frees its slot for the next visitor', async ({ page, browser }) => {
  const name = unique('Отказана Е2Е');
  const { at, dayKey, time } = await arrangeBooking(name);
  const { data: booking } = await db.from('appointments').update({ status: 'confirmed' }).eq('client_name', name).select('id').single();
  expect(booking).not.toBeNull();
  await openSignedIn(page, '/blog-admin/bookings');
  const card = page.getByRole('list', { name: 'Предстоящи резервации' }).getByRole('article', { name });
  await expect(card.getByText('Потвърдена', { exact: true })).toBeVisible();

  await card.getByRole('button', { name: /^Откажи/ }).click();
  const confirmDialog = page.getByRole('alertdialog', { name: 'Отказване на резервация' });
  await expect(confirmDialog.getByText(new RegExp(`Да се откаже ли резервацията на ${name}`))).toBeVisible();
  await confirmDialog.getByRole('button', { name: 'Откажи резервацията' }).click();
  await expect(toasts(page).getByText('Резервацията е отказана')).toBeVisible();
  await expect(card.getByText('Отказана', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: /^(Потвърди|Откажи)/ })).toHaveCount(0);
  await expect.poll(() => statusOf(name)).toEqual(['cancelled']);
  expect(await takenOn(at)).not.toContain(at);
  expect(await offeredTimes(browser, dayKey)).toContain(time);
});

test('a pending booking cancelled in the inbox lets the next visitor book the same instant', async ({ page }) => {
  const name = unique('Отказан Е2Е');
  const next = unique('Следващ Е2Е');
  const { at } = await arrangeBooking(name);
  // the next visitor, through the public key, as the booking dialog would send it
  const booking = { client_email: `${unique('next').replace(/\W+/g, '')}@example.com`, client_phone: '', company_name: '', preferred_date: at, message: '' };
  expect(await takenOn(at)).toContain(at);
  const nextVisitor = anonVisitor();
  const refused = await nextVisitor.from('appointments').insert({ ...booking, client_name: next });
  expect(refused.error?.code).toBe('23505');

  await signIn(page);
  const tab = page.getByRole('tab', { name: /^Резервации/ });
  const pending = async () => (await db.from('appointments').select('id', { count: 'exact', head: true }).eq('status', 'pending')).count;
  await expect(tab).toHaveAccessibleName(`Резервации (${await pending()} чакащи)`);
  await openBookings(page);
  const card = page.getByRole('list', { name: 'Предстоящи резервации' }).getByRole('article', { name });
  await card.getByRole('button', { name: /^Откажи/ }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Откажи резервацията' }).click();
  await expect(toasts(page).getByText('Резервацията е отказана')).toBeVisible();
  await expect.poll(() => statusOf(name)).toEqual(['cancelled']);
  await expect(tab).toHaveAccessibleName(`Резервации (${await pending()} чакащи)`);

  expect(await takenOn(at)).not.toContain(at);
  expect((await nextVisitor.from('appointments').insert({ ...booking, client_name: next })).error).toBeNull();
  expect(await takenOn(at)).toContain(at);

  // the list shows both after its refresh: the cancelled booking and the next visitor's
  await page.reload();
  await openBookings(page);
  const list = page.getByRole('list', { name: 'Предстоящи резервации' });
  await expect(list.getByRole('article', { name }).getByText('Отказана', { exact: true })).toBeVisible();
  await expect(list.getByRole('article', { name: next }).getByText('Чака потвърждение')).toBeVisible();
});
