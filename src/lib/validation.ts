/*
 * Field rules shared by the visitor forms (spec section 5). Each rule returns the spec's
 * Bulgarian message, or null when the value is acceptable. Empty values are never an error
 * here: whether a field is required is the form's decision (it disables its button).
 */

/** No spaces, exactly one @, and a dot inside the domain part. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const MESSAGES = {
  email: 'Моля въведете валиден имейл адрес',
  name: 'Името трябва да е поне 2 символа',
  company: 'Името на компанията трябва да е поне 2 символа',
  phone: 'Моля въведете валиден телефонен номер',
} as const;

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
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
