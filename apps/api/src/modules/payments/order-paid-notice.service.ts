import { ratedServiceFeeBp } from '@bilheteira/shared/money';
import { normalizeLocale } from '@bilheteira/shared/locales';
import type { DbOrTx } from '../../db/client';
import { enqueueMessage } from '../../lib/outbox';
import { eventServiceFee } from '../carts/ticket-price';
import { findPromoCodeTexts, type OrderRow } from '../orders/orders.service';
import { findCustomer, findEvent, findTicketsWithTypes } from './payments.repository';
import { orderPaidEmail } from './order-paid-email';

/**
 * Queues the email of a paid order (orderPaidEmail) to its buyer, in the caller's transaction:
 * at fulfilment, and again when the organiser's team resends the tickets. Answers the address
 * it went to, or null when the buyer has none (erased, or no email).
 *
 * `ticketIds` are the tickets to list; `ticketLines` the order's ticket lines (the service
 * cost's percentage is shown only while the event's fee still accounts for it); `meta` is
 * added to the message's (order_id and ticket_ids are always there).
 */
export async function queueOrderPaidEmail(
  tx: DbOrTx,
  order: OrderRow,
  input: {
    ticketIds: number[];
    topupCents: number;
    publicUrl: string;
    ticketLines: readonly { unitCents: number; qty: number }[];
    meta?: Record<string, unknown>;
  },
): Promise<string | null> {
  // one after another: a transaction is one connection, which runs one query at a time
  const customer = await findCustomer(tx, order.customerId);
  const event = await findEvent(tx, order.eventId);
  const tickets = await findTicketsWithTypes(tx, input.ticketIds);
  const recipient = order.receiptEmail || customer?.email;
  if (!recipient || !customer) return null;
  // A ticket token is an admission: it goes only to the customer's confirmed email (issue
  // 23); another address gets the receipt with the names and the link to the tickets.
  const withTokens = !!customer.emailVerifiedAt && recipient.toLowerCase() === customer.email?.toLowerCase();
  const locale = normalizeLocale(customer.locale);
  // a top-up alone gets a top-up receipt, not "your tickets" (orderPaidEmail)
  const { subject, body } = orderPaidEmail({
    locale,
    firstName: customer.firstName,
    eventName: event?.name ?? '',
    reference: order.reference,
    subtotalCents: order.subtotalCents,
    serviceCents: order.serviceCents,
    totalCents: order.totalCents,
    discountCents: order.discountCents,
    promoCode: (await findPromoCodeTexts(tx, [order])).get(order.promoCodeId ?? 0) ?? null,
    serviceFeeBp: event
      ? ratedServiceFeeBp(input.ticketLines, eventServiceFee(event), order.serviceCents)
      : null,
    tickets: tickets.map((x) => ({ name: x.name, token: withTokens ? x.token : null })),
    topupCents: input.topupCents,
    publicUrl: input.publicUrl,
  });
  await enqueueMessage(tx, {
    channel: 'email',
    recipient,
    customerId: customer.id,
    subject,
    body,
    meta: {
      kind: 'order_paid',
      receipt: tickets.length ? 'tickets' : 'topup',
      order_id: order.id,
      ticket_ids: input.ticketIds,
      ...input.meta,
    },
  });
  return recipient;
}
