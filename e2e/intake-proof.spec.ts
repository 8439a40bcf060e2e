// The public forms when the database asks for a proof of work (migrations
// 20261128000600_visitors_by_network.sql, 20261128001600_signup_and_proofs.sql), in a real browser:
// the ALTCHA widget solves the database's own challenge in Chromium, out of sight, and the same form
// goes through with the proof. A bot pool that fills the site-wide ceiling from many networks (of
// the inquiries, or of the newsletter at its own ceiling), or a network that already holds half
// its bookings, locks no person out. The suite's stand-in lifts the per-minute ceilings of the
// inquiries, bookings and sign-ups (playwright.config.ts); each test here sets the one it is about
// for itself and puts it back.
import { createHash } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { E2E_BACKEND_URL } from '../scripts/tools/e2e-env.mjs';
import { anonVisitor, asVisitor, bookNextMonth, db, intakeLimits, likeAPerson, openBookingOnNextMonth, PERSON_FILL_MS, shownAt, unique } from './support';

type Body = Record<string, unknown>;

/**
 * The bodies of the page's inserts into `table` (or calls of `rpc/<function>`) and of its
 * challenge requests, in order.
 */
function recordIntake(page: Page, table: string) {
  const inserts: Body[] = [];
  const challenges: Body[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'POST') return;
    const path = new URL(request.url()).pathname;
    if (path === `/rest/v1/${table}`) inserts.push(request.postDataJSON() as Body);
    if (path === '/rest/v1/rpc/intake_challenge') challenges.push((request.postDataJSON() ?? {}) as Body);
  });
  return { inserts, challenges };
}

/**
 * The proof a form sent, checked as the database checks it: ALTCHA's v1 payload (base64 JSON),
 * whose number is the one the challenge's hash was made of (SHA-256 of salt || number).
 */
function expectSolvedProof(proof: unknown) {
  const payload = JSON.parse(Buffer.from(String(proof), 'base64').toString('utf8')) as Body;
  expect(payload).toMatchObject({
    algorithm: 'SHA-256',
    challenge: expect.stringMatching(/^[0-9a-f]{64}$/),
    signature: expect.stringMatching(/^[0-9a-f]{64}$/),
    salt: expect.stringMatching(/^[0-9a-f]{24}\?expires=\d+&level=[1-9]&form=(inquiry|booking|newsletter)$/),
    number: expect.any(Number),
  });
  expect(createHash('sha256').update(`${String(payload.salt)}${String(payload.number)}`).digest('hex')).toBe(payload.challenge);
}

/**
 * What the page sent: the row refused without a proof, then one challenge asked for its form, solved,
 * and the same row with the proof; and the widget came and went, nothing of it left in the page.
 * Answers the level the proof was solved at.
 */
async function expectOneSolvedRetry(page: Page, intake: ReturnType<typeof recordIntake>, form: 'inquiry' | 'booking' | 'newsletter'): Promise<number> {
  expect(intake.inserts).toHaveLength(2);
  expect(intake.inserts[0]).not.toHaveProperty('proof');
  expect(intake.challenges).toEqual([{ form }]);
  const { proof, ...row } = intake.inserts[1];
  expect(row).toEqual(intake.inserts[0]);
  expectSolvedProof(proof);
  await expect(page.locator('altcha-widget')).toHaveCount(0);
  const { salt } = JSON.parse(Buffer.from(String(proof), 'base64').toString('utf8')) as { salt: string };
  expect(salt).toContain(`&form=${form}`);
  return Number(/&level=(\d)/.exec(salt)![1]);
}

const stored = async (table: 'contact_submissions' | 'appointments', column: string, name: string) =>
  (await db.from(table).select('id').eq(column, name)).data ?? [];

let kept: Record<string, number> = {};
test.beforeEach(async () => {
  kept = await intakeLimits();
});
test.afterEach(async () => {
  // the suite's own ceilings again, for the tests after this one
  const { inquiries_per_minute, bookings_per_minute, newsletter_per_minute, mail_per_hour, mail_per_domain_per_hour } = kept;
  await intakeLimits({ inquiries_per_minute, bookings_per_minute, newsletter_per_minute, mail_per_hour, mail_per_domain_per_hour });
});

