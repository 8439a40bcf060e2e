/**
 * The login form's rules (e-mail and password required) and its messages: two checks, written out
 * rather than through the form library and zod, which were 60 KB of the sign-in page's script.
 */
export const loginMessages = {
  email: 'Моля, въведете имейл.',
  password: 'Моля, въведете парола.',
} as const;

export interface LoginValues {
  email: string;
  password: string;
}

export type LoginField = keyof LoginValues;

/** The message of a field that breaks its rule, else undefined. Values are checked, never changed. */
export function loginError(field: LoginField, value: string): string | undefined {
  if (field === 'email') return value.trim() === '' ? loginMessages.email : undefined;
  return value.length === 0 ? loginMessages.password : undefined;
}
