import { allInPriceCents, formatEur, formatFeePercent, type ServiceFee } from '@bilheteira/shared/money';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../i18n/i18n';

/**
 * A ticket's price as the buyer will pay it: the all-in price (ticket + the organiser's
 * service cost with VAT), as EU guidance on drip pricing expects; the note under it says
 * what it includes. With no service cost the price is the ticket's alone.
 */
export function TicketPrice({ priceCents, fee }: { priceCents: number; fee: ServiceFee }) {
  return (
    <span className="font-semibold" data-testid="ticket-price">
      {formatEur(allInPriceCents(priceCents, fee))}
    </span>
  );
}

/** "Inclui 3,69 € de custo de serviço (5 % + IVA)", or nothing when there is no such cost. */
export function TicketPriceNote({ priceCents, fee }: { priceCents: number; fee: ServiceFee }) {
  const { t } = useTranslation('catalog');
  const cost = allInPriceCents(priceCents, fee) - priceCents;
  if (cost <= 0) return null;
  return (
    <p className="text-xs text-slate-700" data-testid="ticket-price-note">
      {t('tickets.price_all_in', {
        fee: formatEur(cost),
        percent: formatFeePercent(fee.bp, currentLocale()),
      })}
    </p>
  );
}
