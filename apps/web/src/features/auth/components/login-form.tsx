import { useTranslation } from 'react-i18next';
import { useLoginController } from '../hooks/use-login-controller';
import { ActivateForm } from './activate-form';
import { LoginPasswordStep, LoginPhoneStep } from './login-steps';

export interface LoginFormProps {
  /** called with the access token after the success message (the page decides where to go) */
  onSuccess(token: string): void;
  /** registration page of the current context (dashboard or mini-site) */
  registerHref: string;
}

/**
 * Inline login (mini-site account pages, checkout): the same two steps and timings as the
 * login modals, in one card.
 */
export function LoginForm({ onSuccess, registerHref }: LoginFormProps) {
  const { t } = useTranslation('auth');
  const flow = useLoginController({ onSuccess, registerHref });
  return (
    <div className="space-y-4" data-testid="login-form" aria-live="polite">
      {flow.step === 'phone' && (
        <>
          <h2 className="text-xl font-bold">{t('login.phone_title')}</h2>
          <LoginPhoneStep flow={flow} registerHref={registerHref} />
        </>
      )}
      {flow.step === 'password' && (
        <>
          <h2 className="text-xl font-bold">{t('login.password_title')}</h2>
          <LoginPasswordStep flow={flow} />
        </>
      )}
      {flow.step === 'activate' && (
        <>
          <h2 className="text-xl font-bold">{t('activate.title')}</h2>
          <ActivateForm phone={flow.phone} resendAfter={0} sendOnMount onActivated={flow.finish} />
        </>
      )}
      {(flow.step === 'between' || flow.step === 'done') && <div className="min-h-48" aria-busy="true" />}
    </div>
  );
}

export default LoginForm;
