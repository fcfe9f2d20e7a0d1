import { createColumnHelper, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table';
import { FormError } from '../../components/form-error';
import { Loading } from '../../components/loading';
import { formatDateTime } from '../../lib/format';
import { apiFormError } from '../../lib/forms';
import { notify } from '../../lib/notice';
import {
  useDeliveries,
  useReplayDelivery,
  type WebhookDeliveryView,
  type WebhookEndpointView,
} from './integrations-api';

const column = createColumnHelper<WebhookDeliveryView>();

/** An endpoint's latest deliveries (event, status, attempts, last answer, when) with "send again". */
export function DeliveriesTable({
  organizerId,
  endpoint,
}: {
  organizerId: number;
  endpoint: WebhookEndpointView;
}) {
  const { t } = useTranslation(['integrations', 'common']);
  const deliveries = useDeliveries(organizerId, endpoint.id);
  const replay = useReplayDelivery(organizerId, endpoint.id);
  const [error, setError] = useState<string | null>(null);
  const columns = useMemo(() => {
    const send = async (d: WebhookDeliveryView) => {
      setError(null);
      try {
        const res = await replay.mutateAsync(d.id);
        notify(res.message ?? t('integrations:replayed'));
      } catch (err) {
        setError(apiFormError(t, err));
      }
    };
    return [
      column.accessor('event_type', {
        header: t('integrations:col_event'),
        meta: { label: t('integrations:col_event') },
        cell: (c) => t(`integrations:events.${c.getValue().replace('.', '_')}`),
      }),
      column.accessor('status', {
        header: t('integrations:col_status'),
        meta: { label: t('integrations:col_status') },
        cell: (c) => t(`integrations:delivery_status.${c.getValue()}`),
      }),
      column.accessor('attempts', {
        header: t('integrations:col_attempts'),
        meta: { label: t('integrations:col_attempts') },
      }),
      column.accessor('last_status', {
        header: t('integrations:col_answer'),
        meta: { label: t('integrations:col_answer') },
        cell: (c) => c.getValue() ?? c.row.original.last_error ?? '—',
      }),
      column.display({
        id: 'when',
        header: t('integrations:col_when'),
        meta: { label: t('integrations:col_when') },
        cell: (c) => {
          const d = c.row.original;
          if (d.delivered_at) return formatDateTime(d.delivered_at);
          if (d.next_attempt_at)
            return t('integrations:next_attempt', { when: formatDateTime(d.next_attempt_at) });
          return formatDateTime(d.created_at);
        },
      }),
      column.display({
        id: 'replay',
        header: () => <span className="sr-only">{t('integrations:col_actions')}</span>,
        meta: { label: t('integrations:col_actions') },
        cell: (c) => (
          <button
            type="button"
            className="btn-small"
            disabled={replay.isPending}
            onClick={() => void send(c.row.original)}
          >
            {t('integrations:replay')}
            <span className="sr-only">
              {' '}
              {t(`integrations:events.${c.row.original.event_type.replace('.', '_')}`)}{' '}
              {c.row.original.event_id}
            </span>
          </button>
        ),
      }),
    ];
  }, [t, replay]);
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table keeps its own state; nothing here is memoised by the compiler
  const table = useReactTable({
    data: deliveries.data ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    enableSorting: false,
  });
  if (deliveries.isPending) return <Loading />;
  if (deliveries.isError) return <FormError message={apiFormError(t, deliveries.error)} />;
  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-semibold">{t('integrations:deliveries_title')}</h3>
      <FormError message={error} />
      <DataTable
        table={table}
        label={t('integrations:deliveries_label', { url: endpoint.url })}
        empty={t('integrations:no_deliveries')}
        testId="deliveries-table"
      />
    </div>
  );
}
