import { useTranslation } from 'react-i18next';
import { TICKET_STATUSES } from '@bilheteira/shared/ticket-status';

const TONE: Record<string, string> = {
  valid: 'bg-emerald-100 text-emerald-900 ring-emerald-300',
  waiting: 'bg-amber-100 text-amber-900 ring-amber-300',
  used: 'bg-slate-200 text-slate-800 ring-slate-300',
};

/** Spec §3: the status label, translated by the status name; any other name is "invalid". */
export function StatusBadge({ name }: { name: string | null }) {
  const { t } = useTranslation('tickets');
  if (!name) {
    return (
      <span
        className="inline-block h-6 w-20 animate-pulse rounded-full bg-slate-200"
        aria-busy="true"
        aria-label={t('status_loading')}
        data-testid="ticket-status-loading"
      />
    );
  }
  const known = (TICKET_STATUSES as string[]).includes(name);
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${
        TONE[name] ?? 'bg-red-50 text-red-800 ring-red-200'
      }`}
      data-testid="ticket-status"
      data-status={name}
    >
      {known ? t(`status.${name}`) : t('status.invalid')}
    </span>
  );
}
