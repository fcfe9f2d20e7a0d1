import type { RefundView } from '@bilheteira/shared/schemas/wallet';
import type { RefundStatus } from '@bilheteira/shared/wallet';
import type { RefundRow } from './refunds.repository';

/** Only the last four characters of the IBAN are shown back. */
export const maskIban = (iban: string): string =>
  iban.length <= 8 ? iban : `${iban.slice(0, 4)} •••• •••• ${iban.slice(-4)}`;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toRefundView(r: RefundRow): RefundView {
  return {
    id: r.id,
    status: r.status as RefundStatus,
    amount_cents: r.amountCents,
    fee_cents: r.feeCents,
    iban_masked: maskIban(r.iban),
    created_at: r.createdAt.toISOString(),
    approved_at: iso(r.approvedAt),
    paid_at: iso(r.paidAt),
    rejected_at: iso(r.rejectedAt),
  };
}
