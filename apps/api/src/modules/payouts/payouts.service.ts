/**
 * Payouts (issue 27 item 7): per event and period, what buyers paid through the platform
 * (tickets, the platform's service fee, online wallet top-ups), what went back to them
 * (refunds to their payment method; chargebacks, the money their banks took back), the fee the platform keeps and what is owed
 * to the organiser; beside it the event's cashless figures from its wallet ledger. Every
 * figure is a sum of rows read by index through the event (payouts.repository.ts, the
 * payments and wallet modules' own reads), so it reconciles with the orders and the ledger to
 * the cent: collected − refunds − chargebacks = owed + service_fee_kept.
 */
import type { Locale } from '@bilheteira/shared/locales';
import {
  PAYOUT_LINE_KEYS,
  PAYOUT_TIME_ZONE,
  type PayoutFigures,
  type PayoutLine,
  type PayoutLineKey,
  type PayoutPeriodQuery,
} from '@bilheteira/shared/schemas/backoffice-payouts';
import { zonedTimeToUtc } from '@bilheteira/shared/timezone';
import type { DbOrTx } from '../../db/client';
import { translate } from '../../i18n/messages';
import { ownEvent } from '../events/events.admin.service';
import { chargebackTotals } from '../payments/disputes.service';
import { orderRefundTotals, type EventOrderRefunds } from '../payments/refund-queue.service';
import { walletPayoutFigures, type WalletPayoutFigures } from '../wallet/wallet-payout.service';
import {
  organizerPayoutEvents,
  salesOfEvents,
  type PayoutEventRow,
  type SalesTotals,
} from './payouts.repository';
import './payouts.messages';

/** The period's instants: [fromAt, toAt), `to` being the last day included. */
export function periodBounds(q: PayoutPeriodQuery): { fromAt: Date | null; toAt: Date | null } {
  const nextDay = (d: string) => {
    const t = new Date(`${d}T00:00:00Z`);
    t.setUTCDate(t.getUTCDate() + 1);
    return t.toISOString().slice(0, 10);
  };
  return {
    fromAt: q.from ? zonedTimeToUtc(q.from, '00:00', PAYOUT_TIME_ZONE) : null,
    toAt: q.to ? zonedTimeToUtc(nextDay(q.to), '00:00', PAYOUT_TIME_ZONE) : null,
  };
}

/** The VAT inside an amount that includes it at `percent` (the rest rounded half up). */
export const vatInside = (grossCents: number, percent: number) =>
  grossCents - Math.round((grossCents * 100) / (100 + percent));

const NO_SALES: SalesTotals = { orders: 0, subtotalCents: 0, serviceCents: 0, totalCents: 0 };
const NO_REFUNDS: EventOrderRefunds = { refundsCents: 0, owedCents: 0, serviceFeeCents: 0, topupCents: 0 };
const NO_WALLET: WalletPayoutFigures = {
  topupsOnlineCents: 0,
  topupsOnsiteCents: 0,
  barSalesCents: 0,
  refundsCents: 0,
  refundFeesCents: 0,
  floatEndCents: 0,
};

/** One event's payout from its sums. */
export function payoutFiguresOf(
  sales: SalesTotals,
  refunds: EventOrderRefunds,
  wallet: WalletPayoutFigures,
  vatPercent: number,
  chargebacks = 0,
): PayoutFigures {
  const onlineTopups = sales.totalCents - sales.subtotalCents - sales.serviceCents;
  const refundsTickets = refunds.refundsCents - refunds.serviceFeeCents - refunds.topupCents;
  const feeKept = sales.serviceCents - refunds.serviceFeeCents;
  return {
    orders: sales.orders,
    tickets_gross_cents: sales.subtotalCents,
    service_fee_cents: sales.serviceCents,
    online_topups_cents: onlineTopups,
    collected_cents: sales.totalCents,
    refunds_cents: refunds.refundsCents,
    refunds_owed_cents: refunds.owedCents,
    refunds_service_fee_cents: refunds.serviceFeeCents,
    refunds_tickets_cents: refundsTickets,
    refunds_topups_cents: refunds.topupCents,
    chargebacks_cents: chargebacks,
    chargebacks_recorded: true,
    service_fee_kept_cents: feeKept,
    service_fee_vat_cents: vatInside(feeKept, vatPercent),
    service_fee_vat_percent: vatPercent,
    owed_cents: sales.subtotalCents - refundsTickets + onlineTopups - refunds.topupCents - chargebacks,
    wallet: {
      topups_online_cents: wallet.topupsOnlineCents,
      topups_onsite_cents: wallet.topupsOnsiteCents,
      bar_sales_cents: wallet.barSalesCents,
      refunds_cents: wallet.refundsCents,
      refund_fees_cents: wallet.refundFeesCents,
      float_end_cents: wallet.floatEndCents,
    },
  };
}

