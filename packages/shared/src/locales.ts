/** Languages the product speaks. pt-pt is the default everywhere (spec §1, §9). */
export const LOCALES = ['pt-pt', 'en', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'pt-pt';

/** Maps any header or stored value (pt, pt-PT, EN, es-ES…) to a supported locale. */
export function normalizeLocale(value: string | null | undefined): Locale {
  const v = (value ?? '').trim().toLowerCase();
  if (v.startsWith('en')) return 'en';
  if (v.startsWith('es')) return 'es';
  return DEFAULT_LOCALE;
}
