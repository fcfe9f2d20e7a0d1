import { useTranslation } from 'react-i18next';
import { usePageMeta } from '../../../lib/page-meta';
import { useSession } from '../../../stores/session-store';
import { AccountForm } from '../components/account-form';
import { ChangePassword } from '../components/change-password-section';
import { Preferences } from '../components/preferences-section';
import { Privacy } from '../components/privacy-section';

/** Account (spec §2): personal and billing data, IBAN, preferences, portability, forget. */
export default function AccountPage() {
  const { t } = useTranslation('account');
  usePageMeta(t('title'));
  const customer = useSession((s) => s.customer);
  return (
    <main id="main" className="page max-w-3xl">
      <h1 className="text-3xl font-bold">{t('title')}</h1>
      {customer?.impersonated && (
        <p className="mt-3 rounded-lg bg-amber-100 p-3 text-sm text-amber-950" role="note">
          {t('impersonated')}
        </p>
      )}
      {customer ? (
        <div className="mt-6 grid gap-5 [&>*]:min-w-0">
          <AccountForm key={customer.id} customer={customer} />
          <Preferences customer={customer} />
          <ChangePassword />
          <Privacy />
        </div>
      ) : (
        <div className="mt-6 h-96 animate-pulse rounded-2xl bg-slate-200" aria-busy="true" />
      )}
    </main>
  );
}
