// The newsletter's HTML in Chromium: a post that holds every classic payload
// (tests/backend/fixtures/html-payloads.ts) beside a real article is rendered and sanitised by the
// editor in the browser (DOMPurify over Chromium's own parser), accepted by the database's
// allowlist, and reaches the mail catcher, as the admin's test and as the newsletter, with the
// article and none of the payloads. The rules in detail: tests/unit/newsletter-email.test.tsx and
// tests/backend/newsletter-html.ts.
import { expect, test } from '@playwright/test';
import { JSDOM } from 'jsdom';
import { E2E_BACKEND_URL } from '../scripts/tools/e2e-env.mjs';
import { emailProblems, PAYLOADS, REAL_POST } from '../tests/backend/fixtures/html-payloads.ts';
import { ADMIN, db, intakeLimits, openSignedIn, runCronJob, toasts, unique } from './support';

interface CaughtMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The messages with this subject, once there are `count`. */
async function mailAbout(subject: string, count: number): Promise<CaughtMail[]> {
  let messages: CaughtMail[] = [];
  await expect
    .poll(async () => {
      const all = (await (await fetch(`${E2E_BACKEND_URL}/__local/mail`)).json()) as CaughtMail[];
      messages = all.filter((m) => m.subject === subject);
      return messages.length;
    })
    .toBe(count);
  return messages;
}

// every address here is at example.com: the outbox's breaker is lifted, as in newsletter.spec.ts
let kept: Record<string, number> = {};
test.beforeAll(async () => {
  kept = await intakeLimits();
  await intakeLimits({ mail_per_hour: 100_000, mail_per_domain_per_hour: 100_000 });
});
test.afterAll(async () => {
  await intakeLimits({ mail_per_hour: kept.mail_per_hour, mail_per_domain_per_hour: kept.mail_per_domain_per_hour });
});

test('a post holding the classic payloads goes out, as a test and to a subscriber, with the article and none of them', async ({ page }) => {
  const reader = `chitatel.html.${Date.now().toString(36)}@example.com`;
  // the only confirmed subscriber: those of earlier specs are set aside
  await db.from('newsletter_subscribers').update({ status: 'unsubscribed', unsubscribed_at: new Date().toISOString(), unsubscribed_via: 'admin' }).in('status', ['pending', 'confirmed']);
  expect((await db.from('newsletter_subscribers').insert({ email: reader, mailbox: reader, status: 'confirmed', confirmed_at: new Date().toISOString() })).error).toBeNull();
  const title = unique('Бюлетин с капани');
  const content = [REAL_POST, ...PAYLOADS.map((p, i) => `${p.markdown}\n\nСлед пример ${i + 1}.`)].join('\n\n');
  const { data: post, error } = await db
    .from('blog_posts')
    .insert({ title, slug: `buletin-kapani-${Date.now().toString(36)}`, author: 'Мария Иванова', content, excerpt: 'Кратко', is_published: true, published_at: new Date(Date.now() - 60_000).toISOString() })
    .select('id')
    .single();
  expect(error).toBeNull();

  await openSignedIn(page, `/blog-admin/posts/${post!.id}`);
  const panel = page.getByRole('region', { name: 'Бюлетин' });
  await panel.getByRole('button', { name: 'Изпрати тест до мен' }).click();
  await expect(toasts(page).getByText('Тестът е изпратен').first()).toBeVisible();
  await panel.getByRole('button', { name: 'Изпрати до абонатите' }).click();
  await page.getByRole('alertdialog', { name: 'Изпращане до абонатите' }).getByRole('button', { name: 'Изпрати' }).click();
  await expect(panel.getByRole('status')).toContainText('Изпратени:');
  await expect
    .poll(async () => {
      await runCronJob('newsletter-sends');
      return (await db.from('newsletter_sends').select('status').eq('post_id', post!.id).single()).data?.status;
    })
    .toBe('done');

  const [test] = await mailAbout(`[Тест] ${title}`, 1);
  const [sent] = await mailAbout(title, 1);
  expect(test.to).toBe(ADMIN.email);
  expect(sent.to).toBe(reader);
  const { window } = new JSDOM();
  for (const message of [test, sent]) {
    // the article arrived, and the text after each payload
    for (const part of ['<h2>Какво направихме</h2>', '<td align="right"', 'href="mailto:zdravei@sinaptika.example"']) expect(message.html).toContain(part);
    PAYLOADS.forEach((_, i) => expect(message.html).toContain(`<p>След пример ${i + 1}.</p>`));
    expect(emailProblems(message.html, window, { frame: true }), message.to).toEqual([]);
    expect(message.html).not.toMatch(/<(script|svg|img|iframe|object|embed|form|input|button|base|style|link|frame|math|noscript|video|details)\b/i);
    expect(message.html).not.toMatch(/javascript:|vbscript:|data:text|expression\(/i);
    expect(message.text).not.toMatch(/tracker\.example|evil\.example|javascript:|vbscript:|data:text/i);
  }
});
