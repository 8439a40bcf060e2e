import type { ContactMethod, InquiryService } from '@/lib/chatWebhook';

export type InquiryStatus = 'new' | 'handled';
export type BookingStatus = 'pending' | 'confirmed' | 'cancelled';

/** A row of contact_submissions as the inbox reads it. */
export interface Inquiry {
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
export interface Booking {
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

export type { ListPage } from '../list';
