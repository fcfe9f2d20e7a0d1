import { describe, expect, it } from 'vitest';
import { isValidCardExpiry } from '@bilheteira/shared/validation';
import { formatCardExpiryInput, formatCardNumberInput } from './card-input';

describe('formatCardNumberInput', () => {
  it('groups the digits in fours and drops anything else', () => {
    expect(formatCardNumberInput('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumberInput('4242-4242 42')).toBe('4242 4242 42');
    expect(formatCardNumberInput('4242 ')).toBe('4242');
    expect(formatCardNumberInput('12345678901234567890123')).toBe('1234 5678 9012 3456 789');
  });
});

describe('formatCardExpiryInput', () => {
  it.each([
    ['1', '1'],
    ['12', '12'],
    ['123', '12/3'],
    ['1230', '12/30'],
    ['122030', '12/2030'],
    ['12/2030', '12/2030'],
    ['12/20301', '12/2030'],
    ['4', '04'],
    ['430', '04/30'],
    ['1/', '01/'],
    ['1/30', '01/30'],
    ['12/', '12/'],
    ['ab12cd30', '12/30'],
  ])('%s → %s', (typed, shown) => expect(formatCardExpiryInput(typed)).toBe(shown));

  it('what it shows is a valid expiry for MM/YY and MM/YYYY', () => {
    const now = new Date('2026-11-25T00:00:00Z');
    expect(isValidCardExpiry(formatCardExpiryInput('1230'), now)).toBe(true);
    expect(isValidCardExpiry(formatCardExpiryInput('122030'), now)).toBe(true);
    expect(isValidCardExpiry(formatCardExpiryInput('1026'), now)).toBe(false);
    expect(isValidCardExpiry('11/26', now)).toBe(true);
    expect(isValidCardExpiry('13/30', now)).toBe(false);
    expect(isValidCardExpiry('12/030', now)).toBe(false);
  });
});
