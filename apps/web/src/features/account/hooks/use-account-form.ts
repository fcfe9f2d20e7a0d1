import { useId, useState, type FormEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { toE164 } from '@bilheteira/shared/phone';
import { SUPPORT_LOCKED_FIELDS, type CustomerView } from '@bilheteira/shared/schemas/customers';
import { ApiError } from '../../../lib/api-client';
import { customerPhoneValue, type PhoneValue } from '../../../lib/phone-value';
import { showAlert } from '../../../stores/alert-store';
import { useSupportSession } from '../../../stores/session-store';
import { useRequestMobileCode, useUpdateAccount } from '../api/account';
import { firstErrorField, valuesOf, type FieldErrors, type TextField } from '../lib/account-form';

/**
 * The account form's state and actions: the text fields, the mobile (a new number needs an
 * SMS code), the server's field errors, saving (the first field in error gets the focus,
 * found inside `formRef`). In a support session the fields of SUPPORT_LOCKED_FIELDS are
 * disabled (the API refuses them too).
 */
export function useAccountForm(customer: CustomerView, formRef: RefObject<HTMLFormElement | null>) {
  const { t } = useTranslation('account');
  const uid = useId();
  const fid = (f: string) => `${uid}-${f}`;
  const [values, setValues] = useState(() => valuesOf(customer));
  const [phone, setPhone] = useState<PhoneValue>(() => customerPhoneValue(customer));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const update = useUpdateAccount();
  const mobileCode = useRequestMobileCode();
  // a support session may not change where money, links and tickets go (the API refuses too)
  const support = useSupportSession();
  const locked = (f: string) => support && (SUPPORT_LOCKED_FIELDS as readonly string[]).includes(f);

  const newMobile = toE164(phone.dialCode, phone.national);
  const mobileChanged = !!phone.national && newMobile !== customer.mobile;

  const set = (f: TextField) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [f]: e.target.value }));
  const inputProps = (f: TextField) => ({
    id: fid(f),
    name: f,
    value: values[f],
    onChange: set(f),
    disabled: locked(f),
    'aria-invalid': !!errors[f],
    'aria-describedby': errors[f] ? `${fid(f)}-error` : locked(f) ? `${fid(f)}-hint` : undefined,
    className: 'field-input',
  });

  const sendCode = async () => {
    try {
      const res = await mobileCode.mutateAsync({
        mobile_country_code: phone.dialCode,
        mobile: phone.national,
      });
      setCodeSentTo(newMobile);
      setErrors((e) => ({ ...e, mobile: [] }));
      await showAlert({ type: 'info', title: t('mobile_code_sent_title'), text: res.data.message });
    } catch (err) {
      const e = err instanceof ApiError ? err : null;
      if (e) setErrors((old) => ({ ...old, ...e.fieldErrors }));
      await showAlert({
        type: 'error',
        title: t('mobile_code_error'),
        text: e?.message ?? t('unknown_error'),
      });
    }
  };

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    try {
      const res = await update.mutateAsync({
        ...values,
        mobile_country_code: phone.dialCode,
        mobile: phone.national,
        ...(mobileChanged ? {} : { mobile_code: '' }),
      });
      setErrors({});
      setValues(valuesOf(res.data));
      setPhone(customerPhoneValue(res.data));
      setCodeSentTo(null);
      await showAlert({ type: 'success', title: res.message });
    } catch (err) {
      const e = err instanceof ApiError ? err : null;
      const fieldErrors = e?.fieldErrors ?? {};
      setErrors(fieldErrors);
      const first = firstErrorField(fieldErrors);
      await showAlert({
        type: 'error',
        title: e?.message ?? t('unknown_error'),
        text: first ? t('check_marked_fields') : undefined,
      });
      if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    }
  };

  return {
    uid,
    fid,
    errors,
    phone,
    setPhone,
    locked,
    inputProps,
    mobileChanged,
    /** the code was sent to the number now in the field: the button offers to resend */
    codeSent: codeSentTo === newMobile,
    sendingCode: mobileCode.isPending,
    sendCode,
    saving: update.isPending,
    submit,
  };
}

export type AccountFormState = ReturnType<typeof useAccountForm>;
