import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QRCodeSVG } from 'qrcode.react';
import { CHECKIN_RESULTS } from '@bilheteira/shared/ticket-status';
import { ConfirmDialog } from '@bilheteira/ui/confirm-dialog';
import { DialogFrame } from '@bilheteira/ui/dialog-frame';
import { FormError } from '../../../components/form-error';
import { Loading } from '../../../components/loading';
import { notify } from '../../../lib/notice';
import { serverError } from '../form-kit';
import {
  useDeviceChange,
  useDevices,
  useScanLog,
  type DoorDeviceView,
  type DoorDeviceWithKeyView,
} from './door-api';

/** The event's door: its devices (keys and enrolment codes, counts) and what they scanned. */
export function DoorPanel({ organizerId, eventId }: { organizerId: number; eventId: number }) {
  return (
    <div className="flex flex-col gap-8">
      <Devices organizerId={organizerId} eventId={eventId} />
      <ScanLog organizerId={organizerId} eventId={eventId} />
    </div>
  );
}

function useWhen() {
  const { i18n } = useTranslation();
  return (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' }).format(new Date(iso));
}

function Devices({ organizerId, eventId }: { organizerId: number; eventId: number }) {
  const { t } = useTranslation(['door', 'common']);
  const when = useWhen();
  const devices = useDevices(organizerId, eventId);
  const change = useDeviceChange(organizerId, eventId);
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
                <div className="flex shrink-0 flex-wrap gap-2">
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

function AddDeviceDialog({
  organizerId,
  eventId,
  onClose,
  onKey,
}: {
  organizerId: number;
  eventId: number;
  onClose(): void;
  onKey(d: DoorDeviceWithKeyView): void;
}) {
  const { t } = useTranslation(['door', 'common']);
  const change = useDeviceChange(organizerId, eventId);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    setError(null);
    try {
      const res = await change.mutateAsync({ kind: 'create', name });
      onKey(res.data as DoorDeviceWithKeyView);
    } catch (err) {
      setError(serverError(t, err));
    }
  };
  return (
    <DialogFrame
      open
      onClose={onClose}
      title={t('door:add_device_title')}
      closeLabel={t('common:close')}
      testId="device-dialog"
    >
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <div>
          <label htmlFor="device-name" className="field-label">
            {t('door:device_name')}
          </label>
          <p id="device-name-hint" className="mb-1 text-xs text-slate-700">
            {t('door:device_name_hint')}
          </p>
          <input
            id="device-name"
            className="field-input"
            value={name}
            aria-describedby={error ? 'device-name-hint device-error' : 'device-name-hint'}
            aria-invalid={error ? true : undefined}
            onChange={(e) => setName(e.currentTarget.value)}
          />
        </div>
        <div id="device-error">
          <FormError message={error} />
        </div>
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={onClose}>
            {t('common:cancel')}
          </button>
          <button type="submit" className="btn-primary" disabled={change.isPending} data-testid="save-device">
            {t('door:add_device')}
          </button>
        </div>
      </form>
    </DialogFrame>
  );
}

/** The enrolment QR code (the door app reads the API address and the key from it), shown once. */
function EnrolmentDialog({ device, onClose }: { device: DoorDeviceWithKeyView; onClose(): void }) {
  const { t } = useTranslation(['door', 'common']);
  return (
    <DialogFrame
      open
      onClose={onClose}
      title={t('door:enrolment_title', { name: device.name })}
      description={t('door:enrolment_once')}
      closeLabel={t('common:close')}
      testId="enrolment-dialog"
    >
      <div className="flex flex-col items-center gap-4">
        <QRCodeSVG value={device.enrolment} size={208} marginSize={2} title={t('door:enrolment_qr')} />
        <div className="w-full">
          <label htmlFor="device-key" className="field-label">
            {t('door:key_label')}
          </label>
          <input
            id="device-key"
            readOnly
            value={device.key}
            className="field-input font-mono text-sm"
            data-testid="device-key"
            onFocus={(e) => e.currentTarget.select()}
          />
        </div>
        <button type="button" className="btn-primary self-end" onClick={onClose} data-testid="enrolment-done">
          {t('door:enrolled')}
        </button>
      </div>
    </DialogFrame>
  );
}

function ScanLog({ organizerId, eventId }: { organizerId: number; eventId: number }) {
  const { t } = useTranslation(['door', 'common']);
  const when = useWhen();
  const devices = useDevices(organizerId, eventId);
  const [deviceId, setDeviceId] = useState<number | null>(null);
  const [result, setResult] = useState('');
  const [page, setPage] = useState(1);
  const log = useScanLog(organizerId, eventId, { deviceId, result, page });
  return (
    <section aria-labelledby="scans-title">
      <h2 id="scans-title" className="mb-3 text-xl font-bold">
        {t('door:scans_title')}
      </h2>
      <div className="mb-3 flex flex-wrap gap-3">
        <div>
          <label htmlFor="scan-device" className="field-label">
            {t('door:filter_device')}
          </label>
          <select
            id="scan-device"
            className="field-input"
            value={deviceId ?? ''}
            onChange={(e) => {
              setDeviceId(e.currentTarget.value ? Number(e.currentTarget.value) : null);
              setPage(1);
            }}
          >
            <option value="">{t('door:all_devices')}</option>
            {devices.data?.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="scan-result" className="field-label">
            {t('door:filter_result')}
          </label>
          <select
            id="scan-result"
            className="field-input"
            value={result}
            onChange={(e) => {
              setResult(e.currentTarget.value);
              setPage(1);
            }}
          >
            <option value="">{t('door:all_results')}</option>
            {CHECKIN_RESULTS.map((r) => (
              <option key={r} value={r}>
                {t(`door:result_${r}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {log.isPending ? (
        <Loading />
      ) : log.isError ? (
        <FormError message={serverError(t, log.error)} />
      ) : log.data.data.length === 0 ? (
        <p className="card text-slate-700">{t('door:no_scans')}</p>
      ) : (
        <>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm" data-testid="scans-table">
              <caption className="sr-only">{t('door:scans_title')}</caption>
              <thead>
                <tr className="border-b border-slate-300">
                  <th scope="col" className="py-2 pr-3">
                    {t('door:column_when')}
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    {t('door:column_device')}
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    {t('door:column_result')}
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    {t('door:column_ticket')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {log.data.data.map((s) => (
                  <tr key={s.id} className="border-b border-slate-200">
                    <td className="py-2 pr-3 whitespace-nowrap">
                      {when(s.scanned_at)}
                      {s.offline && <span className="text-slate-700"> · {t('door:offline')}</span>}
                    </td>
                    <td className="py-2 pr-3">{s.device}</td>
                    <td className="py-2 pr-3">{t(`door:result_${s.result}`, { defaultValue: s.result })}</td>
                    <td className="py-2 pr-3">
                      {[s.ticket_name, s.holder].filter(Boolean).join(' · ') || '—'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav aria-label={t('common:pagination')} className="mt-4 flex justify-end gap-3">
            <button
              type="button"
              className="btn-small"
              disabled={page <= 1}
              onClick={() => setPage(page - 1)}
            >
              {t('common:previous')}
            </button>
            <button
              type="button"
              className="btn-small"
              disabled={!log.data.meta.has_more}
              onClick={() => setPage(page + 1)}
            >
              {t('common:next')}
            </button>
          </nav>
        </>
      )}
    </section>
  );
}
