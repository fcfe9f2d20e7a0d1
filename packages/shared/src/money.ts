/** Money is integer cents (EUR) everywhere; formatting happens only at the edge. */
const eur = new Intl.NumberFormat('pt-PT', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

export function formatEur(cents: number): string {
  return eur.format(cents / 100);
}

/** Portuguese standard VAT rate, applied on top of the service cost (spec §9). */
export const VAT_RATE_PERCENT = 23;

/**
 * Service/operating cost of an order: the event's percentage of the subtotal plus VAT
 * on that cost, rounded half-up to the cent. Percent is given in basis points (1% = 100)
 * so it stays an integer.
 */
export function serviceCostCents(subtotalCents: number, percentBasisPoints: number): number {
  const fee = Math.round((subtotalCents * percentBasisPoints) / 10_000);
  return fee + Math.round((fee * VAT_RATE_PERCENT) / 100);
}
