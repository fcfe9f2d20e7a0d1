import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatEur } from './money';

const intl = new Intl.NumberFormat('pt-PT', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

describe('formatEur', () => {
  it('prints pt-PT euros with no-break spaces, grouping from five digits', () => {
    expect(formatEur(1250)).toBe('12,50\u00a0€');
    expect(formatEur(0)).toBe('0,00\u00a0€');
    expect(formatEur(5)).toBe('0,05\u00a0€');
    expect(formatEur(123456)).toBe('1234,56\u00a0€');
    expect(formatEur(1234567)).toBe('12\u00a0345,67\u00a0€');
    expect(formatEur(123456789)).toBe('1\u00a0234\u00a0567,89\u00a0€');
    expect(formatEur(-1250)).toBe('-12,50\u00a0€');
  });

  it('matches Intl.NumberFormat for any amount of cents', () => {
    const cases = fc.oneof(
      fc.integer({ min: -1e7, max: 1e7 }),
      fc.integer({ min: -1e13, max: 1e13 }), // cents / 100 stays exact in a double up to here
      fc.integer({ min: -1e9, max: 1e9 }).map((n) => n + 0.5),
      fc.constantFrom(-0, NaN, Infinity, -Infinity, 2 ** 60, -0.4, 0.4),
    );
    fc.assert(
      fc.property(cases, (cents) => {
        expect(formatEur(cents)).toBe(intl.format(cents / 100));
      }),
      { numRuns: 2000 },
    );
  });
});
