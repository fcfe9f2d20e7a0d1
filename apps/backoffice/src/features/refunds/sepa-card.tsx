import { useTranslation } from 'react-i18next';
import { formatEur } from '@bilheteira/shared/money';
import type { AdminRefundListResponse } from '@bilheteira/shared/schemas/backoffice-refunds';
import { apiFormError } from '../../lib/forms';
import { notify } from '../../lib/notice';
import { useSepaExport } from './refunds-api';

/**
 * What waits for the bank: the approved requests not yet in a SEPA file, the organiser's
 * account they are paid from, and the button that downloads the file.
 */
export function SepaCard({
  organizerId,
  meta,
}: {
  organizerId: number;
  meta: AdminRefundListResponse['meta'] | undefined;
}) {
  const { t } = useTranslation(['refunds', 'common']);
  const sepa = useSepaExport(organizerId);
  const exportSepa = () =>
    sepa.mutate(undefined, {
      onSuccess: (r) => notify(t('refunds:exported', { count: r.count, amount: formatEur(r.totalCents) })),
      onError: (err) => notify(apiFormError(t, err), 'error'),
    });
  const canExport = !!meta?.debtor_iban_masked && !!meta.exportable.count && !sepa.isPending;
  return (
    <section
      aria-labelledby="sepa-title"
      className="card mb-6 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="min-w-0">
        <h2 id="sepa-title" className="font-semibold">
          {t('refunds:sepa_title')}
        </h2>
        <p className="text-sm text-slate-700" data-testid="sepa-summary">
          {!meta
            ? t('common:loading')
            : !meta.debtor_iban_masked
              ? t('refunds:sepa_no_iban')
              : !meta.exportable.count
                ? t('refunds:sepa_none', { iban: meta.debtor_iban_masked })
                : t('refunds:sepa_summary', {
                    count: meta.exportable.count,
                    amount: formatEur(meta.exportable.amount_cents),
                    iban: meta.debtor_iban_masked,
                  })}
        </p>
      </div>
      <button
        type="button"
        className="btn-primary shrink-0 whitespace-nowrap"
        disabled={!canExport}
        onClick={exportSepa}
        data-testid="sepa-export"
      >
        {sepa.isPending ? t('common:working') : t('refunds:sepa_export')}
      </button>
    </section>
  );
}
