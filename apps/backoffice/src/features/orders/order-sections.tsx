import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEur } from '@bilheteira/shared/money';
import { formatDateTime } from '../../lib/format';
import type { AdminOrderView } from './orders-api';

/** A titled section of the order page (its heading names it for screen readers). */
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="card" data-testid={`order-${id}`}>
      <h2 id={`${id}-title`} className="mb-3 text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Field({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'min-w-0 sm:col-span-2' : 'min-w-0'}>
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-700">{label}</dt>
      <dd className="mt-0.5 break-words">{children}</dd>
    </div>
  );
}

/** The buyer: personal data for the organiser's team with orders.view, gone once erased. */
export function BuyerSection({ order }: { order: AdminOrderView }) {
  const { t } = useTranslation('orders');
  const b = order.buyer;
  return (
    <Section id="buyer" title={t('buyer')}>
      {b.erased ? (
        <p className="text-slate-700">{t('buyer_erased')}</p>
      ) : (
        <dl className="grid gap-3 sm:grid-cols-2">
          <Field label={t('buyer_name')}>{b.name || '—'}</Field>
          <Field label={t('buyer_mobile')}>{b.mobile ?? '—'}</Field>
          <Field label={t('buyer_email')} wide>
            {b.email ?? '—'}
          </Field>
          {order.receipt_email && order.receipt_email !== b.email && (
            <Field label={t('receipt_email')}>{order.receipt_email}</Field>
          )}
          {order.billing.name && (
            <Field label={t('billing')}>
              {[order.billing.name, order.billing.document, order.billing.postal_code, order.billing.country]
                .filter(Boolean)
                .join(' · ')}
            </Field>
          )}
        </dl>
      )}
    </Section>
  );
}

/** Dates, event and total at a glance. */
export function SummarySection({ order }: { order: AdminOrderView }) {
  const { t } = useTranslation('orders');
  return (
    <dl className="card grid gap-3 sm:grid-cols-4" data-testid="order-summary">
      <Field label={t('col_event')}>{order.event.name}</Field>
      <Field label={t('created_at')}>{formatDateTime(order.created_at)}</Field>
      <Field label={t('paid_at')}>{order.paid_at ? formatDateTime(order.paid_at) : '—'}</Field>
      <Field label={t('col_total')}>
        <span className="font-semibold tabular-nums">{formatEur(order.total_cents)}</span>
      </Field>
    </dl>
  );
}

const sessionOf = (date: string | null, hour: string | null) =>
  date ? `${date.split('-').reverse().join('/')}${hour ? ` ${hour}` : ''}` : null;

/** The lines with their prices, then discount, service cost and total. */
export function LinesSection({ order }: { order: AdminOrderView }) {
  const { t } = useTranslation('orders');
  return (
    <Section id="lines" title={t('lines')}>
      <div className="overflow-x-auto">
        <table className="data-table">
          <caption className="sr-only">{t('lines_caption', { reference: order.reference })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('line')}</th>
              <th scope="col">{t('qty')}</th>
              <th scope="col">{t('unit_price')}</th>
              <th scope="col">{t('line_total')}</th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((l) => (
              <tr key={l.id} data-testid="order-line">
                <td data-label={t('line')}>
                  <p className="font-medium">{l.kind === 'topup' ? t('topup') : l.description}</p>
                  {sessionOf(l.session_date, l.session_hour) && (
                    <p className="text-slate-700">{sessionOf(l.session_date, l.session_hour)}</p>
                  )}
                  {l.refunded_cents > 0 && (
                    <p className="font-semibold text-slate-800" data-testid="line-refunded">
                      {l.kind === 'topup'
                        ? t('line_refunded_topup', { amount: formatEur(l.refunded_cents) })
                        : t('line_refunded', { count: l.refunded_qty, amount: formatEur(l.refunded_cents) })}
                    </p>
                  )}
                  {l.discount_cents > 0 && (
                    <p className="text-slate-700">
                      {t('line_discount', { amount: formatEur(l.discount_cents) })}
                    </p>
                  )}
                </td>
                <td data-label={t('qty')} className="tabular-nums">
                  {l.qty}
                </td>
                <td data-label={t('unit_price')} className="whitespace-nowrap tabular-nums">
                  {formatEur(l.unit_cents)}
                </td>
                <td data-label={t('line_total')} className="whitespace-nowrap tabular-nums">
                  {formatEur(l.total_cents)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="mt-3 ml-auto grid max-w-xs grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        {order.discount_cents > 0 && (
          <>
            <dt>{t('discount', { code: order.promo_code ?? '' })}</dt>
            <dd className="text-right tabular-nums">−{formatEur(order.discount_cents)}</dd>
          </>
        )}
        <dt>{t('subtotal')}</dt>
        <dd className="text-right tabular-nums">{formatEur(order.subtotal_cents)}</dd>
        <dt>{t('service')}</dt>
        <dd className="text-right tabular-nums">{formatEur(order.service_cents)}</dd>
        <dt className="font-bold">{t('col_total')}</dt>
        <dd className="text-right font-bold tabular-nums">{formatEur(order.total_cents)}</dd>
      </dl>
    </Section>
  );
}

/** Each payment attempt: method, status, amount, the provider's references and the refund. */
export function PaymentsSection({ order }: { order: AdminOrderView }) {
  const { t } = useTranslation('orders');
  return (
    <Section id="payments" title={t('payments')}>
      {order.payments.length === 0 ? (
        <p className="text-slate-700">{t('no_payments')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="data-table">
            <caption className="sr-only">{t('payments_caption', { reference: order.reference })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('method')}</th>
                <th scope="col">{t('payment_status')}</th>
                <th scope="col">{t('amount')}</th>
                <th scope="col">{t('provider_ref')}</th>
                <th scope="col">{t('date')}</th>
              </tr>
            </thead>
            <tbody>
              {order.payments.map((p) => (
                <tr key={p.id} data-testid="order-payment">
                  <td data-label={t('method')}>
                    <p className="font-medium">{t(`method_name.${p.method}`)}</p>
                    {p.display && <p className="text-slate-700">{p.display}</p>}
                  </td>
                  <td data-label={t('payment_status')}>
                    {t(`payment_status_name.${p.status}`, { defaultValue: p.status })}
                    {p.refunded_at && (
                      <p className="text-slate-700">
                        {t('refunded_on', { date: formatDateTime(p.refunded_at) })}
                      </p>
                    )}
                    {p.refund_error && <p className="text-red-800">{p.refund_error}</p>}
                  </td>
                  <td data-label={t('amount')} className="whitespace-nowrap tabular-nums">
                    {formatEur(p.amount_cents)}
                  </td>
                  <td data-label={t('provider_ref')}>
                    <span className="break-all font-mono text-xs">
                      {p.provider} · {p.provider_ref ?? '—'}
                    </span>
                    {p.refund_ref && (
                      <p className="break-all font-mono text-xs">
                        {t('refund_ref')}: {p.refund_ref}
                      </p>
                    )}
                  </td>
                  <td data-label={t('date')} className="whitespace-nowrap">
                    {formatDateTime(p.created_at)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
}
