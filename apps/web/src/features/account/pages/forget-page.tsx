import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatEur } from '@bilheteira/shared/money';
import type { ForgetPreview } from '@bilheteira/shared/schemas/account';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/page-meta';
import { useUrlToken } from '../../../lib/use-url-token';
import { queryClient } from '../../../lib/query-client';
import { showAlert } from '../../../stores/alert-store';
import { useEventContext } from '../../../stores/event-context-store';
import { useSession, useSupportSession } from '../../../stores/session-store';
import { SupportOnlyNote } from '../../../components/support-only-note';
import { confirmForget, forgetPreviewQuery, requestForget } from '../api/account';

function List({ title, items, tone }: { title: string; items: string[]; tone: 'red' | 'slate' }) {
  return (
    <div
      className={`rounded-xl p-4 ring-1 ${tone === 'red' ? 'bg-red-50 ring-red-200' : 'bg-slate-100 ring-slate-200'}`}
    >
      <h3 className="font-semibold">{title}</h3>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-800">
        {items.map((i) => (
          <li key={i}>{i}</li>
        ))}
      </ul>
    </div>
  );
}

/** Step 2: the emailed link, opened while signed in, erases the account for good. */
function ConfirmStep({ token }: { token: string }) {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    const sure = await showAlert({
      type: 'warning',
      title: t('forget.confirm_question_title'),
      text: t('forget.confirm_question'),
      confirmText: t('forget.confirm_yes'),
      cancelText: t('forget.cancel'),
    });
    if (!sure) return;
    setBusy(true);
    try {
      const res = await confirmForget(token);
      // Every session ended server-side: forget everything held in this browser too.
      useSession.getState().clear();
      useEventContext.getState().leave();
      queryClient.clear();
      await showAlert({ type: 'success', title: t('forget.done_title'), text: res.data.message });
      navigate(paths.home, { replace: true });
    } catch (err) {
      setBusy(false);
      await showAlert({
        type: 'error',
        title: t('forget.error'),
        text: err instanceof ApiError ? err.message : undefined,
      });
    }
  };
  return (
    <section
      className="card mt-6 ring-2 ring-red-300"
      aria-labelledby="forget-confirm"
      data-testid="forget-confirm"
    >
      <h2 id="forget-confirm" className="text-xl font-bold text-red-900">
        {t('forget.confirm_title')}
      </h2>
      <p className="mt-2 text-slate-800">{t('forget.confirm_text')}</p>
      <div className="mt-5 flex flex-wrap gap-3">
        <button
          type="button"
          onClick={() => void confirm()}
          disabled={busy}
          className="inline-flex min-h-11 items-center rounded-full bg-red-700 px-5 py-2 font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 disabled:opacity-50"
        >
          {t('forget.confirm_button')}
        </button>
        <Link to={paths.dashboardAccount} className="btn-secondary">
          {t('forget.keep_account')}
        </Link>
      </div>
    </section>
  );
}

/** Step 1: what happens, then the request that emails the confirmation link. */
function RequestStep() {
  const { t } = useTranslation('account');
  // the advice follows the balance's kind: refundable now, after the event, or not at all
  const walletAdvice = (p: ForgetPreview) => {
    const amount = formatEur(p.wallet_balance_cents);
    if (p.wallet_balance_cents <= 0) return t('forget.wallet_none');
    if (p.wallet_refundable_now_cents > 0)
      return t('forget.wallet_refund_now', { amount, refund: formatEur(p.wallet_refundable_now_cents) });
    if (p.wallet_refundable_later_cents > 0)
      return t('forget.wallet_refund_later', { amount, refund: formatEur(p.wallet_refundable_later_cents) });
    return t('forget.wallet_not_refundable', { amount });
  };
  const preview = useQuery(forgetPreviewQuery());
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const p = preview.data;

  const ask = async () => {
    const sure = await showAlert({
      type: 'warning',
      title: t('forget.request_question_title'),
      text: t('forget.request_question'),
      confirmText: t('forget.request_yes'),
      cancelText: t('forget.cancel'),
    });
    if (!sure) return;
    setBusy(true);
    try {
      const res = await requestForget();
      setSent(res.data.message);
      await showAlert({ type: 'success', title: t('forget.sent_title'), text: res.data.message });
    } catch (err) {
      await showAlert({
        type: 'error',
        title: t('forget.error'),
        text: err instanceof ApiError ? err.message : undefined,
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <div className="mt-6 grid gap-4 md:grid-cols-2">
        <List
          title={t('forget.deleted_title')}
          items={[
            t('forget.deleted.identity'),
            t('forget.deleted.contacts'),
            t('forget.deleted.billing'),
            t('forget.deleted.access'),
            t('forget.deleted.marketing'),
            t('forget.deleted.messages'),
          ]}
          tone="red"
        />
        <List
          title={t('forget.kept_title')}
          items={[t('forget.kept.invoices'), t('forget.kept.ledger'), t('forget.kept.anonymous')]}
          tone="slate"
        />
      </div>

      <section className="card mt-5" aria-labelledby="forget-impact" aria-busy={preview.isPending}>
        <h2 id="forget-impact" className="text-lg font-bold">
          {t('forget.impact_title')}
        </h2>
        <ul className="mt-3 space-y-3 text-slate-800">
          <li data-testid="forget-tickets">
            <strong>{t('forget.tickets_title')}</strong>{' '}
            {p ? t('forget.tickets', { count: p.future_tickets }) : '…'} {t('forget.tickets_decision')}
          </li>
          <li data-testid="forget-wallet">
            <strong>{t('forget.wallet_title')}</strong> {p ? walletAdvice(p) : '…'}
          </li>
          {p && p.open_refunds > 0 && (
            <li className="rounded-lg bg-amber-100 p-3 text-amber-950">{t('forget.refund_open')}</li>
          )}
        </ul>
      </section>

      {sent || p?.pending_request ? (
        <p
          className="card mt-5 bg-emerald-50 text-emerald-950 ring-emerald-200"
          role="status"
          data-testid="forget-sent"
        >
          {sent ?? t('forget.pending')}
        </p>
      ) : null}

      <div className="mt-5 flex flex-wrap gap-3">
        <button
          type="button"
          onClick={() => void ask()}
          disabled={busy || !p || p.open_refunds > 0}
          className="inline-flex min-h-11 items-center rounded-full bg-red-700 px-5 py-2 font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 disabled:opacity-50"
        >
          {sent || p?.pending_request ? t('forget.request_again') : t('forget.request_button')}
        </button>
        <Link to={paths.dashboardAccount} className="btn-secondary">
          {t('forget.back')}
        </Link>
      </div>
    </>
  );
}

/** Forget data (spec §2, §4): request → email link → erasure. */
export default function ForgetPage() {
  const { t } = useTranslation('account');
  usePageMeta(t('forget.title'));
  const token = useUrlToken();
  const support = useSupportSession();
  return (
    <main id="main" className="page max-w-3xl">
      <Link to={paths.dashboardAccount} className="text-sm text-slate-700 underline">
        {t('forget.back')}
      </Link>
      <h1 className="mt-2 text-3xl font-bold">{t('forget.title')}</h1>
      <p className="mt-2 text-slate-700">{t('forget.intro')}</p>
      {support ? (
        <SupportOnlyNote className="mt-6" />
      ) : token && token.length >= 20 ? (
        <ConfirmStep token={token} />
      ) : (
        <RequestStep />
      )}
    </main>
  );
}
