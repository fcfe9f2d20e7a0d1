import { defineErrors } from '../../lib/errors';
import './ticket-reassign.messages';

/** Business errors of the organiser's team reassigning a ticket to another mobile. */
export const ticketReassignErrors = defineErrors({
  /** not a ticket of this order of the organiser (another organiser's: the same 404) */
  notFound: { status: 404, code: 'ticket_not_found', key: 'backoffice_reassign.not_found' },
  /** someone entered with it: it stays with who used it */
  used: { status: 409, code: 'ticket_used', key: 'backoffice_reassign.used' },
  /** cancelled (refunded): it admits no one */
  cancelled: { status: 409, code: 'ticket_cancelled', key: 'backoffice_reassign.cancelled' },
  /** the mobile already holds it */
  sameHolder: { status: 422, code: 'ticket_same_holder', key: 'backoffice_reassign.same_holder' },
});
