import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, normalizeLocale, type Locale } from '@bilheteira/shared/locales';
import { readStorage, STORAGE_KEYS, writeStorage } from '../lib/storage';

/**
 * Catalogues live in `locales/<locale>/<namespace>.json`, one namespace per feature, so a
 * feature owns its texts. Only the active language is downloaded.
 */
const catalogues = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json');

export const HTML_LANG: Record<Locale, string> = { 'pt-pt': 'pt-PT', en: 'en', es: 'es' };

export function currentLocale(): Locale {
  return normalizeLocale(readStorage<string | null>(STORAGE_KEYS.locale, null) ?? DEFAULT_LOCALE);
}

/** Saves the choice and reloads the page (spec §4). */
export function changeLocale(locale: Locale): void {
  writeStorage(STORAGE_KEYS.locale, locale);
  window.location.reload();
}

export async function initI18n(locale: Locale = currentLocale()) {
  const entries = Object.entries(catalogues).filter(([p]) => p.startsWith(`./locales/${locale}/`));
  const loaded = await Promise.all(
    entries.map(
      async ([p, load]) => [p.split('/').pop()!.replace('.json', ''), (await load()).default] as const,
    ),
  );
  const resources = { [locale]: Object.fromEntries(loaded) };
  await i18next.use(initReactI18next).init({
    lng: locale,
    fallbackLng: false,
    lowerCaseLng: true,
    resources,
    ns: loaded.map(([ns]) => ns),
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = HTML_LANG[locale];
  return i18next;
}

export { i18next };
