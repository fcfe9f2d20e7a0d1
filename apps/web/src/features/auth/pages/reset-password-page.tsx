import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { useSession } from '../../../stores/session-store';
import { ResetLinkGate } from '../components/reset-link-gate';
import { ResetPasswordForm } from '../components/reset-password-form';
import { usePageMeta } from '../../../lib/page-meta';

/** /dashboard/reset-password/:token: the emailed single-use link; then log in with it. */
export default function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  usePageMeta(t('reset.page_title'));
  const navigate = useNavigate();
  const { resetPasswordToken = '' } = useParams();
  return (
    <main id="main" className="page max-w-md">
      <div className="card">
        <h1 className="text-2xl font-bold">{t('reset.page_title')}</h1>
        <ResetLinkGate token={resetPasswordToken} askAgainTo={`${paths.home}?login=1`}>
          <p className="mb-6 mt-1 text-slate-700">{t('reset.page_intro')}</p>
          <ResetPasswordForm
            token={resetPasswordToken}
            onDone={() => {
              // Every session ended server-side: forget the local one too, then log in again.
              useSession.getState().clear();
              navigate(`${paths.home}?login=1`, { replace: true });
            }}
          />
        </ResetLinkGate>
      </div>
    </main>
  );
}
