import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { ChangePassword } from '../../features/account/components/change-password-section';
import { Privacy } from '../../features/account/components/privacy-section';
import { MiniSite, RequireMiniSiteCustomer, useMiniSiteCustomer, useMiniSiteLogout } from './site-shell';

function Tile({ to, title, text }: { to: string; title: string; text: string }) {
  return (
    <Link
      to={to}
      className="card block transition hover:ring-amber-500 focus-visible:outline-2 focus-visible:outline-amber-500"
    >
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="mt-1 text-sm text-slate-700">{text}</p>
    </Link>
  );
}

/** /site/:slug/account/your-account — the customer's hub inside the mini-site. */
export default function SiteYourAccountPage() {
  const { t } = useTranslation('site');
  const { customer } = useMiniSiteCustomer();
  return (
    <MiniSite title={t('account.title')}>
      {(event) => (
        <RequireMiniSiteCustomer slug={event.slug}>
          <YourAccount
            slug={event.slug}
            walletEnabled={event.wallet_enabled}
            name={customer?.first_name ?? ''}
          />
        </RequireMiniSiteCustomer>
      )}
    </MiniSite>
  );
}

function YourAccount({ slug, walletEnabled, name }: { slug: string; walletEnabled: boolean; name: string }) {
  const { t } = useTranslation('site');
  const logout = useMiniSiteLogout(slug);
  return (
    <main id="main" className="page max-w-3xl">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold">{t('account.title')}</h1>
          <p className="mt-1 text-lg" data-testid="minisite-welcome">
            {t('account.welcome', { name })}
          </p>
          <p className="mt-1 text-slate-700">{t('account.intro')}</p>
        </div>
        <button type="button" className="btn-secondary" onClick={() => void logout()}>
          {t('account.logout')}
        </button>
      </div>
      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        <Tile to={paths.site(slug)} title={t('account.buy_more')} text={t('account.buy_more_text')} />
        <Tile
          to={paths.siteUpdateRegister(slug)}
          title={t('account.update_register')}
          text={t('account.update_register_text')}
        />
        <Tile to={paths.siteBilling(slug)} title={t('account.billing')} text={t('account.billing_text')} />
        {walletEnabled && (
          <Tile
            to={paths.siteAccountWallet(slug)}
            title={t('account.wallet')}
            text={t('account.wallet_text')}
          />
        )}
      </div>
      <div className="mt-6 grid gap-5">
        <ChangePassword />
        <Privacy />
      </div>
    </main>
  );
}
