/**
 * The email telling a buyer what the organiser refunded of their order (a back-office refund
 * of some or all lines), in the buyer's language, queued in the refund's transaction.
 */
import { formatEur } from '@bilheteira/shared/money';
import { normalizeLocale } from '@bilheteira/shared/locales';
import type { DbOrTx } from '../../db/client';
import { enqueueMessage } from '../../lib/outbox';
import { translate } from '../../i18n/messages';
import type { OrderRow } from '../orders/orders.service';
import { findCustomer, findEvent } from './payments.repository';
import './order-line-refund.messages';

export interface RefundEmailPart {
  kind: 'ticket' | 'topup';
  name: string;
  qty: number;
  cents: number;
}

/** Queues the email; answers the address, or null when the buyer has none (erased). */
export async function queueOrderRefundEmail(
  tx: DbOrTx,
  order: OrderRow,
  refund: { id: number; parts: RefundEmailPart[]; serviceCents: number; amountCents: number; method: string },
  publicUrl: string,
): Promise<string | null> {
  const customer = await findCustomer(tx, order.customerId);
  const event = await findEvent(tx, order.eventId);
  const recipient = order.receiptEmail || customer?.email;
  if (!recipient || !customer || customer.status === 'erased') return null;
  const locale = normalizeLocale(customer.locale);
  const t = (key: string, params: Record<string, unknown> = {}) => translate(locale, key, params);
  const eventName = event?.name ?? '';
  const amount = formatEur(refund.amountCents);
  const tickets = refund.parts.filter((p) => p.kind === 'ticket');
  const body = [
    t('email.order_refund_intro', {
      name: customer.firstName,
      event: eventName,
      amount,
      order: order.reference,
    }),
    '',
    t('email.order_refund_what'),
    ...tickets.map((p) =>
      t('email.order_refund_tickets', { qty: p.qty, name: p.name, amount: formatEur(p.cents) }),
    ),
    ...refund.parts
      .filter((p) => p.kind === 'topup')
      .map((p) => t('email.order_refund_topup', { amount: formatEur(p.cents) })),
    ...(refund.serviceCents
      ? [t('email.order_refund_service', { amount: formatEur(refund.serviceCents) })]
      : []),
    '',
    t('email.order_refund_total', { amount, method: refund.method }),
    ...(tickets.length ? [t('email.order_refund_cancelled')] : []),
    '',
    t('email.order_refund_link', { url: `${publicUrl.replace(/\/$/, '')}/dashboard/tickets` }),
  ].join('\n');
  await enqueueMessage(tx, {
    channel: 'email',
    recipient,
    customerId: customer.id,
    subject: t('email.order_refund_subject', { order: order.reference, event: eventName }),
    body,
    meta: { kind: 'order_refund', order_id: order.id, order_refund_id: refund.id },
  });
  return recipient;
}
