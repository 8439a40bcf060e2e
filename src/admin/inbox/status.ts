/*
 * Status rules of the inbox, as pure functions: an inquiry's stages (any stage may follow any
 * other; 'Загубена' needs a reason, which the database checks: migration *_leads.sql) and a
 * booking's statuses. The database enforces the same booking rules (trigger
 * appointments_status_transition in supabase/migrations/20261122000500_inbox.sql).
 */
import type { BookingStatus, InquiryStatus } from './types';

export const INQUIRY_STATUSES: readonly InquiryStatus[] = ['new', 'contacted', 'proposal', 'won', 'lost'];
export const BOOKING_STATUSES: readonly BookingStatus[] = ['pending', 'confirmed', 'cancelled'];

/** An inquiry's stage, as its card and the board say it. */
export const INQUIRY_STATUS_LABELS: Record<InquiryStatus, string> = {
  new: 'Нова',
  contacted: 'В контакт',
  proposal: 'Оферта',
  won: 'Спечелена',
  lost: 'Загубена',
};

/** Labels of the stage filter (plural, as a choice of which inquiries to show). */
export const INQUIRY_FILTER_LABELS: Record<InquiryStatus, string> = {
  new: 'Нови',
  contacted: 'В контакт',
  proposal: 'Оферти',
  won: 'Спечелени',
  lost: 'Загубени',
};

/** A lead still worked on: not won and not lost (its follow-up still counts). */
export function isOpenStage(status: InquiryStatus): boolean {
  return status !== 'won' && status !== 'lost';
}

/** The reasons offered for 'Загубена' (or the admin's own words). */
export const LOST_REASONS = ['Цена', 'Избраха друг доставчик', 'Не е подходящ момент', 'Няма отговор', 'Не е това, което търсят'] as const;

export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  pending: 'Чака потвърждение',
  confirmed: 'Потвърдена',
  cancelled: 'Отказана',
};

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
