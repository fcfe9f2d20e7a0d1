import { defineErrors } from '../../lib/errors';
import './identity.messages';
import './email-change.messages';

/** Business errors of registration, login, codes, links, passwords and support sessions. */
export const identityErrors = defineErrors({
  /** a support (impersonated) session tried a forbidden change; field errors name the fields */
  impersonationForbidden: {
    status: 403,
    code: 'impersonation_forbidden',
    key: 'identity.impersonation_forbidden',
  },
  invalidOperator: { status: 400, code: 'invalid_operator', key: 'validation.invalid' },
  /** no such customer (or erased) to impersonate */
  impersonationUnknownCustomer: {
    status: 404,
    code: 'customer_not_found',
    key: 'identity.impersonation.unknown_customer',
  },
  /** the operator API is off (no OPERATOR_KEY): answers like an unknown route */
  operatorDisabled: { status: 404, code: 'route_not_found', key: 'identity.operator.disabled' },
  operatorInvalidKey: { status: 403, code: 'forbidden', key: 'identity.operator.invalid_key' },
  codeExpired: { status: 422, code: 'code_expired', key: 'identity.code.expired' },
  codeLocked: { status: 422, code: 'code_locked', key: 'identity.code.locked' },
  /** params: `remaining` tries */
  codeInvalid: { status: 422, code: 'code_invalid', key: 'identity.code.invalid' },
  /** params: `seconds` to wait */
  resendTooSoon: { status: 429, code: 'resend_too_soon', key: 'identity.code.resend_wait' },
  linkInvalid: { status: 400, code: 'link_invalid', key: 'identity.link.invalid' },
  /** a link opened after its time ran out, or a second time (issue 25 item 16) */
  linkExpired: { status: 400, code: 'link_expired', key: 'identity.link.expired' },
  linkUsed: { status: 400, code: 'link_used', key: 'identity.link.used' },
  mobileTaken: { status: 409, code: 'mobile_taken', key: 'identity.register.mobile_taken' },
  notPending: { status: 422, code: 'not_pending', key: 'identity.activate.not_pending' },
  wrongPassword: { status: 422, code: 'wrong_password', key: 'identity.password.wrong_old' },
  emailTaken: { status: 409, code: 'email_taken', key: 'identity.email.taken' },
  invalidCredentials: { status: 401, code: 'invalid_credentials', key: 'login.invalid_credentials' },
  notActivated: { status: 403, code: 'not_activated', key: 'login.not_activated' },
});
