import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useMe } from '../../lib/session';
import { Loading } from '../../components/loading';
import { AuthFrame } from './auth-frame';
import { SignInSteps, stepOf } from './sign-in-flow';

/** Only paths inside the back office are followed after signing in. */
export const safeNext = (next: string | null) => (next && /^\/(?!\/)/.test(next) ? next : '/');

/** Sign in: email and password, then the second factor or the TOTP set-up. */
export function SignInPage() {
  const { t } = useTranslation(['auth', 'common']);
  const me = useMe();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const next = safeNext(params.get('next'));
  const step = stepOf(me.data);
  const titles = {
    password: 'auth:title',
    second_factor: 'auth:code_title',
    totp_setup: 'auth:totp_title',
    complete: 'auth:title',
  } as const;
  if (me.isPending) return <Loading />;
  if (step === 'complete' && !me.isFetching) return <Navigate to={next} replace />;
  return (
    <AuthFrame title={t(titles[step])}>
      {params.get('expired') && step === 'password' && (
        <p
          role="alert"
          className="mb-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200"
          data-testid="session-expired"
        >
          {t('auth:expired')}
        </p>
      )}
      <SignInSteps me={me.data ?? null} onComplete={() => void navigate(next, { replace: true })} />
    </AuthFrame>
  );
}
