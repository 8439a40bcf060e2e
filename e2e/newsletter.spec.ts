// The newsletter, end to end: a visitor subscribes in the footer and the confirmation arrives in
// the mail catcher; opening its link changes nothing until the button is pressed; signing up again
// sends nothing. The admin sends a post (a test first); each confirmed subscriber gets it once with
// both unsubscribe headers; a one-click POST unsubscribes; a signed bounce suppresses (exactly the
// address it names) and an unsigned one changes nothing; the next send skips both; the admin lifts a
// suppression in the Subscribers tab with a reason. The database's rules in detail are in
// tests/backend/newsletter.ts.
import { expect, test } from '@playwright/test';
import { E2E_BACKEND_URL } from '../scripts/tools/e2e-env.mjs';
import { LOCAL_MAIL_WEBHOOK_SECRET } from '../supabase/local/keys.ts';
import { sign } from '../supabase/functions/_shared/standard-webhooks.ts';
import AxeBuilder from '@axe-core/playwright';
import { adminApi, anonVisitor, asVisitor, db, intakeLimits, openSignedIn, PERSON_FILL_MS, runCronJob, signInAt, toasts, unique } from './support';

interface CaughtMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

const CONFIRM_LINK = /https?:\/\/[^\s"<>]+\/newsletter\/confirm\/([A-Za-z0-9_-]{43})/;

/** The messages caught for one address, newest first, once there are at least `count`. */
async function mailTo(address: string, count = 1): Promise<CaughtMail[]> {
  let messages: CaughtMail[] = [];
  await expect
    .poll(async () => {
      messages = (await (await fetch(`${E2E_BACKEND_URL}/__local/mail?to=${encodeURIComponent(address)}`)).json()) as CaughtMail[];
      return messages.length;
    })
    .toBeGreaterThanOrEqual(count);
  return messages;
}
const mailCount = async (address: string) =>
  ((await (await fetch(`${E2E_BACKEND_URL}/__local/mail?to=${encodeURIComponent(address)}`)).json()) as CaughtMail[]).length;

const stateOf = async (address: string) =>
  (await db.from('newsletter_subscribers').select('status').eq('email', address).maybeSingle()).data?.status as string | undefined;

/** A confirmed subscriber, arranged through the API as a visitor and their e-mail's button would. */
async function confirmedSubscriber(name: string, domain = 'example.com'): Promise<string> {
  const address = `${name}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@${domain}`;
  const visitor = anonVisitor();
  const { error } = await visitor.rpc('subscribe_newsletter', { email: address, page: '/', wording_version: '2026-12', fill_ms: PERSON_FILL_MS });
  expect(error).toBeNull();
  const [message] = await mailTo(address);
  const { error: refused } = await visitor.rpc('confirm_newsletter', { token: CONFIRM_LINK.exec(message.text)![1] });
  expect(refused).toBeNull();
  return address;
}

/** A published post no newsletter carried yet. */
async function freshPost(title: string): Promise<{ id: string; slug: string }> {
  const slug = `buletin-${Date.now().toString(36)}`;
  const { data, error } = await db
    .from('blog_posts')
    .insert({ title, slug, author: 'Мария Иванова', content: 'Как автоматизацията спестява часове на екипа.', excerpt: 'Кратко', is_published: true, published_at: new Date(Date.now() - 60_000).toISOString() })
    .select('id, slug')
    .single();
  expect(error).toBeNull();
  return data!;
}


// Every address here is at example.com, as are the other suites' before this one: by now the
// outbox's circuit breaker (mail_per_domain_per_hour, mail_per_hour) would hold these e-mails. The
// breaker is proven in tests/backend/public-abuse.ts; here it is lifted, and put back after.
let kept: Record<string, number> = {};
test.beforeAll(async () => {
  kept = await intakeLimits();
  await intakeLimits({ mail_per_hour: 100_000, mail_per_domain_per_hour: 100_000 });
});
test.afterAll(async () => {
  await intakeLimits({ mail_per_hour: kept.mail_per_hour, mail_per_domain_per_hour: kept.mail_per_domain_per_hour });
});

/** Waits until a post's send has ended, running the job the way pg_cron does each minute. */
async function sendsEnd(postId: string): Promise<void> {
  await expect
    .poll(async () => {
      await runCronJob('newsletter-sends');
      return (await db.from('newsletter_sends').select('status').eq('post_id', postId).single()).data?.status;
    })
    .toBe('done');
}

/** The admin, signed in through the API as the panel is (with the second factor). */
const adminDb = adminApi;

test('a visitor subscribes in the footer; the link opens a page that changes nothing until “Потвърди” is pressed; again, nothing is sent', async ({ page }) => {
  const address = `abonat.${Date.now().toString(36)}@example.com`;
  await asVisitor(page);
  await page.goto('/blog');
  const openedAt = Date.now();
  const box = page.getByRole('form', { name: 'Бюлетин' });
  await box.getByRole('textbox', { name: 'Имейл за бюлетина' }).fill(address);
  // a person reads before subscribing: the database drops a sign-up from a page opened a moment ago
  await page.waitForTimeout(Math.max(0, openedAt + PERSON_FILL_MS - Date.now()));
  await box.getByRole('button', { name: 'Абонирайте се' }).click();
  await expect(box.getByRole('button', { name: 'Готово!' })).toBeVisible();
  await expect(box.getByRole('status')).toContainText('Изпратихме ви имейл: потвърдете абонамента от връзката в него.');

  const [message] = await mailTo(address);
  expect(message.subject).toBe('Потвърдете абонамента си за бюлетина на Синаптика');
  const link = CONFIRM_LINK.exec(message.text)![0];
  // what a mail scanner does: fetch the link, twice
  expect((await fetch(link)).status).toBe(200);
  await fetch(link, { method: 'HEAD' });
  expect(await stateOf(address)).toBe('pending');

  await page.goto(new URL(link).pathname);
  await expect(page.getByRole('heading', { name: 'Потвърдете абонамента си' })).toBeVisible();
  expect(await stateOf(address)).toBe('pending');
  await page.getByRole('button', { name: 'Потвърди' }).click();
  await expect(page.getByRole('heading', { name: 'Абонаментът е потвърден' })).toBeVisible();
  expect(await stateOf(address)).toBe('confirmed');

  // the same address again: the same answer as any other, and no e-mail
  const again = await anonVisitor().rpc('subscribe_newsletter', { email: address, page: '/', wording_version: '2026-12', fill_ms: PERSON_FILL_MS });
  const stranger = await anonVisitor().rpc('subscribe_newsletter', { email: `nikoy.${Date.now().toString(36)}@example.com`, page: '/', wording_version: '2026-12', fill_ms: PERSON_FILL_MS });
  expect({ data: again.data, error: again.error, status: again.status }).toEqual({ data: stranger.data, error: stranger.error, status: stranger.status });
  expect(await mailCount(address)).toBe(1);
});

test('the admin sends a post once, a test to themselves first; each confirmed subscriber gets it with both unsubscribe headers', async ({ page }) => {
  const readers = [await confirmedSubscriber('chitatel-a'), await confirmedSubscriber('chitatel-b')];
  const title = unique('Бюлетин за автоматизация');
  const post = await freshPost(title);

  await signInAt(page, '/blog-admin/posts');
  // the newest post heads the list: opened from it, in the app, without loading the page again
  await page.getByRole('button', { name: `Редактирай „${title}“` }).click();
  await expect(page).toHaveURL(new RegExp(`/blog-admin/posts/${post.id}$`));
  const panel = page.getByRole('region', { name: 'Бюлетин' });
  await expect(panel.getByRole('button', { name: 'Изпрати до абонатите' })).toBeDisabled();
  await panel.getByRole('button', { name: 'Изпрати тест до мен' }).click();
  await expect(toasts(page).getByText('Тестът е изпратен').first()).toBeVisible();
  expect((await mailTo('admin@example.com')).some((m) => m.subject === `[Тест] ${title}`)).toBe(true);

  await panel.getByRole('button', { name: 'Изпрати до абонатите' }).click();
  await page.getByRole('alertdialog', { name: 'Изпращане до абонатите' }).getByRole('button', { name: 'Изпрати' }).click();
  await expect(panel.getByRole('status')).toContainText('Изпратени:');
  for (const address of readers) {
    const messages = (await mailTo(address, 2)).filter((m) => m.subject === title);
    expect(messages, address).toHaveLength(1);
    expect(messages[0].headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(messages[0].headers['List-Unsubscribe']).toMatch(/^<http:\/\/127\.0\.0\.1:\d+\/functions\/v1\/newsletter-unsubscribe\?token=[0-9a-f]{32}\.[A-Za-z0-9_-]{32}>$/);
  }
  // the panel follows the send every few seconds until it ends (tests/components/admin-newsletter-send.test.tsx)
  await sendsEnd(post.id);
  expect(await (await adminDb()).rpc('start_newsletter_send', { post: post.id, html: '<p>x</p>', plain: 'x' })).toMatchObject({ error: { hint: 'newsletter_already_sent' } });
});

/** The provider's signed webhook: a permanent bounce of `to`. */
async function signedBounce(to: string): Promise<Response> {
  const body = JSON.stringify({ type: 'email.bounced', created_at: new Date().toISOString(), data: { to: [to], bounce: { type: 'Permanent' } } });
  const id = `msg_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const at = Math.floor(Date.now() / 1000);
  return fetch(`${E2E_BACKEND_URL}/functions/v1/mail-events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'svix-id': id, 'svix-timestamp': String(at), 'svix-signature': await sign(LOCAL_MAIL_WEBHOOK_SECRET, id, at, body) },
    body,
  });
}

