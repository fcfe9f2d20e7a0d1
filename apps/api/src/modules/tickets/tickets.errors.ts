import { defineErrors } from '../../lib/errors';
import './tickets.messages';

/** Business errors of the customer's tickets. */
export const ticketErrors = defineErrors({
  transferToSelf: { status: 422, code: 'transfer_to_self', key: 'ticket.transfer_to_self' },
  /** params: the ticket's `status` */
  notTransferable: { status: 422, code: 'ticket_not_transferable', key: 'ticket.not_transferable' },
});
