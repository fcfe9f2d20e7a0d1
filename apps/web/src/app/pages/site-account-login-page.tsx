import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { LoginForm } from '../../features/auth/components/login-form';
import { MiniSite, safeReturnTo, useMiniSiteCustomer } from './site-shell';

/** /site/:slug/account — mini-site login; afterwards the visitor stays in /site/:slug. */
export default function SiteAccountLoginPage() {
  const { t } = useTranslation('site');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { customer } = useMiniSiteCustomer();
  return (
    <MiniSite title={t('login.title')}>
      {(event) => {
        const next = safeReturnTo(params.get('returnTo'), event.slug) ?? paths.siteYourAccount(event.slug);
        if (customer) return <Navigate to={next} replace />;
        const registerHref = `${paths.siteRegister(event.slug)}${params.get('returnTo') ? `?returnTo=${encodeURIComponent(next)}` : ''}`;
        return (
          <main id="main" className="page max-w-md">
            <h1 className="text-2xl font-bold">{t('login.title')}</h1>
            <p className="mb-6 mt-1 text-slate-700">{t('login.intro')}</p>
            <div className="card">
              <LoginForm registerHref={registerHref} onSuccess={() => navigate(next, { replace: true })} />
            </div>
          </main>
        );
      }}
    </MiniSite>
  );
}
