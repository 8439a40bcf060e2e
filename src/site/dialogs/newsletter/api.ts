/*
 * The newsletter box's network call: public.subscribe_newsletter, which answers the same for
 * every address (nobody learns who subscribes) and mails a confirmation link where one is due;
 * again with a proof of work when the database asks for one (../proof-of-work.ts). The only code
 * of the box that talks to Supabase.
 */
import { getPublicDb } from '@/shared/db/public-db';
import { hintOf } from '@/shared/db/errors';
import { sendWithProof } from '@/site/dialogs/proof-of-work';
import { NEWSLETTER_WORDING_VERSION } from './consent';

/** Why a sign-up was refused, in the visitor's words; the box shows it and keeps the address. */
export class NewsletterRefusal extends Error {
  constructor(
    message: string,
    readonly original: unknown,
  ) {
    super(message);
    this.name = 'NewsletterRefusal';
  }
}

export const NEWSLETTER_FAILED = 'Абонаментът не успя. Проверете връзката си и опитайте отново.';
export const NEWSLETTER_LIMIT = 'Твърде много абонаменти от вашата мрежа за кратко време. Опитайте отново след няколко минути.';
export const NEWSLETTER_INVALID = 'Въведете валиден имейл адрес.';

export async function subscribeNewsletter(email: string): Promise<void> {
  const db = await getPublicDb();
  const args = {
    email: email.trim(),
    page: window.location.pathname,
    wording_version: NEWSLETTER_WORDING_VERSION,
    // how long the page has been open: a person reads before subscribing, a script does not
    fill_ms: Math.round(performance.now()),
  };
  let error: unknown;
  try {
    error = await sendWithProof('newsletter', async (proof) => (await db.rpc('subscribe_newsletter', proof ? { ...args, proof } : args)).error);
  } catch (thrown) {
    throw new NewsletterRefusal(NEWSLETTER_FAILED, thrown);
  }
  if (!error) return;
  const hint = hintOf(error);
  if (hint === 'newsletter_email_invalid') throw new NewsletterRefusal(NEWSLETTER_INVALID, error);
  if (hint.startsWith('newsletter_limit')) throw new NewsletterRefusal(NEWSLETTER_LIMIT, error);
  throw new NewsletterRefusal(NEWSLETTER_FAILED, error);
}
