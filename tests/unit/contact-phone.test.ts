import { describe, expect, it } from 'vitest';
import { DEFAULT_PHONE_COUNTRY, findPhoneCountry, PHONE_COUNTRIES, phoneError, toInternational } from '@/components/ui/phone-countries';

describe('phone country picker data', () => {
  it('has Bulgaria first and as the default', () => {
    expect(PHONE_COUNTRIES[0]).toMatchObject({ code: 'bg', dial: '359' });
    expect(DEFAULT_PHONE_COUNTRY).toBe('bg');
    expect(findPhoneCountry('zz').code).toBe('bg');
  });

  it('has unique codes', () => {
    expect(new Set(PHONE_COUNTRIES.map((c) => c.code)).size).toBe(PHONE_COUNTRIES.length);
  });
});

describe('international form', () => {
  it('adds the dialling code and drops the trunk 0', () => {
    expect(toInternational('bg', '0888 123 456')).toBe('+359 888 123 456');
    expect(toInternational('bg', '888 123 456')).toBe('+359 888 123 456');
    expect(toInternational('de', '030 1234567')).toBe('+49 30 1234567');
  });

  it('keeps the 0 where it is part of the number abroad (Italy)', () => {
    expect(toInternational('it', '06 1234 5678')).toBe('+39 06 1234 5678');
  });

  it('keeps a number typed in international form', () => {
    expect(toInternational('bg', '+44 20 7946 0000')).toBe('+44 20 7946 0000');
    expect(toInternational('bg', '0044 20 7946 0000')).toBe('+44 20 7946 0000');
  });

  it('gives an empty string for an empty number', () => {
    expect(toInternational('bg', '  ')).toBe('');
  });

  it('rejects letters, too few and too many digits', () => {
    expect(phoneError('088-ABC')).toBe('Моля въведете валиден телефонен номер');
    expect(phoneError('12345')).toBe('Моля въведете валиден телефонен номер');
    expect(phoneError('1234567890123456')).toBe('Моля въведете валиден телефонен номер');
    expect(phoneError('88+1234567')).toBe('Моля въведете валиден телефонен номер');
    expect(phoneError('(088) 123-456')).toBeNull();
    expect(phoneError('')).toBeNull();
  });
});
