import { defineErrors } from '../../lib/errors';
import './event-dashboard.messages';

/** Business errors of the live event dashboard. */
export const dashboardErrors = defineErrors({
  /** one user holds DASHBOARD_STREAMS_PER_USER live streams at most (tabs left open, a reload loop) */
  tooManyStreams: { status: 429, code: 'dashboard_too_many_streams', key: 'dashboard.too_many_streams' },
});
