import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '@bilheteira/ui/dialog-frame';

/**
 * A secret the API shows once and keeps only as a hash (an API key, a station's or a door
 * device's key, a webhook's signing secret): shown read-only with a copy button, and closed
 * only when the person says they kept it. `children`: what goes with it (an enrolment QR).
 */
export function SecretOnceDialog({
  title,
  description,
  label,
  value,
  onClose,
  testId,
  doneLabel,
  children,
}: {
  title: string;
  /** why it is shown once, and where to put it; a generic sentence by default */
  description?: string;
  label: string;
  value: string;
  onClose(): void;
  testId: string;
  /** the button that closes it; "I have kept it" by default */
  doneLabel?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation('common');
  const [copied, setCopied] = useState(false);
  return (
    <DialogFrame
      open
      onClose={onClose}
      title={title}
      description={description ?? t('secret_shown_once')}
      closeLabel={t('close')}
      testId={testId}
    >
      <div className="flex flex-col gap-4">
        {children}
        <div>
          <label htmlFor={`${testId}-value`} className="field-label">
            {label}
          </label>
          <input
            id={`${testId}-value`}
            readOnly
            value={value}
            className="field-input font-mono text-sm"
            data-testid="secret-value"
            onFocus={(e) => e.currentTarget.select()}
          />
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <button
            type="button"
            className="btn-secondary"
            onClick={() => {
              void navigator.clipboard?.writeText(value).then(() => setCopied(true));
            }}
          >
            {copied ? t('secret_copied') : t('secret_copy')}
          </button>
          <button type="button" className="btn-primary" onClick={onClose} data-testid="secret-done">
            {doneLabel ?? t('secret_kept')}
          </button>
        </div>
        <p role="status" className="sr-only">
          {copied ? t('secret_copied') : ''}
        </p>
      </div>
    </DialogFrame>
  );
}
