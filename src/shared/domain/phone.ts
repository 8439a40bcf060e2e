import { isValidPhoneNumber, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';

/*
 * The country list of the phone input: a short list of the countries visitors come from, with
 * their dialling codes. Bulgaria is first and the default.
 */

export interface PhoneCountry {
  /** ISO 3166-1 alpha-2, lower case. */
  code: string;
  /** Bulgarian name shown in the picker. */
  name: string;
  /** Dialling code without '+'. */
  dial: string;
  /** True where the national trunk prefix 0 is part of the number abroad too (Italy). */
  keepsLeadingZero?: boolean;
}

export const DEFAULT_PHONE_COUNTRY = 'bg';

export const PHONE_COUNTRIES: readonly PhoneCountry[] = [
  { code: 'bg', name: 'България', dial: '359' },
  { code: 'ro', name: 'Румъния', dial: '40' },
  { code: 'gr', name: 'Гърция', dial: '30' },
  { code: 'rs', name: 'Сърбия', dial: '381' },
  { code: 'mk', name: 'Северна Македония', dial: '389' },
  { code: 'tr', name: 'Турция', dial: '90' },
  { code: 'de', name: 'Германия', dial: '49' },
  { code: 'at', name: 'Австрия', dial: '43' },
  { code: 'gb', name: 'Великобритания', dial: '44' },
  { code: 'fr', name: 'Франция', dial: '33' },
  { code: 'it', name: 'Италия', dial: '39', keepsLeadingZero: true },
  { code: 'es', name: 'Испания', dial: '34' },
  { code: 'nl', name: 'Нидерландия', dial: '31' },
  { code: 'ch', name: 'Швейцария', dial: '41' },
  { code: 'us', name: 'САЩ и Канада', dial: '1' },
];

export function findPhoneCountry(code: string | null | undefined): PhoneCountry {
  return PHONE_COUNTRIES.find((c) => c.code === code) ?? PHONE_COUNTRIES[0];
}

/**
 * The message for a number that is not a valid number of its country (libphonenumber's rules:
 * length and prefixes per country), or null. The value is E.164 as the phone field hands it over
 * ('+359888123456'); empty is not an error here.
 */
export function phoneError(value: string | null | undefined): string | null {
  const trimmed = (value ?? '').trim();
  if (!trimmed) return null;
  return isValidPhoneNumber(trimmed) ? null : 'Моля въведете валиден телефонен номер';
}

/**
 * A number kept from before the field spoke E.164 (a draft saved as typed, '0888 123 456') read
 * in the picker's country: its E.164 form, or '' when it cannot be one.
 */
export function toE164(countryCode: string, value: string | null | undefined): string {
  const trimmed = (value ?? '').trim();
  if (!trimmed) return '';
  if (/^\+[1-9]\d{6,14}$/.test(trimmed)) return trimmed;
  const parsed = parsePhoneNumberFromString(trimmed, countryCode.toUpperCase() as CountryCode);
  return parsed?.number ?? '';
}

/** '+359 88 812 3456' for people (the inbox); E.164 stays what is stored. */
export function formatPhone(value: string | null | undefined): string {
  const trimmed = (value ?? '').trim();
  if (!trimmed) return '';
  return parsePhoneNumberFromString(trimmed)?.formatInternational() ?? trimmed;
}
