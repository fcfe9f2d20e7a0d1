import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useUi } from '../../stores/ui-store';
import { LanguageSelect } from './language-select';
import { useScrolled } from './use-scrolled';
import { useMyAccount } from './use-my-account';

/** Public header of spec §2: logo, Events, My account, Create event, language. */
export function SiteHeader() {
  const { t } = useTranslation('layout');
  const scrolled = useScrolled();
  const openCreateEvent = useUi((s) => s.openCreateEvent);
  const myAccount = useMyAccount();
  return (
    <header
      data-testid="site-header"
      data-scrolled={scrolled}
      className={`sticky top-0 z-40 transition-colors ${scrolled ? 'bg-slate-950/95 shadow-lg' : 'bg-slate-950'} text-white`}
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Link to={paths.home} className="flex items-center gap-2 font-bold" aria-label={t('home_link')}>
          <img src="/logo.svg" alt="" width="32" height="32" />
          <span>Bilheteira</span>
        </Link>
        <nav className="hidden items-center gap-4 lg:flex" aria-label={t('main_nav')}>
          <Link to={paths.events} className="hover:text-amber-400">
            {t('events')}
          </Link>
          <button type="button" onClick={myAccount} className="hover:text-amber-400">
            {t('my_account')}
          </button>
          <button
            type="button"
            onClick={openCreateEvent}
            className="rounded-full bg-amber-500 px-4 py-2 font-semibold text-slate-950 hover:bg-amber-400"
          >
            {t('create_event')}
          </button>
          <LanguageSelect />
        </nav>
        <MobileMenuButton />
      </div>
    </header>
  );
}

function MobileMenuButton() {
  const { t } = useTranslation('layout');
  const setMobileMenu = useUi((s) => s.setMobileMenu);
  return (
    <button
      type="button"
      className="p-2 lg:hidden"
      aria-label={t('open_menu')}
      onClick={() => setMobileMenu(true)}
      data-testid="mobile-menu-button"
    >
      <svg
        width="24"
        height="24"
        viewBox="0 0 24 24"
        aria-hidden
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M4 6h16M4 12h16M4 18h16" />
      </svg>
    </button>
  );
}
