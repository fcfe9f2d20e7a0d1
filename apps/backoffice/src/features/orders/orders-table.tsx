import { createColumnHelper, getCoreRowModel, useReactTable, type SortingState } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { formatEur } from '@bilheteira/shared/money';
import { paths } from '../../app/nav';
import { DataTable } from '../../components/data-table';
import { formatDateTime } from '../../lib/format';
import { OrderStatusBadge } from './order-format';
import type { AdminOrderSummary } from './orders-api';

const col = createColumnHelper<AdminOrderSummary>();

/** A page of orders, sorted by the API (the date and total headers ask it for another order). */
export function OrdersTable({
  organizerId,
  orders,
  sorting,
  onSortingChange,
}: {
  organizerId: number;
  orders: AdminOrderSummary[];
  sorting: SortingState;
  onSortingChange(s: SortingState): void;
}) {
  const { t, i18n } = useTranslation('orders');
  // the order page's way back returns to this search, filters and page
  const list = useLocation().search;
  const columns = useMemo(
    () => [
      col.accessor('reference', {
        header: () => t('col_order'),
        enableSorting: false,
        meta: { label: t('col_order') },
        cell: (c) => (
          <Link
            to={paths.order(organizerId, c.row.original.id)}
            state={{ list }}
            className="font-mono font-semibold text-slate-950 underline underline-offset-2 hover:no-underline"
            data-testid="order-link"
          >
            {c.getValue()}
          </Link>
        ),
      }),
      col.accessor('buyer', {
        header: () => t('col_buyer'),
        enableSorting: false,
        meta: { label: t('col_buyer') },
        cell: (c) => {
          const b = c.getValue();
          if (b.erased) return <span className="text-slate-700">{t('buyer_erased_short')}</span>;
          return (
            <div className="min-w-40">
              <p className="font-medium">{b.name}</p>
              {b.mobile && <p className="text-slate-700">{b.mobile}</p>}
              {b.email && <p className="break-all text-slate-700">{b.email}</p>}
            </div>
          );
        },
      }),
      col.accessor((o) => o.event.name, {
        id: 'event',
        header: () => t('col_event'),
        enableSorting: false,
        meta: { label: t('col_event') },
      }),
      col.accessor('created_at', {
        header: () => t('col_date'),
        meta: { label: t('col_date') },
        cell: (c) => <span className="whitespace-nowrap">{formatDateTime(c.getValue())}</span>,
      }),
      col.accessor('quantity', {
        header: () => t('col_tickets'),
        enableSorting: false,
        meta: { label: t('col_tickets') },
        cell: (c) => <span className="tabular-nums">{c.getValue()}</span>,
      }),
      col.accessor('total_cents', {
        header: () => t('col_total'),
        meta: { label: t('col_total') },
        cell: (c) => <span className="whitespace-nowrap tabular-nums">{formatEur(c.getValue())}</span>,
      }),
      col.accessor('status', {
        header: () => t('col_status'),
        enableSorting: false,
        meta: { label: t('col_status') },
        cell: (c) => <OrderStatusBadge status={c.getValue()} />,
      }),
    ],
    // the language is a dependency: dates are formatted in it (formatDateTime reads i18next)
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, i18n.language, organizerId, list],
  );
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table keeps its own state; nothing here is memoised by the compiler
  const table = useReactTable({
    data: orders,
    columns,
    state: { sorting },
    onSortingChange: (u) => onSortingChange(typeof u === 'function' ? u(sorting) : u),
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    manualFiltering: true,
    enableSortingRemoval: false,
    enableMultiSort: false,
  });
  return (
    <DataTable
      table={table}
      label={t('table_label')}
      empty={t('none')}
      testId="orders-table"
      caption={t('table_caption')}
    />
  );
}
