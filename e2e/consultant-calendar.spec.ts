// The consultant's own calendar: an admin adds a private ICS feed (served here on the loopback
// address, which only the stand-in allows), the database's sync reads it through the Edge Function,
// and the booking dialog stops offering its busy times, a weekly meeting's next weeks included;
// a booking through the API inside one is refused as a slot booked twice. A feed that stops
// answering shows its error in the tab and keeps its busy times.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { E2E_BACKEND_URL } from '../scripts/tools/e2e-env.mjs';
import { toasts } from './admin-helpers';
import { adminApi, anonDb, anonVisitor, asVisitor, openSignedIn, runCronJob, unique } from './support';

const ZONE = 'Europe/Sofia';
const pad = (n: number) => String(n).padStart(2, '0');

/** A weekday 26 days ahead (and the same weekday a week earlier starts the series), away from other specs' bookings. */
function busyDay(): Date {
  const day = new Date();
  day.setUTCHours(12, 0, 0, 0);
  day.setUTCDate(day.getUTCDate() + 26);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
  return day;
}
const dayKey = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const compact = (d: Date) => dayKey(d).replaceAll('-', '');
/** The instant of hh:mm on `d`'s date on Sofia's clock. */
function sofia(d: Date, hh: number, mm = 0): string {
  const offset = new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, timeZoneName: 'longOffset' })
    .formatToParts(d)
    .find((p) => p.type === 'timeZoneName')!.value.slice(3);
  return new Date(`${dayKey(d)}T${pad(hh)}:${pad(mm)}:00${offset || '+00:00'}`).toISOString();
}

const day = busyDay();
const weekBefore = new Date(day.getTime() - 7 * 86_400_000);
/** A weekly meeting 11:00–12:00 in Sofia time from a week before the day, and a one-off at 15:00 in UTC. */
const ICS = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//E2E//Consultant//BG',
  'BEGIN:VTIMEZONE',
  'TZID:Europe/Sofia',
  'BEGIN:STANDARD',
  'DTSTART:19701025T040000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'TZOFFSETFROM:+0300',
  'TZOFFSETTO:+0200',
  'END:STANDARD',
  'BEGIN:DAYLIGHT',
  'DTSTART:19700329T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0300',
  'END:DAYLIGHT',
  'END:VTIMEZONE',
  'BEGIN:VEVENT',
  'UID:weekly-e2e@example.com',
  'DTSTAMP:20261101T000000Z',
  `DTSTART;TZID=Europe/Sofia:${compact(weekBefore)}T110000`,
  `DTEND;TZID=Europe/Sofia:${compact(weekBefore)}T120000`,
  'RRULE:FREQ=WEEKLY;COUNT=4',
  'SUMMARY:Среща с клиент',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:once-e2e@example.com',
  'DTSTAMP:20261101T000000Z',
  `DTSTART:${sofia(day, 15).replace(/[-:]/g, '').replace('.000', '')}`,
  `DTEND:${sofia(day, 15, 30).replace(/[-:]/g, '').replace('.000', '')}`,
  'SUMMARY:Зъболекар',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

let server: Server;
let answer: 'calendar' | 'broken' = 'calendar';
let feedUrl = '';

