import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PhoneInput } from '../../../components/phone-input';
import { initialPhoneValue, isPhoneValueValid, type PhoneValue } from '../../../lib/phone-value';
import { paths } from '../../../config/paths';
import { showAlert } from '../../../stores/alert-store';
import { useSession } from '../../../stores/session-store';
import { confirmEmail } from '../api/auth-api';
import { ActivateForm } from '../components/activate-form';
import { loginErrorText } from '../lib/errors';
import { usePageMeta } from '../../../lib/page-meta';
import { useUrlToken } from '../../../lib/use-url-token';

function EmailConfirmation({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const [state, setState] = useState<{ status: 'working' | 'done' | 'failed'; text?: string }>({
    status: 'working',
  });
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    confirmEmail(token)
      .then((res) => setState({ status: 'done', text: res.message }))
      .catch((err: unknown) =>
        setState({ status: 'failed', text: loginErrorText(err, t('login.unknown_error')) }),
      );
  }, [token, t]);
  const signedIn = !!useSession((s) => s.token);
  usePageMeta(t('activate.email_title'));
  return (
    <div
      className="card text-center"
      aria-live="polite"
      data-testid="email-confirmation"
      data-status={state.status}
    >
      <h1 className="text-2xl font-bold">{t('activate.email_title')}</h1>
      {state.status === 'working' && <p className="mt-3 text-slate-700">{t('activate.email_confirming')}</p>}
      {state.status === 'done' && (
        <p className="mt-3 text-emerald-800">{state.text ?? t('activate.email_done')}</p>
      )}
      {state.status === 'failed' && (
        <>
          <h2 className="mt-3 font-semibold text-red-700">{t('activate.email_failed')}</h2>
          <p className="mt-1 text-slate-700">{state.text}</p>
        </>
      )}
      {state.status !== 'working' && (
        <Link to={signedIn ? paths.dashboardHome : paths.home} className="btn-primary mt-6">
          {signedIn ? t('activate.go_account') : t('activate.go_home')}
        </Link>
      )}
    </div>
  );
}

function SmsActivation() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [phone, setPhone] = useState<PhoneValue>(() =>
    initialPhoneValue(params.get('mobile') ?? '', params.get('country')),
  );
  const [ready, setReady] = useState(false);
  usePageMeta(t('activate.page_title'));
  return (
    <div className="card">
      <h1 className="text-2xl font-bold">{t('activate.page_title')}</h1>
      <p className="mb-6 mt-1 text-slate-700">{t('activate.page_intro')}</p>
      {!ready ? (
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (isPhoneValueValid(phone)) setReady(true);
          }}
        >
          <PhoneInput label={t('login.mobile_label')} value={phone} onChange={setPhone} />
          <button type="submit" className="btn-primary w-full" disabled={!isPhoneValueValid(phone)}>
            {t('activate.send_code')}
          </button>
        </form>
      ) : (
        <ActivateForm
          phone={phone}
          resendAfter={0}
          sendOnMount
          onActivated={async (token, message) => {
            useSession.getState().setToken(token);
            await showAlert({ type: 'success', title: t('activate.done_title'), text: message });
            navigate(`${paths.dashboardHome}?accessToken=${encodeURIComponent(token)}`, { replace: true });
          }}
        />
      )}
    </div>
  );
}

/**
 * /activate: with `?token=` the email confirmation link of spec §4; without it, activation
 * of the account by the SMS code (for someone who left before entering it).
 */
export default function ActivatePage() {
  const token = useUrlToken();
  return (
    <main id="main" className="page max-w-md">
      {token ? <EmailConfirmation token={token} /> : <SmsActivation />}
    </main>
  );
}
