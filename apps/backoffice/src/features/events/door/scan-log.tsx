import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHECKIN_RESULTS } from '@bilheteira/shared/ticket-status';
import { FormError } from '../../../components/form-error';
import { Loading } from '../../../components/loading';
import { serverError } from '../form-kit';
import { useDevices, useScanLog } from './door-api';
import { useWhen } from './use-when';

/** What the event's door devices scanned, newest first, by device and answer. */
export function ScanLog({ organizerId, eventId }: { organizerId: number; eventId: number }) {
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
