import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { roleHas } from '@bilheteira/shared/backoffice-roles';
import { ConfirmDialog } from '@bilheteira/ui/confirm-dialog';
import { useShell } from '../../../app/shell-context';
import { FormError } from '../../../components/form-error';
import { Loading } from '../../../components/loading';
import { notify } from '../../../lib/notice';
import { serverError } from '../form-kit';
import { useStationChange, useStations, type StationView, type StationWithKeyView } from './bar-api';
import { BraceletLookup } from './bracelet-lookup';
import { Bracelets } from './bracelets-section';
import { MenuSection } from './menu-section';
import { ProductsSection } from './products-section';
import { ReconciliationCard } from './reconciliation-card';
import { ShiftTotals } from './shift-totals';
import { StationDialog, StationKeyDialog } from './station-dialogs';

/**
 * The event's cashless bar: its stations (tills and their keys), products and menus, shift
 * totals, bracelets (a bracelet's history, batches) and, for finance.view, the float reconciled.
 */
export function BarPanel({
  organizerId,
  eventId,
  timeZone,
}: {
  organizerId: number;
  eventId: number;
  timeZone: string;
}) {
  const { current } = useShell();
  return (
    <div className="flex flex-col gap-8">
      <Stations organizerId={organizerId} eventId={eventId} />
      <ProductsSection organizerId={organizerId} eventId={eventId} />
      <MenuSection organizerId={organizerId} eventId={eventId} />
      <ShiftTotals organizerId={organizerId} eventId={eventId} timeZone={timeZone} />
      <BraceletLookup organizerId={organizerId} eventId={eventId} timeZone={timeZone} />
      <Bracelets organizerId={organizerId} eventId={eventId} />
      {current && roleHas(current.role, 'finance.view') && (
        <ReconciliationCard organizerId={organizerId} eventId={eventId} />
      )}
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
