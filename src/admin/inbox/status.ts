/*
 * Status rules of the inbox, as pure functions. The database enforces the same booking rules
 * (trigger appointments_status_transition in supabase/migrations/20261122000500_inbox.sql).
 */
import type { BookingStatus, InquiryStatus } from './types';

export const INQUIRY_STATUSES: readonly InquiryStatus[] = ['new', 'handled'];
export const BOOKING_STATUSES: readonly BookingStatus[] = ['pending', 'confirmed', 'cancelled'];

export const INQUIRY_STATUS_LABELS: Record<InquiryStatus, string> = {
  new: 'Ново',
  handled: 'Обработено',
};

/** Labels of the status filter (plural, as a choice of which inquiries to show). */
export const INQUIRY_FILTER_LABELS: Record<InquiryStatus, string> = {
  new: 'Нови',
  handled: 'Обработени',
};

export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  pending: 'Чака потвърждение',
  confirmed: 'Потвърдена',
  cancelled: 'Отказана',
};

/** An inquiry's status toggles: new -> handled and back (a mistake can be undone). */
export function nextInquiryStatus(status: InquiryStatus): InquiryStatus {
  return status === 'new' ? 'handled' : 'new';
}

/**
 * Where a booking may go from each status: a pending booking is confirmed or cancelled, a
 * confirmed one can still be cancelled, and a cancelled one is final (its slot may already belong
 * to the next visitor).
 */
const BOOKING_TRANSITIONS: Record<BookingStatus, readonly BookingStatus[]> = {
  pending: ['confirmed', 'cancelled'],
  confirmed: ['cancelled'],
  cancelled: [],
};

/** The statuses a booking in `status` may move to, in the order the buttons show them. */
export function bookingTransitions(status: BookingStatus): readonly BookingStatus[] {
  return BOOKING_TRANSITIONS[status] ?? [];
}

export function canChangeBookingStatus(from: BookingStatus, to: BookingStatus): boolean {
  return bookingTransitions(from).includes(to);
}

/** Whether a booking in this status still holds its slot (the taken_slots function agrees). */
export function holdsSlot(status: BookingStatus): boolean {
  return status === 'pending' || status === 'confirmed';
}

export function isInquiryStatus(value: unknown): value is InquiryStatus {
  return INQUIRY_STATUSES.includes(value as InquiryStatus);
}

export function isBookingStatus(value: unknown): value is BookingStatus {
  return BOOKING_STATUSES.includes(value as BookingStatus);
}
