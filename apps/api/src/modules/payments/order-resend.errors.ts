import { defineErrors } from '../../lib/errors';
import './order-resend.messages';

/** Business errors of resending a paid order's tickets from the back office (another organiser's order: orderErrors.notFound). */
export const orderResendErrors = defineErrors({
  /** tickets are sent again only for a paid order */
  notPaid: { status: 409, code: 'order_not_paid', key: 'backoffice_orders.not_paid' },
  /** the buyer has no email any more (erased): nothing to send to */
  noEmail: { status: 409, code: 'buyer_without_email', key: 'backoffice_orders.no_email' },
});
