/**
 * Wallet rules shared by the web and the API. Money is integer cents; `now` is a
 * parameter so the rules are exact in tests.
 */
import {
  BRACELET_CODE_DIGITS,
  BRACELET_SECRET_ALPHABET,
  BRACELET_SECRET_LENGTH,
  WALLET_REFUND_FEE_CENTS,
} from './constants';

/** Online top-up bounds and the preset buttons of the wallet screen (cents). */
export const WALLET_TOPUP_MIN_CENTS = 500;
export const WALLET_TOPUP_MAX_CENTS = 50_000;
export const WALLET_TOPUP_PRESETS_CENTS = [1000, 2000, 5000, 10_000] as const;
/** A wallet never holds more than this (anti-fraud and e-money limits). */
export const WALLET_MAX_BALANCE_CENTS = 100_000;
/**
 * The one ceiling rule for every top-up (tills and online): how much more the wallet may
 * take, and whether a credit of `creditCents` on `balanceCents` would go over it.
 */
export const walletHeadroomCents = (balanceCents: number): number =>
  Math.max(0, WALLET_MAX_BALANCE_CENTS - balanceCents);
export const exceedsWalletCeiling = (balanceCents: number, creditCents: number): boolean =>
  creditCents > walletHeadroomCents(balanceCents);
/** Refunds stay open this long after they open when the event sets no deadline. */
export const REFUND_DEFAULT_WINDOW_DAYS = 30;
/** Largest single station transaction (cents). */
export const STATION_MAX_AMOUNT_CENTS = 100_000;
/** Largest batch a station may upload at once. */
export const STATION_MAX_BATCH = 500;
/** How far in the future a station clock may be before its transaction is refused. */
export const STATION_CLOCK_SKEW_MS = 5 * 60_000;

export const BRACELET_CODE_PATTERN = new RegExp(`^\\d{${BRACELET_CODE_DIGITS}}$`);
export const isBraceletCode = (v: string): boolean => BRACELET_CODE_PATTERN.test(v);

export const BRACELET_SECRET_PATTERN = new RegExp(
  `^[${BRACELET_SECRET_ALPHABET}]{${BRACELET_SECRET_LENGTH}}$`,
);
/** As printed it may be typed in lower case or split by a space or hyphen (ABCD-EFGH). */
export const normalizeBraceletSecret = (v: string): string => v.replace(/[\s-]/g, '').toUpperCase();
export const isBraceletSecret = (v: string): boolean =>
  BRACELET_SECRET_PATTERN.test(normalizeBraceletSecret(v));
/** NFC UIDs are 4, 7 or 10 bytes; Web NFC gives them as "04:a1:b2:…". */
export const BRACELET_UID_PATTERN = /^(?:[0-9A-F]{8}|[0-9A-F]{14}|[0-9A-F]{20})$/;
export const normalizeBraceletUid = (v: string): string => v.replace(/[\s:-]/g, '').toUpperCase();

export const WALLET_TRANSACTION_TYPES = ['consumption', 'topup', 'refund', 'fee', 'transfer'] as const;
export type WalletTransactionType = (typeof WALLET_TRANSACTION_TYPES)[number];

/** refund: cash paid back at a top-up point, from money loaded at the event only. */
export const STATION_TRANSACTION_TYPES = ['consumption', 'topup', 'refund'] as const;
export type StationTransactionType = (typeof STATION_TRANSACTION_TYPES)[number];

export const STATION_REJECT_REASONS = [
  'insufficient_funds',
  'bracelet_blocked',
  'unknown_bracelet',
  'amount_mismatch',
  'invalid_time',
  'balance_limit',
  /** the station's role does not record this type (stations.ts) */
  'not_allowed_for_station',
  /** before the wallet opened or the bracelet was linked, or older than the offline window */
  'occurred_at_out_of_range',
  /** an item names a product id that is not one of the event's products */
  'unknown_product',
] as const;
export type StationRejectReason = (typeof STATION_REJECT_REASONS)[number];

export const REFUND_STATUSES = ['requested', 'approved', 'paid', 'rejected'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
/** The progress shown to the customer, in order. */
export const REFUND_PROGRESS = ['requested', 'approved', 'paid'] as const;

/** Whether a refund can be requested now (spec §4 refund rules, §8 tooltips). */
export type RefundAvailability = 'allowed' | 'not_allowed' | 'not_yet_available' | 'deadline_passed';

export interface RefundRules {
  refundsAllowed: boolean;
  /** null: opens when the event ends */
  refundOpensAt: Date | null;
  /** null: closes REFUND_DEFAULT_WINDOW_DAYS after it opens */
  refundClosesAt: Date | null;
  endsAt: Date;
}

export function refundWindow(rules: RefundRules): { opensAt: Date; closesAt: Date } {
  const opensAt = rules.refundOpensAt ?? rules.endsAt;
  const closesAt =
    rules.refundClosesAt ?? new Date(opensAt.getTime() + REFUND_DEFAULT_WINDOW_DAYS * 24 * 3600 * 1000);
  return { opensAt, closesAt };
}

export function refundAvailability(rules: RefundRules, now: Date): RefundAvailability {
  if (!rules.refundsAllowed) return 'not_allowed';
  const { opensAt, closesAt } = refundWindow(rules);
  if (now.getTime() < opensAt.getTime()) return 'not_yet_available';
  if (now.getTime() >= closesAt.getTime()) return 'deadline_passed';
  return 'allowed';
}

export interface RefundQuote {
  /** online money still in the wallet (top-ups online − spent from online − refunded) */
  refundableCents: number;
  feeCents: number;
  /** what reaches the customer's bank account */
  refundCents: number;
}

/**
 * Only money topped up online is refundable; the fee (0.75 EUR) comes off it. Nothing is
 * refunded when the online part does not exceed the fee.
 */
export function refundQuote(onlineCents: number, feeCents: number = WALLET_REFUND_FEE_CENTS): RefundQuote {
  const refundable = Math.max(0, Math.trunc(onlineCents));
  if (refundable <= feeCents) return { refundableCents: refundable, feeCents, refundCents: 0 };
  return { refundableCents: refundable, feeCents, refundCents: refundable - feeCents };
}

/** Top-up amount check for the custom amount field: a message key or null. */
export function topUpAmountError(cents: number): 'wallet.topup_min' | 'wallet.topup_max' | null {
  if (!Number.isSafeInteger(cents) || cents < WALLET_TOPUP_MIN_CENTS) return 'wallet.topup_min';
  if (cents > WALLET_TOPUP_MAX_CENTS) return 'wallet.topup_max';
  return null;
}

/** Parses a euro amount typed by a person ("12", "12,5", "12.50") into cents, or null. */
export function parseEuroInput(value: string): number | null {
  const v = value.trim().replace(/\s|€/g, '').replace(',', '.');
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(v)) return null;
  const [int, frac = ''] = v.split('.');
  return Number(int) * 100 + Number(frac.padEnd(2, '0'));
}
