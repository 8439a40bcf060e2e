import { describe, expect, it } from 'vitest';
import {
  canLeaveContactStep,
  canSendInquiry,
  contactErrors,
  EMPTY_INQUIRY_FORM,
  parseInquiryDraft,
  STEP_TITLES,
  toSubmission,
  type InquiryFormState,
} from '@/site/dialogs/inquiry/schema';

const form = (patch: Partial<InquiryFormState>): InquiryFormState => ({ ...EMPTY_INQUIRY_FORM, ...patch });

const details = form({ service: 'fitness', company: 'Фитнес Про', name: 'Десислава' });

describe('contact form validation messages', () => {
  it('e-mail must look like an address', () => {
    expect(contactErrors(form({ email: 'ivan' })).email).toBe('Моля въведете валиден имейл адрес');
    expect(contactErrors(form({ email: 'ivan@example' })).email).toBe('Моля въведете валиден имейл адрес');
    expect(contactErrors(form({ email: 'iv an@example.com' })).email).toBe('Моля въведете валиден имейл адрес');
    expect(contactErrors(form({ email: 'ivan@@example.com' })).email).toBe('Моля въведете валиден имейл адрес');
    expect(contactErrors(form({ email: 'ivan@example.com' })).email).toBeUndefined();
  });

  it('name needs at least 2 characters', () => {
    expect(contactErrors(form({ name: 'И' })).name).toBe('Името трябва да е поне 2 символа');
    expect(contactErrors(form({ name: 'Ив' })).name).toBeUndefined();
  });

  it('company needs at least 2 characters', () => {
    expect(contactErrors(form({ company: 'А' })).company).toBe('Името на компанията трябва да е поне 2 символа');
    expect(contactErrors(form({ company: 'АБ' })).company).toBeUndefined();
  });

  it('phone must be a plausible number', () => {
    expect(contactErrors(form({ phone: 'abc' })).phone).toBe('Моля въведете валиден телефонен номер');
    expect(contactErrors(form({ phone: '12' })).phone).toBe('Моля въведете валиден телефонен номер');
    expect(contactErrors(form({ phone: '+359881234567' })).phone).toBeUndefined();
  });

  it('an empty (cleared) field has no error', () => {
    expect(contactErrors(form({ email: '', name: '', company: '', phone: '' }))).toEqual({});
    expect(contactErrors(form({ name: '   ' }))).toEqual({});
  });
});

describe('step 2 gating per contact method', () => {
  it('needs company and name', () => {
    expect(canLeaveContactStep({ ...details, company: '', email: 'd@fit.bg' })).toBe(false);
    expect(canLeaveContactStep({ ...details, name: '', email: 'd@fit.bg' })).toBe(false);
  });

  it('by e-mail: needs the e-mail, not the phone', () => {
    const byEmail = { ...details, contactMethod: 'email' as const };
    expect(canLeaveContactStep(byEmail)).toBe(false);
    expect(canLeaveContactStep({ ...byEmail, phone: '+359888123456' })).toBe(false);
    expect(canLeaveContactStep({ ...byEmail, email: 'd@fit.bg' })).toBe(true);
  });

  it('by phone: needs the phone, not the e-mail', () => {
    const byPhone = { ...details, contactMethod: 'phone' as const };
    expect(canLeaveContactStep(byPhone)).toBe(false);
    expect(canLeaveContactStep({ ...byPhone, email: 'd@fit.bg' })).toBe(false);
    expect(canLeaveContactStep({ ...byPhone, phone: '+359888123456' })).toBe(true);
  });

  it('both: needs e-mail and phone', () => {
    const both = { ...details, contactMethod: 'both' as const };
    expect(canLeaveContactStep({ ...both, email: 'd@fit.bg' })).toBe(false);
    expect(canLeaveContactStep({ ...both, phone: '+359888123456' })).toBe(false);
    expect(canLeaveContactStep({ ...both, email: 'd@fit.bg', phone: '+359888123456' })).toBe(true);
  });

  it('a field with an error blocks, a hidden field with an error does not', () => {
    expect(canLeaveContactStep({ ...details, email: 'd@fit' })).toBe(false);
    expect(canLeaveContactStep({ ...details, name: 'Д', email: 'd@fit.bg' })).toBe(false);
    expect(canLeaveContactStep({ ...details, email: 'd@fit.bg', phone: 'xx' })).toBe(true);
  });
});

describe('sending', () => {
  it('needs a message and no send in progress', () => {
    expect(canSendInquiry(form({ message: '' }), false)).toBe(false);
    expect(canSendInquiry(form({ message: '   ' }), false)).toBe(false);
    expect(canSendInquiry(form({ message: 'Здравейте' }), true)).toBe(false);
    expect(canSendInquiry(form({ message: 'Здравейте' }), false)).toBe(true);
  });

  it('stores the fields the spec lists; the phone is an empty string when missing', () => {
    const row = toSubmission({ ...details, email: ' d@fit.bg ', phone: '', message: ' Искаме AI планове ' });
    expect(row).toEqual({
      name: 'Десислава',
      email: 'd@fit.bg',
      phone: '',
      company: 'Фитнес Про',
      message: 'Искаме AI планове',
      purpose: 'fitness',
      contact_method: 'email',
    });
  });

  it('does not send fields the chosen method hides', () => {
    const row = toSubmission({ ...details, contactMethod: 'phone', email: 'typed@before.bg', phone: '+359881234567', message: 'x' });
    expect(row.email).toBe('');
    expect(row.phone).toBe('+359881234567');
  });

  it('has the spec titles for the three steps', () => {
    expect(STEP_TITLES).toEqual({ 1: 'Каква услуга търсите?', 2: 'Вашите данни за контакт', 3: 'Разкажете ни повече' });
  });
});

describe('drafts', () => {
  it('restores a saved draft with its step', () => {
    const draft = { ...details, email: 'd@fit.bg', message: 'Здравейте', step: 3 };
    expect(parseInquiryDraft(draft)).toEqual(draft);
  });

  it('keeps when the visitor began the form, for the bot trap, and drops a start that is not a time', () => {
    const draft = { ...details, email: 'd@fit.bg', message: 'Здравейте', step: 3, startedAt: 1_790_000_000_000 };
    expect(parseInquiryDraft(draft)).toEqual(draft);
    for (const startedAt of ['1790000000000', Number.NaN, -5, null]) {
      expect(parseInquiryDraft({ ...draft, startedAt })).not.toHaveProperty('startedAt');
    }
  });

  it('never restores a step the content does not allow', () => {
    expect(parseInquiryDraft({ ...details, step: 3 })?.step).toBe(2); // no e-mail yet
    expect(parseInquiryDraft({ ...EMPTY_INQUIRY_FORM, step: 2 })?.step).toBe(1); // no service
  });

  it('ignores values of the wrong type and rejects non-objects', () => {
    expect(parseInquiryDraft({ service: 'yachts', contactMethod: 'fax', name: 7 })).toMatchObject({
      service: '',
      contactMethod: 'email',
      name: '',
      step: 1,
    });
    expect(parseInquiryDraft(['x'])).toBeNull();
    expect(parseInquiryDraft(null)).toBeNull();
  });
});
