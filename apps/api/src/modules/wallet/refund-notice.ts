/**
 * Tells the customer what became of their wallet refund request (approved, rejected with the
 * reason and the money back in the wallet, paid): one email in their language, queued in the
 * outbox in the transition's transaction, so it goes if and only if the change commits.
 */
import { formatEur } from '@bilheteira/shared/money';
import { normalizeLocale } from '@bilheteira/shared/locales';
import type { DbOrTx } from '../../db/client';
import { translate } from '../../i18n/messages';
import { enqueueMessage } from '../../lib/outbox';
import { maskIban } from './refund-view';
import { findRefundNoticeContext, type RefundRow } from './refunds.repository';
import './refund-notice.messages';

export type RefundStep = 'approved' | 'rejected' | 'paid';

/** Queues the email of `step` for the request; answers the address, or null (no address, erased). */
export async function queueRefundNotice(
  db: DbOrTx,
  refund: RefundRow,
  step: RefundStep,
): Promise<string | null> {
  const c = await findRefundNoticeContext(db, refund.id);
  if (!c?.email) return null;
  const locale = normalizeLocale(c.locale);
  const params = {
    name: c.firstName || '',
    event: c.eventName,
    amount: formatEur(refund.amountCents),
    back: formatEur(refund.amountCents + refund.feeCents),
    iban: maskIban(refund.iban),
    reason: refund.rejectionReason
      ? translate(locale, 'refund_notice.reason', { reason: refund.rejectionReason })
      : '',
  };
  await enqueueMessage(db, {
    channel: 'email',
    recipient: c.email,
    customerId: c.customerId,
    subject: translate(locale, `refund_notice.${step}_subject`, params),
    body: translate(locale, `refund_notice.${step}_body`, params),
    meta: { kind: `refund_${step}`, refund_id: refund.id, event_id: c.eventId, locale },
  });
  return c.email;
}
