/**
 * The wallet ledger: the only code that changes a wallet's balance.
 *
 * - `wallet_transactions` is append-only; the cached `wallets.balance_cents` and
 *   `wallets.online_cents` change in the same transaction as each ledger row, so the
 *   balance always equals the ledger sum (a property test checks it).
 * - Every write carries an idempotency key (unique in the ledger): a repeat is a no-op.
 * - Debits are conditional updates (`balance_cents >= x`) under a row lock, so concurrent
 *   payments never take a wallet below zero.
 * - Online part (the only refundable money): consumption spends the NON-online part
 *   first (cash and card top-ups at the event), then online money. That keeps the
 *   customer's refundable amount as high as the rules allow (the split is one database
 *   function, db/functions/wallet_online_debit.sql, which the bar payment uses too). Refunds
 *   and their fee are taken from the online part only.
 */
import type { Db, Tx } from '../../db/client';
import {
  payWithBraceletInOneStatement,
  type FastPaymentInput,
  type FastPaymentOutcome,
} from './bracelet-payment.repository';
import { walletErrors } from './wallet.errors';
import type { TxDescription } from './transaction-description';
import {
  applyCredit,
  applyDebit,
  findCustomerWallet,
  findLedgerRowByKey,
  getOrCreateCustomerWallet,
  insertLedgerRow,
  lockWallet,
  type LedgerType,
} from './wallet.repository';

export interface LedgerResult {
  /** false when the idempotency key was seen before (nothing changed) */
  applied: boolean;
  walletTransactionId: number;
  balanceCents: number;
  onlineCents: number;
}

export interface CreditInput {
  walletId: number;
  type: Extract<LedgerType, 'topup' | 'transfer' | 'refund'>;
  amountCents: number;
  /** how much of the credit is online (refundable) money */
  onlineCents: number;
  idempotencyKey: string;
  description: TxDescription | string;
  invoice?: string | null;
  stationId?: number | null;
  braceletId?: number | null;
}

function assertPositiveCents(amountCents: number): void {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) throw walletErrors.invalidAmount();
}

async function repeatOf(tx: Tx, key: string): Promise<LedgerResult> {
  const row = await findLedgerRowByKey(tx, key);
  const w = await lockWallet(tx, row!.walletId);
  return {
    applied: false,
    walletTransactionId: row!.id,
    balanceCents: w!.balance_cents,
    onlineCents: w!.online_cents,
  };
}

/** Appends a credit and raises the cached balance, idempotently by key. */
export async function creditWallet(tx: Tx, input: CreditInput, now: Date): Promise<LedgerResult> {
  assertPositiveCents(input.amountCents);
  if (input.onlineCents < 0 || input.onlineCents > input.amountCents) throw walletErrors.invalidAmount();
  await lockWallet(tx, input.walletId);
  const id = await insertLedgerRow(tx, {
    walletId: input.walletId,
    type: input.type,
    amountCents: input.amountCents,
    onlineDeltaCents: input.onlineCents,
    idempotencyKey: input.idempotencyKey,
    description: input.description,
    invoice: input.invoice,
    stationId: input.stationId,
    braceletId: input.braceletId,
    occurredAt: now,
  });
  if (id === undefined) return repeatOf(tx, input.idempotencyKey);
  const w = await applyCredit(tx, input.walletId, input.amountCents, input.onlineCents);
  return {
    applied: true,
    walletTransactionId: id,
    balanceCents: w.balance_cents,
    onlineCents: w.online_cents,
  };
}

export interface DebitInput {
  walletId: number;
  type: Extract<LedgerType, 'consumption' | 'refund' | 'fee' | 'transfer'>;
  amountCents: number;
  /**
   * Which part pays: 'offline-first' (consumption: event money first, then online),
   * 'online' (refund and its fee: online money only), or an exact online share (transfer).
   */
  source: 'offline-first' | 'online' | { onlineCents: number };
  idempotencyKey: string;
  description: TxDescription | string;
  invoice?: string | null;
  stationId?: number | null;
  braceletId?: number | null;
}

/**
 * Appends a debit when the wallet covers it. Throws 422 `insufficient_funds` (walletErrors.insufficientFunds)
 * (nothing written) when it does not; a repeated key answers the first result.
 */
