import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEur } from '@bilheteira/shared/money';
import { FormError } from '../../../components/form-error';
import { Loading } from '../../../components/loading';
import { notify } from '../../../lib/notice';
import { serverError } from '../form-kit';
import { useStations } from './bar-api';
import { useProducts, useSaveStationMenu, useStationMenu, type ProductView } from './bar-products-api';

/** A station's menu: which of the event's products its till sells, in the order it shows them. */
export function MenuSection({ organizerId, eventId }: { organizerId: number; eventId: number }) {
  const { t } = useTranslation(['bar', 'common']);
  const stations = useStations(organizerId, eventId);
  const products = useProducts(organizerId, eventId);
  const sellers = (stations.data ?? []).filter((s) => s.role === 'bar' || s.role === 'shop');
  const [chosen, setChosen] = useState<number | null>(null);
  const stationId = chosen ?? sellers[0]?.id ?? null;
  if (!sellers.length || !products.data?.length) return null;
  return (
    <section aria-labelledby="menu-title">
      <h2 id="menu-title" className="mb-3 text-xl font-bold">
        {t('bar:menu_title')}
      </h2>
      <p className="mb-3 text-sm text-slate-700">{t('bar:menu_intro')}</p>
      <div className="mb-3 max-w-sm">
        <label htmlFor="menu-station" className="field-label">
          {t('bar:menu_station')}
        </label>
        <select
          id="menu-station"
          className="field-input"
          value={stationId ?? ''}
          onChange={(e) => setChosen(Number(e.currentTarget.value))}
        >
          {sellers.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      </div>
      {stationId !== null && (
        <MenuEditor
          key={stationId}
          organizerId={organizerId}
          eventId={eventId}
          stationId={stationId}
          products={products.data}
        />
      )}
    </section>
  );
}

function MenuEditor({
  organizerId,
  eventId,
  stationId,
  products,
}: {
  organizerId: number;
  eventId: number;
  stationId: number;
  products: ProductView[];
}) {
  const { t } = useTranslation(['bar', 'common']);
  const menu = useStationMenu(organizerId, eventId, stationId);
  const save = useSaveStationMenu(organizerId, eventId);
  const [ids, setIds] = useState<number[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (menu.isPending) return <Loading />;
  if (menu.isError) return <FormError message={serverError(t, menu.error)} />;
  const current = ids ?? menu.data.product_ids;
  const byId = new Map(products.map((p) => [p.id, p]));
  const rest = products.filter((p) => !current.includes(p.id));
  const move = (i: number, by: number) => {
    const next = [...current];
    [next[i], next[i + by]] = [next[i + by]!, next[i]!];
    setIds(next);
  };
  const onSave = async () => {
    setError(null);
    try {
      const res = await save.mutateAsync({ stationId, productIds: current });
      setIds(null);
      notify(res.message ?? t('bar:saved'));
    } catch (err) {
      setError(serverError(t, err));
    }
  };
  const line = (p: ProductView) => (
    <span className="min-w-0">
      {p.name} · <span className="tabular-nums">{formatEur(p.price_cents)}</span>
      {!p.active && <span className="text-sm text-slate-700"> ({t('bar:product_inactive')})</span>}
    </span>
  );
  return (
    <div className="card flex flex-col gap-3">
      <FormError message={error} />
      <ol className="flex flex-col gap-2" aria-label={t('bar:menu_on')} data-testid="menu-list">
        {current.map((id, i) => {
          const p = byId.get(id);
          if (!p) return null;
          return (
            <li
              key={id}
              className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 pb-2"
            >
              {line(p)}
              <span className="flex gap-1">
                <button type="button" className="btn-small" disabled={i === 0} onClick={() => move(i, -1)}>
                  ↑<span className="sr-only"> {t('bar:move_up', { name: p.name })}</span>
                </button>
                <button
                  type="button"
                  className="btn-small"
                  disabled={i === current.length - 1}
                  onClick={() => move(i, 1)}
                >
                  ↓<span className="sr-only"> {t('bar:move_down', { name: p.name })}</span>
                </button>
                <button
                  type="button"
                  className="btn-small"
                  onClick={() => setIds(current.filter((x) => x !== id))}
                >
                  {t('bar:menu_remove')}
                  <span className="sr-only"> {p.name}</span>
                </button>
              </span>
            </li>
          );
        })}
      </ol>
      {current.length === 0 && <p className="text-slate-700">{t('bar:menu_empty')}</p>}
      {rest.length > 0 && (
        <div className="flex flex-wrap gap-2" aria-label={t('bar:menu_add')} role="group">
          {rest.map((p) => (
            <button
              key={p.id}
              type="button"
              className="btn-small"
              onClick={() => setIds([...current, p.id])}
              data-testid="menu-add"
            >
              + {p.name}
            </button>
          ))}
        </div>
      )}
      <div className="flex justify-end">
        <button
          type="button"
          className="btn-primary"
          disabled={save.isPending || ids === null}
          onClick={() => void onSave()}
          data-testid="save-menu"
        >
          {t('bar:menu_save')}
        </button>
      </div>
    </div>
  );
}
