import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field, fieldAria } from '@bilheteira/ui/field';

interface Common {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  registration: UseFormRegisterReturn;
  className?: string;
}

/** A labelled input of a form (label, hint, error under it, aria wired). */
export function InputField({
  id,
  label,
  error,
  hint,
  registration,
  className,
  ...rest
}: Common & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'>) {
  return (
    <div className={className}>
      <Field id={id} label={label} error={error} hint={hint} announce={false}>
        <input
          id={id}
          className="field-input"
          {...fieldAria(id, error, !!hint)}
          {...rest}
          {...registration}
        />
      </Field>
    </div>
  );
}

export function TextAreaField({
  id,
  label,
  error,
  hint,
  registration,
  className,
  ...rest
}: Common & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'>) {
  return (
    <div className={className}>
      <Field id={id} label={label} error={error} hint={hint} announce={false}>
        <textarea
          id={id}
          rows={4}
          className="field-input"
          {...fieldAria(id, error, !!hint)}
          {...rest}
          {...registration}
        />
      </Field>
    </div>
  );
}

export function SelectField({
  id,
  label,
  error,
  hint,
  registration,
  className,
  children,
  ...rest
}: Common & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className'>) {
  return (
    <div className={className}>
      <Field id={id} label={label} error={error} hint={hint} announce={false}>
        <select id={id} className="field-input" {...fieldAria(id, error, !!hint)} {...rest} {...registration}>
          {children}
        </select>
      </Field>
    </div>
  );
}

/** A checkbox with its label beside it and an optional hint or error below. */
export function CheckField({
  id,
  label,
  hint,
  error,
  registration,
  className,
}: Omit<Common, 'label'> & { label: ReactNode }) {
  return (
    <div className={`flex items-start gap-3 ${className ?? ''}`}>
      <input
        id={id}
        type="checkbox"
        className="mt-1 size-5 shrink-0 accent-amber-600"
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        aria-invalid={error ? true : undefined}
        {...registration}
      />
      <div>
        <label htmlFor={id} className="font-medium text-slate-900">
          {label}
        </label>
        {hint && !error && (
          <p id={`${id}-hint`} className="text-sm text-slate-700">
            {hint}
          </p>
        )}
        {error && (
          <p id={`${id}-error`} className="field-error">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}

/** A titled card of a long form. */
export function FormSection({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="card">
      <h2 id={id} className="text-lg font-bold text-slate-900">
        {title}
      </h2>
      {intro && <p className="mt-1 text-sm text-slate-700">{intro}</p>}
      <div className="mt-4 grid gap-4 sm:grid-cols-2">{children}</div>
    </section>
  );
}
