import { LOCALES, type Locale } from '@bilheteira/shared/locales';
import { useTranslation } from 'react-i18next';
import { changeLocale, currentLocale } from '../../i18n/i18n';

const LABELS: Record<Locale, string> = { 'pt-pt': 'Português', en: 'English', es: 'Español' };
const SHORT: Record<Locale, string> = { 'pt-pt': 'PT', en: 'EN', es: 'ES' };

/** Language list: saves the choice and reloads the page (spec §4). */
export function LanguageSelect({ className = '' }: { className?: string }) {
  const { t } = useTranslation('layout');
  const current = currentLocale();
  return (
    <label className={`inline-flex items-center gap-1 ${className}`}>
      <span className="sr-only">{t('language')}</span>
      <select
        data-testid="language-select"
        value={current}
        onChange={(e) => changeLocale(e.target.value as Locale)}
        className="rounded-md border border-current/30 bg-transparent px-2 py-1 text-sm"
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} className="text-slate-900">
            {SHORT[l]} · {LABELS[l]}
          </option>
        ))}
      </select>
    </label>
  );
}
