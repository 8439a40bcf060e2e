/*
 * The booking form's rules: the details step as a zod schema carrying the shared fields'
 * messages, and the row stored for a chosen slot. The slot itself (date and time) is
 * chosen on the calendar step and kept beside the form, with its own logic in src/shared/domain/calendar.ts.
 */
import * as z from 'zod/mini';
import { DEFAULT_PHONE_COUNTRY, phoneError, toE164 } from '@/shared/domain/phone';
import { emailError } from '@/shared/forms/validation';
import { ruleText } from '@/shared/forms/zod-rules';
import { slotInstant, visitorTimeZone } from '@/shared/domain/calendar';
import type { TablesInsert } from '@/shared/db/database.types';

/**
 * Step 2. Name and e-mail are required by the submit button (disabled while either is
 * empty), not by a message; a filled e-mail or phone must be valid. Company and message are free.
 */
export const bookingDetailsSchema = z.object({
  name: z.string(),
  email: ruleText(emailError),
  /** E.164 as the phone field hands it over, '' when not given. */
  phone: ruleText((value) => phoneError(value)),
  phoneCountry: z.string(),
  company: z.string(),
  message: z.string(),
});

export type BookingDetails = z.infer<typeof bookingDetailsSchema>;

export const EMPTY_BOOKING_DETAILS: BookingDetails = {
  name: '',
  email: '',
  phone: '',
  phoneCountry: DEFAULT_PHONE_COUNTRY,
  company: '',
  message: '',
};

/** The chosen slot of step 1, in the consultant's time zone. */
export interface BookingSlot {
  /** 'YYYY-MM-DD', '' until chosen. */
  preferred_date: string;
  /** 'HH:MM', '' until chosen. */
  preferred_time: string;
}

export const NO_SLOT: BookingSlot = { preferred_date: '', preferred_time: '' };

/**
 * What the dialog stores in appointments; preferred_date is the ISO instant of the chosen slot and
 * visitor_time_zone the browser's zone (the e-mails give the time in it too), null when unknown.
 */
export type BookingRow = Required<
  Pick<
    TablesInsert<'appointments'>,
    'client_name' | 'client_email' | 'client_phone' | 'company_name' | 'preferred_date' | 'message' | 'visitor_time_zone'
  >
>;

/** Step 1's continue button appears only when both a date and a time are chosen. */
export function canContinueBooking(slot: BookingSlot): boolean {
  return slot.preferred_date !== '' && slot.preferred_time !== '';
}

/**
 * Submit works when a slot is chosen, name and e-mail are filled, the schema accepts the details
 * and nothing is being sent.
 */
export function canSubmitBooking(details: BookingDetails, slot: BookingSlot, submitting: boolean): boolean {
  if (submitting || !canContinueBooking(slot)) return false;
  if (!details.name.trim() || !details.email.trim()) return false;
  return bookingDetailsSchema.safeParse(details).success;
}

/**
 * The row to insert. id, created_at and status are the database's (a new booking is pending);
 * the slot is the instant of the chosen wall-clock time in the consultant's zone.
 */
export function toBookingRow(details: BookingDetails, slot: BookingSlot, zone: string, visitorZone = visitorTimeZone()): BookingRow {
  const at = slot.preferred_time ? slotInstant(slot.preferred_date, slot.preferred_time, zone) : null;
  if (!at) throw new Error('No slot chosen');
  return {
    client_name: details.name.trim(),
    client_email: details.email.trim(),
    client_phone: toE164(details.phoneCountry, details.phone),
    company_name: details.company.trim(),
    preferred_date: at.toISOString(),
    message: details.message.trim(),
    visitor_time_zone: visitorZone || null,
  };
}
