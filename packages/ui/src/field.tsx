import type { ReactNode } from 'react';

/**
 * One form field: a label for the control with id `id`, the control (children), an optional
 * hint shown while there is no error (id `<id>-hint`) and the error (id `<id>-error`, for the
 * control's aria-describedby; announced with role=alert unless `announce` is false).
 * Styling: the app's `.field-label` and `.field-error` classes.
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

/** aria-invalid and aria-describedby of the control of a Field with this id. */
export function fieldAria(id: string, error: string | undefined, hasHint = false) {
  const describedBy = error ? `${id}-error` : hasHint ? `${id}-hint` : undefined;
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy } as const;
}
