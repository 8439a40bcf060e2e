/*
 * Field rules shared by the visitor forms. Each rule returns the field's
 * Bulgarian message, or null when the value is acceptable. Empty values are never an error
 * here: whether a field is required is the form's decision (it disables its button).
 */

/**
 * A plain address: no spaces, exactly one @, a dot inside the domain part, and none of the
 * characters that mean something in a mailto: link, a mail header or a list of addresses
 * (? , ; : < > ( ) [ ] \ " ' & % /), so what a visitor types can never add a recipient. The
 * database checks the same pattern (the *_email_plain constraints, supabase/schema/tables.sql).
 */
const EMAIL_PATTERN = /^[^\s@?,;:<>()[\]\\"'&%/]+@[^\s@?,;:<>()[\]\\"'&%/]+\.[^\s@?,;:<>()[\]\\"'&%/.]{2,}$/;

export const MESSAGES = {
  email: 'Моля въведете валиден имейл адрес',
  name: 'Името трябва да е поне 2 символа',
  company: 'Името на компанията трябва да е поне 2 символа',
  phone: 'Моля въведете валиден телефонен номер',
} as const;

export function isValidEmail(value: string): boolean {
  const trimmed = value.trim();
  return trimmed.length <= 320 && EMAIL_PATTERN.test(trimmed);
}

export function emailError(value: string): string | null {
  if (!value.trim()) return null;
  return isValidEmail(value) ? null : MESSAGES.email;
}

/** At least `min` characters after trimming, when not empty. */
export function minLengthError(value: string, min: number, message: string): string | null {
  if (!value.trim()) return null;
  return value.trim().length >= min ? null : message;
}
