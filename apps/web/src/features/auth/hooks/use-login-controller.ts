import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LOGIN_BACK_DELAY_MS, LOGIN_TO_PASSWORD_DELAY_MS } from '@bilheteira/shared/constants';
import { findCountryByDialCode } from '@bilheteira/shared/phone';
import { initialPhoneValue, isPhoneValueValid, type PhoneValue } from '../../../lib/phone-value';
import { showAlert } from '../../../stores/alert-store';
import { useSession } from '../../../stores/session-store';
import { loginMobile, loginPassword, requestPassword } from '../api/auth-api';
import { errorCode, loginErrorText } from '../lib/errors';
import { readRememberedLogin, saveRememberedLogin } from '../lib/remembered-login';

/** Steps of the login: phone, password, SMS activation; `between` while one closes and the next opens. */
export type LoginStep = 'phone' | 'between' | 'password' | 'activate' | 'done';

export interface LoginControllerOptions {
  /** called with the access token after the success message is confirmed */
  onSuccess(token: string): void;
  /** where an unknown number is offered to register (the page keeps its own context) */
  registerHref: string;
  /** called when the flow leaves for another page (the modal closes itself) */
  onLeave?(): void;
}

function initialPhone(): PhoneValue {
  const saved = readRememberedLogin();
  if (!saved) return initialPhoneValue();
  const iso2 = saved.countryIso2 ?? findCountryByDialCode(saved.mobileCountryCode)?.iso2;
  return initialPhoneValue(saved.mobile, iso2);
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The login of spec §4 as state: phone step → (0.5 s) password step, Back → (0.3 s) phone
 * step, errors of spec §8, remember-login, password request after a confirmation question,
 * registration offered for an unknown number, activation for an account not yet activated.
 */
export function useLoginController({ onSuccess, registerHref, onLeave }: LoginControllerOptions) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [phone, setPhone] = useState<PhoneValue>(initialPhone);
  const [phoneValid, setPhoneValid] = useState(() => isPhoneValueValid(phone));
  const [remember, setRemember] = useState(() => readRememberedLogin() !== null);
  const [password, setPassword] = useState('');
  const [step, setStep] = useState<LoginStep>('phone');
  const [submitting, setSubmitting] = useState(false);
  /** after a wrong password the step highlights the password recovery (spec §8) */
  const [passwordFailed, setPasswordFailed] = useState(false);
  const busy = useRef(false);

  const mobileBody = () => ({ mobile_country_code: phone.dialCode, mobile: phone.national });

  const toggleRemember = (value: boolean) => {
    setRemember(value);
    if (!value) saveRememberedLogin(null); // unchecking removes saved data (spec §4)
  };

  const submitPhone = async () => {
    if (busy.current || !isPhoneValueValid(phone)) return;
    busy.current = true;
    setSubmitting(true);
    try {
      const res = await loginMobile(mobileBody());
      if (!res.data.exists) {
        const go = await showAlert({
          type: 'info',
          title: t('login.unknown_title'),
          text: t('login.unknown_text'),
          confirmText: t('login.unknown_register'),
          cancelText: t('common:cancel'),
        });
        if (go) {
          const q = new URLSearchParams({ country: phone.countryIso2, mobile: phone.national });
          onLeave?.();
          navigate(`${registerHref}${registerHref.includes('?') ? '&' : '?'}${q.toString()}`);
        }
        return;
      }
      setStep('between');
      await wait(LOGIN_TO_PASSWORD_DELAY_MS);
      setStep('password');
    } catch (err) {
      await showAlert({
        type: 'error',
        title: t('common:errors.login_title'),
        text: loginErrorText(err, t('login.unknown_error')),
      });
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  };

  const back = async () => {
    setPassword('');
    setPasswordFailed(false);
    setStep('between');
    await wait(LOGIN_BACK_DELAY_MS);
    setStep('phone');
  };

  const finish = async (token: string, message: string) => {
    useSession.getState().setToken(token);
    saveRememberedLogin(
      remember
        ? { mobile: phone.national, mobileCountryCode: phone.dialCode, countryIso2: phone.countryIso2 }
        : null,
    );
    setStep('done');
    await showAlert({ type: 'success', title: t('login.success_title'), text: message });
    onSuccess(token);
  };

  const forgot = async (askFirst = true) => {
    if (askFirst) {
      const sure = await showAlert({
        type: 'info',
        title: t('forgot.title'),
        text: t('forgot.question'),
        confirmText: t('forgot.confirm'),
        cancelText: t('common:cancel'),
      });
      if (!sure) return;
    }
    try {
      const res = await requestPassword(mobileBody());
      await showAlert({ type: 'success', title: t('forgot.sent_title'), text: res.data.message });
    } catch (err) {
      await showAlert({
        type: 'error',
        title: t('common:errors.title'),
        text: loginErrorText(err, t('login.unknown_error')),
      });
    }
  };

  const submitPassword = async () => {
    if (busy.current || !password) return;
    busy.current = true;
    setSubmitting(true);
    try {
      const res = await loginPassword({ ...mobileBody(), password });
      await finish(res.accessToken, res.message ?? res.data.message);
    } catch (err) {
      const code = errorCode(err);
      if (code === 'not_activated') {
        await showAlert({
          type: 'warning',
          title: t('activate.title'),
          text: loginErrorText(err, t('login.password_error')),
        });
        setStep('activate');
        return;
      }
      if (code === 'invalid_credentials') setPasswordFailed(true);
      await showAlert({
        type: 'error',
        title: t('common:errors.login_title'),
        text: loginErrorText(err, t('login.password_error')),
      });
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  };

  return {
    phone,
    setPhone,
    phoneValid: phoneValid && isPhoneValueValid(phone),
    setPhoneValid,
    remember,
    toggleRemember,
    password,
    setPassword,
    step,
    submitting,
    passwordFailed,
    submitPhone,
    submitPassword,
    back,
    forgot: () => forgot(true),
    /** the flow leaves for another page (e.g. registration): the modal closes */
    leave: () => onLeave?.(),
    finish,
  };
}

export type LoginController = ReturnType<typeof useLoginController>;
