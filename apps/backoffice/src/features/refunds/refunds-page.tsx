import type { RowSelectionState } from '@tanstack/react-table';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { roleHas } from '@bilheteira/shared/backoffice-roles';
import type { RefundDecisionResult } from '@bilheteira/shared/schemas/backoffice-refunds';
import { ConfirmDialog } from '@bilheteira/ui/confirm-dialog';
import { useShell } from '../../app/shell-context';
import { FormError } from '../../components/form-error';
import { Loading } from '../../components/loading';
import { PageHeader } from '../../components/page-header';
import { Pager } from '../../components/pager';
import { apiFormError } from '../../lib/forms';
import { notify } from '../../lib/notice';
import { BulkBar, SkippedNotice } from './bulk-bar';
import { KindSelect, useKindParams } from './kind-select';
import { PaymentRefundsSection } from './payment-refunds-section';
import { RejectDialog } from './reject-dialog';
import { RefundFilters, STATUS_FILTERS } from './refund-filters';
import { useRefundDecision, useRefunds, type RefundDecision, type RefundListParams } from './refunds-api';
import { RefundsTable } from './refunds-table';
import { SepaCard } from './sepa-card';

/** The queue's filters live in the URL (shareable, survive a reload); any change starts at page 1. */
function useListParams(): [RefundListParams, (next: Partial<RefundListParams>) => void] {
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? '';
  const current: RefundListParams = {
    // the queue opens on what waits for a decision
    status: (STATUS_FILTERS as readonly string[]).includes(status)
      ? (status as RefundListParams['status'])
      : 'requested',
    eventId: Number(params.get('event')) || null,
    search: params.get('q') ?? '',
    page: Math.max(1, Number(params.get('page')) || 1),
  };
  const set = (next: Partial<RefundListParams>) => {
    const v = { ...current, page: 1, ...next };
    const q = new URLSearchParams();
    if (v.status !== 'requested') q.set('status', v.status);
    if (v.eventId) q.set('event', String(v.eventId));
    if (v.search) q.set('q', v.search);
    if (v.page > 1) q.set('page', String(v.page));
    setParams(q, { replace: true });
  };
  return [current, set];
}

/**
 * Wallet refund requests of the organiser's events (issue 27 item 6): filter by status and
 * event, search, select rows and approve, reject with a reason or mark paid; download the SEPA
 * file of what was approved. Needs `orders.refund`.
 */
