/**
 * Rules for what a till (station) may record, shared by the API and the staff app. `now` is
 * a parameter so the rules are exact in tests.
 */
import { STATION_CLOCK_SKEW_MS, type StationTransactionType } from './wallet';

/**
 * bar and shop sell (consumption); a top-up point loads money and pays cash back; a refund desk
 * only pays cash back (the end-of-festival desk, which must never load money).
 */
export const STATION_ROLES = ['bar', 'shop', 'topup', 'refund_desk'] as const;
export type StationRole = (typeof STATION_ROLES)[number];

/** The transaction types each role may record; anything else is refused per transaction. */
export const STATION_ROLE_TRANSACTION_TYPES: Readonly<
  Record<StationRole, readonly StationTransactionType[]>
> = {
  bar: ['consumption'],
  shop: ['consumption'],
  topup: ['topup', 'refund'],
  refund_desk: ['refund'],
};

export const stationMayRecord = (role: StationRole, type: StationTransactionType): boolean =>
  STATION_ROLE_TRANSACTION_TYPES[role].includes(type);

/** Without an explicit wallet opening, tills may record from this long before the event starts. */
export const WALLET_OPENS_DEFAULT_LEAD_MS = 48 * 3600_000;
/** How far back a till may upload what it recorded offline, unless the event sets otherwise. */
export const WALLET_OFFLINE_WINDOW_DEFAULT_MINUTES = 24 * 60;
/** Bounds of the per-event offline window (minutes): at most a week. */
export const WALLET_OFFLINE_WINDOW_MIN_MINUTES = 1;
export const WALLET_OFFLINE_WINDOW_MAX_MINUTES = 7 * 24 * 60;

/** What the time rule needs of the event. */
export interface StationEventClock {
  startsAt: Date;
  /** null: WALLET_OPENS_DEFAULT_LEAD_MS before startsAt */
  walletOpensAt: Date | null;
  walletOfflineWindowMinutes: number;
}

/** What the time rule needs of the bracelet (once it is known and locked). */
export interface StationBraceletClock {
  status: string;
  blockedAt: Date | null;
  /** when a customer linked it to their wallet; null when no customer did */
  linkedAt: Date | null;
}

export const walletOpensAt = (event: Pick<StationEventClock, 'startsAt' | 'walletOpensAt'>): Date =>
  event.walletOpensAt ?? new Date(event.startsAt.getTime() - WALLET_OPENS_DEFAULT_LEAD_MS);

/** The times a till's `occurred_at` may take now: [notBefore, notAfter]. */
export function stationTimeWindow(event: StationEventClock, now: Date): { notBefore: Date; notAfter: Date } {
  const oldest = now.getTime() - event.walletOfflineWindowMinutes * 60_000;
  return {
    notBefore: new Date(Math.max(walletOpensAt(event).getTime(), oldest)),
    notAfter: new Date(now.getTime() + STATION_CLOCK_SKEW_MS),
  };
}

export type StationTimeRefusal = 'invalid_time' | 'occurred_at_out_of_range' | 'bracelet_blocked';

/**
 * Why a till's transaction at `at` is refused, or null. The one rule on `occurred_at`:
 * - ahead of the server clock by more than STATION_CLOCK_SKEW_MS: `invalid_time`;
 * - before the event's wallet opening, or older than its offline window, or (bracelet given)
 *   before a customer linked the bracelet: `occurred_at_out_of_range`;
 * - (bracelet given) blocked, at or after the block (or blocked without a time): `bracelet_blocked`.
 *   A payment made offline before the bracelet was reported lost still stands, within the
 *   bounds above, so a lost bracelet can never be charged with a date before its holder had it.
 * Without `bracelet` only the event's bounds are checked (before the bracelet is read).
 */
export function stationTimeRefusal(
  at: Date,
  event: StationEventClock,
  now: Date,
  bracelet?: StationBraceletClock,
): StationTimeRefusal | null {
  const t = at.getTime();
  const { notBefore, notAfter } = stationTimeWindow(event, now);
  if (!Number.isFinite(t) || t > notAfter.getTime()) return 'invalid_time';
  if (t < notBefore.getTime()) return 'occurred_at_out_of_range';
  if (!bracelet) return null;
  if (bracelet.linkedAt && t < bracelet.linkedAt.getTime()) return 'occurred_at_out_of_range';
  if (bracelet.status === 'blocked' && (!bracelet.blockedAt || t >= bracelet.blockedAt.getTime()))
    return 'bracelet_blocked';
  return null;
}
