import { useTranslation } from 'react-i18next';

/** A date and time in the page's language ("27/11/2026, 21:04:05"). */
export function useWhen() {
  const { i18n } = useTranslation();
  return (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' }).format(new Date(iso));
}
