import type { SortingState } from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { roleHas } from '@bilheteira/shared/backoffice-roles';
import { ADMIN_EVENT_SORTS } from '@bilheteira/shared/schemas/backoffice-events';
import { paths } from '../../app/nav';
import { useShell } from '../../app/shell-context';
import { FormError } from '../../components/form-error';
import { Loading } from '../../components/loading';
import { PageHeader } from '../../components/page-header';
import { Pager } from '../../components/pager';
import { api } from '../../lib/api';
import { notify } from '../../lib/notice';
import { serverError } from './form-kit';
import {
  useDuplicateEvent,
  useEventList,
  type AdminEventSummary,
  type EventListParams,
  type EventStatusFilter,
} from './events-api';
import { publicUrl } from './event-status';
import { EventsTable, type RowActions } from './events-table';
import { PreviewDialog } from './preview-dialog';
import { PublishDialog } from './publish-dialog';

const STATUSES: EventStatusFilter[] = ['all', 'draft', 'published', 'cancelled'];

/** The list's state lives in the URL (shareable, survives a reload). */
function useListParams(): [EventListParams, (next: Partial<EventListParams>) => void] {
  const [params, setParams] = useSearchParams();
  const pick = <T extends string>(name: string, allowed: readonly T[], fallback: T): T =>
    (allowed as readonly string[]).includes(params.get(name) ?? '') ? (params.get(name) as T) : fallback;
  const current: EventListParams = {
    page: Math.max(1, Number(params.get('page')) || 1),
    search: params.get('q') ?? '',
    status: pick('status', STATUSES, 'all'),
    sort: pick('sort', ADMIN_EVENT_SORTS, 'starts_at'),
    dir: pick('dir', ['asc', 'desc'] as const, 'asc'),
  };
  const set = (next: Partial<EventListParams>) => {
    const v = { ...current, page: 1, ...next };
    const q = new URLSearchParams();
    if (v.search) q.set('q', v.search);
    if (v.status !== 'all') q.set('status', v.status);
    if (v.sort !== 'starts_at' || v.dir !== 'asc') {
      q.set('sort', v.sort);
      q.set('dir', v.dir);
    }
    if (v.page > 1) q.set('page', String(v.page));
    setParams(q, { replace: true });
  };
  return [current, set];
}

/** The current organiser's events: search, status, sort and pages on the server; actions per row. */
export function EventsListPage() {
  const { t } = useTranslation(['events', 'common']);
  const { current } = useShell();
  const navigate = useNavigate();
  const organizerId = current?.organizer_id ?? 0;
  const [p, setP] = useListParams();
  const [search, setSearch] = useState(p.search);
  const list = useEventList(organizerId, p);
  const duplicate = useDuplicateEvent(organizerId);
  const [previewing, setPreviewing] = useState<number | null>(null);
  const [publishing, setPublishing] = useState<AdminEventSummary | null>(null);

  // searching as one types, a moment after the last key
  useEffect(() => {
    if (search === p.search) return;
    const timer = setTimeout(() => setP({ search }), 300);
    return () => clearTimeout(timer);
  }, [search, p.search, setP]);

  const role = current?.role;
  const actions: RowActions = useMemo(
    () => ({
      canEdit: !!role && roleHas(role, 'events.edit'),
      canPublish: !!role && roleHas(role, 'events.publish'),
      onDuplicate: (e) =>
        duplicate.mutate(e.id, {
          onSuccess: (res) => {
            notify(res.message ?? t('events:duplicated'));
            void navigate(paths.event(organizerId, res.data.id));
          },
          onError: (err) => notify(serverError(t, err), 'error'),
        }),
      onPreview: (e) => {
        if (e.status !== 'published') return setPreviewing(e.id);
        // the page of a private event is its secret link: read it, in the tab opened now
        const tab = window.open('', '_blank');
        void api<{ public_path: string }>(`/organizers/${organizerId}/events/${e.id}`).then(
          (full) => {
            if (tab) {
              tab.opener = null;
              tab.location.href = publicUrl(full.public_path);
            }
          },
          (err: unknown) => {
            tab?.close();
            notify(serverError(t, err), 'error');
          },
        );
      },
      onPublish: setPublishing,
    }),
    [role, duplicate, navigate, organizerId, t],
  );
  if (!current || !roleHas(current.role, 'events.view')) return <Navigate to="/" replace />;
  const sorting: SortingState = [{ id: p.sort, desc: p.dir === 'desc' }];
  const meta = list.data?.meta;
  return (
    <div className="max-w-6xl">
      <PageHeader
        title={t('events:title')}
        subtitle={current.organizer_name}
        actions={
          actions.canEdit && (
            <Link to={paths.newEvent(organizerId)} className="btn-primary" data-testid="new-event">
              {t('events:new')}
            </Link>
          )
        }
      />
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="sm:w-80">
          <label htmlFor="events-search" className="field-label">
            {t('events:search')}
          </label>
          <input
            id="events-search"
            type="search"
            className="field-input"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={t('events:search_placeholder')}
          />
        </div>
        <div className="sm:w-56">
          <label htmlFor="events-status" className="field-label">
            {t('events:status')}
          </label>
          <select
            id="events-status"
            className="field-input"
            value={p.status}
            onChange={(e) => setP({ status: e.target.value as EventStatusFilter })}
          >
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`events:filter_${s}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <FormError message={serverError(t, list.error)} />
      ) : (
        <EventsTable
          organizerId={organizerId}
          events={list.data.data}
          sorting={sorting}
          onSortingChange={(s) => {
            const first = s[0];
            if (first) setP({ sort: first.id as EventListParams['sort'], dir: first.desc ? 'desc' : 'asc' });
          }}
          actions={actions}
        />
      )}
      {meta && meta.last_page > 1 && (
        <Pager
          page={p.page}
          lastPage={meta.last_page}
          onPage={(page) => setP({ ...p, page })}
          summary={<span className="text-sm text-slate-700">{t('events:total', { count: meta.total })}</span>}
        />
      )}
      <PreviewDialog organizerId={organizerId} eventId={previewing} onClose={() => setPreviewing(null)} />
      <PublishDialog organizerId={organizerId} event={publishing} onClose={() => setPublishing(null)} />
    </div>
  );
}
