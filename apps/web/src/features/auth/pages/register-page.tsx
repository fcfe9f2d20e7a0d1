import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { safeReturnTo } from '../../../lib/return-to';
import { RegisterForm } from '../components/register-form';
import { usePageMeta } from '../../../lib/page-meta';

/**
 * /dashboard/register: create an account, prove the mobile by SMS, land in the dashboard;
 * or, with `returnTo` (the login of a checkout), back there, where the checkout waits.
 */
export default function RegisterPage() {
  const { t } = useTranslation('auth');
  usePageMeta(t('register.page_title'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const back = safeReturnTo(params.get('returnTo'));
  return (
    <main id="main" className="page max-w-xl">
      <div className="card">
        <h1 className="text-2xl font-bold">{t('register.page_title')}</h1>
        <p className="mb-6 mt-1 text-slate-700">{t('register.page_intro')}</p>
        <RegisterForm
          loginHref={`${paths.home}?login=1${back ? `&returnTo=${encodeURIComponent(back)}` : ''}`}
          onRegistered={(token) =>
            navigate(back ?? `${paths.dashboardHome}?accessToken=${encodeURIComponent(token)}`, {
              replace: true,
            })
          }
        />
      </div>
    </main>
  );
}
