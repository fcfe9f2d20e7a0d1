import { eventPublicPath } from '@bilheteira/shared/event-link';
import { transferRefusal } from '@bilheteira/shared/transfer-policy';
import { isAdmittingStatus, type TicketStatus } from '@bilheteira/shared/ticket-status';
import type { CustomerTicketView, TicketValidated } from '@bilheteira/shared/schemas/tickets';
import { normalizeLocale, type Locale } from '@bilheteira/shared/locales';
import { findCountryByDialCode } from '@bilheteira/shared/phone';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { ticketErrors } from './tickets.errors';
import { audit, auditActors } from '../../lib/audit';
import { enqueueMessage } from '../../lib/outbox';
import { hitLimit } from '../../lib/rate-limit';
import { translate } from '../../i18n/messages';
import { ensureEventSigningKey } from './signing-key.repository';
import { signTicketToken } from './ticket-token';
import { statusOf, validityOf } from './ticket-facts';
import {
  checkinsOfTickets,
  findActiveCustomerByMobile,
  findOwnedTicketByToken,
  listTicketsOfCustomer,
  lockOwnedTicket,
  reassignTicket,
  recordTransfer,
  revokeToken,
  transfersOfTicket,
  type CheckinRow,
  type TicketWithContext,
} from './tickets.repository';
import './tickets.messages';

const HOUR_FMT = (d: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    d,
  );

function toView(t: TicketWithContext, list: CheckinRow[], now: Date): CustomerTicketView {
  const validity = validityOf(t);
  const status: TicketStatus = statusOf(
    t,
    list.map((c) => c.day),
    now,
  );
  return {
    id: t.id,
    token: t.token,
    session_date: t.sessionDate ?? validity.days[0] ?? null,
    session_hour: t.sessionHour ?? HOUR_FMT(t.eventStartsAt, t.timezone),
    duration: Math.max(0, Math.round((t.eventEndsAt.getTime() - t.eventStartsAt.getTime()) / 60_000)),
    event: {
      id: t.eventId,
      // a private event's page is at its link, not its slug
      slug: eventPublicPath({
        visibility: t.eventVisibility,
        slug: t.eventSlug,
        linkToken: t.eventLinkToken,
      }),
      name: t.eventName,
      address: t.eventAddress,
      starts_at: t.eventStartsAt.toISOString(),
      ends_at: t.eventEndsAt.toISOString(),
      timezone: t.timezone,
      is_session: t.isSession,
    },
    ticket: {
      id: t.ticketTypeId,
      name: t.ticketName,
      description: t.ticketDescription,
      period_days: JSON.stringify(Array.isArray(t.periodDays) ? t.periodDays : []),
    },
    status: { name: status },
    checkinlist: list.map((c) => ({ id: c.id, created_at: c.scannedAt.toISOString() })),
    created_at: t.createdAt.toISOString(),
  };
}

/** The customer's tickets (of one event when given) with their statuses at `now`. */
export async function listCustomerTickets(
  db: Db,
  customerId: number,
  eventId: number | undefined,
  now: Date,
): Promise<CustomerTicketView[]> {
  const tickets = await listTicketsOfCustomer(db, customerId, eventId);
  const all = await checkinsOfTickets(
    db,
    tickets.map((t) => t.id),
  );
  return tickets.map((t) =>
    toView(
      t,
      all.filter((c) => c.ticketId === t.id),
      now,
    ),
  );
}

/**
 * Status of one of the customer's tickets by its current token, with check-ins and
 * transfers (the history modal). Throws 404 when the token is not the customer's.
 */
