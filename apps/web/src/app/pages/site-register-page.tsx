import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { RegisterForm } from '../../features/auth/components/register-form';
import { MiniSite, safeReturnTo } from './site-shell';

/** /site/:slug/account/register — create an account without leaving the mini-site. */
export default function SiteRegisterPage() {
  const { t } = useTranslation('site');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (
    <MiniSite title={t('register.title')}>
      {(event) => {
        const next = safeReturnTo(params.get('returnTo'), event.slug) ?? paths.siteYourAccount(event.slug);
        return (
          <main id="main" className="page max-w-xl">
            <div className="card">
              <h1 className="text-2xl font-bold">{t('register.title')}</h1>
              <p className="mb-6 mt-1 text-slate-700">{t('register.intro')}</p>
              <RegisterForm
                loginHref={paths.siteAccount(event.slug)}
                onRegistered={() => navigate(next, { replace: true })}
              />
            </div>
          </main>
        );
      }}
    </MiniSite>
  );
}
