/*
 * The country list of the phone input: a short list of the countries visitors come from, with
 * their dialling codes. Bulgaria is first and the default (spec section 9: default phone country bg).
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

const ALLOWED = /^[+\d\s().-]*$/;

/** Digits of a typed number, ignoring spaces, dashes, dots and brackets. */
export function phoneDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/** A number typed in international form ('+44 20…' or '0044 20…') ignores the picker. */
function isInternational(value: string): boolean {
  const trimmed = value.trim();
  return trimmed.startsWith('+') || trimmed.startsWith('00');
}

/**
 * The message for a number that cannot be a phone number (letters, too few or too many digits),
 * or null. Empty is not an error here.
 */
export function phoneError(value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed) return null;
  const digits = phoneDigits(trimmed);
  if (!ALLOWED.test(trimmed) || digits.length < 6 || digits.length > 15 || trimmed.indexOf('+') > 0) {
    return 'Моля въведете валиден телефонен номер';
  }
  return null;
}

/**
 * The number in international form for storing and for the team: '+359 88 123 4567'.
 * The national trunk 0 is dropped ('088 123 4567' in Bulgaria → '+359 88 123 4567'); a number
 * already typed with '+' or '00' is kept as typed (normalised to '+'). Empty input gives ''.
 */
export function toInternational(countryCode: string, value: string): string {
  const trimmed = value.trim().replace(/\s+/g, ' ');
  if (!trimmed) return '';
  if (isInternational(trimmed)) {
    return trimmed.startsWith('00') ? `+${trimmed.slice(2).trimStart()}` : trimmed;
  }
  const country = findPhoneCountry(countryCode);
  const national = country.keepsLeadingZero ? trimmed : trimmed.replace(/^0+\s*/, '');
  return `+${country.dial} ${national}`;
}
