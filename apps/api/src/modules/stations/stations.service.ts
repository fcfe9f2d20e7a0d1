/**
 * Stations (bars, shops, cash points) pay and top up with bracelets. Each uploaded
 * transaction carries a client-generated id: the first answer is stored, and a repeat of
 * the id (lost reply, offline replay, concurrent retry) gets that same answer and never a
 * second ledger row. Transactions of a batch run in order, each in its own database
 * transaction, with the time they happened at the till. What a station may record depends
 * on its role, and when, on the event's and the bracelet's times (shared/stations.ts).
 */
import type { StationResult, StationTransactionInput } from '@bilheteira/shared/schemas/wallet';
import { stationMayRecord, stationTimeRefusal } from '@bilheteira/shared/stations';
import type { StationRejectReason } from '@bilheteira/shared/wallet';
import type { Db, Tx } from '../../db/client';
import { Cache } from '../../lib/cache';
import { sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { walletErrors } from '../wallet/wallet.errors';
import { stationErrors } from './stations.errors';
import { debitWallet, payWithBracelet, type FastPaymentInput } from '../wallet/wallet-ledger.service';
import {
  braceletWalletView,
  findEventBracelet,
  lockEventBracelet,
  topUpBracelet,
  walletBalanceCents,
  type BraceletRow,
  type TxDescription,
  type TxDescriptionCode,
} from '../wallet/station-wallet.service';
import { EVENT_PRODUCTS_TTL_MS, namesForeignProduct, productItems } from './till-products.service';
import {
  claimSubmission,
  completeSubmission,
  findActiveStationByKeyHash,
  findSubmission,
  type StationRow,
} from './stations.repository';
import './stations.messages';

/**
 * Stations by key hash, kept in memory for STATION_CACHE_TTL_MS so a payment does not read
 * the stations table. A disabled station or rotated key still stops writes at once: the
 * one-statement payment re-checks (id, key hash, active) and the general path reads the
 * station again inside its transaction; either drops the entry and answers 401.
 */
export const STATION_CACHE_TTL_MS = 5_000;
const STATION_CACHE_MAX = 10_000;

/**
 * How long a payment may judge a bracelet by the copy in memory. Never stale for a write: the
 * payment is applied only when the locked bracelet is still exactly the copy it was judged
 * against (station_pay_batch), else the general path reads it again.
 */
export const BRACELET_CLOCK_TTL_MS = 60_000;
const BRACELET_CLOCK_MAX = 100_000;

/** What a till's payment judges a bracelet by (the time rule, packages/shared/src/stations.ts). */
type BraceletClock = FastPaymentInput['braceletClock'];

/**
 * Stations by key hash, and the bracelets' clocks (status, block and link times) by event and
 * reference, owned by the app (`app.caches.stations`, caches.ts).
 */
export const createStationCache = () => ({
  stations: new Cache<string, StationRow>('stations by key hash', STATION_CACHE_TTL_MS, STATION_CACHE_MAX),
  braceletClocks: new Cache<string, BraceletClock>(
    'bracelet clocks by event and reference',
    BRACELET_CLOCK_TTL_MS,
    BRACELET_CLOCK_MAX,
  ),
  eventProducts: new Cache<number, ReadonlySet<number>>(
    'bar product ids by event',
    EVENT_PRODUCTS_TTL_MS,
    10_000,
  ),
});
export type StationCache = ReturnType<typeof createStationCache>;

/** The station of an API key (stored as SHA-256). Throws 401 `station_unauthorized`. */
export async function authenticateStation(
  cache: StationCache,
  db: Db,
  key: string | null,
  now: Date,
): Promise<StationRow> {
  if (!key || key.length < 16 || key.length > 200) throw stationErrors.unauthorized();
  const keyHash = sha256(key);
  const hit = cache.stations.get(keyHash, now.getTime());
  if (hit) return hit;
  const station = await findActiveStationByKeyHash(db, keyHash);
  if (!station) {
    cache.stations.delete(keyHash);
    throw stationErrors.unauthorized();
  }
  cache.stations.set(keyHash, station, now.getTime());
  return station;
}

function stationRevoked(cache: StationCache, station: StationRow): AppError {
  cache.stations.delete(station.keyHash);
  return stationErrors.unauthorized();
}

/** A till's own text (its description, else its item list), stored as sent. */
function tillText(t: StationTransactionInput): string {
  if (t.description) return t.description;
  return t.items.map((i) => `${i.qty}× ${i.name}`).join(', ');
}

const SYSTEM_DESCRIPTION = {
  consumption: 'consumption',
  topup: 'station_topup',
  refund: 'cash_refund',
} as const satisfies Record<StationTransactionInput['type'], TxDescriptionCode>;

/**
 * A transaction the till sent no text for is described by a code, shown in the reader's
 * language (wallet/transaction-description.ts). A bar payment's one-statement write stores
 * no code: its empty text is read as the consumption code.
 */
function describe(t: StationTransactionInput): TxDescription | string {
  return tillText(t) || { code: SYSTEM_DESCRIPTION[t.type] };
}

type Outcome = Omit<StationResult, 'id' | 'status'> & { status: 'accepted' | 'rejected' };

const reject = (reason: StationRejectReason, balanceCents?: number): Outcome => ({
  status: 'rejected',
  reason,
  ...(balanceCents === undefined ? {} : { balance_cents: balanceCents }),
});

/**
 * Refusals that need no database: a type the station's role does not record, a time outside
 * the event's bounds, items that do not add up.
 */
function precheck(station: StationRow, t: StationTransactionInput, now: Date): Outcome | null {
  if (!stationMayRecord(station.role, t.type)) return reject('not_allowed_for_station');
  const late = stationTimeRefusal(new Date(t.occurred_at), station.event, now);
  if (late) return reject(late);
  if (t.items.length && t.items.reduce((s, i) => s + i.qty * i.unit_cents, 0) !== t.amount_cents)
    return reject('amount_mismatch');
  return null;
}

const braceletRef = (t: StationTransactionInput) => (t.bracelet ?? t.bracelet_uid ?? t.bracelet_code)!;
const ledgerKey = (station: StationRow, t: StationTransactionInput) => `station:${station.id}:${t.id}`;

/**
 * The transaction's bracelet, locked until the transaction ends, or the refusal of the rules
 * that come before the money (role, times, items, unknown or blocked bracelet).
 */
async function lockedBraceletOrRefusal(
  cache: StationCache,
  tx: Tx,
  station: StationRow,
  t: StationTransactionInput,
  now: Date,
): Promise<{ bracelet: BraceletRow } | { refusal: Outcome }> {
  const refused = precheck(station, t, now);
  if (refused) return { refusal: refused };
  if (await namesForeignProduct(cache.eventProducts, tx, station, t, now))
    return { refusal: reject('unknown_product') };
  const found = await findEventBracelet(tx, station.eventId, braceletRef(t));
  if (!found) return { refusal: reject('unknown_bracelet') };
  const bracelet = await lockEventBracelet(tx, found.id);
  const late = stationTimeRefusal(new Date(t.occurred_at), station.event, now, bracelet);
  return late ? { refusal: reject(late) } : { bracelet };
}

/** A top-up or a cash refund at the till (a bar payment has its own path: payConsumption). */
async function apply(
  cache: StationCache,
  tx: Tx,
  station: StationRow,
  t: StationTransactionInput,
  now: Date,
): Promise<Outcome> {
  const locked = await lockedBraceletOrRefusal(cache, tx, station, t, now);
  if ('refusal' in locked) return locked.refusal;
  const { bracelet } = locked;
  const occurredAt = new Date(t.occurred_at);
  const key = ledgerKey(station, t);
  const description = describe(t);

  if (t.type === 'topup') {
    const topUp = await topUpBracelet(
      tx,
      bracelet,
      { amountCents: t.amount_cents, idempotencyKey: key, description, stationId: station.id },
      occurredAt,
    );
    if ('overCeiling' in topUp) return reject('balance_limit', topUp.overCeiling.balanceCents);
    const r = topUp.credited;
    return { status: 'accepted', balance_cents: r.balanceCents, transaction_id: r.walletTransactionId };
  }

  // cash back: only money loaded at the event (online money is refunded online)
  if (bracelet.walletId === null) return reject('insufficient_funds', 0);
  try {
    const r = await debitWallet(
      tx,
      {
        walletId: bracelet.walletId,
        type: 'refund',
        amountCents: t.amount_cents,
        source: { onlineCents: 0 },
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
    if (err instanceof AppError && err.code === walletErrors.insufficientFunds.spec.code) {
      return reject('insufficient_funds', await walletBalanceCents(tx, bracelet.walletId));
    }
    throw err;
  }
}

/**
 * Why a bar payment is refused, judged on the bracelet read again under its lock; undefined
 * when nothing refuses it (it changed since the payment was tried: try again). Writes nothing.
 */
async function consumptionRefusal(
  cache: StationCache,
  tx: Tx,
  station: StationRow,
  t: StationTransactionInput,
  now: Date,
): Promise<Outcome | undefined> {
  const locked = await lockedBraceletOrRefusal(cache, tx, station, t, now);
  if ('refusal' in locked) return locked.refusal;
  const balance = await walletBalanceCents(tx, locked.bracelet.walletId);
  if (balance < t.amount_cents) return reject('insufficient_funds', balance);
  return undefined;
}

/**
 * The common case, a payment the wallet covers, in one database call; undefined when the
 * general path must decide (a refusal to record with its reason, a repeated id, a top-up).
 * The time rule judges the bracelet as last read (kept in memory); the call applies the
 * payment only if the bracelet is still exactly that, so a block or a new link is never missed.
 */
async function tryFastPayment(
  cache: StationCache,
  db: Db,
  station: StationRow,
  t: StationTransactionInput,
  now: Date,
): Promise<StationResult | undefined> {
  if (t.type !== 'consumption' || precheck(station, t, now)) return undefined;
  // the general path records why
  if (await namesForeignProduct(cache.eventProducts, db, station, t, now)) return undefined;
  const ref = braceletRef(t);
  const occurredAt = new Date(t.occurred_at);
  const clockKey = `${station.eventId}:${ref}`;
  let clock = cache.braceletClocks.get(clockKey, now.getTime());
  if (!clock) {
    const bracelet = await findEventBracelet(db, station.eventId, ref);
    if (!bracelet) return undefined;
    clock = { status: bracelet.status, blockedAt: bracelet.blockedAt, linkedAt: bracelet.linkedAt };
    cache.braceletClocks.set(clockKey, clock, now.getTime());
  }
  // refused by the rule: the general path reads the bracelet again and records why
  if (stationTimeRefusal(occurredAt, station.event, now, clock)) return undefined;
  const outcome = await payWithBracelet(db, {
    stationId: station.id,
    stationKeyHash: station.keyHash,
    eventId: station.eventId,
    clientId: t.id,
    bracelet: ref,
    amountCents: t.amount_cents,
    description: tillText(t),
    idempotencyKey: ledgerKey(station, t),
    occurredAt,
    braceletClock: clock,
    productItems: productItems(t),
  });
  if (outcome.kind === 'station_revoked') throw stationRevoked(cache, station);
  if (outcome.kind === 'not_applied') {
    // perhaps the bracelet changed: the next payment reads it again
    cache.braceletClocks.delete(clockKey);
    return undefined;
  }
  return {
    id: t.id,
    status: 'accepted',
    balance_cents: outcome.balanceCents,
    transaction_id: outcome.transactionId,
  };
}

/** Attempts of a bar payment whose bracelet keeps changing between its try and its check. */
const PAY_ATTEMPTS = 3;

/** A station's transaction, with the station read again: a disabled one stops at once. */
function inStationTransaction<T>(
  cache: StationCache,
  db: Db,
  station: StationRow,
  body: (tx: Tx, current: StationRow) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const current = await findActiveStationByKeyHash(tx, station.keyHash);
    if (!current) throw stationRevoked(cache, station);
    return body(tx, current);
  });
}

/** A repeat of a client id: the first answer, marked duplicate. */
async function duplicateAnswer(
  tx: Tx,
  station: StationRow,
  t: StationTransactionInput,
): Promise<StationResult> {
  const first = (await findSubmission(tx, station.id, t.id))!;
  const answer = first.answer as Omit<StationResult, 'id' | 'status'>;
  return {
    ...answer,
    id: t.id,
    status: 'duplicate',
    first_status: first.status === 'accepted' ? 'accepted' : 'rejected',
  };
}

/** Stores the answer of a claimed client id. */
async function recordAnswer(
  tx: Tx,
  station: StationRow,
  t: StationTransactionInput,
  outcome: Outcome,
): Promise<StationResult> {
  const { status, ...answer } = outcome;
  await completeSubmission(tx, station.id, t.id, {
    status,
    reason: outcome.reason ?? null,
    walletTransactionId: outcome.transaction_id ?? null,
    answer,
  });
  return { id: t.id, ...outcome };
}

/**
 * A bar payment. Its only write is station_pay_batch (tryFastPayment); when that does not
 * apply it, the bracelet is read again under its lock to say why (a refusal or a repeated id,
 * stored as the answer) or, when nothing refuses it any more, the payment is tried again.
 */
async function payConsumption(
  cache: StationCache,
  db: Db,
  station: StationRow,
  t: StationTransactionInput,
  now: Date,
): Promise<StationResult> {
  for (let attempt = 0; attempt < PAY_ATTEMPTS; attempt++) {
    const paid = await tryFastPayment(cache, db, station, t, now);
    if (paid) return paid;
    const answered = await inStationTransaction(cache, db, station, async (tx, current) => {
      if (await findSubmission(tx, station.id, t.id)) return duplicateAnswer(tx, station, t);
      const refusal = await consumptionRefusal(cache, tx, current, t, now);
      if (!refusal) return undefined;
      if (!(await claimSubmission(tx, station.id, t.id))) return duplicateAnswer(tx, station, t);
      return recordAnswer(tx, station, t, refusal);
    });
    if (answered) return answered;
    // the bracelet changed since it was kept in memory: the next try reads it again
    cache.braceletClocks.delete(`${station.eventId}:${braceletRef(t)}`);
  }
  throw stationErrors.busy();
}

/** One transaction of a batch: claim its id, apply it, store the answer. */
async function processOne(
  cache: StationCache,
  db: Db,
  station: StationRow,
  t: StationTransactionInput,
  now: Date,
): Promise<StationResult> {
  if (t.type === 'consumption') return payConsumption(cache, db, station, t, now);
  return inStationTransaction(cache, db, station, async (tx, current) => {
    if (!(await claimSubmission(tx, station.id, t.id))) return duplicateAnswer(tx, station, t);
    return recordAnswer(tx, station, t, await apply(cache, tx, current, t, now));
  });
}

/**
 * Applies a station's batch in the order given (offline uploads keep their original
 * times) and answers per transaction: accepted, duplicate (with the first answer) or
 * rejected with a reason.
 */
export async function processStationBatch(
  cache: StationCache,
  db: Db,
  station: StationRow,
  transactions: StationTransactionInput[],
  now: Date,
): Promise<StationResult[]> {
  const results: StationResult[] = [];
  // In order, one after the other: a later payment may depend on an earlier top-up.
  for (const t of transactions) results.push(await processOne(cache, db, station, t, now));
  return results;
}

/** What the till shows for a bracelet of its event (uid or 6-digit code). Throws 404. */
export async function braceletForStation(db: Db, station: StationRow, ref: string) {
  const bracelet = await findEventBracelet(db, station.eventId, ref);
  if (!bracelet) throw stationErrors.braceletNotFound();
  return { bracelet, ...(await braceletWalletView(db, bracelet)) };
}
