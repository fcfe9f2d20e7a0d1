/**
 * Wallet refunds as an organiser's workflow (issue 27 item 6): the queue of requests on the
 * wallets of the organiser's events, decisions on many at once and the SEPA file paid from the
 * organiser's own account. Every change goes through the transitions of refunds.service.ts,
 * which audit it with the acting staff user and email the customer.
 */
import {
  ADMIN_REFUNDS_PER_PAGE,
  type AdminRefundListQuery,
  type AdminRefundListResponse,
  type AdminRefundView,
  type RefundDecisionBody,
  type RefundDecisionResult,
} from '@bilheteira/shared/schemas/backoffice-refunds';
import type { Locale } from '@bilheteira/shared/locales';
import type { RefundStatus } from '@bilheteira/shared/wallet';
import type { Db } from '../../db/client';
import { translate } from '../../i18n/messages';
import { AppError, notFound } from '../../lib/errors';
import { maskIban } from './refund-view';
import { refundErrors } from './refunds.errors';
import { findRefundById } from './refunds.repository';
import { approveRefund, exportApprovedRefunds, markRefundPaid, rejectRefund } from './refunds.service';
import {
  findOrganizerDebtor,
  organizerExportable,
  organizerRefundEvents,
  organizerRefundIds,
  refundsOfOrganizer,
  type OrganizerRefundRow,
} from './refunds.admin.repository';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function adminRefundView(r: OrganizerRefundRow): AdminRefundView {
  const f = r.refund;
  return {
    id: f.id,
    status: f.status as RefundStatus,
    event: { id: r.eventId, name: r.eventName },
    customer: {
      name: [r.firstName, r.lastName].filter(Boolean).join(' ').trim(),
      email: r.email,
      mobile: r.mobile,
    },
    holder_name: f.holderName,
    iban_masked: maskIban(f.iban),
    amount_cents: f.amountCents,
    fee_cents: f.feeCents,
    created_at: f.createdAt.toISOString(),
    approved_at: iso(f.approvedAt),
    paid_at: iso(f.paidAt),
    rejected_at: iso(f.rejectedAt),
    export_id: f.exportId,
    rejection_reason: f.rejectionReason,
  };
}

/** A page of the organiser's refund requests, newest first, with the queue's counts. */
export async function listOrganizerRefunds(
  db: Db,
  organizerId: number,
  q: AdminRefundListQuery,
): Promise<AdminRefundListResponse> {
  const perPage = ADMIN_REFUNDS_PER_PAGE;
  const [page, events, exportable, debtor] = await Promise.all([
    refundsOfOrganizer(db, organizerId, {
      status: q.status,
      eventId: q.event_id,
      q: q.q,
      page: q.page,
      perPage,
    }),
    organizerRefundEvents(db, organizerId),
    organizerExportable(db, organizerId),
    findOrganizerDebtor(db, organizerId),
  ]);
  return {
    data: page.rows.map(adminRefundView),
    meta: {
      page: q.page,
      per_page: perPage,
      total: page.total,
      last_page: Math.max(1, Math.ceil(page.total / perPage)),
      events,
      exportable: { count: exportable.count, amount_cents: exportable.amountCents },
      debtor_iban_masked: debtor?.iban ? maskIban(debtor.iban) : null,
    },
  };
}

type Transition = (
  db: Db,
  id: number,
  actor: string,
  now: Date,
  reason: string,
) => Promise<{ status: RefundStatus }>;
const TRANSITIONS: Record<RefundDecisionBody['decision'], Transition> = {
  approve: (db, id, actor, now) => approveRefund(db, id, actor, now),
  paid: (db, id, actor, now) => markRefundPaid(db, id, actor, now),
  reject: (db, id, actor, now, reason) => rejectRefund(db, id, actor, now, reason),
};

/**
 * One decision on many requests. Every id must be a request on a wallet of the organiser's
 * events, or nothing changes and the answer is the 404 of a request that does not exist (a
 * list that names another organiser's request is not a list to act on, and says nothing of
 * that request). Each request then moves on its own (its own transaction, audit and email):
 * one a colleague decided meanwhile, or one already in a SEPA file that cannot be rejected, is
 * answered as skipped with the reason and does not hold the others back.
 */
export async function decideRefunds(
  db: Db,
  organizerId: number,
  body: RefundDecisionBody,
  actor: string,
  locale: Locale,
  now: Date,
): Promise<RefundDecisionResult> {
  const own = await organizerRefundIds(db, organizerId, body.ids);
  if (body.ids.some((id) => !own.has(id))) throw refundErrors.notFound();
  const result: RefundDecisionResult = { done: [], skipped: [] };
  // in id order: two people deciding overlapping lists take the rows in the same order
  for (const id of [...body.ids].sort((a, b) => a - b)) {
    try {
      const view = await TRANSITIONS[body.decision](db, id, actor, now, body.reason ?? '');
      result.done.push({ id, status: view.status });
    } catch (err) {
      if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
      const current = await findRefundById(db, id);
      if (!current) throw notFound();
      result.skipped.push({
        id,
        status: current.status as RefundStatus,
        code: err.code,
        message: translate(locale, skippedKey(body.decision, current.status, !!current.exportId)),
      });
    }
  }
  return result;
}

/** Why a request did not move, said for the person who asked. */
function skippedKey(decision: RefundDecisionBody['decision'], status: string, exported: boolean): string {
  if (decision === 'reject' && status === 'approved' && exported) return 'backoffice_refunds.skip_exported';
  if (status === 'requested') return 'backoffice_refunds.skip_not_approved';
  return `backoffice_refunds.skip_${status}`;
}

/**
 * The pain.001 file of the organiser's approved requests not yet exported, paid from the
 * organiser's payout IBAN. Throws 422 `refund_no_debtor_iban` or `nothing_to_export`.
 */
export async function exportOrganizerRefunds(db: Db, organizerId: number, actor: string, now: Date) {
  const debtor = await findOrganizerDebtor(db, organizerId);
  if (!debtor) throw notFound();
  if (!debtor.iban) throw refundErrors.noDebtorIban();
  return exportApprovedRefunds(db, { name: debtor.name, iban: debtor.iban }, actor, now, organizerId);
}
