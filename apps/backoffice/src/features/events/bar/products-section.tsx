import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEur } from '@bilheteira/shared/money';
import { stockState } from '@bilheteira/shared/schemas/backoffice-bar-products';
import { FormError } from '../../../components/form-error';
import { Loading } from '../../../components/loading';
import { notify } from '../../../lib/notice';
import { serverError } from '../form-kit';
import { useProductChange, useProducts, type ProductView } from './bar-products-api';
import { ProductDialog } from './product-dialog';

const STATE_CLASS = {
  ok: 'text-slate-700',
  sold_out: 'font-semibold text-amber-900',
  oversold: 'font-semibold text-red-800',
} as const;

/** What is left of a product's stock, and "esgotado" / oversold when none. */
function StockText({ p }: { p: ProductView }) {
  const { t } = useTranslation('bar');
  const state = stockState(p.remaining);
  if (state === null) return <span className="text-slate-700">{t('stock_not_counted')}</span>;
  return (
    <span className={STATE_CLASS[state]} data-testid="product-stock-state">
      {state === 'ok'
        ? t('stock_left', { count: p.remaining ?? 0 })
        : state === 'sold_out'
          ? t('stock_sold_out')
          : t('stock_oversold', { count: -(p.remaining ?? 0) })}
    </span>
  );
}

/** The event's products: price with VAT, stock left, units sold and spend; add, change, take off sale. */
export function ProductsSection({ organizerId, eventId }: { organizerId: number; eventId: number }) {
  const { t } = useTranslation(['bar', 'common']);
  const products = useProducts(organizerId, eventId);
  const change = useProductChange(organizerId, eventId);
  const [editing, setEditing] = useState<ProductView | 'new' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const toggle = async (p: ProductView) => {
    setError(null);
    try {
      await change.mutateAsync({ kind: 'update', id: p.id, body: { active: !p.active } });
      notify(t(p.active ? 'bar:product_off' : 'bar:product_on', { name: p.name }));
    } catch (err) {
      setError(serverError(t, err));
    }
  };
  return (
    <section aria-labelledby="products-title">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="products-title" className="text-xl font-bold">
          {t('bar:products_title')}
        </h2>
        <button
          type="button"
          className="btn-primary"
          onClick={() => setEditing('new')}
          data-testid="add-product"
        >
          {t('bar:add_product')}
        </button>
      </div>
      <p className="mb-3 text-sm text-slate-700">{t('bar:products_intro')}</p>
      <FormError message={error} />
      {products.isPending ? (
        <Loading />
      ) : products.isError ? (
        <FormError message={serverError(t, products.error)} />
      ) : products.data.length === 0 ? (
        <p className="card text-slate-700">{t('bar:no_products')}</p>
      ) : (
        <ul className="flex flex-col gap-2" data-testid="products">
          {products.data.map((p) => (
            <li
              key={p.id}
              className="card flex flex-col gap-2 py-4 sm:flex-row sm:items-center sm:justify-between"
              data-testid="product"
            >
              <div className="min-w-0">
                <p className="font-semibold">
                  {p.name} · <span className="tabular-nums">{formatEur(p.price_cents)}</span>
                  {!p.active && (
                    <span className="ml-2 text-sm font-normal text-slate-700">
                      ({t('bar:product_inactive')})
                    </span>
                  )}
                </p>
                <p className="text-sm text-slate-700">
                  {t('bar:vat_option', { rate: p.vat_rate })} · <StockText p={p} /> ·{' '}
                  {t('bar:product_sold', { count: p.sold, amount: formatEur(p.sales_cents) })}
                </p>
              </div>
              <div className="flex shrink-0 flex-wrap gap-2">
                <button type="button" className="btn-small" onClick={() => setEditing(p)}>
                  {t('bar:edit')}
                  <span className="sr-only"> {p.name}</span>
                </button>
                <button type="button" className="btn-small" onClick={() => void toggle(p)}>
                  {p.active ? t('bar:take_off_sale') : t('bar:put_on_sale')}
                  <span className="sr-only"> {p.name}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing && (
        <ProductDialog
          organizerId={organizerId}
          eventId={eventId}
          product={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </section>
  );
}
