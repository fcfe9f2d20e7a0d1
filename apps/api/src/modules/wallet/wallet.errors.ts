import { defineErrors } from '../../lib/errors';
import './wallet.messages';
import './wallet-ceiling.messages';

/** Business errors of the wallet, its ledger and its bracelets. */
export const walletErrors = defineErrors({
  invalidAmount: { status: 400, code: 'wallet_invalid_amount', key: 'wallet.invalid_amount' },
  notFound: { status: 404, code: 'wallet_not_found', key: 'wallet.not_found' },
  /** the wallet does not cover the debit; nothing was written */
  insufficientFunds: { status: 422, code: 'insufficient_funds', key: 'wallet.insufficient_funds' },
  /** a ledger key taken under the wallet's lock: a bug, the transaction is undone */
  conflict: { status: 409, code: 'wallet_conflict', key: 'wallet.conflict' },
  /** details: `max_cents`, `available_cents` */
  balanceLimit: { status: 422, code: 'wallet_balance_limit', key: 'wallet.balance_limit' },
  eventRequired: { status: 400, code: 'event_required', key: 'wallet.event_required' },
  /** unknown, draft or unreachable private event: one answer, no oracle on ids */
  eventNotFound: { status: 404, code: 'not_found', key: 'event.not_found' },
  disabled: { status: 422, code: 'wallet_disabled', key: 'wallet.disabled' },
  /** a field error (bad cursor, same bracelet twice): field errors say which */
  validation: { status: 400, code: 'validation_failed', key: 'error.validation' },
  braceletBlocked: { status: 422, code: 'bracelet_blocked', key: 'wallet.bracelet_blocked' },
  /** unknown bracelet, or someone else's */
  braceletNotFound: { status: 404, code: 'bracelet_not_found', key: 'wallet.bracelet_not_found' },
  /** unknown code, wrong secret or UID, someone else's bracelet */
  braceletNoMatch: { status: 422, code: 'bracelet_no_match', key: 'wallet.bracelet_no_match' },
});
