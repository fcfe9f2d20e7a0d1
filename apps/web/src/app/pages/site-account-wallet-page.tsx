import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { MiniSite, RequireMiniSiteCustomer } from './site-shell';

/** /site/:slug/account/wallet — the event's cashless wallet inside the mini-site. */
export default function SiteAccountWalletPage() {
  const { t } = useTranslation('site');
  return (
    <MiniSite title={t('wallet_page.title')}>
      {(event) => (
        <RequireMiniSiteCustomer slug={event.slug}>
          <main id="main" className="page max-w-3xl">
            <Link to={paths.siteYourAccount(event.slug)} className="text-sm font-semibold underline">
              {t('account.back')}
            </Link>
            <h1 className="mt-2 text-3xl font-bold">{t('wallet_page.title')}</h1>
            <p className="mt-1 text-slate-700">
              {event.wallet_enabled ? t('wallet_page.intro') : t('wallet_page.disabled')}
            </p>
          </main>
        </RequireMiniSiteCustomer>
      )}
    </MiniSite>
  );
}
