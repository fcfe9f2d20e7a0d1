import { defineErrors } from '../../lib/errors';
import './payments.messages';

/** Business errors of payments (an unknown or foreign order is orderErrors.notFound). */
export const paymentErrors = defineErrors({
  notFound: { status: 404, code: 'payment_not_found', key: 'payment.not_found' },
  cardFieldsNotAccepted: { status: 422, code: 'card_fields_not_accepted', key: 'payment.method_unavailable' },
  orderNotPayable: { status: 409, code: 'order_not_payable', key: 'payment.order_not_payable' },
  inProgress: { status: 409, code: 'payment_in_progress', key: 'payment.in_progress' },
  declined: { status: 422, code: 'payment_declined', key: 'payment.declined' },
  unavailable: { status: 502, code: 'payment_unavailable', key: 'payment.unavailable' },
  notAwaiting: { status: 409, code: 'payment_not_awaiting', key: 'payment.not_awaiting' },
  webhookInvalid: { status: 400, code: 'webhook_invalid', key: 'payment.webhook_invalid' },
  refundNotFailed: { status: 409, code: 'refund_not_failed', key: 'payment.refund_not_failed' },
  /** the operator routes' X-Operator-Key is missing or wrong (message in refunds.messages) */
});
