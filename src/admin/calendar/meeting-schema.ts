/*
 * The rules of 'Връзка за срещите' (public.meeting_settings.meeting_link) as a zod schema with its
 * Bulgarian messages: a fixed https:// room for every booking, or none for a new Jitsi room each.
 * The database checks the same (migration 20261128001100_consultant_calendar.sql).
 */
import * as z from 'zod/mini';
import { codeOf } from '@/shared/db/errors';

/** meeting_settings_link_check: at most 500 characters, https:// and a host with a dot. */
export const MEETING_LINK_MAX = 500;
const MEETING_LINK = /^https:\/\/[^\s/?#@]+\.[^\s/?#@]+(\/\S*)?$/;

export const meetingText = {
  heading: 'Връзка за срещите',
  invalid: 'Въведете пълен адрес, който започва с https://, напр. https://zoom.us/j/123456789.',
  tooLong: `Връзката може да е най-много ${MEETING_LINK_MAX} знака.`,
  loadFailed: 'Неуспешно зареждане на връзката за срещите.',
  saveFailed: 'Неуспешно запазване на връзката за срещите.',
  saved: 'Връзката за срещите е запазена',
  savedFixed: 'Всяка нова резервация ще получава тази връзка.',
  savedJitsi: 'Всяка нова резервация ще получава своя стая в Jitsi Meet.',
} as const;

/** The message of a typed link, or undefined when it is one the database accepts ('' is none: Jitsi). */
export function meetingLinkError(value: string): string | undefined {
  const link = value.trim();
  if (link === '') return undefined;
  if (link.length > MEETING_LINK_MAX) return meetingText.tooLong;
  if (!MEETING_LINK.test(link)) return meetingText.invalid;
  return undefined;
}

export const meetingSchema = z.object({
  /** A fixed room for every booking, or '' for a new Jitsi room each. */
  meeting_link: z.string().check(
    z.superRefine((value, ctx) => {
      const message = meetingLinkError(value);
      if (message) ctx.addIssue({ code: 'custom', message, input: value });
    }),
  ),
});

export type MeetingFormValues = z.infer<typeof meetingSchema>;

/** The stored value of the form: the link, or null for a Jitsi room per booking. */
export function meetingLinkInput(values: MeetingFormValues): string | null {
  return values.meeting_link.trim() || null;
}

/** The database's refusal of a link (its CHECK constraint), as the field's message; else null. */
export function meetingRefusal(error: unknown): string | null {
  const message = (error as { message?: unknown } | null)?.message;
  if (codeOf(error) === '23514' && typeof message === 'string' && message.includes('meeting_settings_link')) return meetingText.invalid;
  return null;
}
