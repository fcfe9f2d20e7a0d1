import { allInPriceCents, formatEur, type ServiceFee } from '@bilheteira/shared/money';
import type { PriceScheduleView } from '@bilheteira/shared/schemas/pricing';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../i18n/i18n';
import { formatDayMonth } from '../../../lib/date-format';

/**
 * The announced price step in force and what comes after it, all-in like the price above:
 * "Early bird até 10 de março · depois 45,00 €", or by quantity "Early bird: restam 12 a este
 * preço · depois 45,00 €". Nothing when the ticket has no price step (or all are over).
 */
export function PriceStepNote({
  schedule,
  fee,
  timeZone,
}: {
  schedule: PriceScheduleView | undefined;
  fee: ServiceFee;
  timeZone: string;
}) {
  const { t } = useTranslation('catalog');
  if (!schedule?.label || !schedule.next) return null;
  const locale = currentLocale();
  const label = schedule.label;
  const now =
    schedule.ends_at !== null
      ? t('tickets.price_step_until', { label, date: formatDayMonth(schedule.ends_at, timeZone, locale) })
      : t('tickets.price_step_left', { label, count: schedule.left_at_price ?? 0 });
  const price = formatEur(allInPriceCents(schedule.next.price_cents, fee));
  const then = schedule.next.label
    ? t('tickets.price_step_then_named', { label: schedule.next.label, price })
    : t('tickets.price_step_then', { price });
  return (
    <p className="text-sm font-medium text-emerald-900" data-testid="price-step">
      {now}
      <span className="mx-2 text-slate-400" aria-hidden>
        ·
      </span>
      {then}
    </p>
  );
}
