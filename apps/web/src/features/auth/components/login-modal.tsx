import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { DialogFrame } from '@bilheteira/ui/dialog-frame';
import { SITE_DIALOG } from '../../../components/dialog-options';
import { paths } from '../../../config/paths';
import { useCheckout } from '../../../stores/checkout-store';
import { useUi } from '../../../stores/ui-store';
import { useLoginController } from '../hooks/use-login-controller';
import { ActivateForm } from './activate-form';
import { LoginPasswordStep, LoginPhoneStep } from './login-steps';

/**
 * The login modals of spec §2/§4, opened by `useUi().openLogin(returnTo)`: the phone modal
 * closes and the password modal opens 0.5 s later; Back returns after 0.3 s. On success:
 * success message, then `loginReturnTo` or dashboard-home with the access token. Creating an
 * account instead comes back to `loginReturnTo` too, where a checkout under way waits.
 */
export default function LoginModal() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const close = useUi((s) => s.closeLogin);
  const loginReturnTo = useUi((s) => s.loginReturnTo);
  // A mini-site visitor (e.g. at checkout) registers inside the mini-site, then comes back.
  const { pathname, search } = useLocation();
  const miniSite = /^\/site\/([^/]+)/.exec(pathname)?.[1];
  const registerHref = miniSite
    ? `${paths.siteRegister(decodeURIComponent(miniSite))}?returnTo=${encodeURIComponent(pathname + search)}`
    : `${paths.dashboardRegister}${loginReturnTo ? `?returnTo=${encodeURIComponent(loginReturnTo)}` : ''}`;
  const flow = useLoginController({
    registerHref,
    onLeave: () => {
      // a checkout that asked for this login waits for the new account on its page
      useCheckout.getState().pauseForAccount(loginReturnTo ?? pathname + search);
      close();
    },
    onSuccess: (token) => {
      const returnTo = useUi.getState().loginReturnTo;
      close();
      navigate(returnTo ?? `${paths.dashboardHome}?accessToken=${encodeURIComponent(token)}`);
    },
  });
  const passwordOpen = flow.step === 'password' || flow.step === 'activate';
  return (
    <>
      <DialogFrame
        {...SITE_DIALOG}
        closeLabel={t('common:close')}
        open={flow.step === 'phone'}
        title={t('login.phone_title')}
        description={t('login.phone_description')}
        testId="login-phone-modal"
        onClose={close}
      >
        <LoginPhoneStep flow={flow} registerHref={registerHref} />
      </DialogFrame>
      <DialogFrame
        {...SITE_DIALOG}
        closeLabel={t('common:close')}
        open={passwordOpen}
        title={flow.step === 'activate' ? t('activate.title') : t('login.password_title')}
        description={flow.step === 'activate' ? t('activate.description') : t('login.password_description')}
        testId="login-password-modal"
        onClose={close}
      >
        {flow.step === 'activate' ? (
          <ActivateForm phone={flow.phone} resendAfter={0} sendOnMount onActivated={flow.finish} />
        ) : (
          <LoginPasswordStep flow={flow} />
        )}
      </DialogFrame>
    </>
  );
}
