import type { DbOrTx, Tx } from '../../db/client';
import { ensureEventSigningKey } from './signing-key.repository';
import {
  countTypesOfEvent,
  findIssuedTicketIds,
  insertCustomerTickets,
  listTicketsOfOrder,
} from './tickets.repository';
import { signTicketToken } from './ticket-token';

export interface IssueTicketsInput {
  orderId: number;
  customerId: number;
  eventId: number;
  lines: { ticketTypeId: number; sessionId: number | null; qty: number }[];
}

/** More units than this in one order is a caller bug, not a purchase. */
const MAX_UNITS_PER_ORDER = 500;

/**
 * Issues one customer ticket per unit of a paid order, each with its own signed,
 * unguessable token, inside the caller's (fulfilment) transaction. Exactly once per order:
 * when the order already has tickets, their ids are answered and nothing new is issued.
 * Throws (a programming error, not a user error) when a line is malformed or its ticket
 * type belongs to another event. Answers the ticket ids in line order.
 */
export async function issueTicketsForOrder(tx: Tx, input: IssueTicketsInput, now: Date): Promise<number[]> {
  const already = await findIssuedTicketIds(tx, input.orderId);
  if (already.length) return already;

  const units = input.lines.reduce((n, l) => n + l.qty, 0);
  for (const l of input.lines) {
    if (!Number.isInteger(l.qty) || l.qty < 0) throw new Error(`invalid quantity ${l.qty}`);
  }
  if (units === 0) return [];
  if (units > MAX_UNITS_PER_ORDER) throw new Error(`too many tickets in one order: ${units}`);

  const typeIds = [...new Set(input.lines.map((l) => l.ticketTypeId))];
  if ((await countTypesOfEvent(tx, input.eventId, typeIds)) !== typeIds.length)
    throw new Error('ticket type does not belong to the event');

  const key = await ensureEventSigningKey(tx, input.eventId);
  const rows = input.lines.flatMap((l) =>
    Array.from({ length: l.qty }, () => ({
      token: signTicketToken(key.privateKey, {
        eventId: input.eventId,
        ticketTypeId: l.ticketTypeId,
        sessionId: l.sessionId,
      }),
      customerId: input.customerId,
      eventId: input.eventId,
      ticketTypeId: l.ticketTypeId,
      sessionId: l.sessionId,
      orderId: input.orderId,
      createdAt: now,
    })),
  );
  return insertCustomerTickets(tx, rows);
}

/** The ids of the tickets issued for an order, in issue order. */
export function issuedTicketIds(db: DbOrTx, orderId: number): Promise<number[]> {
  return findIssuedTicketIds(db, orderId);
}

/** The tickets an order issued with their event, type and session, whoever holds them now. */
export function ticketsOfOrder(db: DbOrTx, orderId: number) {
  return listTicketsOfOrder(db, orderId);
}
