import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '@bilheteira/ui/dialog-frame';

/** A new API key or signing secret, shown once (the API keeps only a hash or the signer's copy). */
export function SecretDialog({
  title,
  label,
  value,
  onClose,
  testId,
}: {
  title: string;
  label: string;
  value: string;
  onClose(): void;
  testId: string;
}) {
  const { t } = useTranslation(['integrations', 'common']);
  const [copied, setCopied] = useState(false);
  return (
    <DialogFrame
      open
      onClose={onClose}
      title={title}
      description={t('integrations:shown_once')}
      closeLabel={t('common:close')}
      testId={testId}
    >
      <div className="flex flex-col gap-4">
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
            {copied ? t('integrations:copied') : t('integrations:copy')}
          </button>
          <button type="button" className="btn-primary" onClick={onClose} data-testid="secret-done">
            {t('integrations:kept')}
          </button>
        </div>
        <p role="status" className="sr-only">
          {copied ? t('integrations:copied') : ''}
        </p>
      </div>
    </DialogFrame>
  );
}
