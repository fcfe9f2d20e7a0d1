import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEur } from '@bilheteira/shared/money';
import type { RefundView, WalletEventData } from '@bilheteira/shared/schemas/wallet';
import { displayIban, isValidIban } from '@bilheteira/shared/validation';
import { REFUND_PROGRESS } from '@bilheteira/shared/wallet';
import { currentLocale } from '../../../i18n/i18n';
import { ApiError } from '../../../lib/api-client';
import { formatShortDate } from '../../../lib/date-format';
import { showAlert } from '../../../stores/alert-store';
import { useSession, useSupportSession } from '../../../stores/session-store';
import { SupportOnlyNote } from '../../../components/support-only-note';
import { useRequestRefund } from '../api/wallet';

const TZ = 'Europe/Lisbon';

/** requested → approved → paid, or the rejection, as an ordered list of steps. */
function RefundProgress({ refund }: { refund: RefundView }) {
  const { t } = useTranslation('wallet');
  const locale = currentLocale();
  const reached = REFUND_PROGRESS.indexOf(refund.status as (typeof REFUND_PROGRESS)[number]);
  const dates: Record<string, string | null> = {
    requested: refund.created_at,
    approved: refund.approved_at,
    paid: refund.paid_at,
  };
  return (
    <div className="mt-4 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200" data-testid="refund-progress">
      <p className="font-semibold">
        {t('refund.progress_title', { amount: formatEur(refund.amount_cents), iban: refund.iban_masked })}
      </p>
      {refund.status === 'rejected' ? (
        <p className="mt-2 text-red-800">{t('refund.rejected')}</p>
      ) : (
        <ol className="mt-3 grid gap-2 sm:grid-cols-3">
          {REFUND_PROGRESS.map((step, i) => {
            const done = i <= reached;
            const date = dates[step];
            return (
              <li
                key={step}
                className={`flex items-center gap-2 rounded-lg px-3 py-2 text-sm ${done ? 'bg-emerald-50 text-emerald-900 ring-1 ring-emerald-300' : 'bg-white text-slate-700 ring-1 ring-slate-200'}`}
                aria-current={i === reached ? 'step' : undefined}
              >
                <span aria-hidden className="text-base">
                  {done ? '✓' : '○'}
                </span>
                <span>
                  <span className="font-semibold">{t(`refund.status.${step}`)}</span>
                  {done && date && <span className="block text-xs">{formatShortDate(date, TZ, locale)}</span>}
                  <span className="sr-only">{done ? t('refund.step_done') : t('refund.step_pending')}</span>
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}

/** What would be refunded now: refundable, minus the fee, the refund; and where it comes from. */
function RefundQuote({ data }: { data: WalletEventData }) {
  const { t } = useTranslation('wallet');
  const { refund } = data;
  return (
    <>
      <dl
        className="mt-4 grid grid-cols-1 gap-2 rounded-xl bg-slate-50 p-4 text-sm ring-1 ring-slate-200 sm:grid-cols-3"
        data-testid="refund-quote"
      >
        <div>
          <dt className="text-slate-600">{t('refund.quote_refundable')}</dt>
          <dd className="text-lg font-semibold" data-testid="refund-refundable">
            {formatEur(refund.refundable_cents)}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">{t('refund.quote_fee')}</dt>
          <dd className="text-lg font-semibold" data-testid="refund-fee">
            − {formatEur(refund.fee_cents)}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">{t('refund.quote_refund')}</dt>
          <dd className="text-lg font-bold text-emerald-800" data-testid="refund-amount">
            {formatEur(refund.refund_cents)}
          </dd>
        </div>
      </dl>
      <p className="mt-1 text-xs text-slate-600">
        {t('refund.quote_breakdown', {
          topups: formatEur(data.wallet.online_topups_cents),
          spent: formatEur(data.wallet.spent_online_cents),
        })}
      </p>
    </>
  );
}

export function RefundSection({ data }: { data: WalletEventData }) {
  const { t } = useTranslation('wallet');
  const id = useId();
  const locale = currentLocale();
  const request = useRequestRefund();
  // a refund to an IBAN is the customer's own request, never a support session's
  const support = useSupportSession();
  // prefilled with the IBAN of the customer's account until they type their own
  const accountIban = useSession((s) => s.customer?.iban ?? null);
  const [typedIban, setIban] = useState<string | null>(null);
  const iban = typedIban ?? (accountIban ? displayIban(accountIban) : '');
  const [error, setError] = useState<string | null>(null);
  const { refund } = data;
  const open = refund.open_request;
  const last = open ?? refund.last_request;
  const opens = formatShortDate(refund.opens_at, TZ, locale);
  const closes = formatShortDate(refund.closes_at, TZ, locale);

  const blockedReason =
    refund.availability !== 'allowed'
      ? t(`refund.tooltip.${refund.availability}`, { date: opens })
      : open
        ? t('refund.tooltip.open')
        : refund.refund_cents <= 0
          ? t('refund.tooltip.nothing')
          : null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (blockedReason) return;
    if (!isValidIban(iban)) {
      setError(t('refund.iban_invalid'));
      return;
    }
    setError(null);
    const shownIban = displayIban(iban);
    setIban(shownIban);
    const ok = await showAlert({
      type: 'warning',
      title: t('refund.confirm_title'),
      text: t('refund.confirm_text', {
        refund: formatEur(refund.refund_cents),
        fee: formatEur(refund.fee_cents),
        refundable: formatEur(refund.refundable_cents),
        iban: shownIban,
      }),
      confirmText: t('refund.confirm_yes'),
      cancelText: t('refund.confirm_no'),
    });
    if (!ok) return;
    try {
      const res = await request.mutateAsync({
        event_id: data.event.id,
        iban,
        expected_refund_cents: refund.refund_cents,
      });
      setIban('');
      await showAlert({ type: 'success', title: t('refund.sent_title'), text: res.message });
    } catch (err) {
      const fieldError = err instanceof ApiError ? err.fieldErrors.iban?.[0] : undefined;
      if (fieldError) setError(fieldError);
      await showAlert({
        type: 'error',
        title: t('refund.error_title'),
        text: err instanceof ApiError ? err.message : t('refund.error'),
      });
    }
  };

  return (
    <section className="card" aria-labelledby={`${id}-title`} data-testid="refund-section">
      <h2 id={`${id}-title`} className="text-xl font-bold">
        {t('refund.title')}
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
        <li>{t('refund.rule_online')}</li>
        <li>{t('refund.rule_fee', { fee: formatEur(refund.fee_cents) })}</li>
        <li>{t('refund.rule_window', { opens, closes })}</li>
        <li>{t('refund.rule_one')}</li>
      </ul>

      <RefundQuote data={data} />

      {last && <RefundProgress refund={last} />}

      {support ? (
        <SupportOnlyNote className="mt-4" />
      ) : (
        <form onSubmit={submit} noValidate className="mt-4">
          <label htmlFor={`${id}-iban`} className="field-label">
            {t('refund.iban')}
          </label>
          <input
            id={`${id}-iban`}
            className="field-input font-mono uppercase"
            autoComplete="off"
            spellCheck={false}
            placeholder="PT50 0000 0000 0000 0000 0000 0"
            value={iban}
            maxLength={42}
            aria-invalid={!!error}
            aria-describedby={error ? `${id}-iban-error` : undefined}
            onChange={(e) => {
              setIban(e.target.value);
              setError(null);
            }}
            onBlur={() => {
              // spacing and case tidied as the person leaves the field: PT50 0002 0123 …
              if (!iban.trim()) return;
              setIban(displayIban(iban));
              if (!isValidIban(iban)) setError(t('refund.iban_invalid'));
            }}
            disabled={!!blockedReason}
          />
          {error && (
            <p id={`${id}-iban-error`} className="field-error" role="alert">
              {error}
            </p>
          )}
          <div className="group relative mt-4 inline-block">
            <button
              type="submit"
              className="btn-primary aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
              aria-disabled={!!blockedReason || request.isPending}
              aria-describedby={blockedReason ? `${id}-why` : undefined}
              data-testid="refund-submit"
            >
              {refund.refund_cents > 0
                ? t('refund.submit', { amount: formatEur(refund.refund_cents) })
                : t('refund.confirm_yes')}
            </button>
            {blockedReason && (
              <span
                id={`${id}-why`}
                role="tooltip"
                data-testid="refund-tooltip"
                className="pointer-events-none absolute bottom-full left-0 z-10 mb-2 hidden w-64 rounded-lg bg-slate-900 px-3 py-2 text-sm text-white shadow-lg group-focus-within:block group-hover:block"
              >
                {blockedReason}
              </span>
            )}
          </div>
          {blockedReason && (
            <p className="mt-2 text-sm text-slate-700" data-testid="refund-blocked-reason">
              {blockedReason}
            </p>
          )}
        </form>
      )}
    </section>
  );
}
