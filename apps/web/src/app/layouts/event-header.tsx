import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { LanguageSelect } from './language-select';
import { useMyAccount } from './use-my-account';
import { useScrolled } from './use-scrolled';

/** Event header of spec §2: My account (opens the login modal) and the language list. */
export function EventHeader() {
  const { t } = useTranslation('layout');
  const scrolled = useScrolled();
  const myAccount = useMyAccount();
  return (
    <header
      data-testid="event-header"
      data-scrolled={scrolled}
      className={`sticky top-0 z-40 text-white ${scrolled ? 'bg-slate-950/95 shadow-lg' : 'bg-slate-950'}`}
    >
      <div className="mx-auto flex h-14 max-w-6xl items-center justify-between gap-4 px-4">
        <Link to={paths.home} className="flex items-center gap-2 font-bold" aria-label={t('home_link')}>
          <img src="/logo.svg" alt="" width="28" height="28" />
          <span className="hidden sm:inline">Bilheteira</span>
        </Link>
        <div className="flex items-center gap-3">
          <button type="button" onClick={myAccount} className="whitespace-nowrap py-2 hover:text-amber-400">
            {t('my_account')}
          </button>
          <LanguageSelect />
        </div>
      </div>
    </header>
  );
}
