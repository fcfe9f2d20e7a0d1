import { defineErrors } from '../../lib/errors';
import './pricing.messages';

/**
 * Business errors of price steps, promo codes and access codes. A code the buyer types is
 * refused with its reason (unknown, not yet valid, expired, used up, the customer's limit, not
 * for these tickets); another organiser's event or code answers 404 like an unknown one.
 */
export const pricingErrors = defineErrors({
  eventNotFound: { status: 404, code: 'event_not_found', key: 'pricing.event_not_found' },
  codeNotFound: { status: 404, code: 'code_not_found', key: 'pricing.code_not_found' },
  ticketTypeNotFound: { status: 404, code: 'ticket_type_not_found', key: 'pricing.ticket_type_not_found' },
  typeNotInEvent: { status: 422, code: 'type_not_in_event', key: 'pricing.type_not_in_event' },
  codeTaken: { status: 409, code: 'code_taken', key: 'pricing.code_taken' },
  codeInUse: { status: 409, code: 'code_in_use', key: 'pricing.code_in_use' },
  codeUnknown: { status: 422, code: 'code_unknown', key: 'pricing.code_unknown' },
  codeNotYet: { status: 422, code: 'code_not_yet', key: 'pricing.code_not_yet' },
  codeExpired: { status: 422, code: 'code_expired', key: 'pricing.code_expired' },
  codeUsedUp: { status: 409, code: 'code_used_up', key: 'pricing.code_used_up' },
  codeCustomerLimit: { status: 422, code: 'code_customer_limit', key: 'pricing.code_customer_limit' },
  codeNotApplicable: { status: 422, code: 'code_not_applicable', key: 'pricing.code_not_applicable' },
  accessRequired: { status: 422, code: 'access_code_required', key: 'pricing.access_required' },
  priceStepOver: { status: 409, code: 'price_changed', key: 'pricing.price_step_over' },
});
