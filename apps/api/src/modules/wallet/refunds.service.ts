/**
 * Wallet refunds. Only the online (refundable) part of a wallet is paid back, less the
 * 0.75 EUR fee. The request takes the money out of the wallet at once (a refund row and a
 * fee row in the ledger, from the online part only), so what is being refunded can no
 * longer be spent at a bar; a rejection puts it back. One open request per wallet, by a
 * row lock and a partial unique index.
 */
import { randomUUID } from 'node:crypto';
import { WALLET_REFUND_FEE_CENTS } from '@bilheteira/shared/constants';
import { formatEur } from '@bilheteira/shared/money';
import type { RefundView } from '@bilheteira/shared/schemas/wallet';
import { refundAvailability, refundQuote, refundWindow } from '@bilheteira/shared/wallet';
import type { Db, DbOrTx } from '../../db/client';
import { audit, auditActors } from '../../lib/audit';
import type { AppError } from '../../lib/errors';
import { refundErrors, refundUnavailable } from './refunds.errors';
import { creditWallet, debitWallet } from './wallet-ledger.service';
import { findCustomerWallet, lockWallet } from './wallet.repository';
import { resolveWalletEvent } from './wallet.service';
import {
  findOpenRefund,
  findRefundById,
  insertRefund,
  listRefunds,
  lockApprovedUnexported,
  markExported,
  transitionRefund,
} from './refunds.repository';
import { maskIban, toRefundView } from './refund-view';
import { queueRefundNotice } from './refund-notice';
import { buildPain001, type SepaDebtor } from './sepa';

export interface RefundCustomer {
  id: number;
  firstName: string | null;
  lastName: string | null;
  nameBilling: string | null;
}

/**
 * Requests the refund of the wallet's online part for the event. Throws 422
 * `refund_not_allowed` | `refund_not_yet_available` | `refund_deadline_passed` |
 * `refund_nothing`, 409 `refund_open` (one open request at a time) or
 * `refund_quote_changed` (the amount the customer confirmed is no longer right).
 */
export async function requestRefund(
  db: Db,
  customer: RefundCustomer,
  input: { eventId: number; iban: string; expectedRefundCents?: number },
  now: Date,
): Promise<{ refund: RefundView; amountText: string }> {
  const event = await resolveWalletEvent(db, { eventId: input.eventId, customerId: customer.id });
  const rules = {
    refundsAllowed: event.refundsAllowed,
    refundOpensAt: event.refundOpensAt,
    refundClosesAt: event.refundClosesAt,
    endsAt: event.endsAt,
  };
  const availability = refundAvailability(rules, now);
  if (availability !== 'allowed') {
    const date = refundWindow(rules).opensAt.toLocaleDateString('pt-PT', { timeZone: event.timezone });
    throw refundUnavailable[availability]({ date });
  }
  const refundId = await db.transaction(async (tx) => {
    const wallet = await findCustomerWallet(tx, customer.id, event.id);
    if (!wallet) throw refundErrors.nothingToRefund();
    const locked = (await lockWallet(tx, wallet.id))!;
    if (await findOpenRefund(tx, wallet.id)) throw refundErrors.alreadyOpen();
    const quote = refundQuote(locked.online_cents, WALLET_REFUND_FEE_CENTS);
    if (quote.refundCents <= 0) throw refundErrors.nothingToRefund();
    if (input.expectedRefundCents !== undefined && input.expectedRefundCents !== quote.refundCents)
      throw refundErrors.quoteChanged({}, { details: { refund_cents: quote.refundCents } });
    const holderName =
      customer.nameBilling?.trim() ||
      [customer.firstName, customer.lastName].filter(Boolean).join(' ').trim();
    const id = await insertRefund(tx, {
      walletId: wallet.id,
      customerId: customer.id,
      iban: input.iban,
      holderName,
      amountCents: quote.refundCents,
      feeCents: quote.feeCents,
    });
    if (id === undefined) throw refundErrors.alreadyOpen();
    await debitWallet(
      tx,
      {
        walletId: wallet.id,
        type: 'refund',
        amountCents: quote.refundCents,
        source: 'online',
        idempotencyKey: `refund:${id}`,
        description: { code: 'refund_to_iban', params: { iban: maskIban(input.iban) } },
      },
      now,
    );
    await debitWallet(
      tx,
      {
        walletId: wallet.id,
        type: 'fee',
        amountCents: quote.feeCents,
        source: 'online',
        idempotencyKey: `refund:${id}:fee`,
        description: { code: 'refund_fee' },
      },
      now,
    );
    await audit(tx, {
      actor: auditActors.customer(customer.id),
      action: 'refund.request',
      entity: 'refund_request',
      entityId: id,
      data: { amountCents: quote.refundCents, feeCents: quote.feeCents },
    });
    return id;
  });
  const refund = toRefundView((await findRefundById(db, refundId))!);
  return { refund, amountText: formatEur(refund.amount_cents) };
}

/* ---------------- operator side ---------------- */

