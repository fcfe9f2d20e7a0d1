/**
 * What a back-office refund of some lines of a paid order gives back (issue 27 item 2): one
 * rule for the API (which decides) and the back office (which shows the amount before the
 * team confirms).
 *
 * - A ticket line gives back its unit price (after the promo discount) per ticket refunded.
 * - A wallet top-up line gives back any part of what is left of it, and never more than the
 *   wallet still holds unspent of its online money (the API checks the wallet).
 * - The service cost goes back with the tickets, in proportion to their value, counted on what
 *   the order's refunds gave back so far: after refunds of ticket value V out of the tickets'
 *   value T, floor(service × V / T) has gone back, so refunding every ticket, in one refund or
 *   several, gives back the whole service cost, as cancelling the event does.
 */

export interface RefundableLine {
  id: number;
  kind: 'ticket' | 'topup';
  qty: number;
  /** what one unit cost the buyer (top-up: its amount, qty 1) */
  unitCents: number;
  refundedQty: number;
  refundedCents: number;
}

/** One line of a refund request: tickets by quantity, a top-up by amount (all of it when omitted). */
export interface RefundRequestLine {
  line_id: number;
  qty?: number;
  amount_cents?: number;
}

export interface RefundPart {
  line_id: number;
  kind: 'ticket' | 'topup';
  /** tickets refunded (top-up: 0) */
  qty: number;
  cents: number;
}

export interface RefundQuote {
  parts: RefundPart[];
  ticketsCents: number;
  topupCents: number;
  serviceCents: number;
  amountCents: number;
}

export type RefundRefusal =
  | { kind: 'unknown_line'; index: number }
  | { kind: 'duplicate_line'; index: number }
  | { kind: 'qty_on_topup'; index: number }
  | { kind: 'amount_on_ticket'; index: number }
  | { kind: 'too_many'; index: number; left: number }
  | { kind: 'topup_too_much'; index: number; left: number }
  | { kind: 'nothing' };

export const lineTotalCents = (l: RefundableLine) => l.unitCents * l.qty;
export const ticketsLeft = (l: RefundableLine) => (l.kind === 'ticket' ? l.qty - l.refundedQty : 0);
export const centsLeft = (l: RefundableLine) => lineTotalCents(l) - l.refundedCents;

/** Service cost given back once tickets worth `refundedValue` out of all are refunded. */
export function serviceBackAfter(
  lines: readonly RefundableLine[],
  serviceCents: number,
  refundedValue: number,
) {
  const ticketValue = lines.filter((l) => l.kind === 'ticket').reduce((n, l) => n + lineTotalCents(l), 0);
  if (ticketValue <= 0) {
    // free tickets carry no service cost; if one was charged, it goes back with the last ticket
    const left = lines.some((l) => ticketsLeft(l) > 0);
    return left ? 0 : serviceCents;
  }
  return Math.floor((serviceCents * Math.min(refundedValue, ticketValue)) / ticketValue);
}

/**
 * The parts and amounts of a refund request on the order's lines, or why it cannot be.
 * `all`: every ticket left and every top-up's rest up to `topupCap` (what the wallet still
 * holds unspent; Infinity when unknown, as in the back office before the API answers).
 */
export function quoteRefund(
  lines: readonly RefundableLine[],
  serviceCents: number,
  request: { all: true; topupCap: number } | { all?: false; lines: readonly RefundRequestLine[] },
): RefundQuote | RefundRefusal {
  const parts: RefundPart[] = [];
  if (request.all) {
    let cap = Math.max(0, request.topupCap);
    for (const l of lines) {
      if (l.kind === 'ticket' && ticketsLeft(l) > 0)
        parts.push({
          line_id: l.id,
          kind: 'ticket',
          qty: ticketsLeft(l),
          cents: ticketsLeft(l) * l.unitCents,
        });
      if (l.kind === 'topup') {
        const cents = Math.min(centsLeft(l), cap);
        cap -= cents;
        if (cents > 0) parts.push({ line_id: l.id, kind: 'topup', qty: 0, cents });
      }
    }
  } else {
    const seen = new Set<number>();
    for (const [index, r] of request.lines.entries()) {
      const l = lines.find((x) => x.id === r.line_id);
      if (!l) return { kind: 'unknown_line', index };
      if (seen.has(l.id)) return { kind: 'duplicate_line', index };
      seen.add(l.id);
      if (l.kind === 'ticket') {
        if (r.amount_cents !== undefined) return { kind: 'amount_on_ticket', index };
        const qty = r.qty ?? ticketsLeft(l);
        if (qty > ticketsLeft(l) || qty <= 0) return { kind: 'too_many', index, left: ticketsLeft(l) };
        parts.push({ line_id: l.id, kind: 'ticket', qty, cents: qty * l.unitCents });
      } else {
        if (r.qty !== undefined) return { kind: 'qty_on_topup', index };
        const cents = r.amount_cents ?? centsLeft(l);
        if (cents > centsLeft(l) || cents <= 0) return { kind: 'topup_too_much', index, left: centsLeft(l) };
        parts.push({ line_id: l.id, kind: 'topup', qty: 0, cents });
      }
    }
  }
  if (!parts.length) return { kind: 'nothing' };
  const ticketsCents = parts.filter((p) => p.kind === 'ticket').reduce((n, p) => n + p.cents, 0);
  const topupCents = parts.filter((p) => p.kind === 'topup').reduce((n, p) => n + p.cents, 0);
  const valueBefore = lines.filter((l) => l.kind === 'ticket').reduce((n, l) => n + l.refundedCents, 0);
  const after = lines.map((l) => {
    const p = parts.find((x) => x.line_id === l.id && x.kind === 'ticket');
    return p ? { ...l, refundedQty: l.refundedQty + p.qty, refundedCents: l.refundedCents + p.cents } : l;
  });
  const serviceBack =
    serviceBackAfter(after, serviceCents, valueBefore + ticketsCents) -
    serviceBackAfter(lines, serviceCents, valueBefore);
  return {
    parts,
    ticketsCents,
    topupCents,
    serviceCents: Math.max(0, serviceBack),
    amountCents: ticketsCents + topupCents + Math.max(0, serviceBack),
  };
}

export const isRefundRefusal = (q: RefundQuote | RefundRefusal): q is RefundRefusal => 'kind' in q;
