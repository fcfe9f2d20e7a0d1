/**
 * What a till (modules/stations) reads and writes of bracelets and wallets: the stations
 * module reaches the wallet's data only through here and the ledger (wallet-ledger.service.ts).
 */
import { exceedsWalletCeiling } from '@bilheteira/shared/wallet';
import type { DbOrTx, Tx } from '../../db/client';
import { creditWallet, type LedgerResult } from './wallet-ledger.service';
import type { TxDescription, TxDescriptionCode } from './transaction-description';
import {
  createAnonymousWallet,
  customerFirstName,
  findBraceletByUidOrCode,
  findWalletById,
  lockBracelet,
  lockWallet,
  setBraceletWallet,
  type BraceletRow,
} from './wallet.repository';

export type { BraceletRow, TxDescription, TxDescriptionCode };

/** The event's bracelet with this NFC UID or 6-digit code, or undefined. */
export function findEventBracelet(db: DbOrTx, eventId: number, ref: string) {
  return findBraceletByUidOrCode(db, eventId, ref);
}

/** Locks the bracelet row until the transaction ends (link, block and till payments serialise on it). */
export async function lockEventBracelet(tx: Tx, braceletId: number): Promise<BraceletRow> {
  return (await lockBracelet(tx, braceletId))!;
}

/** The wallet's balance now (0 for no wallet). */
export async function walletBalanceCents(db: DbOrTx, walletId: number | null): Promise<number> {
  const wallet = walletId === null ? undefined : await findWalletById(db, walletId);
  return wallet?.balanceCents ?? 0;
}

/**
 * A till's top-up of a locked bracelet: its wallet (created without a customer, and so
 * without a link time, when it has none) is credited with event money, unless that takes it
 * over the wallet ceiling: then nothing is credited and `overCeiling` gives the balance.
 */
export async function topUpBracelet(
  tx: Tx,
  bracelet: BraceletRow,
  input: {
    amountCents: number;
    idempotencyKey: string;
    description: TxDescription | string;
    stationId: number;
  },
  occurredAt: Date,
): Promise<{ credited: LedgerResult } | { overCeiling: { balanceCents: number } }> {
  let walletId = bracelet.walletId;
  if (walletId === null) {
    walletId = (await createAnonymousWallet(tx, bracelet.eventId)).id;
    // no customer holds it yet: no link time
    await setBraceletWallet(tx, bracelet.id, walletId, null);
  }
  const w = (await lockWallet(tx, walletId))!;
  if (exceedsWalletCeiling(w.balance_cents, input.amountCents))
    return { overCeiling: { balanceCents: w.balance_cents } };
  const credited = await creditWallet(
    tx,
    {
      walletId,
      type: 'topup',
      amountCents: input.amountCents,
      onlineCents: 0,
      idempotencyKey: input.idempotencyKey,
      description: input.description,
      stationId: input.stationId,
      braceletId: bracelet.id,
    },
    occurredAt,
  );
  return { credited };
}

/** What a till shows of a bracelet: its wallet, if any, and the holder's first name. */
export async function braceletWalletView(db: DbOrTx, bracelet: BraceletRow) {
  const wallet = bracelet.walletId ? await findWalletById(db, bracelet.walletId) : undefined;
  const holderFirstName = wallet?.customerId ? await customerFirstName(db, wallet.customerId) : null;
  return { wallet, holderFirstName };
}
