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

/** A row of contact_submissions as the inbox reads it. */
export interface Inquiry extends ChatDelivery {
  id: string;
  name: string;
  company: string;
  email: string;
  phone: string;
  message: string;
  purpose: InquiryService;
  contact_method: ContactMethod;
  status: InquiryStatus;
  created_at: string;
}

/** A row of appointments as the inbox reads it. */
export interface Booking extends ChatDelivery {
  id: string;
  client_name: string;
  client_email: string;
  client_phone: string;
  company_name: string;
  preferred_date: string;
  message: string;
  status: BookingStatus;
  created_at: string;
}

/** The inquiry list's filters; '' means "any". */
export interface InquiryFilters {
  status: InquiryStatus | '';
  service: InquiryService | '';
  search: string;
}

export const NO_INQUIRY_FILTERS: InquiryFilters = { status: '', service: '', search: '' };

export type { ListPage } from '@/admin/kit/list';
