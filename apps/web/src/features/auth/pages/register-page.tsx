import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { RegisterForm } from '../components/register-form';
import { usePageMeta } from '../../../lib/page-meta';

/** /dashboard/register: create an account, prove the mobile by SMS, land in the dashboard. */
export default function RegisterPage() {
  const { t } = useTranslation('auth');
  usePageMeta(t('register.page_title'));
  const navigate = useNavigate();
  return (
    <main id="main" className="page max-w-xl">
      <div className="card">
        <h1 className="text-2xl font-bold">{t('register.page_title')}</h1>
        <p className="mb-6 mt-1 text-slate-700">{t('register.page_intro')}</p>
        <RegisterForm
          loginHref={`${paths.home}?login=1`}
          onRegistered={(token) =>
            navigate(`${paths.dashboardHome}?accessToken=${encodeURIComponent(token)}`, { replace: true })
          }
        />
      </div>
    </main>
  );
}
