/*
 * The ЕИК (BULSTAT) of a Bulgarian company: 9 digits, or 13 for a branch, each ending in a check
 * digit (the Registry Agency's algorithm). The database checks it the same way
 * (private.valid_eik, supabase/migrations/20261129000800_privacy_notice.sql); this is only the
 * form's quick answer.
 */

/** The digits of a typed ЕИК: spaces dropped. */
export const eikDigits = (value: string) => value.replace(/\s/g, '');

function checkDigit(digits: number[], first: readonly number[], second: readonly number[]): number {
  const sum = (weights: readonly number[]) => weights.reduce((total, weight, i) => total + weight * digits[i], 0);
  const r = sum(first) % 11;
  return r !== 10 ? r : (sum(second) % 11) % 10;
}

const NINTH = { first: [1, 2, 3, 4, 5, 6, 7, 8], second: [3, 4, 5, 6, 7, 8, 9, 10] } as const;
const THIRTEENTH = { first: [2, 7, 3, 5], second: [4, 9, 5, 7] } as const;

/** Whether `value` (spaces aside) is a valid ЕИК. */
export function isValidEik(value: string): boolean {
  const eik = eikDigits(value);
  if (!/^(\d{9}|\d{13})$/.test(eik)) return false;
  const d = [...eik].map(Number);
  if (checkDigit(d, NINTH.first, NINTH.second) !== d[8]) return false;
  if (eik.length === 9) return true;
  return checkDigit(d.slice(8, 12), THIRTEENTH.first, THIRTEENTH.second) === d[12];
}
