import type { Tables } from '@/shared/db/database.types';
import type { ContactMethod, InquiryService } from '@/shared/domain/inquiry';

export type InquiryStatus = 'new' | 'handled';

/**
 * Whether the team chat heard of a row, as the database reports it after sending (migration
 * 20261128000200_chat_from_database.sql; its job runs every minute). Both null: not reported yet,
 * or no chat is configured.
 */
export interface ChatDelivery {
  /** When the team chat accepted the notification; null until it has. */
  notified_at: string | null;
  /** Why the last attempt failed, while none has succeeded; null otherwise. */
  notify_error: string | null;
}
export type BookingStatus = 'pending' | 'confirmed' | 'cancelled';

/**
 * The columns the database keeps to a fixed list (CHECK constraints), which the generated types
 * can only call text: the inbox's queries declare them narrowed (overrideTypes).
 */
export interface InquiryChecks {
  purpose: InquiryService;
  contact_method: ContactMethod;
  status: InquiryStatus;
}

/** A row of contact_submissions as the inbox reads it. */
export type Inquiry = Omit<
  Pick<Tables<'contact_submissions'>, 'id' | 'name' | 'company' | 'email' | 'phone' | 'message' | 'created_at' | keyof ChatDelivery>,
  never
> &
  InquiryChecks;

/**
 * A row of appointments as the inbox reads it. visitor_time_zone: the zone of the visitor's
 * browser at booking (an IANA name the database knows), null when it gave none.
 */
export type Booking = Pick<
  Tables<'appointments'>,
  | 'id'
  | 'client_name'
  | 'client_email'
  | 'client_phone'
  | 'company_name'
  | 'preferred_date'
  | 'message'
  | 'created_at'
  | 'visitor_time_zone'
  | keyof ChatDelivery
> & { status: BookingStatus };

/** What happened to a booking (the booking_history function), oldest first. */
export type BookingEventKind = 'booked' | 'confirmed' | 'cancelled' | 'moved' | 'reopened';
export type BookingActor = 'visitor' | 'admin' | 'system';
export type MailPurpose = 'booking_received' | 'booking_confirmed' | 'booking_cancelled' | 'booking_moved' | 'booking_reminder';
/**
 * What became of an e-mail in the outbox: held by the mail's circuit breaker (sent by itself once
 * the hour allows), skipped (past the recipient's daily limit: never sent), superseded (a newer
 * message about the booking replaced it before it was sent).
 */
export type MailStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'given_up' | 'held' | 'skipped' | 'superseded';

/** An e-mail to the visitor as the outbox keeps it. */
export interface BookingMail {
  purpose: MailPurpose | string;
  subject: string;
  to: string;
  status: MailStatus | string;
  attempts: number;
  last_error: string | null;
  sent_at: string | null;
}

/**
 * One entry of a booking's history. A move carries the two instants, a status change the two
 * statuses; an e-mail carries the message's state.
 */
export type BookingHistoryEntry =
  | { at: string; kind: 'moved'; actor: BookingActor; actor_email: string | null; from: string; to: string }
  | { at: string; kind: Exclude<BookingEventKind, 'moved'>; actor: BookingActor; actor_email: string | null }
  | { at: string; kind: 'mail'; mail: BookingMail }
  /** A kind this version does not know yet (the database may record new ones). */
  | { at: string; kind: 'other'; name: string };

/** The inquiry list's filters; '' means "any". */
export interface InquiryFilters {
  status: InquiryStatus | '';
  service: InquiryService | '';
  search: string;
}

export const NO_INQUIRY_FILTERS: InquiryFilters = { status: '', service: '', search: '' };

export type { ListPage } from '@/admin/kit/list';
