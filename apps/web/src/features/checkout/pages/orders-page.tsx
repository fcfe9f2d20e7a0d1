import { useQuery } from '@tanstack/react-query';
import { formatEur } from '@bilheteira/shared/money';
import { ORDER_FILTERS, type OrderFilter, type OrderSummaryView } from '@bilheteira/shared/schemas/orders';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { currentLocale } from '../../../i18n/i18n';
import { useCheckout } from '../../../stores/checkout-store';
import { orderQuery, ordersQuery } from '../api/orders';
import { hasReceipt, serviceLabel } from '../lib/checkout-rules';
import { PostponementRefund } from '../components/postponement-refund';
import { usePageMeta } from '../../../lib/page-meta';
import { formatDateTime, SITE_TIME_ZONE } from '../../../lib/date-format';

const STATUS_STYLE: Record<string, string> = {
  paid: 'bg-green-100 text-green-900',
  pending: 'bg-amber-100 text-amber-900',
  processing: 'bg-amber-100 text-amber-900',
  cancelled: 'bg-slate-200 text-slate-800',
  refunded: 'bg-sky-100 text-sky-900',
};

const dateTime = (iso: string) => formatDateTime(iso, SITE_TIME_ZONE, currentLocale());

function OrderDetail({ id }: { id: number }) {
  const { t } = useTranslation(['checkout', 'cart']);
  const q = useQuery(orderQuery(id));
  const o = q.data;
  if (!o) return <p className="mt-3 text-sm">{t('loading')}</p>;
  const receipt = hasReceipt(o.status);
  return (
    <div className="mt-4 border-t border-slate-200 pt-4" data-testid="order-detail">
      <h3 className="font-semibold">{receipt ? t('orders.receipt') : t('orders.detail_title')}</h3>
      <table className="mt-2 w-full text-sm">
        <tbody>
          {o.lines.map((l) => (
            <tr key={l.id} className="border-b border-slate-100">
              <td className="py-1 pr-2">
                {l.qty > 1 ? `${l.qty} × ${l.description}` : l.description}
                {l.refunded_cents > 0 && (
                  <span className="block text-slate-700" data-testid="line-refunded">
                    {t('orders.line_refunded', { amount: formatEur(l.refunded_cents) })}
                  </span>
                )}
              </td>
              <td className="py-1 text-right tabular-nums">{formatEur(l.total_cents)}</td>
            </tr>
          ))}
          {o.quantity > 0 && (
            <tr>
              <td className="py-1 pr-2">{serviceLabel(o.service_fee_bp, t, currentLocale())}</td>
              <td className="py-1 text-right tabular-nums">{formatEur(o.service_cents)}</td>
            </tr>
          )}
          <tr className="font-bold">
            <td className="py-1 pr-2">{t('cart:total')}</td>
            <td className="py-1 text-right tabular-nums">{formatEur(o.total_cents)}</td>
          </tr>
        </tbody>
      </table>
      <dl className="mt-3 grid gap-1 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-medium">{t('orders.billing_to')}</dt>
          <dd>
            {o.billing.name || t('orders.consumer')}
            {o.billing.document && ` — ${t('orders.nif')} ${o.billing.document}`}
            {o.billing.postal_code && `, ${o.billing.postal_code}`}
          </dd>
        </div>
        {o.payments.length > 0 && (
          <div>
            <dt className="font-medium">{t('orders.payments')}</dt>
            <dd>
              {o.payments.map((p) => (
                <span key={p.id} className="block">
                  {p.display} — {t(`orders.payment_status.${p.status}`)}
                </span>
              ))}
            </dd>
          </div>
        )}
        {o.paid_at && (
          <div>
            <dt className="sr-only">{t('orders.paid_at', { date: '' })}</dt>
            <dd>{t('orders.paid_at', { date: dateTime(o.paid_at) })}</dd>
          </div>
        )}
      </dl>
      {receipt && (
        <button type="button" className="btn-secondary mt-3 print:hidden" onClick={() => window.print()}>
          {t('orders.print')}
        </button>
      )}
    </div>
  );
}

