/** The login form's rules (e-mail and password required) and its messages. */
import * as z from 'zod/mini';

export const loginMessages = {
  email: 'Моля, въведете имейл.',
  password: 'Моля, въведете парола.',
} as const;

/** Values are checked, never changed: what was typed is what is sent. */
export const loginSchema = z.object({
  email: z.string().check(z.refine((value) => value.trim() !== '', loginMessages.email)),
  password: z.string().check(z.minLength(1, loginMessages.password)),
});

export type LoginValues = z.infer<typeof loginSchema>;
