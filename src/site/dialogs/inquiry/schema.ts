/*
 * The inquiry wizard's rules: the zod schema of its fields, carrying the shared fields' messages,
 * and on top of it the step gating per contact method, the draft's shape and the
 * row stored in contact_submissions. The values themselves live in react-hook-form
 * (InquiryWizard.tsx); everything here is pure.
 */
import * as z from 'zod/mini';
import { DEFAULT_PHONE_COUNTRY, phoneError, toE164 } from '@/shared/domain/phone';
import type { ContactMethod, InquiryRow, InquiryService } from '@/shared/domain/inquiry';
import { emailError, MESSAGES, minLengthError } from '@/shared/forms/validation';
import { ruleText } from '@/shared/forms/zod-rules';

export type { ContactMethod, InquiryService };

export const SERVICES: readonly InquiryService[] = ['real_estate', 'hospitality', 'fitness', 'custom'];
export const CONTACT_METHODS: readonly ContactMethod[] = ['email', 'phone', 'both'];

/** localStorage key of the draft. */
export const INQUIRY_DRAFT_KEY = 'contact-form';

export type WizardStep = 1 | 2 | 3;

export const STEP_TITLES: Record<WizardStep, string> = {
  1: 'Каква услуга търсите?',
  2: 'Вашите данни за контакт',
  3: 'Разкажете ни повече',
};

/**
 * The form's fields with their rules and messages. A filled field is checked, an empty one
 * never (clearing a field clears its error). Which fields must be
 * filled, per contact method, is the step's gate (canLeaveContactStep), which disables a button
 * rather than showing a message.
 */
export const inquirySchema = z.object({
  service: z.union([z.enum(SERVICES), z.literal('')]),
  company: ruleText((value) => minLengthError(value, 2, MESSAGES.company)),
  name: ruleText((value) => minLengthError(value, 2, MESSAGES.name)),
  email: ruleText(emailError),
  /** E.164 as the phone field hands it over ('+359888123456'), '' when not given. */
  phone: ruleText((value) => phoneError(value)),
  /** Country of the phone number's dialling code. */
  phoneCountry: z.string(),
  message: z.string(),
  contactMethod: z.enum(CONTACT_METHODS),
});

export type InquiryFormState = z.infer<typeof inquirySchema>;

export const EMPTY_INQUIRY_FORM: InquiryFormState = {
  service: '',
  company: '',
  name: '',
  email: '',
  phone: '',
  phoneCountry: DEFAULT_PHONE_COUNTRY,
  message: '',
  contactMethod: 'email',
};

/** What the draft holds: the form, the step the visitor was on and when they began it. */
export interface InquiryDraft extends InquiryFormState {
  step: WizardStep;
  /**
   * When the visitor began the form (epoch milliseconds): the bot trap's clock counts from it, so
   * a restored message sent at once is not taken for a bot's. Missing in older drafts.
   */
  startedAt?: number;
}

export const showsEmail = (method: ContactMethod) => method === 'email' || method === 'both';
export const showsPhone = (method: ContactMethod) => method === 'phone' || method === 'both';

export type ContactField = 'company' | 'name' | 'email' | 'phone';
export type ContactErrors = Partial<Record<ContactField, string>>;

/** The schema's message per field in error (a field's first), as the gate and the tests read them. */
export function contactErrors(form: InquiryFormState): ContactErrors {
  const errors: ContactErrors = {};
  for (const issue of inquirySchema.safeParse(form).error?.issues ?? []) {
    const field = issue.path[0] as ContactField;
    errors[field] ??= issue.message;
  }
  return errors;
}

const filled = (value: string) => value.trim().length > 0;

/**
 * Step 2 may move on when company and name are filled, plus the e-mail for 'email', the phone
 * for 'phone' and both for 'both', and none of the fields shown has an error.
 */
export function canLeaveContactStep(form: InquiryFormState): boolean {
  if (!filled(form.company) || !filled(form.name)) return false;
  if (showsEmail(form.contactMethod) && !filled(form.email)) return false;
  if (showsPhone(form.contactMethod) && !filled(form.phone)) return false;
  const errors = contactErrors(form);
  if (errors.company || errors.name) return false;
  if (showsEmail(form.contactMethod) && errors.email) return false;
  if (showsPhone(form.contactMethod) && errors.phone) return false;
  return true;
}

/** The send button works when a message is written and nothing is being sent. */
export function canSendInquiry(form: InquiryFormState, submitting: boolean): boolean {
  return !submitting && filled(form.message);
}

/** The furthest step the form's content allows (a restored draft never skips a rule). */
export function reachableStep(form: InquiryFormState, wanted: WizardStep): WizardStep {
  if (wanted === 1 || !form.service) return 1;
  if (wanted === 2 || !canLeaveContactStep(form)) return 2;
  return 3;
}

/** The row for contact_submissions: hidden fields are not sent, a missing phone is ''. */
export function toSubmission(form: InquiryFormState): InquiryRow {
  if (!form.service) throw new Error('No service chosen');
  return {
    name: form.name.trim(),
    email: showsEmail(form.contactMethod) ? form.email.trim() : '',
    phone: showsPhone(form.contactMethod) ? toE164(form.phoneCountry, form.phone) : '',
    company: form.company.trim(),
    message: form.message.trim(),
    purpose: form.service,
    contact_method: form.contactMethod,
  };
}

const isString = (v: unknown): v is string => typeof v === 'string';

/** Reads a stored draft, tolerating older drafts without some fields; null when it is not one. */
export function parseInquiryDraft(value: unknown): InquiryDraft | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  const text = (key: keyof InquiryFormState) => (isString(v[key]) ? (v[key] as string) : '');
  const service = SERVICES.includes(v.service as InquiryService) ? (v.service as InquiryService) : '';
  const contactMethod = CONTACT_METHODS.includes(v.contactMethod as ContactMethod)
    ? (v.contactMethod as ContactMethod)
    : 'email';
  const phoneCountry = isString(v.phoneCountry) && v.phoneCountry ? v.phoneCountry : DEFAULT_PHONE_COUNTRY;
  const form: InquiryFormState = {
    service,
    company: text('company'),
    name: text('name'),
    email: text('email'),
    // drafts saved before the field spoke E.164 kept the number as typed
    phone: toE164(phoneCountry, text('phone')),
    phoneCountry,
    message: text('message'),
    contactMethod,
  };
  const wanted = v.step === 2 || v.step === 3 ? v.step : 1;
  const draft: InquiryDraft = { ...form, step: reachableStep(form, wanted) };
  if (typeof v.startedAt === 'number' && Number.isFinite(v.startedAt) && v.startedAt > 0) draft.startedAt = v.startedAt;
  return draft;
}
