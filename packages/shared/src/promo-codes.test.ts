import { describe, expect, it } from 'vitest';
import { applyPromo, codeRefusal, normaliseCode, ticketDiscountCents } from './promo-codes';

describe('promo codes', () => {
  it('takes a percentage or an amount off each ticket, never below zero', () => {
    expect(ticketDiscountCents(4500, { kind: 'percent', value: 1000, ticketTypeIds: [] })).toBe(450);
    expect(ticketDiscountCents(4500, { kind: 'percent', value: 10_000, ticketTypeIds: [] })).toBe(4500);
    expect(ticketDiscountCents(4500, { kind: 'percent', value: 20_000, ticketTypeIds: [] })).toBe(4500);
    expect(ticketDiscountCents(500, { kind: 'amount', value: 1000, ticketTypeIds: [] })).toBe(500);
    expect(ticketDiscountCents(500, { kind: 'amount', value: -100, ticketTypeIds: [] })).toBe(0);
    expect(ticketDiscountCents(333, { kind: 'percent', value: 5000, ticketTypeIds: [] })).toBe(167);
  });

  it('covers only its ticket types', () => {
    const r = applyPromo(
      [
        { ticketTypeId: 1, unitCents: 1000, qty: 2 },
        { ticketTypeId: 2, unitCents: 2000, qty: 1 },
      ],
      { kind: 'amount', value: 300, ticketTypeIds: [2] },
    );
    expect(r.lines.map((l) => l.discountCents)).toEqual([0, 300]);
    expect(r.discountCents).toBe(300);
    expect(r.applies).toBe(true);
    expect(
      applyPromo([{ ticketTypeId: 1, unitCents: 1, qty: 1 }], {
        kind: 'amount',
        value: 1,
        ticketTypeIds: [9],
      }).applies,
    ).toBe(false);
  });

  it('names why a code is refused', () => {
    const now = new Date('2027-01-01T00:00:00Z');
    const base = { validFrom: null, validUntil: null, maxUses: 10, used: 0, perCustomerLimit: 1 };
    expect(codeRefusal(undefined, now)).toBe('unknown');
    expect(codeRefusal({ ...base, validFrom: new Date('2027-02-01T00:00:00Z') }, now)).toBe('not_yet');
    expect(codeRefusal({ ...base, validUntil: now }, now)).toBe('expired');
    expect(codeRefusal({ ...base, used: 10 }, now)).toBe('used_up');
    expect(codeRefusal(base, now, 1)).toBe('customer_limit');
    expect(codeRefusal(base, now, 0)).toBeNull();
    expect(normaliseCode(' verão 10 ')).toBe('VERÃO10');
  });
});
