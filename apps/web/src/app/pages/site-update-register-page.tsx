import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { AccountForm } from '../../features/account/components/account-form';
import { Preferences } from '../../features/account/components/preferences-section';
import { MiniSite, RequireMiniSiteCustomer, useMiniSiteCustomer } from './site-shell';

/** /site/:slug/account/update-register — the customer's data, edited inside the mini-site. */
export default function SiteUpdateRegisterPage() {
  const { t } = useTranslation('site');
  const { customer } = useMiniSiteCustomer();
  return (
    <MiniSite title={t('update_register.title')}>
      {(event) => (
        <RequireMiniSiteCustomer slug={event.slug}>
          <main id="main" className="page max-w-3xl">
            <Link to={paths.siteYourAccount(event.slug)} className="text-sm font-semibold underline">
              {t('account.back')}
            </Link>
            <h1 className="mt-2 text-3xl font-bold">{t('update_register.title')}</h1>
            <p className="mt-1 text-slate-700">{t('update_register.intro')}</p>
            {customer && (
              <div className="mt-6 grid gap-5">
                <AccountForm key={customer.id} customer={customer} />
                <Preferences customer={customer} />
              </div>
            )}
          </main>
        </RequireMiniSiteCustomer>
      )}
    </MiniSite>
  );
}
