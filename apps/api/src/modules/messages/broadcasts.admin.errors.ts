import { defineErrors } from '../../lib/errors';
import './broadcasts.admin.messages';

/** Business errors of an organiser's messages to holders. */
export const broadcastErrors = defineErrors({
  noRecipients: { status: 422, code: 'broadcast_no_recipients', key: 'broadcast.no_recipients' },
  badAudience: { status: 422, code: 'broadcast_bad_audience', key: 'broadcast.bad_audience' },
});
