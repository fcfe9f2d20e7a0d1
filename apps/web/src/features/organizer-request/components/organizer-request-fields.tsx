import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '@bilheteira/shared/locales';
import { ORGANIZER_LIMITS } from '@bilheteira/shared/schemas/organizer-requests';
import { PasswordStrength } from '../../../components/password-strength';
import { paths } from '../../../config/paths';

/** `id-error` when there is an error, then the hint ids; undefined when none. */
export const describedBy = (id: string, error: string | undefined, hint?: string) =>
  [error ? `${id}-error` : null, hint ?? null].filter(Boolean).join(' ') || undefined;

export function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={`${id}-error`} className="field-error">
      {error}
    </p>
  ) : null;
}

/** The password with a show/hide toggle, its hint and the advisory strength meter. */
export function PasswordPlanField({
  id,
  strengthId,
  value,
  error,
  onChange,
}: {
  id: string;
  strengthId: string;
  value: string;
  error?: string;
  onChange(value: string): void;
}) {
  const { t } = useTranslation('organizer');
  const [showPassword, setShowPassword] = useState(false);
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {t('fields.password')}
      </label>
      <div className="relative">
        <input
          id={id}
          name="password_plan"
          type={showPassword ? 'text' : 'password'}
          autoComplete="new-password"
          maxLength={ORGANIZER_LIMITS.password}
          required
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, `${id}-hint ${strengthId}`)}
          className="field-input pr-24"
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
        <button
          type="button"
          className="absolute inset-y-0 right-0 rounded-r-lg px-3 text-sm font-medium text-slate-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-amber-500"
          aria-pressed={showPassword}
          aria-controls={id}
          onClick={() => setShowPassword((s) => !s)}
        >
          {showPassword ? t('fields.hide_password') : t('fields.show_password')}
        </button>
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
        {t('fields.password_hint')}
      </p>
      <PasswordStrength password={value} id={strengthId} />
      <FieldError id={id} error={error} />
    </div>
  );
}

/** The required acceptance of the terms and the privacy policy (links open a new tab). */
export function TermsField({
  id,
  checked,
  error,
  onChange,
}: {
  id: string;
  checked: boolean;
  error?: string;
  onChange(checked: boolean): void;
}) {
  const { t } = useTranslation('organizer');
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          id={id}
          name="accepted_terms"
          type="checkbox"
          className="mt-1 h-5 w-5 shrink-0 accent-amber-600"
          required
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error)}
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
        />
        <label htmlFor={id} className="text-sm text-slate-800">
          {t('fields.accepted_terms_before')}
          <a href={paths.terms} target="_blank" rel="noopener" className="font-medium underline">
            {t('fields.terms_link')}
            <span className="sr-only"> {t('fields.new_tab')}</span>
          </a>
          {t('fields.accepted_terms_middle')}
          <a href={paths.privacy} target="_blank" rel="noopener" className="font-medium underline">
            {t('fields.privacy_link')}
            <span className="sr-only"> {t('fields.new_tab')}</span>
          </a>
          {t('fields.accepted_terms_after')}
        </label>
      </div>
      <FieldError id={id} error={error} />
    </div>
  );
}

/** What the organiser will sell, with its hint. */
export function DescriptionField({
  id,
  value,
  error,
  onChange,
}: {
  id: string;
  value: string;
  error?: string;
  onChange(value: string): void;
}) {
  const { t } = useTranslation('organizer');
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {t('fields.description')}
      </label>
      <textarea
        id={id}
        name="description"
        rows={4}
        maxLength={ORGANIZER_LIMITS.description}
        required
        aria-required="true"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, `${id}-hint`)}
        className="field-input"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
        {t('fields.description_hint')}
      </p>
      <FieldError id={id} error={error} />
    </div>
  );
}

/** The language the organiser is contacted in. */
export function LangField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: Locale;
  onChange(lang: Locale): void;
}) {
  const { t } = useTranslation('organizer');
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {t('fields.lang')}
      </label>
      <select
        id={id}
        name="lang"
        className="field-input"
        value={value}
        onChange={(e) => onChange(e.target.value as Locale)}
      >
        {LOCALES.map((l) => (
          <option key={l} value={l}>
            {t(`languages.${l}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A required one-line text field with its label and error. */
export function RequiredTextField({
  id,
  name,
  label,
  value,
  error,
  onChange,
  type,
  autoComplete,
  max,
  className,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  error?: string;
  onChange(value: string): void;
  type?: string;
  autoComplete?: string;
  max: number;
  className?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type ?? 'text'}
        autoComplete={autoComplete}
        maxLength={max}
        required
        aria-required="true"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error)}
        className="field-input"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      <FieldError id={id} error={error} />
    </div>
  );
}
