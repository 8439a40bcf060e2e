/*
 * The booking form's state and rules (spec sections 3, 4 and 5) as pure functions.
 */
import { DEFAULT_PHONE_COUNTRY, phoneError, toE164 } from '@/components/ui/phone-countries';
import { emailError } from '@/lib/validation';
import { slotInstant } from './slots';

export interface BookingFormState {
  name: string;
  email: string;
  phone: string;
  phoneCountry: string;
  company: string;
  message: string;
  /** 'YYYY-MM-DD' in the consultant's time zone, '' until chosen. */
  preferred_date: string;
  /** 'HH:MM' in the consultant's time zone, '' until chosen. */
  preferred_time: string;
}

export const EMPTY_BOOKING_FORM: BookingFormState = {
  name: '',
  email: '',
  phone: '',
  phoneCountry: DEFAULT_PHONE_COUNTRY,
  company: '',
  message: '',
  preferred_date: '',
  preferred_time: '',
};

/** The row for appointments. */
export interface AppointmentRow {
  client_name: string;
  client_email: string;
  client_phone: string;
  company_name: string;
  /** ISO instant of the chosen slot. */
  preferred_date: string;
  message: string;
}

export type BookingErrors = Partial<Record<'email' | 'phone', string>>;

export function bookingErrors(form: BookingFormState): BookingErrors {
  const errors: BookingErrors = {};
  const email = emailError(form.email);
  const phone = phoneError(form.phone);
  if (email) errors.email = email;
  if (phone) errors.phone = phone;
  return errors;
}

/** Step 1's continue button appears only when both a date and a time are chosen. */
export function canContinueBooking(form: Pick<BookingFormState, 'preferred_date' | 'preferred_time'>): boolean {
  return form.preferred_date !== '' && form.preferred_time !== '';
}

/**
 * Submit works when name and e-mail are filled (company, phone and message are optional), the
 * filled fields are valid and nothing is being sent.
 */
export function canSubmitBooking(form: BookingFormState, submitting: boolean): boolean {
  if (submitting) return false;
  if (!form.name.trim() || !form.email.trim()) return false;
  if (!canContinueBooking(form)) return false;
  const errors = bookingErrors(form);
  return !errors.email && !errors.phone;
}

/**
 * The row to insert. id, created_at and status are the database's (a new booking is pending);
 * the slot is the instant of the chosen wall-clock time in the consultant's zone.
 */
export function toAppointment(form: BookingFormState, zone: string): AppointmentRow {
  const at = form.preferred_time ? slotInstant(form.preferred_date, form.preferred_time, zone) : null;
  if (!at) throw new Error('No slot chosen');
  return {
    client_name: form.name.trim(),
    client_email: form.email.trim(),
    client_phone: toE164(form.phoneCountry, form.phone),
    company_name: form.company.trim(),
    preferred_date: at.toISOString(),
    message: form.message.trim(),
  };
}
