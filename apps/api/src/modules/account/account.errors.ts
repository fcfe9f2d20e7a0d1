import { defineErrors } from '../../lib/errors';
import './account.messages';

/** Business errors of the customer's own account (profile, mobile change). */
export const accountErrors = defineErrors({
  mobileUnchanged: { status: 400, code: 'mobile_unchanged', key: 'account.mobile.same' },
  mobileTaken: { status: 409, code: 'mobile_taken', key: 'account.mobile.taken' },
  mobileCodeRequired: { status: 422, code: 'mobile_code_required', key: 'account.mobile.code_required' },
  mobileCodeInvalid: { status: 422, code: 'mobile_code_invalid', key: 'account.mobile.code_invalid' },
});
