import { useTranslation } from 'react-i18next';
import { REFUND_STATUSES } from '@bilheteira/shared/wallet';
import type { RefundListParams } from './refunds-api';

export const STATUS_FILTERS = ['all', ...REFUND_STATUSES] as const;

/** Status, event and search over the queue (the search is typed into `search`, applied by the page). */
export function RefundFilters({
  params,
  events,
  search,
  onSearch,
  onChange,
}: {
  params: RefundListParams;
  events: { id: number; name: string }[];
  search: string;
  onSearch(text: string): void;
  onChange(next: Partial<RefundListParams>): void;
}) {
  const { t } = useTranslation('refunds');
  return (
    <div className="mb-4 grid gap-3 sm:grid-cols-3">
      <div>
        <label htmlFor="refunds-status" className="field-label">
          {t('filter_status')}
        </label>
        <select
          id="refunds-status"
          className="field-input"
          value={params.status}
          onChange={(e) => onChange({ status: e.target.value as RefundListParams['status'] })}
          data-testid="status-filter"
        >
          {STATUS_FILTERS.map((s) => (
            <option key={s} value={s}>
              {s === 'all' ? t('all_statuses') : t(`status_plural.${s}`)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="refunds-event" className="field-label">
          {t('filter_event')}
        </label>
        <select
          id="refunds-event"
          className="field-input"
          value={params.eventId ?? ''}
          onChange={(e) => onChange({ eventId: Number(e.target.value) || null })}
        >
          <option value="">{t('all_events')}</option>
          {events.map((e) => (
            <option key={e.id} value={e.id}>
              {e.name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="refunds-search" className="field-label">
          {t('search')}
        </label>
        <input
          id="refunds-search"
          type="search"
          className="field-input"
          value={search}
          onChange={(e) => onSearch(e.target.value)}
          placeholder={t('search_placeholder')}
        />
      </div>
    </div>
  );
}
