import { defineErrors } from '../../lib/errors';
import './tickets.messages';

/** Business errors of the customer's tickets. */
export const ticketErrors = defineErrors({
  transferToSelf: { status: 422, code: 'transfer_to_self', key: 'ticket.transfer_to_self' },
  /** params: the ticket's `status` */
  notTransferable: { status: 422, code: 'ticket_not_transferable', key: 'ticket.not_transferable' },
  /** the organiser turned transfers off for this event */
  transfersOff: { status: 422, code: 'transfers_not_allowed', key: 'ticket.transfers_off' },
  /** params: `hours` before the doors when transfers close */
  transferClosed: { status: 422, code: 'transfer_window_closed', key: 'ticket.transfer_closed' },
  /** params: `count`, the times a ticket may change hands */
  transferLimit: { status: 422, code: 'transfer_limit_reached', key: 'ticket.transfer_limit' },
});
