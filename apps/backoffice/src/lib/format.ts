import i18next from 'i18next';
import { normalizeLocale } from '@bilheteira/shared/locales';
import { HTML_LANG } from './locale';

/** A date and time in the reader's language, Lisbon time (the platform's zone). */
export function formatDateTime(iso: string): string {
  const lang = HTML_LANG[normalizeLocale(i18next.language)];
  return new Intl.DateTimeFormat(lang, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/Lisbon',
  }).format(new Date(iso));
}

/** "Firefox · Linux" from a user agent; the raw text when nothing is recognised. */
export function describeUserAgent(ua: string): { browser: string; os: string } | null {
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\//.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrom(e|ium)\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : null;
  const os = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : null;
  return browser && os ? { browser, os } : null;
}
