/*
 * A blog user's sign-in password, as the user form and the bin's restore ask for it: the database
 * refuses fewer than 8 characters. A typed password is never trimmed: what was typed is stored.
 */

export const MIN_PASSWORD_LENGTH = 8;

export const passwordText = {
  required: 'Моля, въведете парола.',
  tooShort: `Паролата трябва да е поне ${MIN_PASSWORD_LENGTH} символа.`,
} as const;

/** The message for a typed password; an empty one is refused only where a password is required. */
export function passwordProblem(password: string, required: boolean): string | null {
  if (password === '') return required ? passwordText.required : null;
  return password.length < MIN_PASSWORD_LENGTH ? passwordText.tooShort : null;
}
