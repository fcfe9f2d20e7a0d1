import { defineErrors } from '../../lib/errors';
import './organizer-requests.messages';

/** Business errors of organiser account requests. */
export const organizerRequestErrors = defineErrors({
  emailTaken: { status: 409, code: 'email_taken', key: 'organizer.email_taken' },
});
