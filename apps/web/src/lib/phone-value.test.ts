import { afterEach, describe, expect, it } from 'vitest';
import {
  caretAfterDigits,
  customerPhoneValue,
  digitsBefore,
  initialPhoneValue,
  isPhoneValueValid,
  isRefusedPhoneKey,
  pasteDigits,
  settleDigits,
} from './phone-value';
import { findCountry } from '@bilheteira/shared/phone';

afterEach(() => localStorage.clear());

const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});

describe('phone value', () => {
  it('starts in the preferred country (stored), else Portugal', () => {
    expect(initialPhoneValue()).toEqual({ countryIso2: 'PT', dialCode: '351', national: '' });
    localStorage.setItem('country_code', '"ES"');
    expect(initialPhoneValue('6 12')).toEqual({ countryIso2: 'ES', dialCode: '34', national: '612' });
    expect(initialPhoneValue('', 'BR').dialCode).toBe('55');
  });

  it('reads a customer’s E.164 mobile with its dial code', () => {
    expect(customerPhoneValue({ mobile: '+351912345678', mobile_country_code: '351' })).toEqual({
      countryIso2: 'PT',
      dialCode: '351',
      national: '912345678',
    });
    expect(customerPhoneValue({ mobile: '+34612345678', mobile_country_code: '34' }).national).toBe(
      '612345678',
    );
  });

  it('applies the spec §5 rule', () => {
    expect(isPhoneValueValid({ countryIso2: 'PT', dialCode: '351', national: '912345678' })).toBe(true);
    expect(isPhoneValueValid({ countryIso2: 'PT', dialCode: '351', national: '91234' })).toBe(false);
  });
});

describe('digits-only typing', () => {
  it('refuses printable non-digits only', () => {
    expect(isRefusedPhoneKey(key('a'))).toBe(true);
    expect(isRefusedPhoneKey(key('+'))).toBe(true);
    expect(isRefusedPhoneKey(key('5'))).toBe(false);
    expect(isRefusedPhoneKey(key('Backspace'))).toBe(false);
    expect(isRefusedPhoneKey(key('v', { ctrlKey: true }))).toBe(false);
    expect(isRefusedPhoneKey(key('v', { metaKey: true }))).toBe(false);
  });

  it('keeps the caret after the same digit in the mask', () => {
    expect(digitsBefore('912 345 678', 5)).toBe(4);
    expect(caretAfterDigits('912 345 678', 4)).toBe(5);
    expect(caretAfterDigits('912 345 678', 0)).toBe(0);
    expect(caretAfterDigits('912 345', 9)).toBe(7);
  });

  it('pastes digits over the selection', () => {
    const pt = findCountry('PT')!;
    expect(pasteDigits(pt, '912', '912', '(34) 5', 3, 3)).toEqual({
      country: pt,
      national: '912345',
      caret: 6,
    });
    expect(pasteDigits(pt, '912345678', '912 345 678', '00', 4, 7)).toEqual({
      country: pt,
      national: '91200678',
      caret: 5,
    });
  });

  it('reads a pasted international number, switching the country, and caps at its length (issue 25)', () => {
    const pt = findCountry('PT')!;
    for (const text of ['+351 912 345 678', '00351912345678', '351912345678']) {
      expect(pasteDigits(pt, '', '', text, 0, 0), text).toEqual({
        country: pt,
        national: '912345678',
        caret: 9,
      });
    }
    const uk = pasteDigits(pt, '', '', '+44 7400 123456', 0, 0);
    expect([uk.country.iso2, uk.national]).toEqual(['GB', '7400123456']);
    expect(settleDigits(pt, '9123456789', 10)).toEqual({ country: pt, national: '912345678', caret: 9 });
  });
});
