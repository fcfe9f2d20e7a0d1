import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEur } from '@bilheteira/shared/money';
import { DialogFrame } from '@bilheteira/ui/dialog-frame';
import { VisibleError } from './visible-error';
import { notify } from '../../../lib/notice';
import { serverError } from '../form-kit';
import type { AdminEventView } from '../events-api';
import { useCancel, type ChangeOutcome } from './lifecycle-api';
import { sessionLabel } from './lifecycle-format';
import { TargetPicker } from './target-picker';

/** What a cancellation did, in plain words (the API's message first). */
export function OutcomeSummary({ outcome, message }: { outcome: ChangeOutcome; message: string }) {
  const { t } = useTranslation('lifecycle');
  return (
    <div className="rounded-lg bg-emerald-50 p-4 ring-1 ring-emerald-300" data-testid="lifecycle-outcome">
      <p className="font-semibold text-emerald-900" role="status">
        {message}
      </p>
      {!outcome.already && (
        <ul className="mt-2 list-disc pl-5 text-sm text-slate-800">
          {outcome.change.kind === 'cancel' && (
            <>
              <li>
                {t('outcome_refunded', {
                  count: outcome.refunded_orders,
                  amount: formatEur(outcome.refund_cents),
                })}
              </li>
              <li>{t('outcome_cancelled', { count: outcome.cancelled_orders })}</li>
            </>
          )}
          <li>{t('outcome_notified', { count: outcome.notified_customers })}</li>
        </ul>
      )}
    </div>
  );
}

/**
 * Cancelling the event, or one session of a session event: says plainly what follows (holders
 * told, paid orders refunded to the original payment method, pending orders cancelled, sale
 * closed, irreversible), asks for an explicit confirmation and shows what the API did.
 */
export function CancelDialog({
  organizerId,
  event: e,
  open,
  cancelledSessions,
  onClose,
}: {
  organizerId: number;
  event: AdminEventView;
  open: boolean;
  cancelledSessions: ReadonlySet<number>;
  onClose(): void;
}) {
  const { t } = useTranslation(['lifecycle', 'common']);
  const cancel = useCancel(organizerId);
  const openSessions = e.sessions.filter((s) => !cancelledSessions.has(s.id));
  const [target, setTarget] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const [understood, setUnderstood] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<{ outcome: ChangeOutcome; message: string } | null>(null);
  const close = () => {
    setTarget(null);
    setReason('');
    setUnderstood(false);
    setError(null);
    setDone(null);
    onClose();
  };
  const session = e.sessions.find((s) => s.id === target);
  const confirm = () => {
    setError(null);
    cancel.mutate(
      { eventId: e.id, sessionId: target, reason: reason.trim() },
      {
        onSuccess: (res) => {
          const message = res.message ?? t('lifecycle:cancel_done');
          notify(message);
          setDone({ outcome: res.data, message });
        },
        onError: (err) => setError(serverError(t, err)),
      },
    );
  };
  return (
    <DialogFrame
      open={open}
      onClose={close}
      title={session ? t('lifecycle:cancel_session_title') : t('lifecycle:cancel_event_title')}
      description={session ? `${e.name} — ${sessionLabel(session, e)}` : e.name}
      closeLabel={t('common:close')}
      testId="cancel-dialog"
      size="xl"
    >
      {done ? (
        <div className="flex flex-col gap-4">
          <OutcomeSummary outcome={done.outcome} message={done.message} />
          <div className="flex justify-end">
            <button type="button" className="btn-primary" onClick={close} data-testid="lifecycle-done">
              {t('lifecycle:done')}
            </button>
          </div>
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          <VisibleError message={error} />
          {e.is_session && openSessions.length > 0 && (
            <TargetPicker
              event={e}
              sessions={openSessions}
              value={target}
              onChange={setTarget}
              legend={t('lifecycle:cancel_what')}
              name="cancel-target"
            />
          )}
          <div className="rounded-lg bg-red-50 p-4 ring-1 ring-red-200">
            <p className="font-semibold text-red-900">{t('lifecycle:cancel_consequences')}</p>
            <ul className="mt-2 list-disc pl-5 text-sm text-slate-900" data-testid="cancel-consequences">
              <li>{t('lifecycle:cancel_sale_closed')}</li>
              <li>{t('lifecycle:cancel_paid_refunded')}</li>
              <li>{t('lifecycle:cancel_pending_cancelled')}</li>
              <li>{t('lifecycle:cancel_holders_told')}</li>
              {target === null && e.wallet_enabled && <li>{t('lifecycle:cancel_wallet')}</li>}
            </ul>
            <p className="mt-2 text-sm font-semibold text-red-900">{t('lifecycle:irreversible')}</p>
          </div>
          <div>
            <label htmlFor="cancel-reason" className="field-label">
              {t('lifecycle:reason')}
            </label>
            <p id="cancel-reason-hint" className="mb-1 text-sm text-slate-700">
              {t('lifecycle:reason_hint')}
            </p>
            <textarea
              id="cancel-reason"
              rows={3}
              maxLength={500}
              className="field-input"
              aria-describedby="cancel-reason-hint"
              value={reason}
              onChange={(ev) => setReason(ev.target.value)}
              data-testid="cancel-reason"
            />
          </div>
          <label className="flex items-start gap-3">
            <input
              type="checkbox"
              className="mt-1 size-4 accent-red-700"
              checked={understood}
              onChange={(ev) => setUnderstood(ev.target.checked)}
              data-testid="cancel-understood"
            />
            <span>{session ? t('lifecycle:understood_session') : t('lifecycle:understood_event')}</span>
          </label>
          <div className="flex flex-wrap justify-end gap-3">
            <button type="button" className="btn-secondary" onClick={close} disabled={cancel.isPending}>
              {t('lifecycle:keep')}
            </button>
            <button
              type="button"
              className="btn-danger"
              onClick={confirm}
              disabled={!understood || cancel.isPending}
              data-testid="confirm-cancel"
            >
              {cancel.isPending
                ? t('common:working')
                : session
                  ? t('lifecycle:confirm_cancel_session')
                  : t('lifecycle:confirm_cancel_event')}
            </button>
          </div>
        </div>
      )}
    </DialogFrame>
  );
}
