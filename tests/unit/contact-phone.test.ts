import { describe, expect, it } from 'vitest';
import { DEFAULT_PHONE_COUNTRY, findPhoneCountry, formatPhone, PHONE_COUNTRIES, phoneError, toE164 } from '@/shared/domain/phone';

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

describe('E.164 and validation per country (libphonenumber)', () => {
  it('reads a number typed the national way in the chosen country as E.164', () => {
    expect(toE164('bg', '0888 123 456')).toBe('+359888123456');
    expect(toE164('bg', '888 123 456')).toBe('+359888123456');
    expect(toE164('de', '030 1234567')).toBe('+49301234567');
    expect(toE164('it', '06 1234 5678')).toBe('+390612345678'); // Italy keeps its 0
    expect(toE164('bg', '+44 20 7946 0000')).toBe('+442079460000');
    expect(toE164('bg', '+359888123456')).toBe('+359888123456');
    expect(toE164('bg', '  ')).toBe('');
  });

  it('refuses impossible numbers with the spec message, and takes valid ones of any country', () => {
    for (const bad of ['+359123456', '+000000', '+35935988812345', '+3598', 'abc']) {
      expect(phoneError(bad), bad).toBe('Моля въведете валиден телефонен номер');
    }
    for (const good of ['+359888123456', '+35929876543', '+442079460000', '+12125550123']) {
      expect(phoneError(good), good).toBeNull();
    }
    expect(phoneError('')).toBeNull();
  });

  it('a draft kept as typed with the dialling code in front is read as that number, not +359 359 …', () => {
    expect(toE164('bg', '359 88 812 3456')).toBe('+359888123456');
  });

  it('formats E.164 for people', () => {
    expect(formatPhone('+359888123456')).toBe('+359 88 812 3456');
    expect(formatPhone('')).toBe('');
  });
});
