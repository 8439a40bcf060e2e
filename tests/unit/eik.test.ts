// The ЕИК (BULSTAT) check digits of the privacy panel's form (src/admin/privacy/eik.ts), the same
// algorithm as the database's private.valid_eik (tests/backend/privacy-notice.test.ts).
import { describe, expect, it } from 'vitest';
import { isValidEik } from '@/admin/privacy/eik';

describe('isValidEik', () => {
  it('accepts 9 digits with a right ninth, including one whose first remainder is 10, and 13 for a branch', () => {
    for (const eik of ['131071587', '020469788', '206123451', '1213961230342', '121 396 123 0342']) expect(isValidEik(eik), eik).toBe(true);
  });

  it('refuses a wrong check digit, another length, letters, an empty value', () => {
    for (const eik of ['206123450', '123456789', '1213961230343', '12345678', '12345678901', 'BG131071587', '']) expect(isValidEik(eik), eik).toBe(false);
  });
});
