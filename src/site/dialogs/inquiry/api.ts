/*
 * The inquiry's network call: the insert into contact_submissions, with the bot traps' values, and
 * again with a proof of work when the database asks for one (../proof-of-work.ts). The team is told
 * by the database once the row is stored (private.chat_outbox), never from here: the chat's
 * address is a secret. The only code of the contact feature that talks to Supabase.
 */
import { useMutation } from '@tanstack/react-query';
import type { BotTrapValues } from '@/site/dialogs/bot-trap';
import type { InquiryRow } from '@/shared/domain/inquiry';
import { getPublicDb } from '@/shared/db/public-db';
import { hintOf } from '@/shared/db/errors';
import { sendWithProof } from '@/site/dialogs/proof-of-work';
import { firstTouchField, throwIfFirstTouchRefused } from '@/site/dialogs/first-touch';

/**
 * Thrown past the database's intake limits for inquiries: per visitor and per e-mail address
 * (hints inquiry_limit_client and _email; private.check_inquiry in supabase/schema/functions.sql).
 * The site-wide ceiling (_rate) and the network's limit (_network, since migration
 * 20261128001600) no longer refuse: they ask for a proof of work instead.
 */
export class InquiryLimitError extends Error {
  constructor(readonly original: unknown) {
    super('Too many inquiries right now');
    this.name = 'InquiryLimitError';
  }
}

export async function insertInquiry(row: InquiryRow & Partial<BotTrapValues>): Promise<void> {
  const db = await getPublicDb();
  // No .select(): visitors may insert inquiries but not read them back.
  // `proof` stays out of the body (undefined) until the database has asked for one
  const touch = firstTouchField();
  const error = await sendWithProof('inquiry', async (proof) => (await db.from('contact_submissions').insert({ ...row, ...touch, proof })).error);
  if (!error) return;
  throwIfFirstTouchRefused(error);
  if (hintOf(error).startsWith('inquiry_limit')) throw new InquiryLimitError(error);
  throw error;
}

/** Saves an inquiry. A failed save rejects: the form shows the error and keeps every value. */
export function useSubmitInquiry() {
  return useMutation<void, unknown, InquiryRow & Partial<BotTrapValues>>({ mutationFn: insertInquiry });
}
