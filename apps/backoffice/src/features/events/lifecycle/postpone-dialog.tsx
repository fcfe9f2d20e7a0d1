import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '@bilheteira/ui/dialog-frame';
import { VisibleError } from './visible-error';
import { notify } from '../../../lib/notice';
import type { AdminEventView } from '../events-api';
import { OutcomeSummary } from './cancel-dialog';
import type { ChangeOutcome } from './lifecycle-api';
import { PostponeEventForm, PostponeSessionForm } from './postpone-forms';
import { TargetPicker } from './target-picker';

/**
 * Postponing the event (new start and end) or one session of a session event (new day and
 * hour), with the window in which holders may ask for their money back; says who is told and
 * shows what the API did.
 */
export function PostponeDialog({
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
  const openSessions = e.sessions.filter((s) => !cancelledSessions.has(s.id));
  const [target, setTarget] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<{ outcome: ChangeOutcome; message: string } | null>(null);
  const close = () => {
    setTarget(null);
    setError(null);
    setDone(null);
    onClose();
  };
  const session = openSessions.find((s) => s.id === target);
  const onDone = (outcome: ChangeOutcome, message: string | undefined) => {
    const text = message ?? t('lifecycle:postpone_done');
    notify(text);
    setError(null);
    setDone({ outcome, message: text });
  };
  const formProps = { organizerId, event: e, onDone, onError: setError, onCancel: close };
  return (
    <DialogFrame
      open={open}
      onClose={close}
      title={session ? t('lifecycle:postpone_session_title') : t('lifecycle:postpone_event_title')}
      description={e.name}
      closeLabel={t('common:close')}
      testId="postpone-dialog"
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
              onChange={(v) => {
                setError(null);
                setTarget(v);
              }}
              legend={t('lifecycle:postpone_what')}
              name="postpone-target"
            />
          )}
          <div className="rounded-lg bg-amber-50 p-4 ring-1 ring-amber-300">
            <ul className="list-disc pl-5 text-sm text-slate-900">
              <li>{t('lifecycle:postpone_holders_told')}</li>
              <li>{t('lifecycle:postpone_refund_window')}</li>
              <li>{t('lifecycle:postpone_tickets_valid')}</li>
            </ul>
          </div>
          {session ? (
            <PostponeSessionForm key={session.id} session={session} {...formProps} />
          ) : (
            <PostponeEventForm {...formProps} />
          )}
        </div>
      )}
    </DialogFrame>
  );
}
