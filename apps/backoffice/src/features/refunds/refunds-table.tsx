import {
  createColumnHelper,
  getCoreRowModel,
  useReactTable,
  type OnChangeFn,
  type RowSelectionState,
} from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEur } from '@bilheteira/shared/money';
import { DataTable } from '../../components/data-table';
import { formatDateTime } from '../../lib/format';
import type { AdminRefundView, RefundStatus } from './refunds-api';

const col = createColumnHelper<AdminRefundView>();

const BADGE: Record<RefundStatus, string> = {
  requested: 'bg-amber-100 text-amber-950',
  approved: 'bg-sky-100 text-sky-950',
  paid: 'bg-green-100 text-green-950',
  rejected: 'bg-slate-200 text-slate-900',
};

/** A refund request's status and what happened to it (dates, SEPA file, reason). */
function StatusCell({ r }: { r: AdminRefundView }) {
  const { t } = useTranslation('refunds');
  return (
    <div className="min-w-32 max-w-56">
      <span
        className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${BADGE[r.status]}`}
        data-testid={`status-${r.id}`}
      >
        {t(`status.${r.status}`)}
      </span>
      {r.approved_at && r.status !== 'rejected' && (
        <p className="mt-1 text-slate-700">{t('approved_on', { date: formatDateTime(r.approved_at) })}</p>
      )}
      {r.export_id && <p className="text-slate-700 break-all">{t('exported_in', { file: r.export_id })}</p>}
      {r.paid_at && <p className="text-slate-700">{t('paid_on', { date: formatDateTime(r.paid_at) })}</p>}
      {r.rejected_at && (
        <p className="mt-1 text-slate-700">{t('rejected_on', { date: formatDateTime(r.rejected_at) })}</p>
      )}
      {r.rejection_reason && (
        <p className="text-slate-700">{t('reason_was', { reason: r.rejection_reason })}</p>
      )}
    </div>
  );
}

/** The queue's rows, each with a checkbox for the bulk decisions (the selection is the page's). */
export function RefundsTable({
  refunds,
  selection,
  onSelectionChange,
  label,
  caption,
}: {
  refunds: AdminRefundView[];
  selection: RowSelectionState;
  onSelectionChange: OnChangeFn<RowSelectionState>;
  label: string;
  caption: string;
}) {
  const { t } = useTranslation(['refunds', 'common']);
  const columns = useMemo(
    () => [
      col.display({
        id: 'select',
        header: () => <span className="sr-only">{t('refunds:col_select')}</span>,
        cell: ({ row }) => (
          <input
            type="checkbox"
            className="size-5 accent-amber-600"
            checked={row.getIsSelected()}
            onChange={row.getToggleSelectedHandler()}
            aria-label={t('refunds:select_row', {
              id: row.original.id,
              name: row.original.holder_name || row.original.customer.name,
            })}
            data-testid={`select-${row.original.id}`}
          />
        ),
      }),
      col.accessor('id', {
        header: () => t('refunds:col_request'),
        meta: { label: t('refunds:col_request') },
        cell: (c) => (
          <div className="min-w-36">
            <p className="font-semibold">#{c.getValue()}</p>
            <p>{c.row.original.event.name}</p>
            <p className="whitespace-nowrap text-slate-700">{formatDateTime(c.row.original.created_at)}</p>
          </div>
        ),
      }),
      col.accessor('customer', {
        header: () => t('refunds:col_customer'),
        meta: { label: t('refunds:col_customer') },
        cell: (c) => {
          const who = c.getValue();
          return (
            <div className="min-w-44 max-w-64">
              <p className="font-semibold">{who.name || t('refunds:erased')}</p>
              {who.email && <p className="text-slate-700 [overflow-wrap:anywhere]">{who.email}</p>}
              {who.mobile && <p className="text-slate-700">{who.mobile}</p>}
            </div>
          );
        },
      }),
      col.accessor('iban_masked', {
        header: () => t('refunds:col_account'),
        meta: { label: t('refunds:col_account') },
        cell: (c) => (
          <div>
            <p>{c.row.original.holder_name}</p>
            <p className="whitespace-nowrap font-mono text-slate-700">{c.getValue()}</p>
          </div>
        ),
      }),
      col.accessor('amount_cents', {
        header: () => t('refunds:col_amount'),
        meta: { label: t('refunds:col_amount') },
        cell: (c) => (
          <div className="whitespace-nowrap">
            <p className="font-semibold">{formatEur(c.getValue())}</p>
            <p className="text-slate-700">
              {t('refunds:fee', { amount: formatEur(c.row.original.fee_cents) })}
            </p>
          </div>
        ),
      }),
      col.accessor('status', {
        header: () => t('refunds:col_status'),
        meta: { label: t('refunds:col_status') },
        cell: (c) => <StatusCell r={c.row.original} />,
      }),
    ],
    [t],
  );
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table keeps its own state; nothing here is memoised by the compiler
  const table = useReactTable({
    data: refunds,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (r) => String(r.id),
    state: { rowSelection: selection },
    onRowSelectionChange: onSelectionChange,
    enableRowSelection: true,
    // the API filters, orders (newest first) and pages
    enableSorting: false,
    manualPagination: true,
    manualFiltering: true,
  });
  return (
    <DataTable
      table={table}
      label={label}
      caption={caption}
      empty={t('refunds:none')}
      testId="refunds-table"
    />
  );
}
