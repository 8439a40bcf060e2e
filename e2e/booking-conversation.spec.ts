// A booking is a conversation: the visitor who books gets an e-mail with an invitation for the
// chosen instant (caught by the stand-in's mail catcher), its private link moves the booking (the
// old link is then refused) and cancels it (the slot is free again), and the consultant's
// confirmation in the inbox reaches the visitor too.
import ICAL from 'ical.js';
import { expect, test } from '@playwright/test';
import { E2E_BACKEND_URL } from '../scripts/tools/e2e-env.mjs';
import { toasts } from './admin-helpers';
import { anonDb, anonVisitor, asVisitor, bookNextMonth, db, likeAPerson, openBookingOnNextMonth, signIn, unique } from './support';

interface CaughtMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; content: string }[];
}

/** The messages caught for one address, newest first, once there are at least `count`. */
async function mailTo(address: string, count = 1): Promise<CaughtMail[]> {
  let messages: CaughtMail[] = [];
  await expect
    .poll(async () => {
      const res = await fetch(`${E2E_BACKEND_URL}/__local/mail?to=${encodeURIComponent(address)}`);
      messages = (await res.json()) as CaughtMail[];
      return messages.length;
    })
    .toBeGreaterThanOrEqual(count);
  return messages;
}

function invitation(mail: CaughtMail) {
  const file = mail.attachments.find((a) => a.filename.endsWith('.ics'))!;
  const calendar = new ICAL.Component(ICAL.parse(Buffer.from(file.content, 'base64').toString('utf8')));
  const event = calendar.getFirstSubcomponent('vevent')!;
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: String(event.getFirstPropertyValue('uid')),
    sequence: Number(event.getFirstPropertyValue('sequence')),
    status: event.getFirstPropertyValue('status'),
    start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
    location: String(event.getFirstPropertyValue('location')),
  };
}

/** The meeting link the e-mail's facts name. */
const meetingLink = (mail: CaughtMail) => /Връзка за срещата:?\s*(https:\/\/\S+)/.exec(mail.text)?.[1];