export async function getTicketValidation(
  db: Db,
  customerId: number,
  token: string,
  now: Date,
): Promise<TicketValidated> {
  const t = await findOwnedTicketByToken(db, token, customerId);
  if (!t) throw notFound('ticket.not_found');
  const list = await checkinsOfTickets(db, [t.id]);
  const transfers = await transfersOfTicket(db, t.id);
  const validity = validityOf(t);
  return {
    name: statusOf(
      t,
      list.map((c) => c.day),
      now,
    ),
    ticket_id: t.id,
    ticket_name: t.ticketName,
    token: t.token,
    multi_day: validity.perDay,
    days: validity.days,
    checkinlist: list.map((c) => ({ id: c.id, created_at: c.scannedAt.toISOString() })),
    transfers: transfers.map((tr) => ({
      created_at: tr.createdAt.toISOString(),
      direction: tr.fromCustomerId === customerId ? ('out' as const) : ('in' as const),
    })),
  };
}

export interface TransferInput {
  customer: { id: number; mobile: string | null; firstName: string; lastName: string };
  ticketId: number;
  /** recipient, E.164 */
  e164: string;
  /** the recipient's number as typed: dial code and national digits (prefill the registration) */
  recipientPhone: { dialCode: string; national: string };
  locale: Locale;
  publicUrl: string;
  impersonatedBy: string | null;
}

/** Who the recipient's SMS names: first name and last name, as the sender's account holds them. */
const senderName = (c: { firstName: string; lastName: string; mobile: string | null }) =>
  `${c.firstName} ${c.lastName}`.trim() || (c.mobile ?? '');

/**
 * The customer registration with the recipient's number filled in (the web's register form
 * reads `country` and `mobile`), so the ticket waiting for that number is theirs on sign-up.
 */
export function registrationUrl(publicUrl: string, phone: { dialCode: string; national: string }): string {
  const query = new URLSearchParams({ mobile: phone.national });
  const country = findCountryByDialCode(phone.dialCode)?.iso2;
  if (country) query.set('country', country);
  return `${publicUrl.replace(/\/$/, '')}/dashboard/register?${query.toString()}`;
}

/** What a ticket hands over: the locked ticket, to whom, and in whose name. */
export interface HandOver {
  ticket: {
    id: number;
    eventId: number;
    ticketTypeId: number;
    sessionId: number | null;
    token: string;
    ticketName: string;
    eventName: string;
  };
  /** the number's active account, or null: the ticket then waits for the number to register */
  recipient: { id: number; locale: string | null } | null;
  e164: string;
  recipientPhone: { dialCode: string; national: string };
  /** the SMS's language for a number without an account */
  locale: Locale;
  publicUrl: string;
  fromCustomerId: number | null;
  /** who the SMS says sends it */
  sender: string;
  /** why the old token is revoked */
  revokedAs: 'transferred' | 'reassigned';
  /** the SMS's outbox meta (its kind, the order) */
  meta: Record<string, unknown>;
}

/**
 * The one way a ticket changes hands (a customer's transfer, the team's reassignment), inside
 * the caller's transaction on a locked ticket: a NEW signed token replaces the old one, which
 * goes on the revocation list (doors refuse it, offline too); the change is recorded in
 * ticket_transfers (the order's story, the `ticket.transferred` webhook); the new holder is
 * told by SMS in the sender's name, with the registration link when the number has no account.
 */
export async function handOverTicket(tx: Db, h: HandOver, now: Date): Promise<void> {
  const t = h.ticket;
  const key = await ensureEventSigningKey(tx, t.eventId);
  const token = signTicketToken(key.privateKey, {
    eventId: t.eventId,
    ticketTypeId: t.ticketTypeId,
    sessionId: t.sessionId,
  });
  await reassignTicket(tx, t.id, {
    token,
    customerId: h.recipient?.id ?? null,
    pendingMobile: h.recipient ? null : h.e164,
  });
  await revokeToken(tx, t.token, t.id, h.revokedAs);
  await recordTransfer(tx, {
    ticketId: t.id,
    fromCustomerId: h.fromCustomerId,
    toMobile: h.e164,
    oldToken: t.token,
    at: now,
  });
  const smsLocale = h.recipient ? normalizeLocale(h.recipient.locale) : h.locale;
  const url = h.recipient
    ? `${h.publicUrl}/dashboard/tickets`
    : registrationUrl(h.publicUrl, h.recipientPhone);
  await enqueueMessage(tx, {
    channel: 'sms',
    recipient: h.e164,
    customerId: h.recipient?.id ?? null,
    body: translate(smsLocale, h.recipient ? 'ticket.transfer_sms' : 'ticket.transfer_sms_pending', {
      sender: h.sender,
      ticket: t.ticketName,
      event: t.eventName,
      url,
    }),
    meta: { ...h.meta, ticketId: t.id, url },
  });
}