test('a signed bounce of a +tag on abv.bg leaves the address alone, the exact one stops it, and the admin lifts it in the tab with a reason', async ({ page }) => {
  const address = await confirmedSubscriber('zhertva', 'abv.bg');
  // abv.bg delivers no plus addresses: the bounce is of another address
  const tagged = await signedBounce(address.replace('@', '+x@'));
  expect(tagged.status).toBe(200);
  expect(await stateOf(address)).toBe('confirmed');
  expect((await signedBounce(address)).status).toBe(200);
  expect(await stateOf(address)).toBe('suppressed');

  await openSignedIn(page, `/blog-admin/subscribers?subscribers.q=${encodeURIComponent(address)}`);
  const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: address }) });
  await expect(row.getByText('Спрян (отказан адрес)')).toBeVisible();
  await row.getByRole('button', { name: `Премахни блокирането ${address}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Премахване на блокирането' });
  const reason = dialog.getByRole('textbox', { name: 'Причина' });
  await expect(reason).toBeFocused();
  // the dialog keeps focus inside: Tab from its last control comes back round
  await page.keyboard.press('Shift+Tab');
  expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  const a11y = await new AxeBuilder({ page }).include('[role="dialog"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(a11y.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  await dialog.getByRole('button', { name: 'Премахни блокирането' }).click();
  await expect(dialog.getByText('Напишете защо премахвате блокирането.')).toBeVisible();
  await reason.fill('Клиентът потвърди по телефона, че адресът работи.');
  await dialog.getByRole('button', { name: 'Премахни блокирането' }).click();
  await expect(toasts(page).getByText('Блокирането е премахнато')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row.getByText('Потвърден', { exact: true })).toBeVisible();
  await expect(row).toContainText('от Мария Иванова: „Клиентът потвърди по телефона, че адресът работи.“');
  expect(await stateOf(address)).toBe('confirmed');
});

test('a one-click POST unsubscribes, a signed bounce suppresses, an unsigned one changes nothing; the next send skips both', async () => {
  const [leaving, bouncing, staying] = [await confirmedSubscriber('odin-klik'), await confirmedSubscriber('otskacha'), await confirmedSubscriber('ostava')];
  const admin = await adminDb();
  const send = async (title: string) => {
    const post = await freshPost(title);
    const content = { post: post.id, html: '<p>Как автоматизацията спестява часове.</p>', plain: 'Как автоматизацията спестява часове.' };
    expect((await admin.rpc('send_newsletter_test', content)).error).toBeNull();
    expect((await admin.rpc('start_newsletter_send', content)).error).toBeNull();
    await sendsEnd(post.id);
  };
  const first = unique('Бюлетин едно');
  await send(first);

  // one click, as a mail program does it: a POST of List-Unsubscribe=One-Click, no page
  const [letter] = (await mailTo(leaving, 2)).filter((m) => m.subject === first);
  const oneClick = letter.headers['List-Unsubscribe'].slice(1, -1);
  expect((await fetch(oneClick, { redirect: 'manual' })).status).toBe(303); // a GET only leads to the page with the button
  expect(await stateOf(leaving)).toBe('confirmed');
  const unsubscribed = await fetch(oneClick, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
  expect(unsubscribed.status).toBe(200);
  expect(await stateOf(leaving)).toBe('unsubscribed');

  // the provider's bounce: signed, it suppresses; unsigned, it changes nothing
  const events = `${E2E_BACKEND_URL}/functions/v1/mail-events`;
  const bounce = (to: string) => JSON.stringify({ type: 'email.bounced', created_at: new Date().toISOString(), data: { to: [to], bounce: { type: 'Permanent' } } });
  const unsigned = await fetch(events, { method: 'POST', headers: { 'content-type': 'application/json' }, body: bounce(staying) });
  expect(unsigned.status).toBe(401);
  const body = bounce(bouncing);
  const id = `msg_${Date.now()}`;
  const at = Math.floor(Date.now() / 1000);
  const signed = await fetch(events, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'svix-id': id, 'svix-timestamp': String(at), 'svix-signature': await sign(LOCAL_MAIL_WEBHOOK_SECRET, id, at, body) },
    body,
  });
  expect(signed.status).toBe(200);
  expect(await stateOf(bouncing)).toBe('suppressed');
  expect(await stateOf(staying)).toBe('confirmed');

  // the next post reaches only who stayed
  const second = unique('Бюлетин две');
  await send(second);
  expect((await mailTo(staying, 3)).filter((m) => m.subject === second)).toHaveLength(1);
  for (const address of [leaving, bouncing]) {
    const got = (await (await fetch(`${E2E_BACKEND_URL}/__local/mail?to=${encodeURIComponent(address)}`)).json()) as CaughtMail[];
    expect(got.filter((m) => m.subject === second), address).toEqual([]);
  }
});
