import { formatFeePercent } from '@bilheteira/shared/money';

/** A translation function (the texts are the `cart` namespace's). */
type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * "Custo de serviço (5 % + IVA)"; without a known rate, "Custo de serviço (com IVA)". On its own (not in
 * checkout-rules.ts) so the event page's cart keeps the checkout's schemas, phone and IBAN
 * checks out of its first load.
 */
export function serviceLabel(feeBp: number | null | undefined, t: Translate, locale: string): string {
  return feeBp ? t('cart:service_rate', { percent: formatFeePercent(feeBp, locale) }) : t('cart:service');
}
