/*
 * The booking form's state and rules (spec sections 3, 4 and 5) as pure functions.
 */
import { DEFAULT_PHONE_COUNTRY, phoneError, toInternational } from '@/components/ui/phone-countries';
import { emailError } from '@/lib/validation';
import { parseDayKey, slotInstant } from './slots';

export interface BookingFormState {
  name: string;
  email: string;
  phone: string;
  phoneCountry: string;
  company: string;
  message: string;
  /** 'YYYY-MM-DD' (local), '' until chosen. */
  preferred_date: string;
  /** 'HH:MM' (local), '' until chosen. */
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
  /** ISO date-time of the chosen local slot. */
  preferred_date: string;
  message: string;
  status: 'pending';
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

export function toAppointment(form: BookingFormState): AppointmentRow {
  const day = parseDayKey(form.preferred_date);
  if (!day || !form.preferred_time) throw new Error('No slot chosen');
  return {
    client_name: form.name.trim(),
    client_email: form.email.trim(),
    client_phone: toInternational(form.phoneCountry, form.phone),
    company_name: form.company.trim(),
    preferred_date: slotInstant(day, form.preferred_time).toISOString(),
    message: form.message.trim(),
    status: 'pending',
  };
}