export async function operatorListRefunds(db: Db, status?: string) {
  const rows = await listRefunds(db, status);
  return rows.map((r) => ({
    ...toRefundView(r.refund),
    iban: r.refund.iban,
    holder_name: r.refund.holderName,
    event_slug: r.eventSlug,
    event_name: r.eventName,
    customer_email: r.customerEmail,
    customer_mobile: r.customerMobile,
    export_id: r.refund.exportId,
  }));
}

/**
 * The transitions below are the one path of every caller (the operator's key, the back
 * office): each emails the customer (refund-notice.ts) in its own transaction.
 */

/** requested → approved; the customer is emailed. Throws 404 or 409 `refund_bad_transition`. */
export async function approveRefund(db: Db, id: number, actor: string, now: Date): Promise<RefundView> {
  return db.transaction(async (tx) => {
    const row = await transitionRefund(tx, id, 'requested', 'approved', { approvedAt: now }, now);
    if (!row) throw await transitionError(tx, id);
    await audit(tx, { actor, action: 'refund.approve', entity: 'refund_request', entityId: id });
    await queueRefundNotice(tx, row, 'approved');
    return toRefundView(row);
  });
}

/** approved → paid (after the bank executed the transfer); the customer is emailed. */
export async function markRefundPaid(db: Db, id: number, actor: string, now: Date): Promise<RefundView> {
  return db.transaction(async (tx) => {
    const row = await transitionRefund(tx, id, 'approved', 'paid', { paidAt: now }, now);
    if (!row) throw await transitionError(tx, id);
    await audit(tx, { actor, action: 'refund.paid', entity: 'refund_request', entityId: id });
    await queueRefundNotice(tx, row, 'paid');
    return toRefundView(row);
  });
}

/**
 * requested → rejected, or approved-but-not-exported → rejected: the refund and the fee go
 * back into the wallet's online part (one ledger credit, idempotent by the request id). The
 * customer is emailed, with `reason` when one is given.
 */
export async function rejectRefund(
  db: Db,
  id: number,
  actor: string,
  now: Date,
  reason: string | null = null,
): Promise<RefundView> {
  return db.transaction(async (tx) => {
    const current = await findRefundById(tx, id);
    if (!current) throw refundErrors.notFound();
    if (current.exportId || !['requested', 'approved'].includes(current.status))
      throw refundErrors.badTransition();
    const row = await transitionRefund(
      tx,
      id,
      current.status,
      'rejected',
      { rejectedAt: now, rejectionReason: reason },
      now,
    );
    if (!row) throw refundErrors.badTransition();
    const back = row.amountCents + row.feeCents;
    await creditWallet(
      tx,
      {
        walletId: row.walletId,
        type: 'refund',
        amountCents: back,
        onlineCents: back,
        idempotencyKey: `refund:${id}:reversal`,
        description: { code: 'refund_rejected' },
      },
      now,
    );
    await audit(tx, {
      actor,
      action: 'refund.reject',
      entity: 'refund_request',
      entityId: id,
      data: reason ? { reason } : {},
    });
    await queueRefundNotice(tx, row, 'rejected');
    return toRefundView(row);
  });
}

async function transitionError(db: DbOrTx, id: number): Promise<AppError> {
  const found = await findRefundById(db, id);
  return found ? refundErrors.badTransition() : refundErrors.notFound();
}

/**
 * Puts every approved refund not yet exported (of `organizerId`'s events only, when given)
 * into one pain.001 file paid from `debtor`, and marks them with its message id (so the next
 * export does not repeat them). Throws 422 `nothing_to_export` when there is none.
 */
export async function exportApprovedRefunds(
  db: Db,
  debtor: SepaDebtor,
  actor: string,
  now: Date,
  organizerId?: number,
): Promise<{ messageId: string; xml: string; count: number; totalCents: number }> {
  return db.transaction(async (tx) => {
    const rows = await lockApprovedUnexported(tx, organizerId);
    if (!rows.length) throw refundErrors.nothingToExport();
    const messageId = `BILH-${now.toISOString().slice(0, 10).replace(/-/g, '')}-${randomUUID().slice(0, 8)}`;
    const xml = buildPain001({
      messageId,
      createdAt: now,
      executionDate: now.toISOString().slice(0, 10),
      debtor,
      transfers: rows.map((r) => ({
        endToEndId: `REEMB-${r.id}`,
        amountCents: r.amount_cents,
        creditorName: r.holder_name,
        creditorIban: r.iban,
        remittance: `Reembolso carteira ${r.event_slug} pedido ${r.id}`,
      })),
    });
    await markExported(
      tx,
      rows.map((r) => r.id),
      messageId,
      now,
    );
    const totalCents = rows.reduce((s, r) => s + r.amount_cents, 0);
    await audit(tx, {
      actor,
      action: 'refund.export',
      entity: 'sepa_export',
      entityId: messageId,
      data: { count: rows.length, totalCents, ...(organizerId === undefined ? {} : { organizerId }) },
    });
    return { messageId, xml, count: rows.length, totalCents };
  });
}
