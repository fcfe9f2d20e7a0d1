import { formatEur, formatFeePercent } from '@bilheteira/shared/money';
import type { Locale } from '@bilheteira/shared/locales';
import { translate } from '../../i18n/messages';
import './payments.messages';
import './order-paid-email.messages';

export interface OrderPaidEmailInput {
  locale: Locale;
  firstName: string;
  eventName: string;
  reference: string;
  subtotalCents: number;
  serviceCents: number;
  totalCents: number;
  /** what a promo code took off the tickets (already out of subtotalCents), and the code */
  discountCents?: number;
  promoCode?: string | null;
  /** the event's service cost percentage when it still accounts for serviceCents */
  serviceFeeBp: number | null;
  /** ticket names, each with its token when the address may receive admissions */
  tickets: { name: string; token: string | null }[];
  topupCents: number;
  publicUrl: string;
}

/**
 * The email of a paid order. Tickets bought: "your tickets", the tickets, the amounts and
 * the link to the tickets. A wallet top-up alone: a top-up receipt (no tickets, no service
 * cost) with the link to the wallet.
 */
export function orderPaidEmail(o: OrderPaidEmailInput): { subject: string; body: string } {
  const t = (key: string, params: Record<string, unknown> = {}) => translate(o.locale, key, params);
  const site = o.publicUrl.replace(/\/$/, '');
  const ids = { event: o.eventName, order: o.reference };
  if (!o.tickets.length && o.topupCents) {
    const amount = formatEur(o.topupCents);
    return {
      subject: t('email.topup_paid_subject', ids),
      body: [
        t('email.topup_paid_intro', { name: o.firstName, amount, event: o.eventName }),
        '',
        t('email.order_paid_topup', { amount }),
        t('email.receipt_total', { amount: formatEur(o.totalCents) }),
        '',
        t('email.topup_paid_use'),
        t('email.topup_paid_link', { url: `${site}/dashboard/wallet` }),
      ].join('\n'),
    };
  }
  const discount = o.discountCents ?? 0;
  // the tickets at their price, then the discount: the lines add up to the total paid
  const ticketCents = o.subtotalCents - o.topupCents + discount;
  const service =
    o.serviceFeeBp === null
      ? t('email.receipt_service_plain', { amount: formatEur(o.serviceCents) })
      : t('email.receipt_service', {
          percent: formatFeePercent(o.serviceFeeBp, o.locale),
          amount: formatEur(o.serviceCents),
        });
  return {
    subject: t('email.order_paid_subject', ids),
    body: [
      t('email.order_paid_intro', { name: o.firstName, total: formatEur(o.totalCents) }),
      '',
      ...(o.tickets.length
        ? [
            t('email.order_paid_tickets'),
            ...o.tickets.map((x) => (x.token ? `• ${x.name} — ${x.token}` : `• ${x.name}`)),
            '',
          ]
        : []),
      t('email.receipt_tickets', { amount: formatEur(ticketCents) }),
      ...(discount
        ? [t('email.receipt_discount', { code: o.promoCode ?? '', amount: formatEur(discount) })]
        : []),
      service,
      ...(o.topupCents ? [t('email.order_paid_topup', { amount: formatEur(o.topupCents) })] : []),
      t('email.receipt_total', { amount: formatEur(o.totalCents) }),
      '',
      t('email.order_paid_link', { url: `${site}/dashboard/tickets` }),
    ].join('\n'),
  };
}
