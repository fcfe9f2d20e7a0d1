import { defineErrors } from '../../lib/errors';
import './gdpr.messages';

/** Business errors of the data-protection requests (export, erasure). */
export const gdprErrors = defineErrors({
  /** erasure waits while a wallet refund is open */
  refundOpen: { status: 409, code: 'refund_open', key: 'gdpr.forget.open_refund' },
  /** no email or mobile to send the confirmation link to */
  noContact: { status: 422, code: 'no_contact', key: 'gdpr.forget.error' },
  linkInvalid: { status: 400, code: 'link_invalid', key: 'gdpr.forget.link_invalid' },
});
