import { useTranslation } from 'react-i18next';
import type { AdminOrderSummary } from './orders-api';

const TONES: Record<AdminOrderSummary['status'], string> = {
  paid: 'bg-emerald-100 text-emerald-900',
  pending: 'bg-amber-100 text-amber-900',
  processing: 'bg-amber-100 text-amber-900',
  cancelled: 'bg-slate-200 text-slate-900',
  refunded: 'bg-sky-100 text-sky-900',
};

/** An order's status as a badge (text, never colour alone). */
export function OrderStatusBadge({ status }: { status: AdminOrderSummary['status'] }) {
  const { t } = useTranslation('orders');
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${TONES[status]}`}>
      {t(`status.${status}`)}
    </span>
  );
}
