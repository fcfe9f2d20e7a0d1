import { DEFAULT_LOCALE, normalizeLocale, type Locale } from '@bilheteira/shared/locales';

const KEY = 'backoffice_locale';

export const HTML_LANG: Record<Locale, string> = { 'pt-pt': 'pt-PT', en: 'en', es: 'es' };

/** The language chosen in the back office (saved on this device), pt-PT by default. */
export function currentLocale(): Locale {
  try {
    return normalizeLocale(localStorage.getItem(KEY) ?? DEFAULT_LOCALE);
  } catch {
    return DEFAULT_LOCALE;
  }
}

export function saveLocale(locale: Locale): void {
  try {
    localStorage.setItem(KEY, locale);
  } catch {
    // storage disabled: the choice lasts until the page reloads
  }
}
