import { createColumnHelper, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ORDER_SEARCH_MAX } from '@bilheteira/shared/schemas/backoffice-orders';
import { ATTENDEE_CHECKED_IN, ATTENDEE_STATUSES } from '@bilheteira/shared/schemas/backoffice-attendees';
import { DataTable } from '../../../components/data-table';
import { FormError } from '../../../components/form-error';
import { Loading } from '../../../components/loading';
import { apiFormError } from '../../../lib/forms';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notice';
import type { AdminEventView } from '../events-api';
import {
  downloadAttendees,
  useAttendees,
  type Attendee,
  type AttendeeExportFormat,
  type AttendeeFilterValues,
} from './attendees-api';

const col = createColumnHelper<Attendee>();
const NO_FILTERS: AttendeeFilterValues = {
  q: '',
  ticketTypeId: 0,
  sessionId: 0,
  status: 'all',
  checkedIn: 'all',
};

/**
 * The event's attendees (every ticket issued): search, filters, pages by keyset (a stack of the
 * pages' starts for "previous"), and the same list as a CSV or XLSX file.
 */
export function AttendeesPanel({ organizerId, event }: { organizerId: number; event: AdminEventView }) {
  const { t } = useTranslation(['attendees', 'common']);
  const [filters, setFilters] = useState<AttendeeFilterValues>(NO_FILTERS);
  const [search, setSearch] = useState('');
  // the start (`after`) of each page seen, the current one last
  const [starts, setStarts] = useState<number[]>([0]);
  const after = starts.at(-1) ?? 0;
  const list = useAttendees(organizerId, event.id, filters, after);
  const [exporting, setExporting] = useState<AttendeeExportFormat | null>(null);

  const change = (next: Partial<AttendeeFilterValues>) => {
    setFilters((f) => ({ ...f, ...next }));
    setStarts([0]);
  };

  // searching as one types, a moment after the last key
  useEffect(() => {
    if (search.trim() === filters.q) return;
    const timer = setTimeout(() => {
      setFilters((f) => ({ ...f, q: search.trim() }));
      setStarts([0]);
    }, 300);
    return () => clearTimeout(timer);
  }, [search, filters.q]);

  const exportAs = async (format: AttendeeExportFormat) => {
    setExporting(format);
    try {
      await downloadAttendees(organizerId, event.id, filters, format);
    } catch (err) {
      notify(apiFormError(t, err), 'error');
    } finally {
      setExporting(null);
    }
  };

  const next = list.data?.meta.next_after ?? null;
  return (
    <section aria-labelledby="attendees-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="attendees-title" className="text-lg font-semibold">
            {t('attendees:title')}
          </h2>
          <p className="text-sm text-slate-700">{t('attendees:intro')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {(['csv', 'xlsx'] as const).map((format) => (
            <button
              key={format}
              type="button"
              className="btn-secondary"
              disabled={exporting !== null}
              aria-busy={exporting === format}
              onClick={() => void exportAs(format)}
              data-testid={`attendees-export-${format}`}
            >
              {exporting === format ? t('attendees:exporting') : t(`attendees:export_${format}`)}
            </button>
          ))}
        </div>
      </div>

      <Filters event={event} search={search} onSearch={setSearch} filters={filters} onChange={change} />

      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <FormError message={apiFormError(t, list.error)} />
      ) : (
        <AttendeesTable attendees={list.data.data} />
      )}
      {(starts.length > 1 || next !== null) && (
        <nav aria-label={t('common:pagination')} className="flex flex-wrap items-center justify-end gap-3">
          <button
            type="button"
            className="btn-small"
            disabled={starts.length <= 1}
            onClick={() => setStarts((s) => s.slice(0, -1))}
          >
            {t('common:previous')}
          </button>
          <span className="text-sm text-slate-700">{t('attendees:page', { page: starts.length })}</span>
          <button
            type="button"
            className="btn-small"
            disabled={next === null || list.isPlaceholderData}
            onClick={() => next !== null && setStarts((s) => [...s, next])}
            data-testid="attendees-next"
          >
            {t('common:next')}
          </button>
        </nav>
      )}
    </section>
  );
}

