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

/** A row of appointments as the inbox reads it. */
export type Booking = Pick<
  Tables<'appointments'>,
  'id' | 'client_name' | 'client_email' | 'client_phone' | 'company_name' | 'preferred_date' | 'message' | 'created_at' | keyof ChatDelivery
> & { status: BookingStatus };

/** The inquiry list's filters; '' means "any". */
export interface InquiryFilters {
  status: InquiryStatus | '';
  service: InquiryService | '';
  search: string;
}

export const NO_INQUIRY_FILTERS: InquiryFilters = { status: '', service: '', search: '' };

export type { ListPage } from '@/admin/kit/list';
