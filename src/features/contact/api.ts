/*
 * The inquiry's network calls: the insert into contact_submissions, then the chat notification.
 * The only code of the contact feature that talks to Supabase.
 */
import { useMutation } from '@tanstack/react-query';
import { buildInquiryMessage, notifyChat, type InquiryNotice } from '@/lib/chatWebhook';
import { getPublicDb } from '@/lib/publicDb';

/** Thrown past the database's intake limits for inquiries (migration 20261124000100). */
export class InquiryLimitError extends Error {
  constructor(readonly original: unknown) {
    super('Too many inquiries right now');
    this.name = 'InquiryLimitError';
  }
}

export async function insertInquiry(row: InquiryNotice): Promise<void> {
  const db = await getPublicDb();
  // No .select(): visitors may insert inquiries but not read them back.
  const { error } = await db.from('contact_submissions').insert(row);
  if (!error) return;
  if (String((error as { hint?: unknown }).hint ?? '').startsWith('inquiry_limit')) throw new InquiryLimitError(error);
  throw error;
}

export interface InquiryResult {
  /** False when the row was saved but the chat notification failed (logged). */
  notified: boolean;
}

/**
 * Saves an inquiry, then tells the team. A failed save rejects (the form shows the error and keeps
 * every value); a failed notification after a good save does not: the inquiry is safe.
 */
export function useSubmitInquiry() {
  return useMutation<InquiryResult, unknown, InquiryNotice>({
    mutationFn: async (row) => {
      await insertInquiry(row);
      const notified = await notifyChat(buildInquiryMessage(row));
      return { notified };
    },
  });
}