/**
 * Transfers a valid, unused ticket of the customer to another mobile number in one
 * transaction: the row is locked, a NEW signed token replaces the old one (which goes on
 * the revocation list), the transfer is recorded and audited and the recipient gets an SMS.
 * A number without an account keeps the ticket pending until it registers. Throws 404 (not
 * the customer's ticket, or already moved by a concurrent transfer), 422 not transferable
 * or to self, 429 when transferring too often.
 */
export async function transferTicket(db: Db, input: TransferInput, now: Date): Promise<{ pending: boolean }> {
  if (input.customer.mobile && input.customer.mobile === input.e164) {
    throw ticketErrors.transferToSelf({}, { fieldErrors: { mobile: ['ticket.transfer_to_self'] } });
  }
  await hitLimit(db, { key: `transfer:customer:${input.customer.id}`, max: 30, windowSeconds: 3600 }, now);
  return db.transaction(async (tx) => {
    const t = await lockOwnedTicket(tx, input.ticketId, input.customer.id);
    if (!t) throw notFound('ticket.not_found');
    const list = await checkinsOfTickets(tx, [t.id]);
    const status = statusOf(
      t,
      list.map((c) => c.day),
      now,
    );
    if (t.state !== 'active' || list.length > 0 || !isAdmittingStatus(status)) {
      throw ticketErrors.notTransferable({ status });
    }
    // the organiser's transfer policy (back office): allowed, until when, how many times
    const refusal = transferRefusal(
      { allowed: t.transferAllowed, untilHours: t.transferUntilHours, maxCount: t.transferMaxCount },
      {
        doorsAt: t.sessionStartsAt ?? t.eventStartsAt,
        transfersSoFar: (await transfersOfTicket(tx, t.id)).length,
      },
      now,
    );
    if (refusal === 'transfers_off') throw ticketErrors.transfersOff();
    if (refusal === 'transfer_closed') throw ticketErrors.transferClosed({ hours: t.transferUntilHours });
    if (refusal === 'transfer_limit') throw ticketErrors.transferLimit({ count: t.transferMaxCount });
    const recipient = await findActiveCustomerByMobile(tx, input.e164);
    if (recipient?.id === input.customer.id) {
      throw ticketErrors.transferToSelf({}, { fieldErrors: { mobile: ['ticket.transfer_to_self'] } });
    }
    await handOverTicket(
      tx,
      {
        ticket: t,
        recipient: recipient ?? null,
        e164: input.e164,
        recipientPhone: input.recipientPhone,
        locale: input.locale,
        publicUrl: input.publicUrl,
        fromCustomerId: input.customer.id,
        sender: senderName(input.customer),
        revokedAs: 'transferred',
        meta: { kind: 'ticket_transfer' },
      },
      now,
    );
    await audit(tx, {
      actor: input.impersonatedBy
        ? auditActors.operator(input.impersonatedBy)
        : auditActors.customer(input.customer.id),
      action: 'ticket.transfer',
      entity: 'customer_ticket',
      entityId: t.id,
      data: { to: input.e164, toCustomerId: recipient?.id ?? null, pending: !recipient },
    });
    return { pending: !recipient };
  });
}

/** What other modules (the door, the tills' blocklist) read of tickets and signing keys. */
export { findRevokedToken, findTicketByToken, revocationListOfEvent } from './tickets.repository';
export {
  ensureEventSigningKey,
  findEventPublicKey,
  type EventPublicKeyCache,
} from './signing-key.repository';
