/**
 * VAT rates a ticket price includes. Shows and concerts pay the reduced rate, which differs by
 * region (Código do IVA, art. 18): the presets the back office offers; any rate 0–23 % is
 * allowed (another kind of event, an exemption).
 */
export const TICKET_VAT_PRESETS = [
  { region: 'mainland', percent: 6 },
  { region: 'madeira', percent: 5 },
  { region: 'azores', percent: 4 },
] as const;
export type VatRegion = (typeof TICKET_VAT_PRESETS)[number]['region'];

/** The rate a new ticket type starts with: shows on the mainland. */
export const DEFAULT_TICKET_VAT_PERCENT = 6;
export const MAX_VAT_PERCENT = 23;

/**
 * The VAT rate a new event charges on its service cost: the standard rate (the platform's
 * service is not the show); the organiser may set another (money.ts `ServiceFee`).
 */
export const DEFAULT_SERVICE_FEE_VAT_PERCENT = 23;

/**
 * The VAT rates a bar or shop product may carry in Portugal (Código do IVA: exempt, reduced,
 * intermediate, standard). Prices include VAT.
 */
export const BAR_VAT_RATES = [0, 6, 13, 23] as const;
export type BarVatRate = (typeof BAR_VAT_RATES)[number];
export const isBarVatRate = (n: number): n is BarVatRate => (BAR_VAT_RATES as readonly number[]).includes(n);

/** The VAT a price that includes it carries at `percent`, in whole cents (half up). */
export const vatIncludedCents = (grossCents: number, percent: number): number =>
  Math.round((grossCents * percent) / (100 + percent));
