/**
 * The organiser's team gives a ticket of an order to another mobile (issue 27 item 2) through
 * the same hand-over as a customer's transfer (tickets.service.ts handOverTicket) but without
 * the event's transfer policy and with the team's reason, audited with the staff member; the
 * holder who loses it is told by SMS too.
 * No stock moves, so a sold-out event changes nothing else.
 */
import { normalizeLocale, type Locale } from '@bilheteira/shared/locales';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import { enqueueMessage } from '../../lib/outbox';
import { translate } from '../../i18n/messages';
import { checkinsOfTickets, findActiveCustomerByMobile, lockOrganizerTicket } from './tickets.repository';
import { handOverTicket } from './tickets.service';
import { ticketReassignErrors as errors } from './ticket-reassign.errors';
import './tickets.messages';
import './ticket-reassign.messages';

export interface ReassignInput {
  organizerId: number;
  orderId: number;
  ticketId: number;
  e164: string;
  recipientPhone: { dialCode: string; national: string };
  reason: string;
  actor: string;
  /** the team member's language: the SMS of a number without an account is in it */
  locale: Locale;
  publicUrl: string;
}

/**
 * Throws 404 (not a ticket of this organiser's order), 409 ticket_used | ticket_cancelled,
 * 422 ticket_same_holder.
 */
export async function reassignTicketForOrganizer(
  db: Db,
  input: ReassignInput,
  now: Date,
): Promise<{ ticketId: number; pending: boolean }> {
  return db.transaction(async (tx) => {
    const t = await lockOrganizerTicket(tx, input);
    if (!t) throw errors.notFound();
    if (t.state !== 'active') throw errors.cancelled();
    if ((await checkinsOfTickets(tx, [t.id])).length) throw errors.used();
    if (t.holderMobile === input.e164 || t.pendingMobile === input.e164)
      throw errors.sameHolder({}, { fieldErrors: { mobile: ['backoffice_reassign.same_holder'] } });
    const recipient = await findActiveCustomerByMobile(tx, input.e164);
    await handOverTicket(
      tx,
      {
        ticket: t,
        recipient: recipient ?? null,
        e164: input.e164,
        recipientPhone: input.recipientPhone,
        locale: input.locale,
        publicUrl: input.publicUrl,
        fromCustomerId: t.customerId,
        sender: t.organizerName,
        revokedAs: 'reassigned',
        meta: { kind: 'ticket_reassign', order_id: input.orderId },
      },
      now,
    );
    // the holder who loses it is told too (a pending number without an account: in the team's language)
    const oldMobile = t.holderMobile ?? t.pendingMobile;
    if (oldMobile)
      await enqueueMessage(tx, {
        channel: 'sms',
        recipient: oldMobile,
        customerId: t.customerId,
        body: translate(
          t.holderLocale ? normalizeLocale(t.holderLocale) : input.locale,
          'backoffice_reassign.taken_sms',
          { organizer: t.organizerName, ticket: t.ticketName, event: t.eventName },
        ),
        meta: { kind: 'ticket_reassigned_away', ticketId: t.id, order_id: input.orderId },
      });
    await audit(tx, {
      actor: input.actor,
      action: 'ticket.reassign',
      entity: 'customer_ticket',
      entityId: t.id,
      data: {
        to: input.e164,
        toCustomerId: recipient?.id ?? null,
        fromCustomerId: t.customerId,
        pending: !recipient,
        reason: input.reason,
        order_id: input.orderId,
      },
    });
    return { ticketId: t.id, pending: !recipient };
  });
}