const manageLink = (mail: CaughtMail) => /(https?:\/\/\S+\/booking\/[A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];

/** A day-long window around an instant, for taken_slots. */
async function takenAround(at: string): Promise<string[]> {
  const t = new Date(at).getTime();
  const { data, error } = await anonDb.rpc('taken_slots', {
    range_start: new Date(t - 12 * 3600_000).toISOString(),
    range_end: new Date(t + 12 * 3600_000).toISOString(),
  });
  expect(error).toBeNull();
  return ((data ?? []) as string[]).map((s) => new Date(s).toISOString());
}

/** A booking of next month by a visitor of its own, through the API; returns its instant. */
const bookThroughApi = (name: string, address: string) => bookNextMonth(anonVisitor(), name, address, { visitor_time_zone: 'Europe/Sofia' });

test('booking through the dialog e-mails an invitation for the chosen instant, with a manage link', async ({ page }) => {
  const name = unique('Имейл Е2Е');
  const address = `${unique('mail').replace(/\W+/g, '').toLowerCase()}@example.com`;
  const dialog = await openBookingOnNextMonth(page);
  const openedAt = Date.now();
  const day = dialog.locator('button[data-day]:not([disabled])').last();
  const dayKey = (await day.getAttribute('data-day'))!;
  await day.click();
  const slot = dialog.getByRole('list', { name: /Свободни часове за/ }).getByRole('button').last();
  const time = (await slot.textContent())!.trim();
  await slot.click();
  await dialog.getByRole('button', { name: 'Продължи' }).click();
  await dialog.getByRole('textbox', { name: 'Име', exact: true }).fill(name);
  await dialog.getByRole('textbox', { name: 'Имейл' }).fill(address);
  await likeAPerson(openedAt);
  await dialog.getByRole('button', { name: 'Потвърдете резервацията' }).click();
  await expect(page.getByText('Вашата резервация е изпратена. Ще се свържем с вас скоро.', { exact: true })).toBeVisible();

  const [message] = await mailTo(address);
  expect(message.subject).toContain(`${time} (българско време)`);
  const expected = new Date(`${dayKey}T${time}:00${new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Sofia', timeZoneName: 'longOffset' })
    .formatToParts(new Date(`${dayKey}T12:00:00Z`))
    .find((p) => p.type === 'timeZoneName')!.value.slice(3)}`).toISOString();
  expect(invitation(message)).toMatchObject({ method: 'REQUEST', sequence: 0, status: 'TENTATIVE', start: expected });
  expect(message.text).toContain('https://calendar.google.com/calendar/render?action=TEMPLATE');
  expect(manageLink(message)).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/booking\//);
  // where to meet: a room of its own, in the text and as the invitation's LOCATION
  const room = meetingLink(message);
  expect(room).toMatch(/^https:\/\/meet\.jit\.si\/Konsultaciya-[0-9a-f]{32}$/);
  expect(invitation(message).location).toBe(room);
});

test('the consultant\'s confirmation in the inbox e-mails the visitor the confirmed invitation', async ({ page }) => {
  const name = unique('Потвърждение Е2Е');
  const address = `${unique('confirm').replace(/\W+/g, '').toLowerCase()}@example.com`;
  const at = await bookThroughApi(name, address);
  const [received] = await mailTo(address);
  expect(received.subject).toMatch(/^Получихме заявката ви/);

  await signIn(page);
  const tab = page.getByRole('tab', { name: /^Резервации/ });
  await tab.click();
  const card = page.getByRole('list', { name: 'Предстоящи резервации' }).getByRole('article', { name });
  await card.getByRole('button', { name: /^Потвърди/ }).click();
  await expect(toasts(page).getByText('Резервацията е потвърдена')).toBeVisible();

  const [confirmed] = await mailTo(address, 2);
  expect(confirmed.subject).toMatch(/^Консултацията ви е потвърдена/);
  expect(invitation(confirmed)).toMatchObject({ method: 'REQUEST', status: 'CONFIRMED', sequence: 1, start: at, uid: invitation(received).uid });

  // the card's history names both e-mails and who confirmed
  await card.getByRole('button', { name: 'История' }).click();
  await expect(card.getByText(/Потвърдена от admin@example\.com/)).toBeVisible();
  await expect(card.getByText(/Консултацията ви е потвърдена/)).toBeVisible();
});

test('the manage link moves the booking (the old link is then refused) and cancels it (the slot is free again)', async ({ page }) => {
  const name = unique('Връзка Е2Е');
  const address = `${unique('link').replace(/\W+/g, '').toLowerCase()}@example.com`;
  const bookedAt = await bookThroughApi(name, address);
  const [received] = await mailTo(address);
  const oldLink = manageLink(received)!;

  await asVisitor(page);
  await page.goto(oldLink);
  await expect(page.getByText('Очаква потвърждение')).toBeVisible();
  const room = meetingLink(received)!;
  await expect(page.getByRole('link', { name: /Връзка за срещата/ })).toHaveAttribute('href', room);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await page.getByRole('button', { name: 'Премести', exact: true }).click();
  const panel = page.getByRole('region', { name: 'Изберете нов ден и час' });
  await panel.locator('button[data-day]:not([disabled])').first().click();
  await panel.getByRole('list', { name: /Свободни часове за/ }).getByRole('button').first().click();
  await panel.getByRole('button', { name: 'Премести консултацията' }).click();
  await expect(toasts(page).getByText('Консултацията е преместена')).toBeVisible();
  await expect(page).not.toHaveURL(oldLink);

  const [moved] = await mailTo(address, 2);
  expect(moved.subject).toMatch(/^Консултацията ви е преместена/);
  const newLink = manageLink(moved)!;
  expect(page.url()).toBe(newLink);
  const movedTo = invitation(moved);
  expect(movedTo).toMatchObject({ method: 'REQUEST', sequence: 1, uid: invitation(received).uid });
  expect(movedTo.start).not.toBe(bookedAt);
  // the move keeps the meeting's room
  expect(meetingLink(moved)).toBe(room);
  expect(movedTo.location).toBe(room);
  expect(await takenAround(movedTo.start)).toContain(movedTo.start);

  // the old link is dead, and says why
  await page.goto(oldLink);
  await expect(page.getByRole('heading', { name: 'Връзката е заменена' })).toBeVisible();

  await page.goto(newLink);
  await page.getByRole('button', { name: 'Откажи консултацията' }).click();
  await page.getByRole('alertdialog', { name: 'Да откажем ли консултацията?' }).getByRole('button', { name: 'Да, откажи консултацията' }).click();
  await expect(toasts(page).getByText('Консултацията е отменена')).toBeVisible();
  await expect(page.getByText('Отменена', { exact: true })).toBeVisible();
  expect(await takenAround(movedTo.start)).not.toContain(movedTo.start);
  const [cancelled] = await mailTo(address, 3);
  expect(invitation(cancelled)).toMatchObject({ method: 'CANCEL', status: 'CANCELLED', sequence: 2 });
});

test('a confirmed booking moves by its newest link, back to waiting for confirmation, as often as a link allows', async ({ page }) => {
  const name = unique('Три пъти Е2Е');
  const address = `${unique('thrice').replace(/\W+/g, '').toLowerCase()}@example.com`;
  const bookedAt = await bookThroughApi(name, address);
  const [received] = await mailTo(address);
  expect((await db.from('appointments').update({ status: 'confirmed' }).eq('client_email', address)).error).toBeNull();
  const [confirmed] = await mailTo(address, 2);
  expect(confirmed.subject).toMatch(/^Консултацията ви е потвърдена/);

  // the confirmation's e-mail carries the only live link: the first one says so
  await asVisitor(page);
  await page.goto(manageLink(received)!);
  await expect(page.getByRole('heading', { name: 'Връзката е заменена' })).toBeVisible();
  await expect(page.getByText('Работи само връзката от най-новия имейл.')).toBeVisible();

  await page.goto(manageLink(confirmed)!);
  await expect(page.getByText('Потвърдена', { exact: true })).toBeVisible();
  await expect(page.getByText('Можете да преместите срещата още 3 пъти.')).toBeVisible();
  await page.getByRole('button', { name: 'Премести', exact: true }).click();
  const panel = page.getByRole('region', { name: 'Изберете нов ден и час' });
  await panel.locator('button[data-day]:not([disabled])').first().click();
  await panel.getByRole('list', { name: /Свободни часове за/ }).getByRole('button').first().click();
  await panel.getByRole('button', { name: 'Премести консултацията' }).click();
  await expect(toasts(page).getByText('Консултацията е преместена')).toBeVisible();
  await expect(page.getByText('Очаква потвърждение', { exact: true })).toBeVisible();
  await expect(page.getByText('Можете да преместите срещата още 2 пъти.')).toBeVisible();

  // twice more through the API with the newest link, then the page offers no move
  let token = page.url().split('/booking/')[1];
  for (let moves = 0, step = 1; moves < 2 && step < 12; step++) {
    const { data, error } = await anonDb.rpc('move_booking', { token, new_start: new Date(new Date(bookedAt).getTime() + step * 30 * 60_000).toISOString() });
    if (error?.code === '23505' || error?.hint === 'booking_outside_hours') continue;
    expect(error).toBeNull();
    token = data.token;
    moves++;
  }
  await page.goto(`/booking/${token}`);
  await expect(page.getByText(/Срещата вече е преместена толкова пъти, колкото позволява връзката/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Премести', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Откажи консултацията' })).toBeVisible();
  expect((await anonDb.rpc('move_booking', { token, new_start: bookedAt })).error?.hint).toBe('booking_move_limit');
});
