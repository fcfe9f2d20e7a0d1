import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { ResetLinkGate } from '../../features/auth/components/reset-link-gate';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';
import { useSession } from '../../stores/session-store';
import { MiniSite } from './site-shell';

/** /site/:slug/account/reset-password/:token — the emailed link of a mini-site visitor. */
export default function SiteResetPasswordPage() {
  const { t } = useTranslation('site');
  const navigate = useNavigate();
  const { resetPasswordToken = '' } = useParams();
  return (
    <MiniSite title={t('reset.title')}>
      {(event) => (
        <main id="main" className="page max-w-md">
          <div className="card">
            <h1 className="text-2xl font-bold">{t('reset.title')}</h1>
            <ResetLinkGate token={resetPasswordToken} askAgainTo={paths.siteAccount(event.slug)}>
              <p className="mb-6 mt-1 text-slate-700">{t('reset.intro')}</p>
              <ResetPasswordForm
                token={resetPasswordToken}
                onDone={() => {
                  // Every session ended server-side: forget the local one too, then log in again.
                  useSession.getState().clear();
                  navigate(paths.siteAccount(event.slug), { replace: true });
                }}
              />
            </ResetLinkGate>
          </div>
        </main>
      )}
    </MiniSite>
  );
}
