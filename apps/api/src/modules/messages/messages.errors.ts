import { defineErrors } from '../../lib/errors';
import './messages.messages';

/** Business errors of messages to organisers and marketing links. */
export const messagesErrors = defineErrors({
  unsubscribeInvalid: { status: 400, code: 'unsubscribe_invalid', key: 'messages.unsub.invalid' },
});