export async function debitWallet(tx: Tx, input: DebitInput, occurredAt: Date): Promise<LedgerResult> {
  assertPositiveCents(input.amountCents);
  const w = await lockWallet(tx, input.walletId);
  if (!w) throw walletErrors.notFound();
  const seen = await findLedgerRowByKey(tx, input.idempotencyKey);
  if (seen)
    return {
      applied: false,
      walletTransactionId: seen.id,
      balanceCents: w.balance_cents,
      onlineCents: w.online_cents,
    };
  const x = input.amountCents;
  const onlineDebit =
    input.source === 'offline-first'
      ? 'offline-first'
      : input.source === 'online'
        ? x
        : input.source.onlineCents;
  if (onlineDebit !== 'offline-first' && (onlineDebit < 0 || onlineDebit > x))
    throw walletErrors.invalidAmount();
  // 'offline-first': the split is the database's (wallet_online_debit), as for a bar payment
  const after = await applyDebit(tx, input.walletId, x, onlineDebit);
  if (!after) throw walletErrors.insufficientFunds();
  const id = await insertLedgerRow(tx, {
    walletId: input.walletId,
    type: input.type,
    amountCents: -x,
    onlineDeltaCents: -after.online_debit,
    idempotencyKey: input.idempotencyKey,
    description: input.description,
    invoice: input.invoice,
    stationId: input.stationId,
    braceletId: input.braceletId,
    occurredAt,
  });
  // The wallet row is locked and the key was free: a conflict here means a bug, so undo all.
  if (id === undefined) throw walletErrors.conflict();
  return {
    applied: true,
    walletTransactionId: id,
    balanceCents: after.balance_cents,
    onlineCents: after.online_cents,
  };
}

/**
 * Credits an online top-up (paid order) to the customer's wallet for the event, inside the
 * caller's fulfilment transaction. Idempotent by `idempotencyKey` (a repeat is a no-op);
 * creates the wallet when missing. Throws AppError 400 on a non-positive amount.
 */
export async function creditOnlineTopUp(
  tx: Tx,
  input: {
    customerId: number;
    eventId: number;
    amountCents: number;
    idempotencyKey: string;
    description: TxDescription | string;
    invoice?: string;
  },
  now: Date,
): Promise<void> {
  const wallet = await getOrCreateCustomerWallet(tx, input.customerId, input.eventId);
  await creditWallet(
    tx,
    {
      walletId: wallet.id,
      type: 'topup',
      amountCents: input.amountCents,
      onlineCents: input.amountCents,
      idempotencyKey: input.idempotencyKey,
      description: input.description,
      invoice: input.invoice ?? null,
    },
    now,
  );
}

/** The online money a customer's wallet for the event holds unspent (read only; 0 without one). */
export async function unspentOnlineCents(db: Db | Tx, customerId: number, eventId: number): Promise<number> {
  return (await findCustomerWallet(db, customerId, eventId))?.onlineCents ?? 0;
}

/**
 * The online money a customer's wallet for the event still holds unspent (what of an online
 * top-up may go back to the card), the wallet locked for the caller's transaction; 0 without one.
 */
export async function lockUnspentOnlineCents(tx: Tx, customerId: number, eventId: number): Promise<number> {
  const wallet = await findCustomerWallet(tx, customerId, eventId);
  if (!wallet) return 0;
  return (await lockWallet(tx, wallet.id))?.online_cents ?? 0;
}

/**
 * Takes back from the customer's wallet a top-up the organiser refunds to the card (a
 * back-office refund of an order's top-up line): online money only, idempotently by key.
 * Throws 422 insufficient_funds when the wallet no longer holds it (callers check first).
 */
export async function takeBackOnlineTopUp(
  tx: Tx,
  input: {
    customerId: number;
    eventId: number;
    amountCents: number;
    idempotencyKey: string;
    orderReference: string;
  },
  now: Date,
): Promise<void> {
  const wallet = await findCustomerWallet(tx, input.customerId, input.eventId);
  if (!wallet) throw walletErrors.insufficientFunds();
  await debitWallet(
    tx,
    {
      walletId: wallet.id,
      type: 'refund',
      amountCents: input.amountCents,
      source: 'online',
      idempotencyKey: input.idempotencyKey,
      description: { code: 'order_topup_refund', params: { order: input.orderReference } },
    },
    now,
  );
}

export type { FastPaymentInput, FastPaymentOutcome };

/**
 * A bar payment from a bracelet in one database call, batched with the payments in flight
 * (station_pay_batch, bracelet-payment.repository.ts): applied only when the wallet covers it
 * and no rule of the general path can touch it; `not_applied` writes nothing and the caller's
 * general path answers. Never applies one client id or ledger key twice.
 */
export function payWithBracelet(db: Db, input: FastPaymentInput): Promise<FastPaymentOutcome> {
  return payWithBraceletInOneStatement(db, input);
}
