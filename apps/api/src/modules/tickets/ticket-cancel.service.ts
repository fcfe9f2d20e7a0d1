/**
 * The tickets module's face for cancellations and postponements (payments and events call
 * it): tickets of refunded orders (or of refunded lines) are canceled; the holders of an event's tickets are listed
 * so they can be told.
 */
export { cancelTicketsOfLine, cancelTicketsOfOrders, holdersOfEvent } from './ticket-cancel.repository';
