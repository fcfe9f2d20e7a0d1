/**
 * The organiser's team gives a ticket of an order to another mobile (issue 27 item 2), as a
 * customer's transfer does (tickets.service.ts transferTicket) but without the event's transfer
 * policy and with the team's reason: a new signed token, the old one revoked (the old holder
 * loses it, and doors refuse it offline), the change recorded in ticket_transfers (the order's
 * story, the `ticket.transferred` webhook) and audited with the staff member and the reason,
 * and the new holder told by SMS (the registration link when the number has no account yet),
 * the one who loses it by SMS too.
 * No stock moves, so a sold-out event changes nothing else.
 */
import { normalizeLocale, type Locale } from '@bilheteira/shared/locales';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import { enqueueMessage } from '../../lib/outbox';
import { translate } from '../../i18n/messages';
import { ensureEventSigningKey } from './signing-key.repository';
import { signTicketToken } from './ticket-token';
import {
  checkinsOfTickets,
  findActiveCustomerByMobile,
  lockOrganizerTicket,
  reassignTicket,
  recordTransfer,
  revokeToken,
} from './tickets.repository';
import { registrationUrl } from './tickets.service';
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
    const key = await ensureEventSigningKey(tx, t.eventId);
    const token = signTicketToken(key.privateKey, {
      eventId: t.eventId,
      ticketTypeId: t.ticketTypeId,
      sessionId: t.sessionId,
    });
    await reassignTicket(tx, t.id, {
      token,
      customerId: recipient?.id ?? null,
      pendingMobile: recipient ? null : input.e164,
    });
    await revokeToken(tx, t.token, t.id, 'reassigned');
    await recordTransfer(tx, {
      ticketId: t.id,
      fromCustomerId: t.customerId,
      toMobile: input.e164,
      oldToken: t.token,
      at: now,
    });
    const smsLocale = recipient ? normalizeLocale(recipient.locale) : input.locale;
    const url = recipient
      ? `${input.publicUrl}/dashboard/tickets`
      : registrationUrl(input.publicUrl, input.recipientPhone);
    await enqueueMessage(tx, {
      channel: 'sms',
      recipient: input.e164,
      customerId: recipient?.id ?? null,
      body: translate(smsLocale, recipient ? 'ticket.transfer_sms' : 'ticket.transfer_sms_pending', {
        sender: t.organizerName,
        ticket: t.ticketName,
        event: t.eventName,
        url,
      }),
      meta: { kind: 'ticket_reassign', ticketId: t.id, order_id: input.orderId, url },
    });
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
