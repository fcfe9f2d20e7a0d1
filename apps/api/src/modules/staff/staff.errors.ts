import { defineErrors } from '../../lib/errors';
import './staff.messages';

/** Business errors of back-office users, sessions and teams. */
export const staffErrors = defineErrors({
  /** wrong email or password, or a disabled user: one answer, no oracle */
  invalidCredentials: { status: 401, code: 'staff_invalid_credentials', key: 'staff.invalid_credentials' },
  /** no live back-office session */
  unauthorized: { status: 401, code: 'unauthorized', key: 'error.unauthorized' },
  /** the session has the password but not yet the second factor */
  secondFactorRequired: { status: 403, code: 'second_factor_required', key: 'staff.second_factor_required' },
  /** a wrong, used or expired TOTP or recovery code */
  invalidCode: { status: 422, code: 'staff_invalid_code', key: 'staff.invalid_code' },
  /** no or a wrong X-CSRF-Token on a request that changes something */
  csrf: { status: 403, code: 'csrf_failed', key: 'staff.csrf_failed' },
  /** unknown, used, revoked or expired invitation */
  invitationInvalid: { status: 404, code: 'invitation_invalid', key: 'staff.invitation_invalid' },
  /** the invited email already has a back-office account: sign in to accept */
  accountExists: { status: 409, code: 'staff_account_exists', key: 'staff.account_exists' },
  alreadyMember: { status: 409, code: 'staff_already_member', key: 'staff.already_member' },
  /** only an owner makes or unmakes owners */
  roleNotAllowed: { status: 403, code: 'staff_role_not_allowed', key: 'staff.role_not_allowed' },
  /** an organiser always keeps one owner */
  lastOwner: { status: 409, code: 'staff_last_owner', key: 'staff.last_owner' },
  totpAlreadyEnabled: { status: 409, code: 'totp_already_enabled', key: 'staff.totp_already_enabled' },
  totpNotStarted: { status: 409, code: 'totp_not_started', key: 'staff.totp_not_started' },
});
