import { describe, expect, it } from 'vitest';
import { isRefundRefusal, quoteRefund, type RefundableLine, type RefundQuote } from './order-refund';

const lines: RefundableLine[] = [
  { id: 1, kind: 'ticket', qty: 3, unitCents: 1999, refundedQty: 0, refundedCents: 0 },
  { id: 2, kind: 'ticket', qty: 1, unitCents: 4500, refundedQty: 0, refundedCents: 0 },
  { id: 3, kind: 'topup', qty: 1, unitCents: 2000, refundedQty: 0, refundedCents: 0 },
];
const SERVICE = 1057;

/** The lines after a refund (as the API records it). */
function apply(ls: RefundableLine[], q: RefundQuote): RefundableLine[] {
  return ls.map((l) => {
    const p = q.parts.find((x) => x.line_id === l.id);
    return p ? { ...l, refundedQty: l.refundedQty + p.qty, refundedCents: l.refundedCents + p.cents } : l;
  });
}
const ok = (q: ReturnType<typeof quoteRefund>) => {
  if (isRefundRefusal(q)) throw new Error(q.kind);
  return q;
};

describe('quoteRefund', () => {
  it('gives the service cost back in proportion, whole once every ticket is refunded, in any order', () => {
    for (const order of [
      [1, 1, 1, 2],
      [2, 1, 1, 1],
      [1, 2, 1, 1],
    ]) {
      let state = lines;
      let service = 0;
      for (const id of order) {
        const q = ok(quoteRefund(state, SERVICE, { lines: [{ line_id: id, qty: 1 }] }));
        service += q.serviceCents;
        state = apply(state, q);
      }
      expect(service).toBe(SERVICE);
    }
  });

  it('all: every ticket left, the top-up up to what the wallet holds', () => {
    const q = ok(quoteRefund(lines, SERVICE, { all: true, topupCap: 750 }));
    expect(q).toMatchObject({ ticketsCents: 3 * 1999 + 4500, topupCents: 750, serviceCents: SERVICE });
    expect(q.amountCents).toBe(3 * 1999 + 4500 + 750 + SERVICE);
  });

  it('refuses unknown, repeated, too many, and the wrong field for the line', () => {
    expect(quoteRefund(lines, SERVICE, { lines: [{ line_id: 9, qty: 1 }] })).toEqual({
      kind: 'unknown_line',
      index: 0,
    });
    expect(
      quoteRefund(lines, SERVICE, {
        lines: [
          { line_id: 1, qty: 1 },
          { line_id: 1, qty: 1 },
        ],
      }),
    ).toEqual({ kind: 'duplicate_line', index: 1 });
    expect(quoteRefund(lines, SERVICE, { lines: [{ line_id: 1, qty: 4 }] })).toEqual({
      kind: 'too_many',
      index: 0,
      left: 3,
    });
    expect(quoteRefund(lines, SERVICE, { lines: [{ line_id: 3, amount_cents: 2001 }] })).toMatchObject({
      kind: 'topup_too_much',
    });
    expect(quoteRefund(lines, SERVICE, { lines: [{ line_id: 3, qty: 1 }] })).toMatchObject({
      kind: 'qty_on_topup',
    });
    expect(quoteRefund(lines, SERVICE, { lines: [{ line_id: 1, amount_cents: 5 }] })).toMatchObject({
      kind: 'amount_on_ticket',
    });
    const done = lines.map((l) => ({
      ...l,
      refundedQty: l.kind === 'ticket' ? l.qty : 0,
      refundedCents: l.unitCents * l.qty,
    }));
    expect(quoteRefund(done, SERVICE, { all: true, topupCap: 10_000 })).toEqual({ kind: 'nothing' });
  });
});
