import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The recovery codes, shown once: copy, download, and a confirmation before going on. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone(): void }) {
  const { t } = useTranslation(['auth', 'common']);
  const [kept, setKept] = useState(false);
  const [copied, setCopied] = useState(false);
  const text = codes.join('\n');
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'bilheteira-recovery-codes.txt';
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="flex flex-col gap-4" data-testid="recovery-codes">
      <h2 className="text-lg font-bold">{t('auth:recovery_title')}</h2>
      <p className="text-slate-700">{t('auth:recovery_intro')}</p>
      <ul className="grid grid-cols-2 gap-2 rounded-lg bg-slate-100 p-3 font-mono text-base">
        {codes.map((c) => (
          <li key={c} data-testid="recovery-code">
            {c}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn-secondary"
          onClick={() =>
            void navigator.clipboard?.writeText(text).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? t('auth:recovery_copied') : t('auth:recovery_copy')}
        </button>
        <button type="button" className="btn-secondary" onClick={download}>
          {t('auth:recovery_download')}
        </button>
      </div>
      <label className="flex items-start gap-2 text-slate-800">
        <input
          type="checkbox"
          className="mt-1 size-4"
          checked={kept}
          onChange={(e) => setKept(e.target.checked)}
          data-testid="recovery-kept"
        />
        {t('auth:recovery_kept')}
      </label>
      <button type="button" className="btn-primary" disabled={!kept} onClick={onDone}>
        {t('common:continue')}
      </button>
    </div>
  );
}
