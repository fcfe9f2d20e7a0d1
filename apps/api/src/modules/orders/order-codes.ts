import { applyPromo, type PromoRule } from '@bilheteira/shared/promo-codes';
import type { DbOrTx } from '../../db/client';
import type { EventRow, SaleFacts } from '../carts/carts.service';
import { checkoutAccess, checkoutPromo, codeRefusalError } from '../pricing/codes.service';
import { pricingErrors } from '../pricing/pricing.errors';
import type { NewOrderLine } from './orders.repository';

type Line = Omit<NewOrderLine, 'id' | 'orderId'>;

/** The codes an order uses and what the promo took off (all null / 0 without codes). */
export interface OrderCodes {
  promoCodeId: number | null;
  accessCodeId: number | null;
  discountCents: number;
}

export const NO_CODES: OrderCodes = { promoCodeId: null, accessCodeId: null, discountCents: 0 };

/**
 * Applies the buyer's codes to an order's ticket lines: every hidden ticket type must be
 * unlocked by the access code given, and the promo code (if any) takes its discount off each
 * ticket it covers (promo-codes.ts applyPromo; the line keeps what the ticket costs after it,
 * and its discount). An order with neither a code nor a hidden type reads nothing. Throws the
 * code's refusal (422 / 409) or 429 after too many wrong codes.
 */
export async function applyOrderCodes(
  db: DbOrTx,
  args: {
    event: EventRow;
    types: SaleFacts['types'];
    lines: Line[];
    promoCode: string | undefined;
    accessCode: string | undefined;
    customerId: number;
    ip: string | null;
  },
  now: Date,
): Promise<{ lines: Line[]; codes: OrderCodes; rule: PromoRule | null }> {
  const { event, types, promoCode, accessCode } = args;
  const hidden = types.filter((t) => t.hidden && args.lines.some((l) => l.ticketTypeId === t.id));
  if (!promoCode && !hidden.length) return { lines: args.lines, codes: NO_CODES, rule: null };
  const who = { customerId: args.customerId, ip: args.ip };
  let accessCodeId: number | null = null;
  if (hidden.length) {
    if (!accessCode) throw pricingErrors.accessRequired({ name: hidden[0]!.name });
    const access = await checkoutAccess(db, { eventId: event.id, code: accessCode }, who, now);
    const locked = hidden.find((t) => !access.ticketTypeIds.includes(t.id));
    if (locked) throw pricingErrors.accessRequired({ name: locked.name });
    accessCodeId = access.id;
  }
  if (!promoCode) return { lines: args.lines, codes: { ...NO_CODES, accessCodeId }, rule: null };
  const promo = await checkoutPromo(
    db,
    { organizerId: event.organizerId, eventId: event.id, code: promoCode, customerId: args.customerId },
    who,
    now,
  );
  const tickets = args.lines.flatMap((l) =>
    l.kind === 'ticket' && l.ticketTypeId != null
      ? [{ ticketTypeId: l.ticketTypeId, unitCents: l.unitCents, qty: l.qty }]
      : [],
  );
  const rule: PromoRule = {
    kind: promo.kind === 'amount' ? 'amount' : 'percent',
    value: promo.value,
    ticketTypeIds: promo.ticketTypeIds,
  };
  const applied = applyPromo(tickets, rule);
  if (!applied.applies) throw codeRefusalError('not_applicable', promoCode);
  let i = 0;
  const lines = args.lines.map((l) => {
    if (l.kind !== 'ticket' || l.ticketTypeId == null) return l;
    const off = applied.lines[i++]!.discountCents;
    return { ...l, unitCents: l.unitCents - off, discountCents: off };
  });
  return {
    lines,
    codes: { promoCodeId: promo.id, accessCodeId, discountCents: applied.discountCents },
    rule,
  };
}
