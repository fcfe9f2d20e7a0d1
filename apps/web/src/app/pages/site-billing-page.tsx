import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { AccountForm } from '../../features/account/components/account-form';
import { MiniSite, RequireMiniSiteCustomer, useMiniSiteCustomer } from './site-shell';

/** /site/:slug/billing — billing data (name, NIF, postal code, IBAN) inside the mini-site. */
export default function SiteBillingPage() {
  const { t } = useTranslation('site');
  const { customer } = useMiniSiteCustomer();
  return (
    <MiniSite title={t('billing.title')}>
      {(event) => (
        <RequireMiniSiteCustomer slug={event.slug}>
          <main id="main" className="page max-w-3xl">
            <Link to={paths.siteYourAccount(event.slug)} className="text-sm font-semibold underline">
              {t('account.back')}
            </Link>
            <h1 className="mt-2 text-3xl font-bold">{t('billing.title')}</h1>
            <p className="mt-1 text-slate-700">{t('billing.intro')}</p>
            {customer && (
              <div className="mt-6">
                <AccountForm key={customer.id} customer={customer} />
              </div>
            )}
          </main>
        </RequireMiniSiteCustomer>
      )}
    </MiniSite>
  );
}