test('with half the site-wide ceiling filled by bots from many networks, a person still sends the wizard: the proof is solved unseen', async ({ page }) => {
  // Bots, each from a network of its own (no per-visitor or per-network limit stops them), send
  // half the ceiling's inquiries while the person opens and fills the wizard, as they would. The
  // ceiling (30 a minute) is put back only after their 15: the minute's count also holds what the
  // tests before this one sent, and those rows leave the minute while the person types, so a
  // ceiling reached with their help could be gone again by the time the person sends. The bots'
  // own 15 stay inside the minute for the whole test (its timeout is 45 s).
  const bot = (i: number) =>
    anonVisitor().from('contact_submissions').insert({
      name: unique('Бот от мрежа'),
      email: `net${i}.${Date.now()}@example.com`,
      phone: '',
      company: 'Ботове ООД',
      message: 'Купете нашите ботове.',
      purpose: 'custom',
      contact_method: 'email',
    });
  const bots = (async () => {
    for (let i = 0; i < 15; i++) {
      const { error } = await bot(i);
      if (error) return `bot ${i}: ${error.hint ?? error.message}`;
    }
    await intakeLimits({ inquiries_per_minute: 30 });
    // the next one is asked for work
    const { error } = await bot(15);
    return error?.hint ?? 'never asked for work';
  })();

  await asVisitor(page);
  const intake = recordIntake(page, 'contact_submissions');
  const name = unique('Човек при тавана');
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Свържете се' }).click();
  const dialog = page.getByRole('dialog', { name: 'Изпратете запитване' });
  const openedAt = await shownAt(dialog);
  await dialog.getByRole('button', { name: /Софтуер по поръчка/ }).click();
  await dialog.getByRole('textbox', { name: 'Компания' }).fill('Човешка фирма');
  await dialog.getByRole('textbox', { name: 'Име', exact: true }).fill(name);
  await dialog.getByRole('radio', { name: 'Имейл' }).check();
  await dialog.getByRole('textbox', { name: 'Имейл' }).fill('ceiling.person@example.com');
  await dialog.getByRole('button', { name: 'Напред' }).click();
  await dialog.getByRole('textbox', { name: 'Съобщение' }).fill('Искаме да поговорим.');
  expect(await bots).toBe('intake_proof_required');
  await likeAPerson(openedAt);
  await dialog.getByRole('button', { name: 'Изпрати' }).click();

  await expect(page.getByText('Ще се свържем с вас скоро.', { exact: true })).toBeVisible();
  expect(await stored('contact_submissions', 'name', name)).toHaveLength(1);
  await expectOneSolvedRetry(page, intake, 'inquiry');
});

/** A network of this spec's own (an IPv4 /24), apart from the addresses of support.ts's visitors. */
const NETWORK = '10.240.7';

test('a person whose network already holds half its pending bookings books through the dialog: the proof is solved unseen', async ({ page }) => {
  // three visitors of one network hold three pending bookings, half the network's limit (6),
  // booked while the person opens the dialog
  const neighbours = Promise.all([1, 2, 3].map((host) => bookNextMonth(anonVisitor(`${NETWORK}.${host}`), unique('Съсед'), `neighbour${host}.${Date.now()}@example.com`)));
  const dialog = await openBookingOnNextMonth(page);
  // a fourth person on the same network (the office next door, the same provider's block)
  await asVisitor(page, `${NETWORK}.4`);
  const intake = recordIntake(page, 'appointments');
  const openedAt = Date.now();
  const name = unique('Човек от мрежата');
  await dialog.locator('button[data-day]:not([disabled])').last().click();
  await dialog.getByRole('list', { name: /Свободни часове за/ }).getByRole('button').first().click();
  await dialog.getByRole('button', { name: 'Продължи' }).click();
  await dialog.getByRole('textbox', { name: 'Име', exact: true }).fill(name);
  await dialog.getByRole('textbox', { name: 'Имейл' }).fill(`${unique('network').replace(/\W+/g, '').toLowerCase()}@example.com`);
  await neighbours;
  await likeAPerson(openedAt);
  await dialog.getByRole('button', { name: 'Потвърдете резервацията' }).click();

  await expect(page.getByText('Вашата резервация е изпратена. Ще се свържем с вас скоро.', { exact: true })).toBeVisible();
  expect(await stored('appointments', 'client_name', name)).toHaveLength(1);
  await expectOneSolvedRetry(page, intake, 'booking');
});

