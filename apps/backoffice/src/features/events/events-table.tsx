import { createColumnHelper, getCoreRowModel, useReactTable, type SortingState } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../app/nav';
import { DataTable } from '../../components/data-table';
import type { AdminEventSummary } from './events-api';
import { formatEventDates, StatusBadge } from './event-status';

const col = createColumnHelper<AdminEventSummary>();

export interface RowActions {
  canEdit: boolean;
  canPublish: boolean;
  onDuplicate(e: AdminEventSummary): void;
  onPreview(e: AdminEventSummary): void;
  onPublish(e: AdminEventSummary): void;
}

/** The organiser's events, sorted by the API (the headers ask it for another order). */
export function EventsTable({
  organizerId,
  events,
  sorting,
  onSortingChange,
  actions,
}: {
  organizerId: number;
  events: AdminEventSummary[];
  sorting: SortingState;
  onSortingChange(s: SortingState): void;
  actions: RowActions;
}) {
  const { t, i18n } = useTranslation(['events', 'common']);
  const columns = useMemo(
    () => [
      col.accessor('name', {
        header: () => t('events:col_event'),
        cell: (c) => (
          <div className="min-w-44">
            <Link
              to={paths.event(organizerId, c.row.original.id)}
              className="font-semibold text-slate-950 underline-offset-2 hover:underline"
              data-testid="event-link"
            >
              {c.getValue()}
            </Link>
            <p className="text-slate-700">
              {[c.row.original.venue_name, c.row.original.city].filter(Boolean).join(' · ')}
            </p>
          </div>
        ),
      }),
      col.accessor('starts_at', {
        header: () => t('events:col_dates'),
        cell: (c) => (
          <span className="whitespace-nowrap">{formatEventDates(c.row.original, i18n.language)}</span>
        ),
      }),
      col.accessor('status', {
        header: () => t('events:col_status'),
        cell: (c) => <StatusBadge event={c.row.original} />,
      }),
      col.accessor('sold', {
        header: () => t('events:col_sold'),
        enableSorting: false,
        cell: (c) => (
          <span className="whitespace-nowrap tabular-nums">
            {c.getValue()} / {c.row.original.quantity}
          </span>
        ),
      }),
      col.display({
        id: 'actions',
        header: () => <span className="sr-only">{t('common:actions')}</span>,
        cell: (c) => <RowButtons event={c.row.original} organizerId={organizerId} actions={actions} />,
      }),
    ],
    [t, i18n.language, organizerId, actions],
  );
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table keeps its own state; nothing here is memoised by the compiler
  const table = useReactTable({
    data: events,
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
  return <DataTable table={table} label={t('events:title')} empty={t('events:none')} testId="events-table" />;
}

function RowButtons({
  event: e,
  organizerId,
  actions,
}: {
  event: AdminEventSummary;
  organizerId: number;
  actions: RowActions;
}) {
  const { t } = useTranslation('events');
  const name = <span className="sr-only"> {e.name}</span>;
  return (
    <div className="flex min-w-56 flex-wrap gap-2">
      <Link to={paths.event(organizerId, e.id)} className="btn-small">
        {actions.canEdit ? t('edit') : t('open')}
        {name}
      </Link>
      {actions.canEdit && (
        <button
          type="button"
          className="btn-small"
          onClick={() => actions.onDuplicate(e)}
          data-testid={`duplicate-${e.id}`}
        >
          {t('duplicate')}
          {name}
        </button>
      )}
      <button
        type="button"
        className="btn-small"
        onClick={() => actions.onPreview(e)}
        data-testid={`preview-${e.id}`}
      >
        {t('preview')}
        {name}
      </button>
      {actions.canPublish && e.status !== 'cancelled' && (
        <button
          type="button"
          className="btn-small"
          onClick={() => actions.onPublish(e)}
          data-testid={`publish-${e.id}`}
        >
          {e.status === 'published' ? t('unpublish') : t('publish')}
          {name}
        </button>
      )}
    </div>
  );
}
