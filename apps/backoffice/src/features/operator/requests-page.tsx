import { createColumnHelper, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useShell } from '../../app/shell-context';
import { DataTable } from '../../components/data-table';
import { FormError } from '../../components/form-error';
import { Loading } from '../../components/loading';
import { PageHeader } from '../../components/page-header';
import { Pager } from '../../components/pager';
import { apiFormError } from '../../lib/forms';
import { formatDateTime } from '../../lib/format';
import { ApproveDialog, RejectDialog } from './decision-dialogs';
import { REQUEST_STATUSES, useRequests, type OrganizerRequest, type RequestStatus } from './requests-api';

const col = createColumnHelper<OrganizerRequest>();

/** The platform operator's queue of organiser requests: filter by status, page, decide. */
export function RequestsPage() {
  const { t } = useTranslation(['operator', 'common']);
  const { me } = useShell();
  const [params, setParams] = useSearchParams();
  const status = (REQUEST_STATUSES as readonly string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as RequestStatus)
    : 'pending';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const requests = useRequests(status, page);
  const [approving, setApproving] = useState<OrganizerRequest | null>(null);
  const [rejecting, setRejecting] = useState<OrganizerRequest | null>(null);
  const columns = useMemo(
    () => [
      col.accessor('created_at', {
        header: () => t('operator:received'),
        meta: { label: t('operator:received') },
        cell: (c) => <span className="whitespace-nowrap">{formatDateTime(c.getValue())}</span>,
      }),
      col.accessor('name_company', {
        header: () => t('operator:company'),
        meta: { label: t('operator:company') },
        cell: (c) => (
          <div className="min-w-48">
            <p className="font-semibold">{c.getValue()}</p>
            <p className="mt-1 line-clamp-3 text-slate-700">{c.row.original.description}</p>
          </div>
        ),
      }),
      col.accessor('email', {
        header: () => t('operator:contact'),
        meta: { label: t('operator:contact') },
        cell: (c) => (
          <div>
            <p>
              {c.row.original.first_name} {c.row.original.last_name}
            </p>
            <p className="text-slate-700">{c.getValue()}</p>
            <p className="text-slate-700">{c.row.original.mobile}</p>
          </div>
        ),
      }),
      col.display({
        id: 'decision',
        header: () =>
          status === 'pending' ? (
            <span className="sr-only">{t('common:actions')}</span>
          ) : (
            t('operator:decision')
          ),
        cell: (c) => {
          const r = c.row.original;
          if (r.status === 'pending')
            return (
              <div className="flex flex-wrap gap-2">
                <button
                  type="button"
                  className="btn-small"
                  onClick={() => setApproving(r)}
                  data-testid={`approve-${r.email}`}
                >
                  {t('operator:approve')}
                  <span className="sr-only"> {r.name_company}</span>
                </button>
                <button
                  type="button"
                  className="btn-small"
                  onClick={() => setRejecting(r)}
                  data-testid={`reject-${r.email}`}
                >
                  {t('operator:reject')}
                  <span className="sr-only"> {r.name_company}</span>
                </button>
              </div>
            );
          return (
            <p className="max-w-64 text-slate-700">
              {r.decision_reason ?? (r.organizer_id ? t('operator:organizer_created') : '')}
            </p>
          );
        },
      }),
    ],
    [t, status],
  );
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table keeps its own state; nothing here is memoised by the compiler
  const table = useReactTable({
    data: requests.data?.data ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    // the API orders the rows (newest first)
    enableSorting: false,
    manualPagination: true,
    manualFiltering: true,
  });
  if (me.platform_role !== 'operator') return <Navigate to="/" replace />;
  const go = (next: { status?: RequestStatus; page?: number }) =>
    setParams({ status: next.status ?? status, page: String(next.page ?? 1) });
  const meta = requests.data?.meta;
  return (
    <div className="max-w-6xl">
      <PageHeader title={t('operator:title')} subtitle={t('operator:intro')} />
      <nav aria-label={t('operator:status_filter')} className="mb-4 flex flex-wrap gap-2">
        {REQUEST_STATUSES.map((s) => (
          <Link
            key={s}
            to={`?status=${s}`}
            aria-current={s === status ? 'page' : undefined}
            className={`rounded-full px-4 py-2 text-sm font-semibold ring-1 ${s === status ? 'bg-slate-900 text-white ring-slate-900' : 'bg-white text-slate-900 ring-slate-300 hover:bg-slate-100'}`}
          >
            {t(`operator:status_${s}`)}
          </Link>
        ))}
      </nav>
      {requests.isPending ? (
        <Loading />
      ) : requests.isError ? (
        <FormError message={apiFormError(t, requests.error)} />
      ) : (
        <>
          <p className="mb-3 text-slate-700" role="status" data-testid="requests-total">
            {t(`operator:total_${status}`, { count: meta?.total ?? 0 })}
          </p>
          <DataTable
            table={table}
            label={t('operator:table_label', { status: t(`operator:status_${status}`) })}
            empty={t('operator:none')}
            testId="requests-table"
          />
        </>
      )}
      {meta && meta.last_page > 1 && (
        <Pager page={page} lastPage={meta.last_page} onPage={(next) => go({ page: next })} />
      )}
      <ApproveDialog request={approving} onClose={() => setApproving(null)} />
      <RejectDialog request={rejecting} onClose={() => setRejecting(null)} />
    </div>
  );
}
