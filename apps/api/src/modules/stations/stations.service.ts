/**
 * Stations (bars, shops, cash points) pay and top up with bracelets. Each uploaded
 * transaction carries a client-generated id: the first answer is stored, and a repeat of
 * the id (lost reply, offline replay, concurrent retry) gets that same answer and never a
 * second ledger row. Transactions of a batch run in order, each in its own database
 * transaction, with the time they happened at the till.
 */
import type { StationResult, StationTransactionInput } from '@bilheteira/shared/schemas/wallet';
import {
  STATION_CLOCK_SKEW_MS,
  WALLET_MAX_BALANCE_CENTS,
  type StationRejectReason,
} from '@bilheteira/shared/wallet';
import type { Db, Tx } from '../../db/client';
import { sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { creditWallet, debitWallet } from '../wallet/wallet-ledger.service';
import {
  createAnonymousWallet,
  customerFirstName,
  findBraceletByUidOrCode,
  findWalletById,
  lockBracelet,
  lockWallet,
  setBraceletWallet,
} from '../wallet/wallet.repository';
import {
  claimSubmission,
  completeSubmission,
  findActiveStationByKeyHash,
  findSubmission,
  type StationRow,
} from './stations.repository';
import './stations.messages';

/** The station of an API key (stored as SHA-256). Throws 401 `station_unauthorized`. */
export async function authenticateStation(db: Db, key: string | null): Promise<StationRow> {
  if (!key || key.length < 16 || key.length > 200)
    throw new AppError(401, 'station_unauthorized', 'station.unauthorized');
  const station = await findActiveStationByKeyHash(db, sha256(key));
  if (!station) throw new AppError(401, 'station_unauthorized', 'station.unauthorized');
  return station;
}

function describe(t: StationTransactionInput): string {
  if (t.description) return t.description;
  if (t.items.length) return t.items.map((i) => `${i.qty}× ${i.name}`).join(', ');
  return t.type === 'topup' ? 'Carregamento no local' : 'Consumo';
}

type Outcome = Omit<StationResult, 'id' | 'status'> & { status: 'accepted' | 'rejected' };

const reject = (reason: StationRejectReason, balanceCents?: number): Outcome => ({
  status: 'rejected',
  reason,
  ...(balanceCents === undefined ? {} : { balance_cents: balanceCents }),
});

async function apply(tx: Tx, station: StationRow, t: StationTransactionInput, now: Date): Promise<Outcome> {
  const occurredAt = new Date(t.occurred_at);
  if (occurredAt.getTime() > now.getTime() + STATION_CLOCK_SKEW_MS) return reject('invalid_time');
  if (t.items.length && t.items.reduce((s, i) => s + i.qty * i.unit_cents, 0) !== t.amount_cents)
    return reject('amount_mismatch');
  const ref = (t.bracelet ?? t.bracelet_uid ?? t.bracelet_code)!;
  const found = await findBraceletByUidOrCode(tx, station.eventId, ref);
  if (!found) return reject('unknown_bracelet');
  const bracelet = (await lockBracelet(tx, found.id))!;
  // A payment made offline before the bracelet was reported lost still stands.
  if (bracelet.status === 'blocked' && (!bracelet.blockedAt || occurredAt >= bracelet.blockedAt))
    return reject('bracelet_blocked');
  const key = `station:${station.id}:${t.id}`;
  const description = describe(t);

  if (t.type === 'topup') {
    let walletId = bracelet.walletId;
    if (walletId === null) {
      walletId = (await createAnonymousWallet(tx, station.eventId)).id;
      await setBraceletWallet(tx, bracelet.id, walletId);
    }
    const w = (await lockWallet(tx, walletId))!;
    if (w.balance_cents + t.amount_cents > WALLET_MAX_BALANCE_CENTS)
      return reject('balance_limit', w.balance_cents);
    const r = await creditWallet(
      tx,
      {
        walletId,
        type: 'topup',
        amountCents: t.amount_cents,
        onlineCents: 0,
        idempotencyKey: key,
        description,
        stationId: station.id,
        braceletId: bracelet.id,
      },
      occurredAt,
    );
    return { status: 'accepted', balance_cents: r.balanceCents, transaction_id: r.walletTransactionId };
  }

  if (bracelet.walletId === null) return reject('insufficient_funds', 0);
  try {
    const r = await debitWallet(
      tx,
      {
        walletId: bracelet.walletId,
        type: 'consumption',
        amountCents: t.amount_cents,
        source: 'offline-first',
        idempotencyKey: key,
        description,
        stationId: station.id,
        braceletId: bracelet.id,
      },
      occurredAt,
    );
    return { status: 'accepted', balance_cents: r.balanceCents, transaction_id: r.walletTransactionId };
  } catch (err) {
    // The refused debit wrote nothing (its UPDATE matched no row), so the transaction goes on.
    if (err instanceof AppError && err.code === 'insufficient_funds') {
      const w = await findWalletById(tx, bracelet.walletId);
      return reject('insufficient_funds', w?.balanceCents ?? 0);
    }
    throw err;
  }
}

/** One transaction of a batch: claim its id, apply it, store the answer. */
async function processOne(
  db: Db,
  station: StationRow,
  t: StationTransactionInput,
  now: Date,
): Promise<StationResult> {
  return db.transaction(async (tx) => {
    if (!(await claimSubmission(tx, station.id, t.id))) {
      const first = (await findSubmission(tx, station.id, t.id))!;
      const answer = first.answer as Omit<StationResult, 'id' | 'status'>;
      return {
        ...answer,
        id: t.id,
        status: 'duplicate',
        first_status: first.status === 'accepted' ? 'accepted' : 'rejected',
      };
    }
    const outcome = await apply(tx, station, t, now);
    const { status, ...answer } = outcome;
    await completeSubmission(tx, station.id, t.id, {
      status,
      reason: outcome.reason ?? null,
      walletTransactionId: outcome.transaction_id ?? null,
      answer,
    });
    return { id: t.id, ...outcome };
  });
}

/**
 * Applies a station's batch in the order given (offline uploads keep their original
 * times) and answers per transaction: accepted, duplicate (with the first answer) or
 * rejected with a reason.
 */
export async function processStationBatch(
  db: Db,
  station: StationRow,
  transactions: StationTransactionInput[],
  now: Date,
): Promise<StationResult[]> {
  const results: StationResult[] = [];
  // In order, one after the other: a later payment may depend on an earlier top-up.
  for (const t of transactions) results.push(await processOne(db, station, t, now));
  return results;
}

/** What the till shows for a bracelet of its event (uid or 6-digit code). Throws 404. */
export async function braceletForStation(db: Db, station: StationRow, ref: string) {
  const bracelet = await findBraceletByUidOrCode(db, station.eventId, ref);
  if (!bracelet) throw new AppError(404, 'bracelet_not_found', 'station.bracelet_not_found');
  const wallet = bracelet.walletId ? await findWalletById(db, bracelet.walletId) : undefined;
  const holderFirstName = wallet?.customerId ? await customerFirstName(db, wallet.customerId) : null;
  return { bracelet, wallet, holderFirstName };
}
