import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from '@bilheteira/shared/locales';
import { lazyCatalogues } from '@bilheteira/ui/lazy-catalogues';
import { currentLocale, HTML_LANG, saveLocale } from '../lib/locale';

/**
 * Catalogues live in `locales/<locale>/<namespace>.json`, one namespace per feature; only the
 * active language's catalogues are downloaded, each with the page that needs it.
 */
const catalogues = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json');

/** Starts i18n in the saved language with the shell's texts loaded. */
export async function initI18n(locale: Locale = currentLocale()) {
  await i18next
    .use(lazyCatalogues(catalogues))
    .use(initReactI18next)
    .init({
      lng: locale,
      fallbackLng: false,
      lowerCaseLng: true,
      ns: ['common'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    });
  document.documentElement.lang = HTML_LANG[locale];
  return i18next;
}

/** Switches the language in place (texts of every loaded namespace come in the new language). */
export async function changeLocale(locale: Locale): Promise<void> {
  saveLocale(locale);
  await i18next.changeLanguage(locale);
  document.documentElement.lang = HTML_LANG[locale];
}

export { i18next };
