import { useQuery } from '@tanstack/react-query';
import { formatEur } from '@bilheteira/shared/money';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { showAlert } from '../../../stores/alert-store';
import { useCheckout } from '../../../stores/checkout-store';
import { useSession } from '../../../stores/session-store';
import { cartQuery, useCartLineMutations } from '../api/cart';
import { serviceLabel } from '../lib/service-label';
import { currentLocale } from '../../../i18n/i18n';

const STEP =
  'inline-flex size-9 items-center justify-center rounded-full border border-slate-300 bg-white text-lg font-semibold text-slate-900 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 disabled:cursor-not-allowed disabled:opacity-40';

/**
 * The cart beside the tickets (event page, mini-sites): lines with session date and hour,
 * quantity steppers, remove, subtotal, service cost and total, and the checkout button.
 * `returnTo` keeps a mini-site visitor inside /site/:slug after login and payment.
 */
export function CartPanel({
  eventId,
  eventSlug,
  returnTo,
}: {
  eventId: number;
  eventSlug: string;
  returnTo?: string;
}) {
  const { t } = useTranslation('cart');
  const token = useSession((s) => s.token);
  const cart = useQuery(cartQuery(eventId, token));
  const { change, remove } = useCartLineMutations(eventId);
  const start = useCheckout((s) => s.start);
  const markCheckoutLikely = useCheckout((s) => s.markLikely);
  const data = cart.data;
  const busy = change.isPending || remove.isPending;
  const hasItems = !!data && data.items.length > 0;

  useEffect(() => {
    if (hasItems) markCheckoutLikely();
  }, [hasItems, markCheckoutLikely]);

  return (
    <section aria-labelledby="cart-title" className="card" data-testid="cart-panel">
      <h2 id="cart-title" className="text-xl font-bold">
        {t('title')}
        {data && data.total_items > 0 && (
          <span className="ml-2 text-base font-medium text-slate-700">
            {t('count', { count: data.total_items })}
          </span>
        )}
      </h2>
      {!data || data.items.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">{cart.isLoading ? t('common:loading') : t('empty')}</p>
      ) : (
        <>
          <ul className="mt-3 divide-y divide-slate-200" aria-live="polite">
            {data.items.map((item) => (
              <li key={item.identifier} className="py-3" data-testid="cart-line">
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="font-semibold">{item.ticket_name}</p>
                    {item.session_date && (
                      <p className="text-sm text-slate-700">
                        {t('session', { date: item.session_date, hour: item.session_hour })}
                      </p>
                    )}
                    <p className="text-sm text-slate-700">{t('unit', { price: formatEur(item.amount) })}</p>
                  </div>
                  <p className="font-semibold tabular-nums">{formatEur(item.line_cents)}</p>
                </div>
                <div className="mt-2 flex items-center gap-2">
                  <button
                    type="button"
                    className={STEP}
                    aria-label={t('decrease', { name: item.ticket_name })}
                    disabled={busy}
                    onClick={() => change.mutate({ identifier: item.identifier, qty: item.qty - 1 })}
                  >
                    −
                  </button>
                  <output
                    className="w-8 text-center font-semibold tabular-nums"
                    aria-label={t('quantity', { name: item.ticket_name })}
                  >
                    {item.qty}
                  </output>
                  <button
                    type="button"
                    className={STEP}
                    aria-label={t('increase', { name: item.ticket_name })}
                    disabled={busy || item.qty >= Math.min(item.max_per_order, item.available)}
                    onClick={() => change.mutate({ identifier: item.identifier, qty: item.qty + 1 })}
                  >
                    +
                  </button>
                  <button
                    type="button"
                    className="ml-auto text-sm font-medium text-red-700 underline underline-offset-2 hover:text-red-900"
                    disabled={busy}
                    onClick={() => remove.mutate(item.identifier)}
                  >
                    {t('remove')}
                    <span className="sr-only"> {item.ticket_name}</span>
                  </button>
                </div>
                {item.qty < item.min_per_order && (
                  <p className="mt-1 text-sm text-red-700">{t('below_min', { min: item.min_per_order })}</p>
                )}
              </li>
            ))}
          </ul>
          <dl className="mt-2 space-y-1 border-t border-slate-200 pt-3 text-sm">
            <div className="flex justify-between">
              <dt>{t('subtotal')}</dt>
              <dd className="tabular-nums">{formatEur(data.subtotal_cents)}</dd>
            </div>
            <div className="flex justify-between">
              <dt>{serviceLabel(data.service_fee_bp, t, currentLocale())}</dt>
              <dd className="tabular-nums">{formatEur(data.service_cents)}</dd>
            </div>
            <div className="flex justify-between text-base font-bold">
              <dt>{t('total')}</dt>
              <dd className="tabular-nums" data-testid="cart-total">
                {formatEur(data.total_cents)}
              </dd>
            </div>
          </dl>
        </>
      )}
      <button
        type="button"
        className="btn-primary mt-4 w-full"
        data-testid="cart-checkout"
        disabled={busy}
        onClick={() => {
          if (!data || data.items.length === 0) {
            void showAlert({ type: 'warning', title: t('errors.title'), text: t('errors.cart_empty') });
            return;
          }
          start({ eventId, eventSlug, returnTo });
        }}
      >
        {t('checkout')}
      </button>
    </section>
  );
}
