import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allInPriceCents,
  formatEur,
  formatFeePercent,
  ratedServiceFeeBp,
  serviceCostCents,
  ticketsServiceCents,
} from './money';

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

describe('service cost', () => {
  const fee = (bp: number, vatPercent = 23) => ({ bp, vatPercent });

  it("is the percentage plus the event's VAT rate on it, half-up to the cent", () => {
    expect(serviceCostCents(1500, fee(300))).toBe(55); // 45 + 10,35 → 10
    expect(serviceCostCents(6000, fee(500))).toBe(369);
    expect(serviceCostCents(1000, fee(0))).toBe(0);
    expect(serviceCostCents(2700, fee(400, 6))).toBe(114); // 108 + 6,48 → 6
    expect(serviceCostCents(2700, fee(400, 0))).toBe(108);
    expect(serviceCostCents(3500, fee(400, 6))).toBe(148); // 140 + 8,4 → 8
    expect(allInPriceCents(3500, fee(400, 6))).toBe(3648);
    expect(allInPriceCents(3500, fee(400))).toBe(3672);
  });

  it('is counted per ticket, so the all-in price times the quantity is what is paid', () => {
    const lines = [
      { unitCents: 1500, qty: 3 },
      { unitCents: 1000, qty: 1 },
    ];
    const total = 3 * 1500 + 1000 + ticketsServiceCents(lines, fee(300));
    expect(total).toBe(3 * allInPriceCents(1500, fee(300)) + allInPriceCents(1000, fee(300)));
    expect(ticketsServiceCents(lines, fee(300, 0))).toBe(3 * 45 + 30);
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            unitCents: fc.integer({ min: 0, max: 100_000 }),
            qty: fc.integer({ min: 1, max: 20 }),
          }),
        ),
        fc.integer({ min: 0, max: 2_000 }),
        fc.integer({ min: 0, max: 23 }),
        (ls, bp, vatPercent) => {
          const paid =
            ls.reduce((n, l) => n + l.unitCents * l.qty, 0) + ticketsServiceCents(ls, fee(bp, vatPercent));
          expect(paid).toBe(
            ls.reduce((n, l) => n + l.qty * allInPriceCents(l.unitCents, fee(bp, vatPercent)), 0),
          );
        },
      ),
    );
  });

  it('names the percentage of an order only while the fee, VAT rate included, still gives its amount', () => {
    const lines = [{ unitCents: 2700, qty: 2 }];
    expect(ratedServiceFeeBp(lines, fee(400, 6), 228)).toBe(400);
    expect(ratedServiceFeeBp(lines, fee(400), 228)).toBeNull(); // the rate changed since: 266 now
    expect(ratedServiceFeeBp(lines, fee(400), 266)).toBe(400);
  });

  it("prints its percentage in the reader's way", () => {
    expect(formatFeePercent(500, 'pt-pt')).toBe('5');
    expect(formatFeePercent(250, 'es')).toBe('2,5');
    expect(formatFeePercent(250, 'en')).toBe('2.5');
  });
});
