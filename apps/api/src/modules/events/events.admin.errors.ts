import { defineErrors } from '../../lib/errors';
import './events.admin.messages';

/** Business errors of the back office's events, ticket types and sessions. */
export const eventAdminErrors = defineErrors({
  /** an event, type or session that is not this organiser's answers like one that does not exist */
  notFound: { status: 404, code: 'event_not_found', key: 'event.not_found' },
  slugTaken: { status: 409, code: 'event_slug_taken', key: 'backoffice_events.slug_taken' },
  /** publish of an event that is not a draft (a concurrent publish got there first) */
  notDraft: { status: 409, code: 'event_not_draft', key: 'backoffice_events.not_draft' },
  notPublished: { status: 409, code: 'event_not_published', key: 'backoffice_events.not_published' },
  /** publishing needs at least one ticket type, and a session event at least one session */
  incomplete: { status: 422, code: 'event_incomplete', key: 'backoffice_events.incomplete' },
  /** a cancelled event is not edited any more */
  cancelled: { status: 409, code: 'event_cancelled', key: 'backoffice_events.cancelled' },
  /** a type with sold tickets keeps its price (buyers paid it) */
  priceLocked: { status: 409, code: 'ticket_type_price_locked', key: 'backoffice_events.price_locked' },
  /** a type with orders (paid, pending or past) stays: hide it instead */
  typeHasOrders: { status: 409, code: 'ticket_type_has_orders', key: 'backoffice_events.type_has_orders' },
  /** a session with orders stays */
  sessionHasOrders: { status: 409, code: 'session_has_orders', key: 'backoffice_events.session_has_orders' },
  /** sessions belong to session events (is_session) */
  notSessionEvent: { status: 422, code: 'event_not_session', key: 'backoffice_events.not_session_event' },
  /** sessions on/off once tickets are sold or held: the sold tickets would lose their meaning */
  hasSales: { status: 409, code: 'event_has_sales', key: 'backoffice_events.has_sales' },
  /** stock below what is already sold or held by open orders */
  belowSold: { status: 422, code: 'quantity_below_sold', key: 'backoffice_events.below_sold' },
  /** a capacity group of another event or organiser answers like one that does not exist */
  groupNotFound: { status: 404, code: 'capacity_group_not_found', key: 'backoffice_events.group_not_found' },
  /** a capacity group's capacity below the places it has sold or held */
  groupBelowHeld: { status: 422, code: 'capacity_below_held', key: 'backoffice_events.group_below_held' },
  /** a capacity group with sold places stays (its sales were counted in it) */
  groupHasSales: { status: 409, code: 'capacity_group_has_sales', key: 'backoffice_events.group_has_sales' },
  /** a capacity group's members must be ticket types of the event */
  typeNotInEvent: { status: 422, code: 'type_not_in_event', key: 'backoffice_events.type_not_in_event' },
});