test.beforeAll(async () => {
  server = createServer((_req, res) => {
    if (answer === 'broken') {
      res.writeHead(500, { 'content-type': 'text/plain' }).end('down');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' }).end(ICS);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  feedUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/private-e2e/basic.ics`;
  // the function's Deno starts and loads its parser here, not inside the first test
  const warm = await fetch(`${E2E_BACKEND_URL}/functions/v1/calendar-sync`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"run":"warm-up"}' });
  expect(warm.status).toBe(401);
});
test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

/** taken_slots of the busy day, as the dialog asks for them. */
async function takenThatDay(): Promise<string[]> {
  const { data, error } = await anonDb.rpc('taken_slots', { range_start: sofia(day, 0), range_end: sofia(new Date(day.getTime() + 86_400_000), 0) });
  expect(error).toBeNull();
  return ((data ?? []) as string[]).map((s) => new Date(s).toISOString());
}

interface FeedState {
  id: string;
  label: string;
  last_synced_at: string | null;
  last_error: string | null;
  busy_count: number;
}

/** An admin's own session, as the calendar tab has it (with the second factor). */
const adminClient = adminApi;

/** The feed as the calendar tab reads it. */
async function feedState(label: string): Promise<FeedState | undefined> {
  const { data, error } = await (await adminClient()).rpc('calendar_feeds');
  expect(error).toBeNull();
  return (data as FeedState[]).find((f) => f.label === label);
}

const BUSY = [sofia(day, 11), sofia(day, 11, 30), sofia(day, 15)];

/** A feed added through the admin's call, once its first sync has stored the busy times. */
async function syncedFeed(label: string): Promise<void> {
  const { error } = await (await adminClient()).rpc('add_calendar_feed', { label, url: feedUrl });
  expect(error).toBeNull();
  await expect.poll(takenThatDay, { timeout: 20_000 }).toEqual(expect.arrayContaining(BUSY));
}

test.afterEach(async () => {
  // every feed this file added goes, so no busy time or pause reaches another spec
  const admin = await adminClient();
  const { data } = await admin.rpc('calendar_feeds');
  for (const feed of (data ?? []) as FeedState[]) if (feed.label.startsWith('E2E ')) await admin.rpc('remove_calendar_feed', { feed: feed.id });
  answer = 'calendar';
});

async function offeredThatDay(page: Page): Promise<string[]> {
  await asVisitor(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'Запазете консултация' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Запазете консултация' });
  await expect(dialog.getByText('Мария Иванова')).toBeVisible();
  const button = dialog.locator(`button[data-day="${dayKey(day)}"]`);
  for (let i = 0; i < 3 && !(await button.count()); i++) await dialog.getByRole('button', { name: 'Следващ месец' }).click();
  await button.click();
  const list = dialog.getByRole('list', { name: /Свободни часове/ });
  await expect(list).toBeVisible();
  return (await list.getByRole('button').allTextContents()).map((t) => t.trim().slice(0, 5));
}

test('a private calendar added in the tab is read at once and shown masked', async ({ page }) => {
  const label = unique('E2E Личен');
  await openSignedIn(page, '/blog-admin/calendar');
  const section = page.getByRole('region', { name: 'Календари за заетост' });
  await section.getByRole('textbox', { name: 'Име', exact: true }).fill(label);
  await section.getByLabel('Адрес (iCal)').fill(feedUrl);
  await section.getByRole('button', { name: 'Добави календара' }).click();
  await expect(toasts(page).getByText(/Календарът е добавен/)).toBeVisible();

  // the first sync runs at once (the database calls the function, which reads the feed), and the
  // tab, which reads the list every 2 s while a sync is on its way, shows its outcome
  const feed = section.getByRole('article', { name: label });
  await expect(feed).toContainText(/Заети периоди:\s*[1-9]/, { timeout: 20_000 });
  expect(await takenThatDay()).toEqual(expect.arrayContaining(BUSY));
  await expect(feed.getByText(/http:\/\/127\.0\.0\.1:\d+\/…/)).toBeVisible();
  await expect(feed).not.toContainText('private-e2e');
  await expect(feed).not.toContainText('още няма');

});

test('the dialog does not offer the busy times, a weekly meeting\'s later weeks too, and the API refuses them', async ({ page }) => {
  await syncedFeed(unique('E2E Седмичен'));
  const offered = await offeredThatDay(page);
  expect(offered).not.toContain('11:00');
  expect(offered).not.toContain('11:30');
  expect(offered).not.toContain('15:00');
  expect(offered).toContain('10:30');

  // past the dialog, straight to the API: refused as a slot booked twice
  const { error } = await anonVisitor().from('appointments').insert({ client_name: 'Натрапник', client_email: 'natrapnik@example.com', preferred_date: sofia(day, 11) });
  expect(error?.code).toBe('23505');
});

test('a feed that stops answering shows its error in the tab and keeps its busy times until it is removed', async ({ page }) => {
  const label = unique('E2E Счупен');
  await syncedFeed(label);
  answer = 'broken';
  await runCronJob('calendar-sync');
  await expect.poll(async () => (await feedState(label))?.last_error ?? null).toMatch(/500/);
  await openSignedIn(page, '/blog-admin/calendar');
  const feed = page.getByRole('region', { name: 'Календари за заетост' }).getByRole('article', { name: label });
  await expect(feed.getByText(/500/)).toBeVisible();
  expect(await takenThatDay()).toEqual(expect.arrayContaining(BUSY));

  // removed, after the question: its times are free again
  await feed.getByRole('button', { name: /^Премахни/ }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Премахни календара' }).click();
  await expect(feed).toHaveCount(0);
  expect(await takenThatDay()).not.toContain(sofia(day, 11));
});
