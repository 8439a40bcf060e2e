/*
 * Status rules of the inbox, as pure functions: an inquiry's stages (any stage may follow any
 * other; 'Загубена' needs a reason, which the database checks: migration *_leads.sql) and a
 * booking's statuses. The database enforces the same booking rules (the trigger
 * appointments_25_status_transition, private.appointments_status_transition in
 * supabase/schema/functions.sql; 'no_show' since migration 20261128001100_consultant_calendar.sql).
 */
import { MEETING_MINUTES } from '@/shared/domain/calendar';
import type { BookingStatus, InquiryStatus } from './types';

export const INQUIRY_STATUSES: readonly InquiryStatus[] = ['new', 'contacted', 'proposal', 'won', 'lost'];
export const BOOKING_STATUSES: readonly BookingStatus[] = ['pending', 'confirmed', 'cancelled', 'no_show'];

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
  no_show: 'Не се яви',
};

/** Labels of the bookings' status filter (plural, as a choice of which bookings to show). */
export const BOOKING_FILTER_LABELS: Record<BookingStatus, string> = {
  pending: 'Чакат потвърждение',
  confirmed: 'Потвърдени',
  cancelled: 'Отказани',
  no_show: 'Не се яви',
};

/**
 * Where a booking may go from each status: a pending booking is confirmed or cancelled, a
 * confirmed one can still be cancelled or, once the meeting has ended, marked 'Не се яви', which
 * can be taken back to confirmed (a mistake); a cancelled one is final (its slot may already
 * belong to the next visitor). Neither no-show change e-mails anyone (the database's trigger).
 */
const BOOKING_TRANSITIONS: Record<BookingStatus, readonly BookingStatus[]> = {
  pending: ['confirmed', 'cancelled'],
  confirmed: ['cancelled', 'no_show'],
  cancelled: [],
  no_show: ['confirmed'],
};

/** The statuses a booking in `status` may move to, in the order the buttons show them. */
export function bookingTransitions(status: BookingStatus): readonly BookingStatus[] {
  return BOOKING_TRANSITIONS[status] ?? [];
}

export function canChangeBookingStatus(from: BookingStatus, to: BookingStatus): boolean {
  return bookingTransitions(from).includes(to);
}

/** Whether a meeting starting at `startsAt` has ended by `now` (it lasts MEETING_MINUTES). */
export function meetingHasEnded(startsAt: string, now: number): boolean {
  const start = Date.parse(startsAt);
  return Number.isFinite(start) && start + MEETING_MINUTES * 60_000 <= now;
}

/**
 * The statuses a booking may move to at `now`, as its card offers them: the transitions above,
 * 'Не се яви' only once the meeting has ended (the database refuses it earlier:
 * booking_no_show_early).
 */
export function bookingActions(booking: { status: BookingStatus; preferred_date: string }, now: number): readonly BookingStatus[] {
  return bookingTransitions(booking.status).filter((to) => to !== 'no_show' || meetingHasEnded(booking.preferred_date, now));
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
