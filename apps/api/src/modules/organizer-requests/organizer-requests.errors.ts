import { defineErrors } from '../../lib/errors';
import './organizer-requests.messages';
import '../staff/staff.messages';

/** Business errors of organiser account requests. */
export const organizerRequestErrors = defineErrors({
  emailTaken: { status: 409, code: 'email_taken', key: 'organizer.email_taken' },
  /** approved or rejected already */
  decided: { status: 409, code: 'organizer_request_decided', key: 'staff.request_decided' },
});
