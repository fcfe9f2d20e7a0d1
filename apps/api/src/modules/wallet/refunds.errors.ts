import type { RefundAvailability } from '@bilheteira/shared/wallet';
import { defineErrors } from '../../lib/errors';
import './refunds.messages';

/** Business errors of wallet refunds. */
export const refundErrors = defineErrors({
  notAllowed: { status: 422, code: 'refund_not_allowed', key: 'refund.not_allowed' },
  /** params: `date` (when the window opens) */
  notYetAvailable: { status: 422, code: 'refund_not_yet_available', key: 'refund.not_yet_available' },
  deadlinePassed: { status: 422, code: 'refund_deadline_passed', key: 'refund.deadline_passed' },
  nothingToRefund: { status: 422, code: 'refund_nothing', key: 'refund.nothing_to_refund' },
  /** one open request per wallet */
  alreadyOpen: { status: 409, code: 'refund_open', key: 'refund.already_open' },
  /** details: `refund_cents` (what the customer would get now) */
  quoteChanged: { status: 409, code: 'refund_quote_changed', key: 'refund.quote_changed' },
  notFound: { status: 404, code: 'not_found', key: 'refund.not_found' },
  badTransition: { status: 409, code: 'refund_bad_transition', key: 'refund.bad_transition' },
  /** no approved request left outside a SEPA file (a business state, not a missing resource) */
  nothingToExport: { status: 422, code: 'nothing_to_export', key: 'refund.nothing_to_export' },
  /** the organiser has no payout IBAN to pay its refunds from */
  noDebtorIban: { status: 422, code: 'refund_no_debtor_iban', key: 'refund.no_debtor_iban' },
});

/** The error of a refund window that is not open. */
export const refundUnavailable: Record<
  Exclude<RefundAvailability, 'allowed'>,
  (typeof refundErrors)['notAllowed']
> = {
  not_allowed: refundErrors.notAllowed,
  not_yet_available: refundErrors.notYetAvailable,
  deadline_passed: refundErrors.deadlinePassed,
};
