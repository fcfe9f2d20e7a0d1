import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createColumnHelper,
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type SortingState,
} from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { staffSessionView } from '@bilheteira/shared/schemas/backoffice';
import { ConfirmDialog } from '@bilheteira/ui/confirm-dialog';
import { api } from '../../lib/api';
import { apiFormError } from '../../lib/forms';
import { describeUserAgent, formatDateTime } from '../../lib/format';
import { notify } from '../../lib/notice';
import { DataTable } from '../../components/data-table';
import { FormError } from '../../components/form-error';
import { Loading } from '../../components/loading';
import { PageHeader } from '../../components/page-header';

type StaffSession = z.infer<typeof staffSessionView>;
const col = createColumnHelper<StaffSession>();

/** The user's live sessions (this one marked); any other can be ended from here. */
export function SessionsPage() {
  const { t } = useTranslation(['sessions', 'common']);
  const qc = useQueryClient();
  const sessions = useQuery({ queryKey: ['sessions'], queryFn: () => api<StaffSession[]>('/auth/sessions') });
  const [sorting, setSorting] = useState<SortingState>([{ id: 'last_seen_at', desc: true }]);
  const [revoking, setRevoking] = useState<StaffSession | null>(null);
  const [error, setError] = useState<string | null>(null);
  const revoke = useMutation({
    mutationFn: (id: number) => api<{ message: string }>(`/auth/sessions/${id}`, { method: 'DELETE' }),
    onSuccess: (r) => {
      notify(r.message);
      setRevoking(null);
      setError(null);
      return qc.invalidateQueries({ queryKey: ['sessions'] });
    },
    onError: (err) => setError(apiFormError(t, err)),
  });
  const device = (s: StaffSession) => {
    const d = describeUserAgent(s.user_agent);
    return d ? t('sessions:device', d) : s.user_agent || t('sessions:unknown_device');
  };
  const columns = useMemo(
    () => [
      col.accessor('user_agent', {
        header: () => t('sessions:device_header'),
        meta: { label: t('sessions:device_header') },
        enableSorting: false,
        cell: (c) => (
          <span className="font-semibold">
            {device(c.row.original)}
            {c.row.original.current && (
              <span className="mt-1 block w-fit rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-emerald-900">
                {t('sessions:this_device')}
              </span>
            )}
          </span>
        ),
      }),
      col.accessor('ip', {
        header: () => t('sessions:ip'),
        meta: { label: t('sessions:ip') },
        enableSorting: false,
      }),
      col.accessor('created_at', {
        header: () => t('sessions:started'),
        meta: { label: t('sessions:started') },
        cell: (c) => formatDateTime(c.getValue()),
      }),
      col.accessor('last_seen_at', {
        header: () => t('sessions:last_seen'),
        meta: { label: t('sessions:last_seen') },
        cell: (c) => formatDateTime(c.getValue()),
      }),
      col.accessor('second_factor', {
        header: () => t('sessions:second_factor'),
        meta: { label: t('sessions:second_factor') },
        cell: (c) => (c.getValue() ? t('common:yes') : t('common:no')),
        enableSorting: false,
      }),
      col.display({
        id: 'actions',
        header: () => <span className="sr-only">{t('common:actions')}</span>,
        cell: (c) =>
          !c.row.original.current && (
            <button
              type="button"
              className="btn-small"
              onClick={() => setRevoking(c.row.original)}
              data-testid="revoke"
            >
              {t('sessions:revoke')}
              <span className="sr-only"> {device(c.row.original)}</span>
            </button>
          ),
      }),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- device() only reads t
    [t],
  );
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table keeps its own state; nothing here is memoised by the compiler
  const table = useReactTable({
    data: sessions.data ?? [],
    columns,
    state: { sorting },
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
  });
  return (
    <div className="max-w-5xl">
      <PageHeader title={t('sessions:title')} subtitle={t('sessions:intro')} />
      {sessions.isPending ? (
        <Loading />
      ) : sessions.isError ? (
        <FormError message={apiFormError(t, sessions.error)} />
      ) : (
        <DataTable
          table={table}
          label={t('sessions:title')}
          empty={t('sessions:none')}
          testId="sessions-table"
        />
      )}
      <ConfirmDialog
        open={revoking !== null}
        title={t('sessions:revoke_title')}
        text={
          revoking
            ? t('sessions:revoke_text', {
                device: device(revoking),
                date: formatDateTime(revoking.last_seen_at),
              })
            : ''
        }
        confirmLabel={t('sessions:revoke')}
        cancelLabel={t('common:cancel')}
        danger
        busy={revoke.isPending}
        error={error}
        onCancel={() => {
          setRevoking(null);
          setError(null);
        }}
        onConfirm={() => revoking && revoke.mutate(revoking.id)}
      />
    </div>
  );
}