/** The search box and the filters (type, session for a session event, status, checked in). */
function Filters({
  event,
  search,
  onSearch,
  filters,
  onChange: change,
}: {
  event: AdminEventView;
  search: string;
  onSearch(text: string): void;
  filters: AttendeeFilterValues;
  onChange(next: Partial<AttendeeFilterValues>): void;
}) {
  const { t } = useTranslation('attendees');
  return (
    <div
      className={`grid gap-3 sm:grid-cols-2 lg:items-start ${
        // the search wider, then one column per filter (the session's only for a session event)
        event.sessions.length > 0
          ? 'lg:grid-cols-[minmax(0,2fr)_repeat(4,minmax(0,1fr))]'
          : 'lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))]'
      }`}
    >
      <div className="sm:col-span-2 lg:col-span-1">
        <label htmlFor="attendees-search" className="field-label">
          {t('attendees:search')}
        </label>
        <input
          id="attendees-search"
          type="search"
          className="field-input"
          value={search}
          maxLength={ORDER_SEARCH_MAX}
          autoComplete="off"
          aria-describedby="attendees-search-hint"
          onChange={(e) => onSearch(e.target.value)}
          data-testid="attendees-search"
        />
        <p id="attendees-search-hint" className="mt-1 text-xs text-slate-700">
          {t('attendees:search_hint')}
        </p>
      </div>
      <Choice
        id="attendees-type"
        label={t('attendees:type_filter')}
        value={filters.ticketTypeId}
        onChange={(v) => change({ ticketTypeId: Number(v) })}
        options={[
          [0, t('attendees:all_types')],
          ...event.ticket_types.map((x) => [x.id, x.name] as [number, string]),
        ]}
      />
      {event.sessions.length > 0 && (
        <Choice
          id="attendees-session"
          label={t('attendees:session_filter')}
          value={filters.sessionId}
          onChange={(v) => change({ sessionId: Number(v) })}
          options={[
            [0, t('attendees:all_sessions')],
            ...event.sessions.map((s) => [s.id, `${s.date} ${s.hour}`] as [number, string]),
          ]}
        />
      )}
      <Choice
        id="attendees-status"
        label={t('attendees:status_filter')}
        value={filters.status}
        onChange={(v) => change({ status: v as AttendeeFilterValues['status'] })}
        options={ATTENDEE_STATUSES.map((s) => [s, t(`attendees:status.${s}`)])}
      />
      <Choice
        id="attendees-checked-in"
        label={t('attendees:checked_in_filter')}
        value={filters.checkedIn}
        onChange={(v) => change({ checkedIn: v as AttendeeFilterValues['checkedIn'] })}
        options={ATTENDEE_CHECKED_IN.map((s) => [s, t(`attendees:checked_in.${s}`)])}
      />
    </div>
  );
}

function Choice<V extends string | number>({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: V;
  options: [V, string][];
  onChange(v: string): void;
}) {
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <select id={id} className="field-input" value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

function AttendeesTable({ attendees }: { attendees: Attendee[] }) {
  const { t, i18n } = useTranslation('attendees');
  const columns = useMemo(
    () => [
      col.accessor('holder', {
        header: () => t('col_holder'),
        meta: { label: t('col_holder') },
        cell: (c) => {
          const h = c.getValue();
          if (h.erased) return <span className="text-slate-700">{t('erased')}</span>;
          return (
            <div className="min-w-40">
              {h.name && <p className="font-medium">{h.name}</p>}
              {h.mobile && <p className="text-slate-700">{h.mobile}</p>}
              {h.email && <p className="break-all text-slate-700">{h.email}</p>}
            </div>
          );
        },
      }),
      col.accessor('id', {
        header: () => t('col_ticket'),
        meta: { label: t('col_ticket') },
        cell: (c) => (
          <div>
            <p className="font-mono">#{c.getValue()}</p>
            <p>{c.row.original.ticket_type.name}</p>
            {c.row.original.session ? (
              <p className="text-slate-700">
                {c.row.original.session.date} {c.row.original.session.hour}
              </p>
            ) : (
              c.row.original.days.length > 0 && (
                <p className="text-slate-700">{c.row.original.days.join(', ')}</p>
              )
            )}
          </div>
        ),
      }),
      col.accessor('order', {
        header: () => t('col_order'),
        meta: { label: t('col_order') },
        cell: (c) => <span className="font-mono">{c.getValue()?.reference ?? '—'}</span>,
      }),
      col.accessor('status', {
        header: () => t('col_status'),
        meta: { label: t('col_status') },
        cell: (c) => {
          const a = c.row.original;
          const key =
            a.status === 'canceled' ? 'canceled' : a.transfer_pending ? 'transfer_pending' : 'active';
          const tone =
            key === 'canceled'
              ? 'bg-red-100 text-red-900'
              : key === 'transfer_pending'
                ? 'bg-amber-100 text-amber-900'
                : 'bg-emerald-100 text-emerald-900';
          return (
            <span className={`whitespace-nowrap rounded px-2 py-0.5 text-xs font-semibold ${tone}`}>
              {t(`state.${key}`)}
            </span>
          );
        },
      }),
      col.accessor('last_checkin', {
        header: () => t('col_checked_in'),
        meta: { label: t('col_checked_in') },
        cell: (c) => {
          const last = c.getValue();
          if (!last) return <span className="text-slate-700">{t('not_checked_in')}</span>;
          return (
            <div>
              <p className="whitespace-nowrap">{formatDateTime(last.at)}</p>
              <p className="text-slate-700">
                {last.gate ?? t('unknown_gate')}
                {c.row.original.checkins > 1 && ` · ${t('days_in', { count: c.row.original.checkins })}`}
              </p>
            </div>
          );
        },
      }),
    ],
    // the language is a dependency: dates are formatted in it (formatDateTime reads i18next)
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, i18n.language],
  );
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table keeps its own state; nothing here is memoised by the compiler
  const table = useReactTable({
    data: attendees,
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualFiltering: true,
    enableSorting: false,
  });
  return <DataTable table={table} label={t('table_label')} empty={t('none')} testId="attendees-table" />;
}
