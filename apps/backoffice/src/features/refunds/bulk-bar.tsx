import { useTranslation } from 'react-i18next';
import type { RefundDecisionResult } from '@bilheteira/shared/schemas/backoffice-refunds';

/** "Select all on this page", how many are selected and the three decisions on them. */
export function BulkBar({
  total,
  selected,
  busy,
  onSelectAll,
  onApprove,
  onReject,
  onPaid,
}: {
  /** rows on the page */
  total: number;
  selected: number;
  busy: boolean;
  onSelectAll(all: boolean): void;
  onApprove(): void;
  onReject(): void;
  onPaid(): void;
}) {
  const { t } = useTranslation('refunds');
  const all = total > 0 && selected === total;
  const off = !selected || busy;
  return (
    <div
      role="group"
      aria-label={t('bulk_label')}
      className="mb-3 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200"
    >
      <label className="flex items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          className="size-5 accent-amber-600"
          checked={all}
          disabled={!total}
          onChange={() => onSelectAll(!all)}
          data-testid="select-all"
        />
        {t('select_all')}
      </label>
      <p className="text-sm text-slate-700" aria-live="polite" data-testid="selected-count">
        {t('selected', { count: selected })}
      </p>
      <div className="flex flex-wrap gap-2 sm:ml-auto">
        <button
          type="button"
          className="btn-small"
          disabled={off}
          onClick={onApprove}
          data-testid="bulk-approve"
        >
          {t('approve')}
        </button>
        <button
          type="button"
          className="btn-small"
          disabled={off}
          onClick={onReject}
          data-testid="bulk-reject"
        >
          {t('reject')}
        </button>
        <button type="button" className="btn-small" disabled={off} onClick={onPaid} data-testid="bulk-paid">
          {t('mark_paid')}
        </button>
      </div>
    </div>
  );
}

/** The requests a decision left as they were, each with why; stays until dismissed. */
export function SkippedNotice({
  skipped,
  onDismiss,
}: {
  skipped: RefundDecisionResult['skipped'];
  onDismiss(): void;
}) {
  const { t } = useTranslation(['refunds', 'common']);
  if (!skipped.length) return null;
  return (
    <div
      className="mb-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-200"
      data-testid="skipped"
    >
      <p className="font-semibold">{t('refunds:skipped_title', { count: skipped.length })}</p>
      <ul className="mt-1 list-disc pl-5">
        {skipped.map((s) => (
          <li key={s.id}>
            #{s.id}: {s.message}
          </li>
        ))}
      </ul>
      <button type="button" className="btn-small mt-2" onClick={onDismiss}>
        {t('common:close')}
      </button>
    </div>
  );
}
