import { defineErrors } from '../../lib/errors';
import './orders.messages';

/**
 * Business errors of orders. A checkout also refuses with the cart's sale rules
 * (cartErrors: event, ticket type, session, maximum per order).
 */
export const orderErrors = defineErrors({
  notFound: { status: 404, code: 'order_not_found', key: 'order.not_found' },
  idempotencyConflict: { status: 409, code: 'idempotency_conflict', key: 'order.idempotency_conflict' },
  cartEmpty: { status: 422, code: 'cart_empty', key: 'checkout.empty' },
  belowMinimum: { status: 422, code: 'below_minimum', key: 'checkout.below_minimum' },
  topupUnavailable: { status: 422, code: 'topup_unavailable', key: 'checkout.topup_unavailable' },
  soldOut: { status: 409, code: 'sold_out', key: 'checkout.sold_out' },
  sessionFull: { status: 409, code: 'session_full', key: 'checkout.session_full' },
  dayFull: { status: 409, code: 'day_full', key: 'checkout.day_full' },
  /** a capacity group (pretix quota) the order's types share has too few places left */
  groupFull: { status: 409, code: 'group_full', key: 'checkout.group_full' },
});
