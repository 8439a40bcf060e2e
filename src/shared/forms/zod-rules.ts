/*
 * Zod fields built on the existing rule functions (src/shared/forms/validation.ts, the phone helpers), so
 * a schema carries exactly their messages without restating the rules. Import only from
 * schema modules of lazily loaded forms: zod is not part of the landing page's first paint.
 *
 * The schemas use zod/mini, zod's tree-shakable build: the dialogs carry only the checks they
 * use (the full build weighs about 30 kB gzip more, measured with scripts/tools/size.mjs).
 */
import * as z from 'zod/mini';

/** A text field checked by `rule`, which returns the field's message or null. */
export const ruleText = (rule: (value: string) => string | null) =>
  z.string().check(
    z.superRefine((value, ctx) => {
      const message = rule(value);
      if (message) ctx.addIssue({ code: 'custom', message });
    }),
  );
