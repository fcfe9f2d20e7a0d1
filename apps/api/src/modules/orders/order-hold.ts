import { MBWAY_COUNTDOWN_MS } from '@bilheteira/shared/constants';
import type { Config } from '../../config';
import type { OrderRow } from './orders.repository';

/** How long a pending order holds its tickets (config ORDER_HOLD_MINUTES). */
export const orderHoldMs = (config: Pick<Config, 'ORDER_HOLD_MINUTES'>): number =>
  config.ORDER_HOLD_MINUTES * 60_000;

/** Time a payment attempt's answer may take to reach us after the attempt expires. */
export const PAYMENT_GRACE_MS = 60_000;

/**
 * How long past its creation an unpaid order may hold its tickets at most: the hold
 * (`holdMs`, orderHoldMs) plus one MB WAY window and its grace minute. Payment attempts
 * extend a hold (the customer is in their MB WAY app or 3-D Secure) only up to here, however
 * many there are, declined or not; past it the expiry job cancels the order even while an
 * attempt is open.
 */
export const holdCapMs = (holdMs: number): number => holdMs + MBWAY_COUNTDOWN_MS + PAYMENT_GRACE_MS;

/** The latest a pending order may hold its tickets (holdCapMs after it was created). */
export const holdDeadline = (order: Pick<OrderRow, 'createdAt'>, holdMs: number): Date =>
  new Date(order.createdAt.getTime() + holdCapMs(holdMs));

/**
 * The hold of `order` while a payment attempt that expires at `attemptExpiresAt` is open:
 * the attempt's end plus its grace, never shorter than the hold it has, never past
 * holdDeadline. Null when the hold stays as it is.
 */
export function holdForAttempt(
  order: Pick<OrderRow, 'createdAt' | 'expiresAt'>,
  attemptExpiresAt: Date,
  holdMs: number,
): Date | null {
  const wanted = Math.min(
    attemptExpiresAt.getTime() + PAYMENT_GRACE_MS,
    holdDeadline(order, holdMs).getTime(),
  );
  return wanted > order.expiresAt.getTime() ? new Date(wanted) : null;
}

/** Can the order be paid at `now` (pending and still held)? */
export const isPayable = (o: Pick<OrderRow, 'status' | 'expiresAt'>, now: Date) =>
  o.status === 'pending' && o.expiresAt > now;
