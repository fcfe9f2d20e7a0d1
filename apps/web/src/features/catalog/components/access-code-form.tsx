import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * "Tem um código de acesso?": a small form under the tickets. `onApply` answers the message
 * to show (the unlocked ticket names, or the server's localised refusal: unknown, expired,
 * used up, too many attempts).
 */
export function AccessCodeForm({
  onApply,
  applied,
}: {
  onApply(code: string): Promise<{ ok: boolean; message: string }>;
  /** the code already unlocked (kept for the tab) */
  applied: string | null;
}) {
  const { t } = useTranslation('catalog');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<{ ok: boolean; message: string } | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim() || busy) return;
    setBusy(true);
    try {
      const res = await onApply(code.trim());
      setAnswer(res);
      if (res.ok) setCode('');
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card mt-4" aria-labelledby="access-code-title" data-testid="access-code">
      <h2 id="access-code-title" className="text-base font-semibold">
        {t('tickets.access_title')}
      </h2>
      <p className="text-sm text-slate-700">{t('tickets.access_hint')}</p>
      <form className="mt-3 flex flex-wrap items-end gap-2" onSubmit={(e) => void submit(e)} noValidate>
        <label className="min-w-0 flex-1">
          <span className="field-label">{t('tickets.access_label')}</span>
          <input
            className="field-input uppercase"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            aria-describedby="access-code-answer"
            data-testid="access-code-input"
          />
        </label>
        <button
          type="submit"
          className="btn-secondary"
          disabled={busy || !code.trim()}
          data-testid="access-code-apply"
        >
          {busy ? t('tickets.access_applying') : t('tickets.access_apply')}
        </button>
      </form>
      <p
        id="access-code-answer"
        role={answer && !answer.ok ? 'alert' : 'status'}
        className={`mt-2 text-sm ${answer?.ok ? 'text-emerald-800' : 'text-red-800'}`}
        data-testid="access-code-answer"
      >
        {answer?.message ?? (applied ? `${t('tickets.access_badge')}: ${applied}` : '')}
      </p>
    </section>
  );
}
