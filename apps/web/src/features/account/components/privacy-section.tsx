import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PortabilityFormat } from '@bilheteira/shared/schemas/account';
import { SupportOnlyNote } from '../../../components/support-only-note';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { showAlert } from '../../../stores/alert-store';
import { useSupportSession } from '../../../stores/session-store';
import { requestPortability, saveFile } from '../api/account';
import { AccountSection } from './account-section';

/**
 * GDPR: the data export (XML or JSON, saved as a file) and the way to the forget-data page
 * (`forgetHref`: that of the current context; mini-sites keep their own). A support session
 * only sees a note.
 */
export function Privacy({ forgetHref = paths.dashboardForget }: { forgetHref?: string }) {
  const { t } = useTranslation('account');
  const uid = useId();
  const [format, setFormat] = useState<PortabilityFormat>('xml');
  const [busy, setBusy] = useState(false);
  const support = useSupportSession();

  const download = async () => {
    setBusy(true);
    try {
      const res = await requestPortability(format);
      if (!res.success) throw new Error('not-success');
      saveFile(
        format === 'xml' ? res.xml : res.json,
        res.filename,
        format === 'xml' ? 'application/xml;charset=utf-8' : 'application/json;charset=utf-8',
      );
      await showAlert({
        type: 'success',
        title: t('portability_done'),
        text: res.message.text,
        timerMs: 4000,
      });
    } catch (err) {
      await showAlert({
        type: 'error',
        title: t('portability_error'),
        text: err instanceof ApiError ? err.message : t('unknown_error'),
      });
    } finally {
      setBusy(false);
    }
  };

  if (support)
    return (
      <AccountSection title={t('gdpr_title')} id={`${uid}-gdpr`}>
        <p className="text-slate-700">{t('gdpr_text')}</p>
        <SupportOnlyNote className="mt-3" />
      </AccountSection>
    );
  return (
    <AccountSection title={t('gdpr_title')} id={`${uid}-gdpr`}>
      <p className="text-slate-700">{t('gdpr_text')}</p>
      <h3 className="mt-5 font-semibold">{t('portability_title')}</h3>
      <p className="mt-1 text-sm text-slate-700">{t('portability_text')}</p>
      <fieldset className="mt-3">
        <legend className="sr-only">{t('portability_format')}</legend>
        <div className="flex flex-wrap gap-4">
          {(['xml', 'json'] as const).map((f) => (
            <label key={f} className="inline-flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name={`${uid}-format`}
                value={f}
                checked={format === f}
                onChange={() => setFormat(f)}
                className="h-4 w-4 accent-amber-600"
              />
              {t(`format_${f}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <button type="button" className="btn-secondary mt-3" onClick={() => void download()} disabled={busy}>
        {busy ? t('portability_busy') : t('portability_button')}
      </button>
      <h3 className="mt-6 font-semibold">{t('forget_title')}</h3>
      <p className="mt-1 text-sm text-slate-700">{t('forget_teaser')}</p>
      <Link
        to={forgetHref}
        className="mt-3 inline-flex min-h-11 items-center font-semibold text-red-800 underline"
      >
        {t('forget_link')}
      </Link>
    </AccountSection>
  );
}