function OrderCard({ order }: { order: OrderSummaryView }) {
  const { t } = useTranslation('checkout');
  const [open, setOpen] = useState(false);
  const start = useCheckout((s) => s.start);
  return (
    <li className="card" data-testid="order-card" data-status={order.status}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 className="text-lg font-bold">{order.event.name}</h2>
          <p className="text-sm text-slate-700">{t('orders.reference', { reference: order.reference })}</p>
        </div>
        <span className={`rounded-full px-3 py-1 text-sm font-semibold ${STATUS_STYLE[order.status] ?? ''}`}>
          {t(`orders.status.${order.status}`, { defaultValue: t('orders.status.unknown') })}
        </span>
      </div>
      <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-slate-700">{t('orders.date')}</dt>
          <dd className="font-medium">{dateTime(order.created_at)}</dd>
        </div>
        {order.quantity === 0 && order.topup_cents > 0 ? (
          <div>
            <dt className="text-slate-700">{t('orders.topup_amount')}</dt>
            <dd className="font-medium tabular-nums">{formatEur(order.topup_cents)}</dd>
          </div>
        ) : (
          <div>
            <dt className="text-slate-700">{t('orders.quantity')}</dt>
            <dd className="font-medium tabular-nums">{order.quantity}</dd>
          </div>
        )}
        <div>
          <dt className="text-slate-700">{t('orders.total')}</dt>
          <dd className="font-medium tabular-nums">{formatEur(order.total_cents)}</dd>
        </div>
      </dl>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <button type="button" className="btn-secondary" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? t('orders.hide') : t('orders.details')}
        </button>
        {order.payable && (
          <>
            <button
              type="button"
              className="btn-primary"
              onClick={() =>
                start({ eventId: order.event.id, eventSlug: order.event.slug, orderId: order.id })
              }
            >
              {t('orders.pay')}
            </button>
            <span className="text-sm text-slate-700">
              {t('orders.pay_until', { time: dateTime(order.expires_at) })}
            </span>
          </>
        )}
      </div>
      <PostponementRefund order={order} />
      {open && <OrderDetail id={order.id} />}
    </li>
  );
}

/** /dashboard/orders: filters All, Paid, Pending, Cancelled; quantity, total, date; pages; detail and receipt. */
export default function OrdersPage() {
  // the detail's totals speak the cart's words: both catalogues load with the page
  const { t } = useTranslation(['checkout', 'cart']);
  usePageMeta(t('orders.title'));
  const [params, setParams] = useSearchParams();
  const status = (ORDER_FILTERS as readonly string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as OrderFilter)
    : 'all';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const q = useQuery(ordersQuery(status, page));
  const go = (next: { status?: OrderFilter; page?: number }) => {
    const s = next.status ?? status;
    const p = next.page ?? 1;
    setParams({ ...(s !== 'all' ? { status: s } : {}), ...(p > 1 ? { page: String(p) } : {}) });
  };
  const meta = q.data?.meta;
  return (
    <main id="main" className="page">
      <h1 className="text-2xl font-bold">{t('orders.title')}</h1>
      <div role="group" aria-label={t('orders.filters_label')} className="mt-4 flex flex-wrap gap-2">
        {ORDER_FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            aria-pressed={status === f}
            onClick={() => go({ status: f })}
            className="rounded-full border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-900 aria-pressed:border-slate-900 aria-pressed:bg-slate-900 aria-pressed:text-white"
          >
            {t(`orders.filters.${f}`)}
          </button>
        ))}
      </div>
      {q.isError ? (
        <div className="mt-6">
          <p>{t('orders.load_error')}</p>
          <button type="button" className="btn-primary mt-2" onClick={() => void q.refetch()}>
            {t('orders.retry')}
          </button>
        </div>
      ) : !q.data ? (
        <p className="mt-6">{t('loading')}</p>
      ) : q.data.data.length === 0 ? (
        <div className="mt-6">
          <p>{t('orders.empty')}</p>
          <Link to={paths.events} className="btn-primary mt-3 inline-block">
            {t('orders.explore')}
          </Link>
        </div>
      ) : (
        <ul className="mt-6 grid gap-4 lg:grid-cols-2" aria-busy={q.isFetching}>
          {q.data.data.map((o) => (
            <OrderCard key={o.id} order={o} />
          ))}
        </ul>
      )}
      {meta && meta.last_page > 1 && (
        <nav aria-label={t('orders.pagination')} className="mt-6 flex items-center justify-center gap-4">
          <button
            type="button"
            className="btn-secondary"
            disabled={page <= 1}
            onClick={() => go({ page: page - 1 })}
          >
            {t('orders.previous')}
          </button>
          <span>{t('orders.page', { page: meta.page, last: meta.last_page })}</span>
          <button
            type="button"
            className="btn-secondary"
            disabled={page >= meta.last_page}
            onClick={() => go({ page: page + 1 })}
          >
            {t('orders.next')}
          </button>
        </nav>
      )}
    </main>
  );
}
