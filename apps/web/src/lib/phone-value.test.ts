import { afterEach, describe, expect, it } from 'vitest';
import {
  caretAfterDigits,
  customerPhoneValue,
  digitsBefore,
  initialPhoneValue,
  isPhoneValueValid,
  isRefusedPhoneKey,
  pasteDigits,
} from './phone-value';

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
    expect(pasteDigits('912', '912', '+351 (91)', 3, 3)).toEqual({ national: '91235191', caret: 8 });
    expect(pasteDigits('912345678', '912 345 678', '00', 4, 7)).toEqual({ national: '91200678', caret: 5 });
  });
});
