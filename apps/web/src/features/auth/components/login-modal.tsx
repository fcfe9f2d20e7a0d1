import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { isPhoneDropdownEvent } from '../../../components/phone-input';
import { paths } from '../../../config/paths';
import { useReturnFocus } from '../../../lib/use-return-focus';
import { useUi } from '../../../stores/ui-store';
import { useLoginController } from '../hooks/use-login-controller';
import { ActivateForm } from './activate-form';
import { LoginPasswordStep, LoginPhoneStep } from './login-steps';

function LoginDialog({
  open,
  title,
  description,
  testId,
  children,
  onClose,
}: {
  open: boolean;
  title: string;
  description: string;
  testId: string;
  children: ReactNode;
  onClose(): void;
}) {
  const { t } = useTranslation('common');
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog.Root open={open} onOpenChange={(o) => !o && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <Dialog.Content
          onCloseAutoFocus={returnFocus}
          data-testid={testId}
          className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 text-slate-900 shadow-2xl"
          onEscapeKeyDown={(e) => {
            if (isPhoneDropdownEvent(e)) e.preventDefault();
          }}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="text-xl font-bold">{title}</Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-slate-700">{description}</Dialog.Description>
            </div>
            <Dialog.Close
              className="-m-2 rounded-full p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-amber-500"
              aria-label={t('close')}
            >
              <svg
                width="20"
                height="20"
                viewBox="0 0 20 20"
                aria-hidden
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              >
                <path d="M5 5l10 10M15 5L5 15" />
              </svg>
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * The login modals of spec §2/§4, opened by `useUi().openLogin(returnTo)`: the phone modal
 * closes and the password modal opens 0.5 s later; Back returns after 0.3 s. On success:
 * success message, then `loginReturnTo` or dashboard-home with the access token.
 */
export default function LoginModal() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const close = useUi((s) => s.closeLogin);
  // A mini-site visitor (e.g. at checkout) registers inside the mini-site, then comes back.
  const { pathname, search } = useLocation();
  const miniSite = /^\/site\/([^/]+)/.exec(pathname)?.[1];
  const registerHref = miniSite
    ? `${paths.siteRegister(decodeURIComponent(miniSite))}?returnTo=${encodeURIComponent(pathname + search)}`
    : paths.dashboardRegister;
  const flow = useLoginController({
    registerHref,
    onLeave: close,
    onSuccess: (token) => {
      const returnTo = useUi.getState().loginReturnTo;
      close();
      navigate(returnTo ?? `${paths.dashboardHome}?accessToken=${encodeURIComponent(token)}`);
    },
  });
  const passwordOpen = flow.step === 'password' || flow.step === 'activate';
  return (
    <>
      <LoginDialog
        open={flow.step === 'phone'}
        title={t('login.phone_title')}
        description={t('login.phone_description')}
        testId="login-phone-modal"
        onClose={close}
      >
        <LoginPhoneStep flow={flow} registerHref={registerHref} />
      </LoginDialog>
      <LoginDialog
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
      </LoginDialog>
    </>
  );
}
