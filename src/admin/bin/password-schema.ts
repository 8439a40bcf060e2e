/*
 * The one field of a blog user's restore: the new password its new sign-in account gets. The same
 * rule and words as the user form's new password (the database refuses fewer than 8 characters).
 */
import * as z from 'zod/mini';
import { ruleText } from '@/shared/forms/zod-rules';
import { passwordProblem } from '@/admin/kit/forms/password-rule';

/** A typed password is never trimmed: what was typed is what is stored. */
export function restorePasswordRule(password: string): string | null {
  return passwordProblem(password, true);
}

export const restorePasswordSchema = z.object({ password: ruleText(restorePasswordRule) });

export type RestorePasswordValues = z.infer<typeof restorePasswordSchema>;

