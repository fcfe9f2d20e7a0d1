/**
 * The codes a buyer types: a promo code at checkout, an access code on the event page. Each
 * is looked up for the event (another event's or organiser's code is simply unknown) and
 * refused with its reason (promo-codes.ts `codeRefusal`). Wrong codes are counted per customer
 * and per address, so codes cannot be guessed by brute force. The order write is what takes a
 * use (insert_pending_orders): what is checked here only answers the buyer early.
 */
import { codeRefusal, type CodeRefusal } from '@bilheteira/shared/promo-codes';
import type { DbOrTx } from '../../db/client';
import type { AppError } from '../../lib/errors';
import { countHit, rateLimited, readCounter } from '../../lib/rate-limit';
import { pricingErrors } from './pricing.errors';
import {
  findAccessCodeByText,
  findPromoForCheckout,
  type AccessCodeRow,
  type PromoCodeRow,
} from './pricing.repository';

export type { AccessCodeRow, PromoCodeRow } from './pricing.repository';

/**
 * Wrong codes (unknown to the event) allowed in 15 minutes per customer and per address.
 * Only guesses count: a festival crowd behind one mobile network address typing the same
 * real code is not refused, a script trying codes is. Past the limit every code is refused
 * with 429, a right one too, so a guess can no longer be confirmed.
 */
export const WRONG_CODES_PER_CUSTOMER = 20;
export const WRONG_CODES_PER_ADDRESS = 100;
const WINDOW_SECONDS = 900;

/** Who types a code: the customer when signed in, and the address. */
export interface CodeTyper {
  customerId?: number | null;
  ip: string | null;
}

const limitsOf = (who: CodeTyper) => [
  ...(who.customerId ? [{ key: `code:customer:${who.customerId}`, max: WRONG_CODES_PER_CUSTOMER }] : []),
  ...(who.ip ? [{ key: `code:ip:${who.ip}`, max: WRONG_CODES_PER_ADDRESS }] : []),
];

/** 429 when the customer or the address already typed too many wrong codes. */
async function assertMayTryCodes(db: DbOrTx, who: CodeTyper, now: Date): Promise<void> {
  const limits = limitsOf(who);
  const counters = await Promise.all(limits.map((l) => readCounter(db, l.key, now)));
  counters.forEach((c, i) => {
    if (c && c.count >= limits[i]!.max) throw rateLimited(c.resetAt, now);
  });
}

/** Counts one wrong code of the customer and of the address. */
async function countWrongCode(db: DbOrTx, who: CodeTyper, now: Date): Promise<void> {
  for (const l of limitsOf(who)) await countHit(db, { key: l.key, windowSeconds: WINDOW_SECONDS }, now);
}

const REFUSALS: Record<CodeRefusal, (p: { code: string }) => AppError> = {
  unknown: (p) => pricingErrors.codeUnknown(p, { fieldErrors: { code: ['pricing.code_unknown'] } }),
  not_yet: (p) => pricingErrors.codeNotYet(p),
  expired: (p) => pricingErrors.codeExpired(p),
  used_up: (p) => pricingErrors.codeUsedUp(p),
  customer_limit: (p) => pricingErrors.codeCustomerLimit(p),
  not_applicable: (p) => pricingErrors.codeNotApplicable(p),
};

/** The localised refusal of a code, by its reason. */
export const codeRefusalError = (refusal: CodeRefusal, code: string): AppError => REFUSALS[refusal]({ code });

/** A promo code usable now by the customer for the event, or its refusal (422 / 409). */
export async function checkoutPromo(
  db: DbOrTx,
  q: { organizerId: number; eventId: number; code: string; customerId: number },
  who: CodeTyper,
  now: Date,
): Promise<PromoCodeRow> {
  await assertMayTryCodes(db, who, now);
  const found = await findPromoForCheckout(db, q);
  if (!found) await countWrongCode(db, who, now);
  const refusal = codeRefusal(found, now, found?.customerUses ?? 0);
  if (refusal || !found) throw codeRefusalError(refusal ?? 'unknown', q.code);
  return found;
}

/** An access code of the event usable now, or its refusal. */
export async function checkoutAccess(
  db: DbOrTx,
  q: { eventId: number; code: string },
  who: CodeTyper,
  now: Date,
): Promise<AccessCodeRow> {
  await assertMayTryCodes(db, who, now);
  const found = await findAccessCodeByText(db, q.eventId, q.code);
  if (!found) await countWrongCode(db, who, now);
  const refusal = codeRefusal(found, now);
  if (refusal || !found) throw codeRefusalError(refusal ?? 'unknown', q.code);
  return found;
}
