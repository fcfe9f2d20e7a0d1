import { describe, expect, it } from 'vitest';
import { findCountry, formatNationalPhone, nationalNumber, readPhone, toE164 } from './phone';
import { phonePlaceholder } from './phone-placeholder';

const PT = findCountry('PT')!;

describe('one reading of a phone number (issue 25 items 3 and 18)', () => {
  it('reads the same Portuguese number in every accepted format', () => {
    for (const text of [
      '912345678',
      '912 345 678',
      '+351 912 345 678',
      '+351912345678',
      '00351912345678',
      '351912345678',
    ]) {
      const read = readPhone(PT, text);
      expect([read.country.iso2, read.national], text).toEqual(['PT', '912345678']);
      expect(toE164('351', text), text).toBe('+351912345678');
      expect(nationalNumber('+351', text), text).toBe('912345678');
    }
  });

  it('switches the country when an international number says so, not in the API', () => {
    const uk = readPhone(PT, '+44 7400 123456');
    expect([uk.country.iso2, uk.national]).toEqual(['GB', '7400123456']);
    const mz = readPhone(PT, '00258 84 123 4567');
    expect([mz.country.iso2, mz.national]).toEqual(['MZ', '841234567']);
    // the API keeps the code it was given: a Spanish number sent with 351 is not silently Spanish
    expect(toE164('351', '+34612345678')).toBe('+35134612345678');
  });

  it('keeps national numbers that merely start like the dial code', () => {
    expect(readPhone(PT, '351').national).toBe('351');
    expect(readPhone(findCountry('GB')!, '4412345678').national).toBe('4412345678');
  });

  it('masks UK and Mozambique numbers and shows real example placeholders', () => {
    expect(formatNationalPhone('GB', '7400123456')).toBe('7400 123456');
    expect(formatNationalPhone('MZ', '841234567')).toBe('84 123 4567');
    expect(formatNationalPhone('PT', '912345678')).toBe('912 345 678');
    expect(phonePlaceholder(findCountry('GB')!)).toBe('7400 123456');
    expect(phonePlaceholder(findCountry('MZ')!)).toMatch(/^8\d \d{3} \d{4}$/);
    expect(phonePlaceholder(PT)).toBe('912 345 678');
  });

  it('caps each country at its longest national number', () => {
    expect(PT.maxDigits).toBe(9);
    expect(findCountry('BR')!.maxDigits).toBe(11);
    expect(findCountry('GB')!.maxDigits).toBe(10);
  });
});
