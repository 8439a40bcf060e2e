import type { AdminBlogUser, BlogUserPayload } from './types';

/*
 * The user form's rules (spec section 5): username and a valid e-mail are required; the password
 * is required only when creating, and a blank password while editing keeps the current one (the
 * field is then not sent at all). The database accepts passwords of at least 8 characters.
 */

export const MIN_PASSWORD_LENGTH = 8;
/** The same rule as the database's check on blog_users.email. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const userFormText = {
  usernameRequired: 'Моля, въведете потребителско име.',
  emailRequired: 'Моля, въведете имейл.',
  emailInvalid: 'Моля, въведете валиден имейл адрес.',
  passwordRequired: 'Моля, въведете парола.',
  passwordTooShort: `Паролата трябва да е поне ${MIN_PASSWORD_LENGTH} символа.`,
  saveFallback: 'Неуспешно запазване на потребителя.',
} as const;

export interface UserFormValues {
  username: string;
  full_name: string;
  email: string;
  password: string;
  is_active: boolean;
}

export type UserFormMode = 'create' | 'edit';
export type UserFormErrors = Partial<Record<'username' | 'email' | 'password', string>>;

export function emptyUserValues(): UserFormValues {
  return { username: '', full_name: '', email: '', password: '', is_active: true };
}

export function userValuesFrom(user: AdminBlogUser): UserFormValues {
  return { username: user.username, full_name: user.full_name ?? '', email: user.email, password: '', is_active: user.is_active };
}

export function validateUser(values: UserFormValues, mode: UserFormMode): UserFormErrors {
  const errors: UserFormErrors = {};
  if (!values.username.trim()) errors.username = userFormText.usernameRequired;
  const email = values.email.trim();
  if (!email) errors.email = userFormText.emailRequired;
  else if (!EMAIL_PATTERN.test(email)) errors.email = userFormText.emailInvalid;
  if (mode === 'create' && values.password === '') errors.password = userFormText.passwordRequired;
  else if (values.password !== '' && values.password.length < MIN_PASSWORD_LENGTH) errors.password = userFormText.passwordTooShort;
  return errors;
}

export function hasErrors(errors: UserFormErrors): boolean {
  return Object.values(errors).some(Boolean);
}

/** The row to write: password only when typed (on edit a blank password keeps the current one). */
export function userPayload(values: UserFormValues): BlogUserPayload {
  const payload: BlogUserPayload = {
    username: values.username.trim(),
    full_name: values.full_name.trim() || null,
    email: values.email.trim().toLowerCase(),
    is_active: values.is_active,
  };
  if (values.password !== '') payload.password = values.password;
  return payload;
}
