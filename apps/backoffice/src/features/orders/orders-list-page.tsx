import type { SortingState } from '@tanstack/react-table';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { roleHas } from '@bilheteira/shared/backoffice-roles';
import {
  ADMIN_ORDER_SORTS,
  ADMIN_ORDER_STATUSES,
  ORDER_SEARCH_MAX,
} from '@bilheteira/shared/schemas/backoffice-orders';
import { useShell } from '../../app/shell-context';
import { FormError } from '../../components/form-error';
import { Loading } from '../../components/loading';
import { PageHeader } from '../../components/page-header';
import { Pager } from '../../components/pager';
import { apiFormError } from '../../lib/forms';
import { useEventChoices, useOrderList, type OrderListParams } from './orders-api';
import { OrdersTable } from './orders-table';

/** The list's state lives in the URL (shareable, survives a reload and the way back from an order). */
function useListParams(): [OrderListParams, (next: Partial<OrderListParams>) => void] {
  const [params, setParams] = useSearchParams();
  const pick = <T extends string>(name: string, allowed: readonly T[], fallback: T): T =>
    (allowed as readonly string[]).includes(params.get(name) ?? '') ? (params.get(name) as T) : fallback;
  const current: OrderListParams = {
    page: Math.max(1, Number(params.get('page')) || 1),
    q: params.get('q') ?? '',
    eventId: Math.max(0, Number(params.get('event')) || 0),
    status: pick('status', ADMIN_ORDER_STATUSES, 'all'),
    sort: pick('sort', ADMIN_ORDER_SORTS, 'created_at'),
    dir: pick('dir', ['asc', 'desc'] as const, 'desc'),
  };
  const set = (next: Partial<OrderListParams>) => {
    const v = { ...current, page: 1, ...next };
    const q = new URLSearchParams();
    if (v.q) q.set('q', v.q);
    if (v.eventId) q.set('event', String(v.eventId));
    if (v.status !== 'all') q.set('status', v.status);
    if (v.sort !== 'created_at' || v.dir !== 'desc') {
      q.set('sort', v.sort);
      q.set('dir', v.dir);
    }
    if (v.page > 1) q.set('page', String(v.page));
    setParams(q, { replace: true });
  };
  return [current, set];
}

/**
 * The current organiser's orders: one search box (reference, name, mobile, email, ticket),
 * event and status filters, sorting by date or total, pages; each order opens its story.
 */
export function OrdersListPage() {
  const { t } = useTranslation(['orders', 'common']);
  const { current } = useShell();
  const organizerId = current?.organizer_id ?? 0;
  const may = !!current && roleHas(current.role, 'orders.view');
  const [p, setP] = useListParams();
  const [search, setSearch] = useState(p.q);
  const list = useOrderList(may ? organizerId : 0, p);
  const events = useEventChoices(organizerId, may && !!current && roleHas(current.role, 'events.view'));

  // searching as one types, a moment after the last key
  useEffect(() => {
    if (search.trim() === p.q) return;
    const timer = setTimeout(() => setP({ q: search.trim() }), 300);
    return () => clearTimeout(timer);
  }, [search, p.q, setP]);

  if (!current || !may) return <Navigate to="/" replace />;
  const sorting: SortingState = [{ id: p.sort, desc: p.dir === 'desc' }];
  const meta = list.data?.meta;
  return (
    <div className="max-w-6xl">
      <PageHeader title={t('orders:title')} subtitle={current.organizer_name} />
      <div className="mb-4 grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)] sm:items-end">
        <div>
          <label htmlFor="orders-search" className="field-label">
            {t('orders:search')}
          </label>
          <input
            id="orders-search"
            type="search"
            className="field-input"
            value={search}
            maxLength={ORDER_SEARCH_MAX}
            autoComplete="off"
            aria-describedby="orders-search-hint"
            onChange={(e) => setSearch(e.target.value)}
            placeholder={t('orders:search_placeholder')}
            data-testid="orders-search"
          />
          <p id="orders-search-hint" className="mt-1 text-xs text-slate-700">
            {t('orders:search_hint')}
          </p>
        </div>
        <div className="sm:self-start">
          <label htmlFor="orders-event" className="field-label">
            {t('orders:event')}
          </label>
          <select
            id="orders-event"
            className="field-input"
            value={p.eventId}
            onChange={(e) => setP({ eventId: Number(e.target.value) })}
          >
            <option value={0}>{t('orders:all_events')}</option>
            {(events.data ?? []).map((e) => (
              <option key={e.id} value={e.id}>
                {e.name}
              </option>
            ))}
          </select>
        </div>
        <div className="sm:self-start">
          <label htmlFor="orders-status" className="field-label">
            {t('orders:status_filter')}
          </label>
          <select
            id="orders-status"
            className="field-input"
            value={p.status}
            onChange={(e) => setP({ status: e.target.value as OrderListParams['status'] })}
          >
            {ADMIN_ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s === 'all' ? t('orders:all_statuses') : t(`orders:status.${s}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <FormError message={apiFormError(t, list.error)} />
      ) : (
        <>
          <p className="mb-2 text-sm text-slate-700" role="status" data-testid="orders-total">
            {t('orders:total', { count: meta?.total ?? 0 })}
          </p>
          <OrdersTable
            organizerId={organizerId}
            orders={list.data.data}
            sorting={sorting}
            onSortingChange={(s) => {
              const first = s[0];
              if (first)
                setP({ sort: first.id as OrderListParams['sort'], dir: first.desc ? 'desc' : 'asc' });
            }}
          />
        </>
      )}
      {meta && meta.last_page > 1 && (
        <Pager page={p.page} lastPage={meta.last_page} onPage={(page) => setP({ ...p, page })} />
      )}
    </div>
  );
}
