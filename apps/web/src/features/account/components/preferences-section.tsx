import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomerView } from '@bilheteira/shared/schemas/customers';
import { ApiError } from '../../../lib/api-client';
import { showAlert } from '../../../stores/alert-store';
import { saveToggle } from '../api/account';
import { AccountSection } from './account-section';

/** Marketing consent and invoice by email: saved as they change, no loading indicator. */
export function Preferences({ customer }: { customer: CustomerView }) {
  const { t } = useTranslation('account');
  const uid = useId();
  const [prefs, setPrefs] = useState({
    marketing_consent: customer.marketing_consent,
    invoice_by_email: customer.invoice_by_email,
  });
  useEffect(() => {
    setPrefs({ marketing_consent: customer.marketing_consent, invoice_by_email: customer.invoice_by_email });
  }, [customer.marketing_consent, customer.invoice_by_email]);

  const toggle = async (key: keyof typeof prefs, value: boolean) => {
    setPrefs((p) => ({ ...p, [key]: value }));
    try {
      await saveToggle({ [key]: value });
    } catch (err) {
      setPrefs((p) => ({ ...p, [key]: !value }));
      await showAlert({
        type: 'error',
        title: t('preference_error'),
        text: err instanceof ApiError ? err.message : t('unknown_error'),
      });
    }
  };

  const box = (key: keyof typeof prefs, label: string, help: string) => (
    <div className="flex gap-3">
      <input
        id={`${uid}-${key}`}
        type="checkbox"
        className="mt-1 h-5 w-5 shrink-0 accent-amber-600"
        checked={prefs[key]}
        onChange={(e) => void toggle(key, e.target.checked)}
        aria-describedby={`${uid}-${key}-help`}
      />
      <div>
        <label htmlFor={`${uid}-${key}`} className="font-medium">
          {label}
        </label>
        <p id={`${uid}-${key}-help`} className="text-sm text-slate-700">
          {help}
        </p>
      </div>
    </div>
  );

  return (
    <AccountSection title={t('preferences')} id={`${uid}-prefs`}>
      <div className="grid gap-4">
        {box('marketing_consent', t('marketing_consent'), t('marketing_consent_help'))}
        {box('invoice_by_email', t('invoice_by_email'), t('invoice_by_email_help'))}
      </div>
    </AccountSection>
  );
}
