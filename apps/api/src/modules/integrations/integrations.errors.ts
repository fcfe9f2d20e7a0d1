import { defineErrors } from '../../lib/errors';
import './integrations.messages';

/** Business errors of organiser API keys, webhook endpoints and the integration API. */
export const integrationErrors = defineErrors({
  /** another organiser's key answers like one that does not exist */
  apiKeyNotFound: { status: 404, code: 'api_key_not_found', key: 'integrations.api_key_not_found' },
  endpointNotFound: {
    status: 404,
    code: 'webhook_endpoint_not_found',
    key: 'integrations.endpoint_not_found',
  },
  deliveryNotFound: {
    status: 404,
    code: 'webhook_delivery_not_found',
    key: 'integrations.delivery_not_found',
  },
  /** a worker is sending it now: a replay would send it twice at once */
  deliveryInFlight: {
    status: 409,
    code: 'webhook_delivery_in_flight',
    key: 'integrations.delivery_in_flight',
  },
  /** INTEGRATIONS_MAX_PER_ORGANIZER keys or endpoints already */
  tooMany: { status: 422, code: 'integrations_limit', key: 'integrations.too_many' },
  /** a wrong, revoked or malformed key: one answer for all, no oracle */
  keyUnauthorized: { status: 401, code: 'unauthorized', key: 'integrations.key_unauthorized' },
  /** a right key without the route's scope */
  scopeMissing: { status: 403, code: 'api_key_scope_missing', key: 'integrations.scope_missing' },
});
