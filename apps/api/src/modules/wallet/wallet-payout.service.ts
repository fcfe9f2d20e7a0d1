/**
 * The wallet ledger's side of a payout (payouts module): per event, top-ups online and at the
 * event, bar and shop sales, wallet refunds and their fees in a period, and the float at its
 * end. Ledger rows are signed (credits positive); the answer's amounts are positive sums.
 */
import type { DbOrTx } from '../../db/client';
import { ledgerPeriodTotals } from './wallet-payout.repository';

export interface WalletPayoutFigures {
  topupsOnlineCents: number;
  topupsOnsiteCents: number;
  barSalesCents: number;
  refundsCents: number;
  refundFeesCents: number;
  floatEndCents: number;
}

/** Each event's wallet figures in [fromAt, toAt) (null: open on that side). */
export async function walletPayoutFigures(
  db: DbOrTx,
  eventIds: number[],
  fromAt: Date | null,
  toAt: Date | null,
): Promise<Map<number, WalletPayoutFigures>> {
  const rows = await ledgerPeriodTotals(db, eventIds, fromAt, toAt);
  return new Map(
    rows.map((r) => [
      r.eventId,
      {
        topupsOnlineCents: r.onlineTopupCents,
        topupsOnsiteCents: r.topupCents - r.onlineTopupCents,
        barSalesCents: -r.consumptionCents,
        refundsCents: -r.refundCents,
        refundFeesCents: -r.feeCents,
        floatEndCents: r.balanceEndCents,
      },
    ]),
  );
}
