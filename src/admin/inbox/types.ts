import type { Tables } from '@/shared/db/database.types';
import type { FirstTouch } from '@/shared/domain/first-touch';
import type { ContactMethod, InquiryService } from '@/shared/domain/inquiry';

/** An inquiry's stage (contact_submissions.status): Нова → В контакт → Оферта → Спечелена / Загубена. */
export type InquiryStatus = 'new' | 'contacted' | 'proposal' | 'won' | 'lost';

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
/**
 * A booking's status: waiting, confirmed, cancelled, or 'no_show' (a confirmed meeting the visitor
 * did not come to, set by an admin after it ended: migration 20261128001100_consultant_calendar.sql).
 */
export type BookingStatus = 'pending' | 'confirmed' | 'cancelled' | 'no_show';

/**
 * The columns the database keeps to a fixed list (CHECK constraints), which the generated types
 * can only call text: the inbox's queries declare them narrowed (overrideTypes).
 */
export interface InquiryChecks {
  purpose: InquiryService;
  contact_method: ContactMethod;
  status: InquiryStatus;
  first_touch: FirstTouch | null;
  /** The owner's names, read with the row (null without an owner). */
  owner: { full_name: string; username: string } | null;
}

/** The lead's own fields an admin sets (the database checks each: migration *_leads.sql). */
export type LeadFields = Pick<Tables<'contact_submissions'>, 'lost_reason' | 'owner_id' | 'follow_up_at' | 'offer_amount' | 'contact_id'>;

/** A row of contact_submissions as the inbox reads it. */
export type Inquiry = Pick<Tables<'contact_submissions'>, 'id' | 'name' | 'company' | 'email' | 'phone' | 'message' | 'created_at' | 'updated_at' | keyof ChatDelivery> &
  LeadFields &
  InquiryChecks;

/**
 * A row of appointments as the inbox reads it. visitor_time_zone: the zone of the visitor's
 * browser at booking (an IANA name the database knows), null when it gave none; meeting_url: where
 * the meeting happens (https://, set by the database when the booking was made).
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
  | 'meeting_url'
  | keyof ChatDelivery
> & { status: BookingStatus };

/** What happened to a booking (the booking_history function), oldest first. */
export type BookingEventKind = 'booked' | 'confirmed' | 'cancelled' | 'moved' | 'reopened' | 'no_show' | 'no_show_undone';
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

/** Which follow-ups: due today (on the consultant's clock) or overdue, of open leads. */
export type FollowUpFilter = 'today' | 'overdue';

/** The inquiry list's filters; '' means "any". */
export interface InquiryFilters {
  status: InquiryStatus | '';
  service: InquiryService | '';
  follow_up: FollowUpFilter | '';
  search: string;
}

export const NO_INQUIRY_FILTERS: InquiryFilters = { status: '', service: '', follow_up: '', search: '' };

export type { ListPage } from '@/admin/kit/data/list';
