/**
 * The wallet float of an event reconciled against its ledger (issue 27 item 5), to the cent:
 * money in (top-ups online and at the tills) less money out (bar and shop payments, refunds to
 * IBAN, cash paid back at the tills, refund fees) is the float, the sum of the wallets'
 * balances. Every ledger row falls in exactly one line, so in − out is the ledger's sum; the
 * float is read from the wallets' cached balances, so the difference shown is the real check
 * that each balance equals its ledger (wallet-ledger.service.ts keeps them so).
 *
 * A rejected refund request gives back its amount and its fee in one credit row: its fee part
 * (the request's fee_cents) is counted back under fees, the rest under refunds, so a rejected
 * request nets to 0 on both lines.
 */
import { stringify } from 'csv-stringify/sync';
import type { Locale } from '@bilheteira/shared/locales';
import type { ReconciliationView } from '@bilheteira/shared/schemas/backoffice-bar-products';
import type { Db } from '../../db/client';
import { translate } from '../../i18n/messages';
import { ownEvent } from '../events/events.admin.service';
import { eventRefundSums, eventLedgerSums } from './reconciliation.repository';
import { eventWalletTotals } from './wallet.repository';
import './reconciliation.messages';

/** The reconciliation of an event's wallets as of now (read in one snapshot). */
export async function eventReconciliation(db: Db, eventId: number, now: Date): Promise<ReconciliationView> {
  // one snapshot: a payment between two reads would otherwise show as a difference
  const [ledger, refunds, wallets] = await db.transaction(
    async (tx) =>
      [
        await eventLedgerSums(tx, eventId),
        await eventRefundSums(tx, eventId),
        await eventWalletTotals(tx, eventId),
      ] as const,
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const of = (status: string) => refunds.find((r) => r.status === status) ?? { amountCents: 0, feeCents: 0 };
  const rejectedFees = of('rejected').feeCents;
  const pending = of('requested').amountCents + of('approved').amountCents;

  const moneyIn = {
    topups_online_cents: ledger.topupOnline,
    topups_onsite_cents: ledger.topupOnsite,
    transfers_net_cents: ledger.transfer,
  };
  const moneyOut = {
    consumption_cents: -ledger.consumption,
    wallet_refunds_cents: -ledger.walletRefund + rejectedFees,
    wallet_refunds_paid_cents: of('paid').amountCents,
    wallet_refunds_pending_cents: pending,
    cash_refunds_cents: -ledger.cashRefund,
    fees_cents: -ledger.fee - rejectedFees,
  };
  const inTotal = moneyIn.topups_online_cents + moneyIn.topups_onsite_cents + moneyIn.transfers_net_cents;
  const outTotal =
    moneyOut.consumption_cents +
    moneyOut.wallet_refunds_cents +
    moneyOut.cash_refunds_cents +
    moneyOut.fees_cents;
  return {
    event_id: eventId,
    generated_at: now.toISOString(),
    money_in: { ...moneyIn, total_cents: inTotal },
    money_out: { ...moneyOut, total_cents: outTotal },
    float_cents: wallets.balanceCents,
    difference_cents: inTotal - outTotal - wallets.balanceCents,
    liability_cents: wallets.onlineCents + pending,
    float_online_cents: wallets.onlineCents,
    wallets: wallets.wallets,
    ledger_rows: ledger.rows,
  };
}

/** The organiser's event's reconciliation (404 for another organiser's event). */
export async function organizerReconciliation(db: Db, organizerId: number, eventId: number, now: Date) {
  const event = await ownEvent(db, organizerId, eventId);
  return eventReconciliation(db, event.id, now);
}

const euros = (cents: number, locale: Locale) => {
  const text = (cents / 100).toFixed(2);
  return locale === 'en' ? text : text.replace('.', ',');
};

/** The report as CSV (line, amount in euros, in cents), as the other exports: BOM, `;` and decimal comma but in English. */
export function reconciliationCsv(r: ReconciliationView, locale: Locale): string {
  const line = (key: string, cents: number) => [
    translate(locale, `reconciliation.${key}`),
    euros(cents, locale),
    String(cents),
  ];
  const records = [
    [translate(locale, 'reconciliation.line'), 'EUR', translate(locale, 'reconciliation.cents')],
    line('topups_online', r.money_in.topups_online_cents),
    line('topups_onsite', r.money_in.topups_onsite_cents),
    line('transfers_net', r.money_in.transfers_net_cents),
    line('in_total', r.money_in.total_cents),
    line('consumption', r.money_out.consumption_cents),
    line('wallet_refunds', r.money_out.wallet_refunds_cents),
    line('wallet_refunds_paid', r.money_out.wallet_refunds_paid_cents),
    line('wallet_refunds_pending', r.money_out.wallet_refunds_pending_cents),
    line('cash_refunds', r.money_out.cash_refunds_cents),
    line('fees', r.money_out.fees_cents),
    line('out_total', r.money_out.total_cents),
    line('float', r.float_cents),
    line('difference', r.difference_cents),
    line('liability', r.liability_cents),
  ];
  return stringify(records, {
    bom: true,
    delimiter: locale === 'en' ? ',' : ';',
    record_delimiter: 'windows',
  });
}
