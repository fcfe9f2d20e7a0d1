/**
 * The tickets module's face for cancellations and postponements (payments and events call
 * it): tickets of refunded orders are canceled; the holders of an event's tickets are listed
 * so they can be told.
 */
export { cancelTicketsOfOrders, holdersOfEvent } from './ticket-cancel.repository';
