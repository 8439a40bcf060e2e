/*
 * The rules of 'Поверителност' as zod schemas with their Bulgarian messages: the controller's
 * facts and the processors, and the notice's text. The database checks the same and more
 * (private.check_privacy_settings, private.next_privacy_notice); its refusals, by their hints,
 * land on the field they are about (privacyRefusal).
 */
import * as z from 'zod/mini';
import { codeOf, hintOf } from '@/shared/db/errors';
import { emailError } from '@/shared/forms/validation';
import { ruleText } from '@/shared/forms/zod-rules';
import { eikDigits, isValidEik } from './eik';
import type { PrivacySettings } from './api';

export const NOTICE_MAX = 50_000;
export const PROCESSORS_MAX = 20;

export const privacyText = {
  eikInvalid: 'Невалиден ЕИК: 9 или 13 цифри с вярна контролна цифра.',
  nameTooLong: 'Името може да е до 200 знака.',
  addressTooLong: 'Адресът може да е до 300 знака.',
  processorName: 'Напишете името на доставчика (до 120 знака).',
  processorPurpose: 'Напишете за какво обработва данни (до 300 знака).',
  processorLocation: 'Напишете къде се обработват данните (до 120 знака).',
  processorsMax: `До ${PROCESSORS_MAX} обработващи.`,
  noticeEmpty: 'Напишете текста на политиката.',
  noticeTooLong: `Текстът може да е до ${NOTICE_MAX.toLocaleString('bg-BG')} знака.`,
} as const;

const upTo = (max: number, message: string) => ruleText((value) => (value.trim().length > max ? message : null));
const filledUpTo = (max: number, message: string) => ruleText((value) => (value.trim() === '' || value.trim().length > max ? message : null));

export const processorSchema = z.object({
  name: filledUpTo(120, privacyText.processorName),
  purpose: filledUpTo(300, privacyText.processorPurpose),
  location: filledUpTo(120, privacyText.processorLocation),
});

/** The facts may stay empty while nothing is published: the notice cannot be published without them. */
export const privacySettingsSchema = z.object({
  controller_name: upTo(200, privacyText.nameTooLong),
  controller_eik: ruleText((value) => (eikDigits(value) === '' || isValidEik(value) ? null : privacyText.eikInvalid)),
  controller_address: upTo(300, privacyText.addressTooLong),
  controller_email: ruleText((value) => emailError(value.trim())),
  processors: z.array(processorSchema).check(z.maxLength(PROCESSORS_MAX, privacyText.processorsMax)),
});

export type PrivacySettingsValues = z.infer<typeof privacySettingsSchema>;

export const noticeSchema = z.object({
  body: ruleText((value) => (value.trim() === '' ? privacyText.noticeEmpty : value.trim().length > NOTICE_MAX ? privacyText.noticeTooLong : null)),
});

export type NoticeValues = z.infer<typeof noticeSchema>;

/** What the controller's form starts from: the stored facts. */
export const settingsValuesFrom = (settings: PrivacySettings): PrivacySettingsValues => ({ ...settings, processors: settings.processors.map((p) => ({ ...p })) });

/** The controller's facts the notice cannot be published without, by their labels; [] when none is missing. */
export function missingFacts(settings: PrivacySettings): string[] {
  return [
    [settings.controller_name, 'име на дружеството'],
    [settings.controller_eik, 'ЕИК'],
    [settings.controller_address, 'адрес'],
    [settings.controller_email, 'имейл'],
  ]
    .filter(([value]) => value.trim() === '')
    .map(([, label]) => label);
}

type SettingsField = 'controller_name' | 'controller_eik' | 'controller_address' | 'controller_email' | 'processors';

/** The database's refusal of the facts (22023 with a hint) as the field it is about and its own message; null otherwise. */
export function privacyRefusal(error: unknown): { field: SettingsField; message: string } | null {
  if (codeOf(error) !== '22023') return null;
  const hint = hintOf(error);
  const message = (error as { message?: unknown }).message;
  if (typeof message !== 'string') return null;
  const field: SettingsField | null = hint.startsWith('privacy_controller_eik')
    ? 'controller_eik'
    : hint.startsWith('privacy_controller_email')
      ? 'controller_email'
      : hint.startsWith('privacy_controller_name')
        ? 'controller_name'
        : hint.startsWith('privacy_controller_address')
          ? 'controller_address'
          : hint.startsWith('privacy_processor')
            ? 'processors'
            : null;
  return field ? { field, message } : null;
}
