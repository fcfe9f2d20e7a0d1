import { defineErrors } from '../../lib/errors';
import './order-line-refund.messages';

/**
 * Business errors of refunding lines of an order from the back office (another organiser's
 * order: orderErrors.notFound; an unknown or repeated line: a 400 on its field).
 */
export const orderLineRefundErrors = defineErrors({
  /** only a paid order is refunded (pending, cancelled or already wholly refunded: nothing to give back) */
  notPaid: { status: 409, code: 'order_not_refundable', key: 'backoffice_refunds.not_paid' },
  /** more tickets than the line has left to refund */
  tooMany: { status: 422, code: 'refund_too_many', key: 'backoffice_refunds.too_many' },
  /** more of a top-up than is left of the line */
  topupTooMuch: { status: 422, code: 'refund_topup_too_much', key: 'backoffice_refunds.topup_too_much' },
  /** more of a top-up than the wallet still holds unspent */
  topupSpent: { status: 422, code: 'refund_topup_spent', key: 'backoffice_refunds.topup_spent' },
  /** nothing left to refund (every ticket refunded, the top-ups spent) */
  nothing: { status: 422, code: 'refund_nothing', key: 'backoffice_refunds.nothing' },
  /** the refund would pass what is left of the payment to give back */
  exceedsPaid: { status: 422, code: 'refund_exceeds_paid', key: 'backoffice_refunds.exceeds_paid' },
  /** a refund that did not fail is not retried */
  notFailed: { status: 409, code: 'refund_not_failed', key: 'backoffice_refunds.not_failed' },
  refundNotFound: { status: 404, code: 'refund_not_found', key: 'backoffice_refunds.not_found' },
});
