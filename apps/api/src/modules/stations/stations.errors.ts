import { defineErrors } from '../../lib/errors';
import './stations.messages';

/** Business errors of the stations (tills). Refusals of one transaction are reasons in its answer, not errors. */
export const stationErrors = defineErrors({
  /** unknown, rotated or disabled station key */
  unauthorized: { status: 401, code: 'station_unauthorized', key: 'station.unauthorized' },
  braceletNotFound: { status: 404, code: 'bracelet_not_found', key: 'station.bracelet_not_found' },
  /** a bar payment found the bracelet changing under it on every attempt; nothing was written */
  busy: { status: 503, code: 'station_busy', key: 'station.busy' },
});
