import { defineErrors } from '../../lib/errors';
import './event-lifecycle.messages';

/** Business errors of postponing and cancelling events and sessions, and of the holder's refund. */
export const eventLifecycleErrors = defineErrors({
  /** a session that is not this event's (or an order that is not the customer's): like one that does not exist */
  sessionNotFound: { status: 404, code: 'session_not_found', key: 'event_lifecycle.session_not_found' },
  orderNotFound: { status: 404, code: 'order_not_found', key: 'order.not_found' },
  /** a cancelled session is not moved any more */
  sessionCancelled: { status: 409, code: 'session_cancelled', key: 'event_lifecycle.session_cancelled' },
  /** the refund window must end in the future */
  refundUntilPast: { status: 422, code: 'refund_until_past', key: 'event_lifecycle.refund_until_past' },
  /** a postponement moves the event (or session) to a time still to come */
  newDateInPast: { status: 422, code: 'postpone_date_past', key: 'event_lifecycle.new_date_past' },
  /** only a paid order is refunded */
  orderNotPaid: { status: 409, code: 'order_not_paid', key: 'event_lifecycle.order_not_paid' },
  /** the order's event (or session) was never postponed */
  notPostponed: { status: 422, code: 'event_not_postponed', key: 'event_lifecycle.not_postponed' },
  /** the window to ask for a refund after a postponement is over */
  refundWindowClosed: {
    status: 422,
    code: 'postponement_refund_closed',
    key: 'event_lifecycle.refund_window_closed',
  },
});
