import { useTranslation } from 'react-i18next';
import { LOCALES, normalizeLocale, type Locale } from '@bilheteira/shared/locales';
import { changeLocale } from '../i18n/i18n';

const NAMES: Record<Locale, string> = { 'pt-pt': 'Português', en: 'English', es: 'Español' };

/** The language of the back office (saved on this device); texts change in place. */
export function LanguageSwitcher({ id = 'language', dark = false }: { id?: string; dark?: boolean }) {
  const { t, i18n } = useTranslation('common');
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className={`text-sm ${dark ? 'text-slate-200' : 'text-slate-800'}`}>
        {t('language')}
      </label>
      <select
        id={id}
        data-testid="language"
        className={`rounded-md border px-2 py-1 text-sm ${dark ? 'border-slate-500 bg-slate-800 text-white' : 'border-slate-400 bg-white text-slate-900'}`}
        value={normalizeLocale(i18n.language)}
        onChange={(e) => void changeLocale(e.target.value as Locale)}
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l === 'pt-pt' ? 'pt-PT' : l}>
            {NAMES[l]}
          </option>
        ))}
      </select>
    </div>
  );
}
