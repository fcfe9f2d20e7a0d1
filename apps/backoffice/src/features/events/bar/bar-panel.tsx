import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@bilheteira/ui/confirm-dialog';
import { FormError } from '../../../components/form-error';
import { Loading } from '../../../components/loading';
import { Pager } from '../../../components/pager';
import { ApiError } from '../../../lib/api';
import { notify } from '../../../lib/notice';
import { serverError } from '../form-kit';
import {
  useBracelets,
  useImportBracelets,
  useStationChange,
  useStations,
  type StationView,
  type StationWithKeyView,
} from './bar-api';
import { ShiftTotals } from './shift-totals';
import { StationDialog, StationKeyDialog } from './station-dialogs';

/** The event's cashless bar: its stations (tills and their keys) and its bracelets. */
export function BarPanel({
  organizerId,
  eventId,
  timeZone,
}: {
  organizerId: number;
  eventId: number;
  timeZone: string;
}) {
  return (
    <div className="flex flex-col gap-8">
      <Stations organizerId={organizerId} eventId={eventId} />
      <ShiftTotals organizerId={organizerId} eventId={eventId} timeZone={timeZone} />
      <Bracelets organizerId={organizerId} eventId={eventId} />
    </div>
  );
}

function Stations({ organizerId, eventId }: { organizerId: number; eventId: number }) {
  const { t } = useTranslation(['bar', 'common']);
  const stations = useStations(organizerId, eventId);
  const change = useStationChange(organizerId, eventId);
  const [editing, setEditing] = useState<StationView | 'new' | null>(null);
  const [key, setKey] = useState<StationWithKeyView | null>(null);
  const [rotating, setRotating] = useState<StationView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const toggle = async (s: StationView) => {
    setError(null);
    try {
      const status = s.status === 'active' ? 'disabled' : 'active';
      await change.mutateAsync({ kind: 'update', id: s.id, body: { status } });
      notify(t(status === 'active' ? 'bar:enabled' : 'bar:disabled', { name: s.name }));
    } catch (err) {
      setError(serverError(t, err));
    }
  };
  const rotate = async (s: StationView) => {
    setError(null);
    try {
      const res = await change.mutateAsync({ kind: 'rotate', id: s.id });
      setRotating(null);
      setKey(res.data as StationWithKeyView);
    } catch (err) {
      setError(serverError(t, err));
    }
  };
  return (
    <section aria-labelledby="stations-title">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="stations-title" className="text-xl font-bold">
          {t('bar:stations_title')}
        </h2>
        <button
          type="button"
          className="btn-primary"
          onClick={() => setEditing('new')}
          data-testid="add-station"
        >
          {t('bar:add_station')}
        </button>
      </div>
      <p className="mb-3 text-sm text-slate-700">{t('bar:stations_intro')}</p>
      <FormError message={error} />
      {stations.isPending ? (
        <Loading />
      ) : stations.isError ? (
        <FormError message={serverError(t, stations.error)} />
      ) : stations.data.length === 0 ? (
        <p className="card text-slate-700">{t('bar:no_stations')}</p>
      ) : (
        <ul className="flex flex-col gap-2" data-testid="stations">
          {stations.data.map((s) => (
            <li
              key={s.id}
              className="card flex flex-col gap-2 py-4 sm:flex-row sm:items-center sm:justify-between"
              data-testid="station"
            >
              <div className="min-w-0">
                <p className="font-semibold">{s.name}</p>
                <p className="text-sm text-slate-700">
                  {t(`bar:role_${s.role}`)} ·{' '}
                  <span data-testid="station-status">{t(`bar:status_${s.status}`)}</span>
                </p>
              </div>
              <div className="flex shrink-0 flex-wrap gap-2">
                <button type="button" className="btn-small" onClick={() => setEditing(s)}>
                  {t('bar:edit')}
                  <span className="sr-only"> {s.name}</span>
                </button>
                <button type="button" className="btn-small" onClick={() => setRotating(s)}>
                  {t('bar:rotate_key')}
                  <span className="sr-only"> {s.name}</span>
                </button>
                <button type="button" className="btn-small" onClick={() => void toggle(s)}>
                  {s.status === 'active' ? t('bar:disable') : t('bar:enable')}
                  <span className="sr-only"> {s.name}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing && (
        <StationDialog
          organizerId={organizerId}
          eventId={eventId}
          station={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onKey={(s) => {
            setEditing(null);
            setKey(s);
          }}
        />
      )}
      {key && <StationKeyDialog station={key} onClose={() => setKey(null)} />}
      <ConfirmDialog
        open={rotating !== null}
        title={t('bar:rotate_title', { name: rotating?.name ?? '' })}
        text={t('bar:rotate_text')}
        confirmLabel={t('bar:rotate_key')}
        cancelLabel={t('common:cancel')}
        busy={change.isPending}
        onConfirm={() => rotating && void rotate(rotating)}
        onCancel={() => setRotating(null)}
      />
    </section>
  );
}

/** The problems of a refused batch file, by line ("csv.3.uid" → "Linha 3 (UID): …"). */
function fileProblems(t: (k: string, o?: Record<string, unknown>) => string, err: unknown): string[] {
  if (!(err instanceof ApiError)) return [];
  return Object.entries(err.fieldErrors).flatMap(([path, messages]) => {
    const [, line, field] = /^csv\.(\d+)\.(\w+)$/.exec(path) ?? [];
    return line
      ? messages.map((m) => t('bar:line_problem', { line, field: t(`bar:column_${field}`), problem: m }))
      : messages;
  });
}

function Bracelets({ organizerId, eventId }: { organizerId: number; eventId: number }) {
  const { t } = useTranslation(['bar', 'common']);
  const [q, setQ] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const list = useBracelets(organizerId, eventId, { q: search, page });
  const upload = useImportBracelets(organizerId, eventId);
  const [error, setError] = useState<string | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.currentTarget.files?.[0];
    e.currentTarget.value = '';
    if (!file) return;
    setError(null);
    setProblems([]);
    try {
      const res = await upload.mutateAsync(await file.text());
      notify(res.message ?? t('bar:saved'));
    } catch (err) {
      setError(serverError(t, err));
      setProblems(fileProblems(t, err));
    }
  };
  const meta = list.data?.meta;
  return (
    <section aria-labelledby="bracelets-title">
      <h2 id="bracelets-title" className="mb-3 text-xl font-bold">
        {t('bar:bracelets_title')}
      </h2>
      {meta && (
        <p className="mb-3 text-sm text-slate-700" data-testid="bracelet-counts">
          {t('bar:bracelet_counts', { active: meta.active, linked: meta.linked, blocked: meta.blocked })}
        </p>
      )}
      <div className="card mb-4 flex flex-col gap-2">
        <label htmlFor="bracelet-file" className="field-label">
          {t('bar:import_label')}
        </label>
        <p id="bracelet-file-hint" className="text-sm text-slate-700">
          {t('bar:import_hint')}
        </p>
        <input
          id="bracelet-file"
          type="file"
          accept=".csv,text/csv,text/plain"
          aria-describedby="bracelet-file-hint"
          onChange={(e) => void onFile(e)}
          disabled={upload.isPending}
          data-testid="bracelet-file"
        />
        <FormError message={error} />
        {problems.length > 0 && (
          <ul className="list-disc pl-5 text-sm text-red-800" data-testid="import-problems">
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        )}
      </div>
      <form
        role="search"
        className="mb-3 flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setSearch(q.trim());
          setPage(1);
        }}
      >
        <div>
          <label htmlFor="bracelet-search" className="field-label">
            {t('bar:search_label')}
          </label>
          <input
            id="bracelet-search"
            className="field-input"
            value={q}
            onChange={(e) => setQ(e.currentTarget.value)}
          />
        </div>
        <button type="submit" className="btn-secondary">
          {t('bar:search')}
        </button>
      </form>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <FormError message={serverError(t, list.error)} />
      ) : list.data.data.length === 0 ? (
        <p className="card text-slate-700">{t('bar:no_bracelets')}</p>
      ) : (
        <>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm" data-testid="bracelets-table">
              <caption className="sr-only">{t('bar:bracelets_title')}</caption>
              <thead>
                <tr className="border-b border-slate-300">
                  <th scope="col" className="py-2 pr-3">
                    {t('bar:column_code')}
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    {t('bar:column_uid')}
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    {t('bar:column_status')}
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    {t('bar:column_linked')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.data.map((b) => (
                  <tr key={b.id} className="border-b border-slate-200">
                    <td className="py-2 pr-3 font-mono">{b.code}</td>
                    <td className="py-2 pr-3 font-mono">{b.uid}</td>
                    <td className="py-2 pr-3">{t(`bar:bracelet_${b.status}`)}</td>
                    <td className="py-2 pr-3">{b.linked ? t('common:yes') : t('common:no')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {meta && (
            <Pager
              page={page}
              lastPage={Math.max(1, Math.ceil(meta.total / meta.per_page))}
              onPage={setPage}
              summary={
                <span className="text-sm text-slate-700">
                  {t('bar:bracelets_total', { count: meta.total })}
                </span>
              }
            />
          )}
        </>
      )}
    </section>
  );
}
