/*
 * The newsletter box's rule: an e-mail input, required; nothing happens on submit if it is empty.
 * So an empty field refuses the submit without a message, and a filled one must be an address,
 * with the product's one e-mail message.
 */
import * as z from 'zod/mini';
import { emailError } from '@/shared/forms/validation';

/**
 * The empty field's issue: it refuses the submit but is never shown (zod gives an empty message
 * its own default text, so the form recognises this marker instead).
 */
export const SILENT_REQUIRED = 'newsletter-email-required';

export const newsletterSchema = z.object({
  email: z.string().check(
    z.superRefine((value, ctx) => {
      if (!value.trim()) return void ctx.addIssue({ code: 'custom', message: SILENT_REQUIRED });
      const message = emailError(value);
      if (message) ctx.addIssue({ code: 'custom', message });
    }),
  ),
});

export type NewsletterValues = z.infer<typeof newsletterSchema>;