test('with bots holding the newsletter at its ceiling, a person still subscribes in the footer: the challenge is at the sign-up\'s level', async ({ page }) => {
  // Every address here is at example.com, as are the other suites' before this one: the outbox's
  // breaker (proven in tests/backend/public-abuse.ts) is lifted so the confirmation can arrive.
  await intakeLimits({ mail_per_hour: 100_000, mail_per_domain_per_hour: 100_000 });
  // Bots, each from a network of its own (no per-visitor or per-network limit stops them), sign up
  // twelve addresses while the person opens the page; then the ceiling is 12 a minute, so the
  // minute holds it: a sign-up must prove work of level 2 (4 times the first level's; more if the
  // tests before left sign-ups in the minute). The inquiries and bookings are quiet: a challenge at
  // their level (level 1, what every form got before) would be refused, three times, and the box
  // said 'Абонаментът не успя'.
  const signUp = (i: number) =>
    anonVisitor().rpc('subscribe_newsletter', { email: `bot${i}.${Date.now().toString(36)}@example.com`, page: '/', wording_version: '2026-12', fill_ms: PERSON_FILL_MS });
  const bots = (async () => {
    for (let i = 0; i < 12; i++) {
      const { error } = await signUp(i);
      if (error) return `bot ${i}: ${error.hint ?? error.message}`;
    }
    // the ceiling the twelve fill (sign-ups left in the minute by a run just before raise it, so
    // that the work stays at level 2: the challenge a fresh visitor gets says the level)
    const levelNow = async () => Number(/&level=(\d)&/.exec(((await anonVisitor().rpc('intake_challenge', { form: 'newsletter' })).data as { salt: string }).salt)![1]);
    for (let ceiling = 12; ; ceiling += 12) {
      await intakeLimits({ newsletter_per_minute: ceiling });
      if ((await levelNow()) <= 2) break;
    }
    const { error } = await signUp(12);
    return error?.hint ?? 'never asked for work';
  })();

  await asVisitor(page);
  const intake = recordIntake(page, 'rpc/subscribe_newsletter');
  const address = `${unique('osoba').replace(/\W+/g, '').toLowerCase()}@example.com`;
  await page.goto('/blog');
  const openedAt = Date.now();
  const box = page.getByRole('form', { name: 'Бюлетин' });
  await box.getByRole('textbox', { name: 'Имейл за бюлетина' }).fill(address);
  expect(await bots).toBe('intake_proof_required');
  // a person reads before subscribing: the database drops a sign-up from a page opened a moment ago
  await likeAPerson(openedAt);
  await box.getByRole('button', { name: 'Абонирайте се' }).click();

  await expect(box.getByRole('button', { name: 'Готово!' })).toBeVisible({ timeout: 15_000 });
  await expect(box.getByRole('status')).toContainText('Изпратихме ви имейл');
  expect((await db.from('newsletter_subscribers').select('status').eq('email', address).maybeSingle()).data).toEqual({ status: 'pending' });
  await expect
    .poll(async () => ((await (await fetch(`${E2E_BACKEND_URL}/__local/mail?to=${encodeURIComponent(address)}`)).json()) as unknown[]).length)
    .toBe(1);
  // what the page sent: the sign-up refused without a proof, one challenge asked for the
  // newsletter, solved at the level the sign-up demanded (at the ceiling), and the same sign-up
  // with the proof
  expect(await expectOneSolvedRetry(page, intake, 'newsletter')).toBeGreaterThanOrEqual(2);
});
