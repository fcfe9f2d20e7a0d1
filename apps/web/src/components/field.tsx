import type { ReactNode } from 'react';

/**
 * One form field: `.field-label` for the control with id `id`, the control (children), an
 * optional hint shown while there is no error (id `<id>-hint`) and the error (id
 * `<id>-error`, for the control's aria-describedby). The error is announced (role=alert)
 * unless `announce` is false (forms that move the focus to the first invalid field).
 */
export function Field({
  id,
  label,
  error,
  hint,
  announce = true,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  announce?: boolean;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-700">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error" role={announce ? 'alert' : undefined}>
          {error}
        </p>
      )}
    </div>
  );
}
