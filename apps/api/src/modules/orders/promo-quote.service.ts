import { ticketsServiceCents } from '@bilheteira/shared/money';
import type { PromoQuoteView, promoQuoteBody } from '@bilheteira/shared/schemas/pricing';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { findCartContents, mergeCartsAtLogin, sellableEvent } from '../carts/carts.service';
import { eventServiceFee, ticketPrice } from '../carts/ticket-price';
import { orderErrors } from './orders.errors';
import { applyOrderCodes } from './order-codes';

/**
 * What a promo code takes off the customer's cart for an event, before the order exists (the
 * checkout's summary). Priced exactly as the order will be: the same price steps, the same
 * code rules (applyOrderCodes) and the same service cost; the order write is what takes the
 * use. Refusals name the reason; attempts are counted (brute force).
 */
export async function quotePromo(
  db: Db,
  input: {
    customerId: number;
    visitorId: string | null;
    body: z.output<typeof promoQuoteBody>;
    ip: string | null;
  },
  now: Date,
): Promise<PromoQuoteView> {
  const { body, customerId } = input;
  await mergeCartsAtLogin(db, input.visitorId, customerId, now);
  const contents = await findCartContents(db, { customerId }, body.event_id);
  const event = sellableEvent(contents.event, now, { slug: body.event_slug });
  const lines = contents.items.flatMap((i) => {
    const type = contents.types.find((t) => t.id === i.ticketTypeId);
    if (!type) return [];
    const unitCents = ticketPrice(type, contents.steps, now).priceCents;
    return [{ kind: 'ticket', ticketTypeId: type.id, sessionId: i.sessionId, qty: i.qty, unitCents }];
  });
  if (!lines.length) throw orderErrors.cartEmpty();
  const coded = await applyOrderCodes(
    db,
    {
      event,
      types: contents.types,
      lines,
      promoCode: body.code,
      accessCode: body.access_code,
      customerId,
      ip: input.ip,
    },
    now,
  );
  const gross = lines.reduce((n, l) => n + l.unitCents * l.qty, 0);
  const subtotal = coded.lines.reduce((n, l) => n + l.unitCents * l.qty, 0);
  const service = ticketsServiceCents(coded.lines, eventServiceFee(event));
  return {
    code: body.code,
    kind: coded.rule?.kind ?? 'percent',
    value: coded.rule?.value ?? 0,
    gross_cents: gross,
    discount_cents: coded.codes.discountCents,
    subtotal_cents: subtotal,
    service_cents: service,
    total_cents: subtotal + service,
  };
}
