import { TICKET_VAT_PRESETS, DEFAULT_TICKET_VAT_PERCENT } from '@bilheteira/shared/vat';
import type { AdminTicketTypeView } from './events-api';
import { centsToEuros, eurosToCents } from './money';
import { fromLocalInput, toLocalInput } from './zoned';

type Texts = { name: string; description: string };

/** A ticket type as the form holds it: euros, a VAT preset or a custom rate, local times. */
export interface TicketTypeValues extends Texts {
  translations: { en: Texts; es: Texts };
  price: string;
  vat_preset: string;
  vat_custom: string;
  quantity: string;
  min_per_order: string;
  max_per_order: string;
  sales_start_at: string;
  sales_end_at: string;
  period_days: string[];
  hidden: boolean;
}

const PRESET_VALUES: readonly number[] = TICKET_VAT_PRESETS.map((p) => p.percent);

export function ticketTypeValues(
  tt: AdminTicketTypeView | null,
  timeZone: string,
  allDays: string[],
): TicketTypeValues {
  const vat = tt?.vat_percent ?? DEFAULT_TICKET_VAT_PERCENT;
  const texts = (l: 'en' | 'es') => ({
    name: tt?.translations[l]?.name ?? '',
    description: tt?.translations[l]?.description ?? '',
  });
  return {
    name: tt?.name ?? '',
    description: tt?.description ?? '',
    translations: { en: texts('en'), es: texts('es') },
    price: tt ? centsToEuros(tt.price_cents) : '',
    vat_preset: PRESET_VALUES.includes(vat) ? String(vat) : 'custom',
    vat_custom: PRESET_VALUES.includes(vat) ? '' : String(vat),
    quantity: tt ? String(tt.quantity) : '',
    min_per_order: String(tt?.min_per_order ?? 1),
    max_per_order: String(tt?.max_per_order ?? 10),
    sales_start_at: toLocalInput(tt?.sales_start_at, timeZone),
    sales_end_at: toLocalInput(tt?.sales_end_at, timeZone),
    period_days: tt?.period_days ?? allDays,
    hidden: tt?.hidden ?? false,
  };
}

/**
 * The request body of the form. An edit leaves out an unchanged price (a type with tickets
 * sold keeps its price: the API refuses a change, and the form shows why).
 */
export function ticketTypeBody(v: TicketTypeValues, timeZone: string, original: AdminTicketTypeView | null) {
  const price = eurosToCents(v.price);
  return {
    name: v.name,
    description: v.description,
    translations: v.translations,
    ...(original && price === original.price_cents ? {} : { price_cents: price }),
    vat_percent: v.vat_preset === 'custom' ? v.vat_custom.trim() || undefined : v.vat_preset,
    quantity: v.quantity.trim() || undefined,
    min_per_order: v.min_per_order,
    max_per_order: v.max_per_order,
    sales_start_at: fromLocalInput(v.sales_start_at, timeZone),
    sales_end_at: fromLocalInput(v.sales_end_at, timeZone),
    period_days: v.period_days,
    hidden: v.hidden,
  };
}

export function ticketTypeFieldOf(path: string): string {
  if (path === 'price_cents') return 'price';
  if (path === 'vat_percent') return 'vat_preset';
  if (path.startsWith('period_days')) return 'period_days';
  return path;
}
