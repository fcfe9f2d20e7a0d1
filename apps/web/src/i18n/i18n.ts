import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, normalizeLocale, type Locale } from '@bilheteira/shared/locales';
import { lazyCatalogues } from '@bilheteira/ui/lazy-catalogues';
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

/**
 * A copy of the saved language in a cookie, so the server preloads the right catalogues
 * with index.html (apps/api/src/modules/seo/seo.preload.ts). Not used for anything else.
 */
function rememberLocaleForServer(locale: Locale): void {
  try {
    document.cookie = `locale=${locale}; path=/; max-age=31536000; SameSite=Lax`;
  } catch {
    // cookies disabled: the server preloads the default language's texts, nothing breaks
  }
}

/** Saves the choice and reloads the page (spec §4). */
export function changeLocale(locale: Locale): void {
  writeStorage(STORAGE_KEYS.locale, locale);
  rememberLocaleForServer(locale);
  window.location.reload();
}

/**
 * Starts i18n with the `eager` namespaces loaded (all of them by default, as tests expect);
 * the app loads only the ones its shell needs. The others come on demand (lazyCatalogues):
 * `useTranslation('<ns>')` suspends until its catalogue arrives, so a page downloads only
 * its own texts (initial JS budget).
 */
export async function initI18n(locale: Locale = currentLocale(), eager: readonly string[] | 'all' = 'all') {
  const entries = Object.entries(catalogues).filter(
    ([p]) =>
      p.startsWith(`./locales/${locale}/`) &&
      (eager === 'all' || eager.includes(p.split('/').pop()!.replace('.json', ''))),
  );
  const loaded = await Promise.all(
    entries.map(
      async ([p, load]) => [p.split('/').pop()!.replace('.json', ''), (await load()).default] as const,
    ),
  );
  const resources = { [locale]: Object.fromEntries(loaded) };
  await i18next
    .use(lazyCatalogues(catalogues))
    .use(initReactI18next)
    .init({
      lng: locale,
      fallbackLng: false,
      lowerCaseLng: true,
      resources,
      partialBundledLanguages: true,
      ns: loaded.map(([ns]) => ns),
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  document.documentElement.lang = HTML_LANG[locale];
  if (!new RegExp(`(?:^|;\\s*)locale=${locale}(?:;|$)`).test(document.cookie))
    rememberLocaleForServer(locale);
  return i18next;
}

export { i18next };
