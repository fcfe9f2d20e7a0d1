import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@bilheteira/ui/confirm-dialog';
import { FormError } from '../../../components/form-error';
import { Loading } from '../../../components/loading';
import { notify } from '../../../lib/notice';
import type { AdminEventView } from '../events-api';
import { serverError } from '../form-kit';
import { CheckinLists } from './checkin-lists';
import { AddDeviceDialog, EnrolmentDialog } from './device-dialogs';
import {
  useCheckinListChange,
  useCheckinLists,
  useDeviceChange,
  useDevices,
  type DoorDeviceView,
  type DoorDeviceWithKeyView,
} from './door-api';
import { ScanLog } from './scan-log';
import { useWhen } from './use-when';

/**
 * The event's door: its check-in lists (which tickets enter at which gate), its devices (keys
 * and enrolment codes, the list each admits by, counts) and what they scanned.
 */
export function DoorPanel({ organizerId, event }: { organizerId: number; event: DoorEvent }) {
  return (
    <div className="flex flex-col gap-8">
      <CheckinLists organizerId={organizerId} event={event} />
      <Devices organizerId={organizerId} eventId={event.id} />
      <ScanLog organizerId={organizerId} eventId={event.id} />
    </div>
  );
}

type DoorEvent = Pick<AdminEventView, 'id' | 'ticket_types' | 'sessions' | 'days' | 'timezone'>;

function Devices({ organizerId, eventId }: { organizerId: number; eventId: number }) {
  const { t } = useTranslation(['door', 'common']);
  const when = useWhen();
  const devices = useDevices(organizerId, eventId);
  const change = useDeviceChange(organizerId, eventId);
  const lists = useCheckinLists(organizerId, eventId);
  const assign = useCheckinListChange(organizerId, eventId);
  const [adding, setAdding] = useState(false);
  const [keyed, setKeyed] = useState<DoorDeviceWithKeyView | null>(null);
  const [asking, setAsking] = useState<{ kind: 'rotate' | 'revoke'; device: DoorDeviceView } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const act = async () => {
    if (!asking) return;
    setError(null);
    try {
      const res = await change.mutateAsync({ kind: asking.kind, id: asking.device.id });
      setAsking(null);
      if (asking.kind === 'rotate') setKeyed(res.data as DoorDeviceWithKeyView);
      else notify(res.message ?? t('door:revoked_notice'));
    } catch (err) {
      setError(serverError(t, err));
    }
  };
  const onList = async (deviceId: number, listId: number | null) => {
    setError(null);
    try {
      const res = await assign.mutateAsync({ kind: 'assign', deviceId, listId });
      if (res.message) notify(res.message);
    } catch (err) {
      setError(serverError(t, err));
    }
  };
  return (
    <section aria-labelledby="devices-title">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="devices-title" className="text-xl font-bold">
          {t('door:devices_title')}
        </h2>
        <button
          type="button"
          className="btn-primary"
          onClick={() => setAdding(true)}
          data-testid="add-device"
        >
          {t('door:add_device')}
        </button>
      </div>
      <p className="mb-3 text-sm text-slate-700">{t('door:devices_intro')}</p>
      <FormError message={error} />
      {devices.isPending ? (
        <Loading />
      ) : devices.isError ? (
        <FormError message={serverError(t, devices.error)} />
      ) : devices.data.length === 0 ? (
        <p className="card text-slate-700">{t('door:no_devices')}</p>
      ) : (
        <ul className="flex flex-col gap-2" data-testid="devices">
          {devices.data.map((d) => (
            <li
              key={d.id}
              className="card flex flex-col gap-2 py-4 sm:flex-row sm:items-center sm:justify-between"
              data-testid="device"
            >
              <div className="min-w-0">
                <p className="font-semibold">
                  {d.name}
                  {d.status === 'revoked' && (
                    <span className="ml-2 rounded bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800">
                      {t('door:revoked')}
                    </span>
                  )}
                </p>
                <p className="text-sm text-slate-700" data-testid="device-counts">
                  {t('door:device_counts', { admitted: d.admitted, scans: d.scans, count: d.scans })}
                  {d.last_scan_at && ` · ${t('door:last_scan', { when: when(d.last_scan_at) })}`}
                </p>
              </div>
              {d.status === 'active' && (
                <div className="flex shrink-0 flex-wrap items-center gap-2">
                  <label htmlFor={`device-list-${d.id}`} className="sr-only">
                    {t('door:device_list', { name: d.name })}
                  </label>
                  <select
                    id={`device-list-${d.id}`}
                    className="field-input w-auto py-1"
                    value={d.list_id ?? ''}
                    disabled={assign.isPending}
                    data-testid="device-list"
                    onChange={(e) =>
                      void onList(d.id, e.currentTarget.value ? Number(e.currentTarget.value) : null)
                    }
                  >
                    <option value="">{t('door:no_list')}</option>
                    {lists.data?.map((l) => (
                      <option key={l.id} value={l.id}>
                        {t('door:list_option', { name: l.name, gate: l.gate })}
                      </option>
                    ))}
                  </select>
                  <button
                    type="button"
                    className="btn-small"
                    onClick={() => setAsking({ kind: 'rotate', device: d })}
                  >
                    {t('door:rotate_key')}
                    <span className="sr-only"> {d.name}</span>
                  </button>
                  <button
                    type="button"
                    className="btn-small"
                    onClick={() => setAsking({ kind: 'revoke', device: d })}
                  >
                    {t('door:revoke')}
                    <span className="sr-only"> {d.name}</span>
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {adding && (
        <AddDeviceDialog
          organizerId={organizerId}
          eventId={eventId}
          onClose={() => setAdding(false)}
          onKey={(d) => {
            setAdding(false);
            setKeyed(d);
          }}
        />
      )}
      {keyed && <EnrolmentDialog device={keyed} onClose={() => setKeyed(null)} />}
      <ConfirmDialog
        open={asking !== null}
        title={t(asking?.kind === 'revoke' ? 'door:revoke_title' : 'door:rotate_title', {
          name: asking?.device.name ?? '',
        })}
        text={t(asking?.kind === 'revoke' ? 'door:revoke_text' : 'door:rotate_text')}
        confirmLabel={t(asking?.kind === 'revoke' ? 'door:revoke' : 'door:rotate_key')}
        cancelLabel={t('common:cancel')}
        danger={asking?.kind === 'revoke'}
        busy={change.isPending}
        onConfirm={() => void act()}
        onCancel={() => setAsking(null)}
      />
    </section>
  );
}
