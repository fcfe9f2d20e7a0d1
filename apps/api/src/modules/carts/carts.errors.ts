import { defineErrors } from '../../lib/errors';
import './carts.messages';

/** Business errors of the cart and of the sale rules a checkout shares with it. */
export const cartErrors = defineErrors({
  noVisitor: { status: 400, code: 'no_visitor', key: 'cart.no_visitor' },
  eventNotFound: { status: 404, code: 'event_not_found', key: 'cart.event_not_found' },
  eventNotOnSale: { status: 422, code: 'event_not_on_sale', key: 'cart.event_not_on_sale' },
  ticketNotFound: { status: 404, code: 'ticket_not_found', key: 'cart.ticket_not_found' },
  ticketNotOnSale: { status: 422, code: 'ticket_not_on_sale', key: 'cart.ticket_not_on_sale' },
  sessionRequired: { status: 422, code: 'session_required', key: 'cart.session_required' },
  sessionNotFound: { status: 404, code: 'session_not_found', key: 'cart.session_not_found' },
  sessionPast: { status: 422, code: 'session_past', key: 'cart.session_past' },
  aboveMaximum: { status: 422, code: 'above_maximum', key: 'cart.above_maximum' },
  /** nothing left to add to the cart (a checkout's shortage is orderErrors.soldOut, 409) */
  soldOut: { status: 422, code: 'sold_out', key: 'cart.sold_out' },
  notEnoughStock: { status: 422, code: 'not_enough_stock', key: 'cart.not_enough_stock' },
  itemNotFound: { status: 404, code: 'cart_item_not_found', key: 'cart.item_not_found' },
});