/** A figure by its line key. */
export function lineCents(f: PayoutFigures, key: PayoutLineKey): number {
  const map: Record<PayoutLineKey, number> = {
    tickets_gross: f.tickets_gross_cents,
    service_fee: f.service_fee_cents,
    online_topups: f.online_topups_cents,
    collected: f.collected_cents,
    refunds: f.refunds_cents,
    refunds_service_fee: f.refunds_service_fee_cents,
    chargebacks: f.chargebacks_cents,
    service_fee_kept: f.service_fee_kept_cents,
    service_fee_vat: f.service_fee_vat_cents,
    owed: f.owed_cents,
    wallet_topups_online: f.wallet.topups_online_cents,
    wallet_topups_onsite: f.wallet.topups_onsite_cents,
    wallet_bar_sales: f.wallet.bar_sales_cents,
    wallet_refunds: f.wallet.refunds_cents,
    wallet_refund_fees: f.wallet.refund_fees_cents,
    wallet_float_end: f.wallet.float_end_cents,
  };
  return map[key];
}

export const lineLabel = (locale: Locale, key: PayoutLineKey) => translate(locale, `payouts.line.${key}`);

/** The figures as labelled lines in the reader's language. */
export function payoutLines(f: PayoutFigures, locale: Locale): PayoutLine[] {
  return PAYOUT_LINE_KEYS.map((key) => ({
    key,
    section: key.startsWith('wallet_') ? 'cashless' : 'payout',
    label: lineLabel(locale, key),
    hint: translate(locale, `payouts.hint.${key}`, { rate: f.service_fee_vat_percent }),
    cents: lineCents(f, key),
  }));
}

/** Sums figures of several events (the VAT of each event at its own rate). */
export function addFigures(all: PayoutFigures[]): PayoutFigures {
  const total = payoutFiguresOf(NO_SALES, NO_REFUNDS, NO_WALLET, all[0]?.service_fee_vat_percent ?? 0);
  const top = total as unknown as Record<string, number>;
  const wallet = total.wallet as Record<string, number>;
  for (const f of all) {
    for (const [k, v] of Object.entries(f))
      if (typeof v === 'number' && k !== 'service_fee_vat_percent') top[k] = top[k]! + v;
    for (const [k, v] of Object.entries(f.wallet)) wallet[k] = wallet[k]! + v;
  }
  return total;
}

/** Each of the events' payout in the period. */
export async function eventsPayouts(
  db: DbOrTx,
  events: PayoutEventRow[],
  q: PayoutPeriodQuery,
): Promise<{ event: PayoutEventRow; figures: PayoutFigures }[]> {
  const { fromAt, toAt } = periodBounds(q);
  const ids = events.map((e) => e.id);
  const [sales, refunds, wallets, chargebacks] = await Promise.all([
    salesOfEvents(db, ids, fromAt, toAt),
    orderRefundTotals(db, ids, fromAt, toAt),
    walletPayoutFigures(db, ids, fromAt, toAt),
    chargebackTotals(db, ids, fromAt, toAt),
  ]);
  return events.map((event) => ({
    event,
    figures: payoutFiguresOf(
      sales.get(event.id) ?? NO_SALES,
      refunds.get(event.id) ?? NO_REFUNDS,
      wallets.get(event.id) ?? NO_WALLET,
      event.serviceFeeVatPercent,
      chargebacks.get(event.id) ?? 0,
    ),
  }));
}

export const eventSummary = (e: PayoutEventRow) => ({
  id: e.id,
  name: e.name,
  status: e.status,
  starts_at: e.startsAt.toISOString(),
});

const periodView = (q: PayoutPeriodQuery) => ({
  from: q.from ?? null,
  to: q.to ?? null,
  time_zone: PAYOUT_TIME_ZONE,
});

/** The organiser's events with their payout in the period, and the totals. */
export async function organizerPayouts(
  db: DbOrTx,
  organizerId: number,
  q: PayoutPeriodQuery,
  locale: Locale,
) {
  const rows = await eventsPayouts(db, await organizerPayoutEvents(db, organizerId), q);
  return {
    period: periodView(q),
    events: rows.map((r) => ({ event: eventSummary(r.event), figures: r.figures })),
    totals: addFigures(rows.map((r) => r.figures)),
    labels: Object.fromEntries(PAYOUT_LINE_KEYS.map((k) => [k, lineLabel(locale, k)])),
  };
}

/** One event's payout in the period, as labelled lines. Throws 404 (not the organiser's event). */
export async function eventPayout(
  db: DbOrTx,
  organizerId: number,
  eventId: number,
  q: PayoutPeriodQuery,
  locale: Locale,
) {
  await ownEvent(db, organizerId, eventId);
  const [row] = await eventsPayouts(db, await organizerPayoutEvents(db, organizerId, eventId), q);
  const { event, figures } = row!;
  return { event: eventSummary(event), period: periodView(q), figures, lines: payoutLines(figures, locale) };
}

/** The organiser's events for an export: every one, or the one asked (404 when not theirs). */
export async function organizerPayoutEventsOf(db: DbOrTx, organizerId: number, eventId?: number) {
  if (eventId) await ownEvent(db, organizerId, eventId);
  return organizerPayoutEvents(db, organizerId, eventId);
}
