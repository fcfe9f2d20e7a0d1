import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import { findOrganizerOrder, findResendableTicketIds } from '../orders/orders.admin.service';
import { findLines } from '../orders/orders.service';
import { orderErrors } from '../orders/orders.errors';
import { queueOrderPaidEmail } from './order-paid-notice.service';
import { orderResendErrors } from './order-resend.errors';

/**
 * The organiser's team sends a paid order's email again (issue 27 item 2): the same email as at
 * payment (queueOrderPaidEmail), with the tickets the buyer still holds (a ticket transferred
 * away or cancelled is not theirs to receive), and an audit entry naming who asked. Throws 404
 * (not this organiser's order), 409 order_not_paid, 409 buyer_without_email.
 */
export async function resendOrderTickets(
  db: Db,
  organizerId: number,
  orderId: number,
  actor: string,
  publicUrl: string,
): Promise<{ recipient: string; tickets: number }> {
  return db.transaction(async (tx) => {
    const found = await findOrganizerOrder(tx, organizerId, orderId);
    if (!found) throw orderErrors.notFound();
    const order = found.order;
    if (order.status !== 'paid') throw orderResendErrors.notPaid();
    const ticketIds = await findResendableTicketIds(tx, { orderId: order.id, customerId: order.customerId });
    const lines = await findLines(tx, [order.id]);
    const recipient = await queueOrderPaidEmail(tx, order, {
      ticketIds,
      topupCents: lines.filter((l) => l.kind === 'topup').reduce((n, l) => n + l.unitCents * l.qty, 0),
      publicUrl,
      ticketLines: lines.filter((l) => l.kind === 'ticket'),
      meta: { resent_by: actor },
    });
    if (!recipient) throw orderResendErrors.noEmail();
    await audit(tx, {
      actor,
      action: 'order.tickets_resent',
      entity: 'order',
      entityId: order.id,
      data: { tickets: ticketIds.length },
    });
    return { recipient, tickets: ticketIds.length };
  });
}
