import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A labelled field of the account forms: a required mark, a hint while there is no error,
 * and the server's messages for the field (`error-<id>`).
 */
export function AccountField({
  id,
  label,
  error,
  required,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string[];
  required?: boolean;
  hint?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('account');
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
        {required && (
          <>
            {' '}
            <span aria-hidden className="text-red-700">
              *
            </span>
            <span className="sr-only">({t('required')})</span>
          </>
        )}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error" data-testid={`error-${id}`}>
          {error.join(' ')}
        </p>
      )}
    </div>
  );
}