export function RefundsPage() {
  const { t } = useTranslation(['refunds', 'common']);
  const { current } = useShell();
  const organizerId = current?.organizer_id ?? 0;
  const [p, setP] = useListParams();
  const [k, setK] = useKindParams();
  const [search, setSearch] = useState(p.search);
  const list = useRefunds(organizerId, p);
  const decision = useRefundDecision(organizerId);
  const [selection, setSelection] = useState<RowSelectionState>({});
  // how many the open dialog is about (kept while it closes, after the selection is cleared)
  const [rejecting, setRejecting] = useState<number | null>(null);
  const [confirmingPaid, setConfirmingPaid] = useState<number | null>(null);
  const [paidError, setPaidError] = useState<string | null>(null);
  const [skipped, setSkipped] = useState<RefundDecisionResult['skipped']>([]);

  // searching as one types, a moment after the last key
  useEffect(() => {
    if (search === p.search) return;
    const timer = setTimeout(() => setP({ search }), 300);
    return () => clearTimeout(timer);
  }, [search, p.search, setP]);

  if (!current || !roleHas(current.role, 'orders.refund')) return <Navigate to="/" replace />;

  if (k.kind !== 'wallet_request')
    return (
      <div className="max-w-7xl">
        <PageHeader title={t('refunds:title')} subtitle={t('refunds:provider.intro')} />
        <KindSelect kind={k.kind} onChange={(kind) => setK({ kind })} />
        <PaymentRefundsSection
          organizerId={organizerId}
          kind={k.kind}
          status={k.status}
          page={k.page}
          onChange={setK}
        />
      </div>
    );

  const rows = list.data?.data ?? [];
  const meta = list.data?.meta;
  const selectedIds = rows.filter((r) => selection[String(r.id)]).map((r) => r.id);
  const go = (next: Partial<RefundListParams>) => {
    setSelection({});
    setP(next);
  };

  /** Runs the decision on the selection; says what moved, and keeps what did not on screen. */
  const decide = async (kind: RefundDecision, reason?: string) => {
    const res = await decision.mutateAsync({ ids: selectedIds, decision: kind, reason });
    const { done, skipped: notMoved } = res.data;
    setSelection({});
    setSkipped(notMoved);
    const parts = [t(`refunds:done_${kind}`, { count: done.length })];
    if (notMoved.length) parts.push(t('refunds:skipped_count', { count: notMoved.length }));
    notify(parts.join(' '), done.length ? 'ok' : 'error');
  };
  const markPaid = async () => {
    setPaidError(null);
    try {
      await decide('paid');
      setConfirmingPaid(null);
    } catch (err) {
      setPaidError(apiFormError(t, err));
    }
  };
  const statusName = p.status === 'all' ? t('refunds:all_statuses') : t(`refunds:status_plural.${p.status}`);
  const eventName = meta?.events.find((e) => e.id === p.eventId)?.name ?? t('refunds:all_events');

  return (
    <div className="max-w-7xl">
      <PageHeader
        title={t('refunds:title')}
        subtitle={t('refunds:intro', { organizer: current.organizer_name })}
      />
      <KindSelect kind={k.kind} onChange={(kind) => setK({ kind })} />
      <SepaCard organizerId={organizerId} meta={meta} />
      <RefundFilters
        params={p}
        events={meta?.events ?? []}
        search={search}
        onSearch={(text) => {
          setSelection({});
          setSearch(text);
        }}
        onChange={go}
      />
      <BulkBar
        total={rows.length}
        selected={selectedIds.length}
        busy={decision.isPending}
        onSelectAll={(all) =>
          setSelection(all ? Object.fromEntries(rows.map((r) => [String(r.id), true])) : {})
        }
        onApprove={() =>
          void decide('approve').catch((err: unknown) => notify(apiFormError(t, err), 'error'))
        }
        onReject={() => setRejecting(selectedIds.length)}
        onPaid={() => setConfirmingPaid(selectedIds.length)}
      />
      <SkippedNotice skipped={skipped} onDismiss={() => setSkipped([])} />
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <FormError message={apiFormError(t, list.error)} />
      ) : (
        <>
          <p className="mb-3 text-slate-700" role="status" data-testid="refunds-total">
            {t('refunds:total', { count: meta?.total ?? 0 })}
          </p>
          <RefundsTable
            refunds={rows}
            selection={selection}
            onSelectionChange={setSelection}
            label={t('refunds:table_label')}
            caption={t('refunds:caption', { status: statusName, event: eventName })}
          />
        </>
      )}
      {meta && meta.last_page > 1 && (
        <Pager page={p.page} lastPage={meta.last_page} onPage={(page) => go({ page })} />
      )}
      <RejectDialog
        count={rejecting ?? 0}
        open={rejecting !== null}
        onClose={() => setRejecting(null)}
        onReject={(reason) => decide('reject', reason)}
      />
      <ConfirmDialog
        open={confirmingPaid !== null}
        title={t('refunds:paid_title', { count: confirmingPaid ?? 0 })}
        text={t('refunds:paid_text')}
        confirmLabel={t('refunds:mark_paid')}
        cancelLabel={t('common:cancel')}
        onConfirm={() => void markPaid()}
        onCancel={() => {
          setPaidError(null);
          setConfirmingPaid(null);
        }}
        busy={decision.isPending}
        error={paidError}
      />
    </div>
  );
}
