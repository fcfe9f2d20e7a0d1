/**
 * The wallet ceiling on the online top-up path: the same rule as a till's top-up
 * (exceedsWalletCeiling in packages/shared), checked before the customer pays.
 */
import { formatEur } from '@bilheteira/shared/money';
import {
  exceedsWalletCeiling,
  walletHeadroomCents,
  WALLET_MAX_BALANCE_CENTS,
} from '@bilheteira/shared/wallet';
import type { DbOrTx } from '../../db/client';
import { walletErrors } from './wallet.errors';
import { findCustomerWallet } from './wallet.repository';

/**
 * Throws 422 `wallet_balance_limit` (with `max_cents` and `available_cents`) when crediting
 * `amountCents` to the customer's wallet for the event would take it above the ceiling.
 */
export async function assertOnlineTopUpFits(
  db: DbOrTx,
  customerId: number,
  eventId: number,
  amountCents: number,
): Promise<void> {
  const wallet = await findCustomerWallet(db, customerId, eventId);
  const balance = wallet?.balanceCents ?? 0;
  if (!exceedsWalletCeiling(balance, amountCents)) return;
  const available = walletHeadroomCents(balance);
  throw walletErrors.balanceLimit(
    { max: formatEur(WALLET_MAX_BALANCE_CENTS), available: formatEur(available) },
    { details: { max_cents: WALLET_MAX_BALANCE_CENTS, available_cents: available } },
  );
}
