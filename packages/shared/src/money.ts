/** Money is integer cents (EUR) everywhere; formatting happens only at the edge. */
const NBSP = '\u00a0';

let eur: Intl.NumberFormat | undefined;
/** The real formatter, built on first use (only for amounts beyond 2^53 cents, NaN, ∞). */
const intlEur = () =>
  (eur ??= new Intl.NumberFormat('pt-PT', {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }));

/**
 * "12,50 €", "1234,56 €", "12 345,67 €" (pt-PT: grouping from five digits, no-break spaces):
 * exactly what `Intl.NumberFormat('pt-PT', { style: 'currency', currency: 'EUR' })` prints
 * (money.test.ts checks that), without building one: the first NumberFormat loads ICU
 * number data, which cost ~100 ms of main thread on a phone before the first prices showed.
 */
export function formatEur(cents: number): string {
  const abs = Math.round(Math.abs(cents));
  if (!Number.isSafeInteger(abs)) return intlEur().format(cents / 100);
  const negative = cents < 0 || Object.is(cents, -0);
  const units = String(Math.floor(abs / 100));
  const grouped = units.length >= 5 ? units.replace(/\B(?=(\d{3})+$)/g, NBSP) : units;
  return `${negative ? '-' : ''}${grouped},${String(abs % 100).padStart(2, '0')}${NBSP}€`;
}

/**
 * An event's service cost: a percentage of each ticket's price in basis points (1% = 100, so
 * it stays an integer) and the VAT rate, in percent, charged on that cost (the organiser's
 * `service_fee_vat_percent`, 0–23).
 */
export interface ServiceFee {
  bp: number;
  vatPercent: number;
}

/**
 * Service/operating cost of an amount: the fee's percentage of it plus the fee's VAT on that
 * cost, each rounded half-up to the cent.
 */
export function serviceCostCents(subtotalCents: number, fee: ServiceFee): number {
  const cost = Math.round((subtotalCents * fee.bp) / 10_000);
  return cost + Math.round((cost * fee.vatPercent) / 100);
}

/**
 * Service cost of ticket lines, counted per ticket: the all-in price shown on a ticket
 * (`allInPriceCents`) times the quantity is then exactly what the buyer pays, so every
 * summary adds up to the prices the buyer saw (EU guidance on drip pricing).
 */
export function ticketsServiceCents(
  lines: readonly { unitCents: number; qty: number }[],
  fee: ServiceFee,
): number {
  return lines.reduce((n, l) => n + l.qty * serviceCostCents(l.unitCents, fee), 0);
}

/**
 * The percentage an order's service cost was counted with, if the event's fee (percentage and
 * VAT rate) still gives that amount (an order keeps the amount, not the fee, and an organiser
 * may change it).
 */
export function ratedServiceFeeBp(
  ticketLines: readonly { unitCents: number; qty: number }[],
  fee: ServiceFee,
  serviceCents: number,
): number | null {
  return ticketsServiceCents(ticketLines, fee) === serviceCents ? fee.bp : null;
}

/** The price of one ticket with the service cost and its VAT: the price to show first. */
export function allInPriceCents(unitCents: number, fee: ServiceFee): number {
  return unitCents + serviceCostCents(unitCents, fee);
}

/**
 * The service cost's percentage as people write it: "5", "2,5" (pt, es) or "2.5" (en);
 * the caller adds the sign ("5 %" in pt and es, "5%" in en) through its translation.
 */
export function formatFeePercent(percentBasisPoints: number, locale: string): string {
  const text = String(Math.round(percentBasisPoints) / 100);
  return locale.startsWith('en') ? text : text.replace('.', ',');
}
