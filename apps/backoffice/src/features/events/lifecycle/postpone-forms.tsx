import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  POSTPONE_REFUND_DEFAULT_DAYS,
  postponeEventBody,
  postponeSessionBody,
  type PostponeEventBody,
  type PostponeSessionBody,
} from '@bilheteira/shared/schemas/event-lifecycle';
import { InputField, TextAreaField } from '../fields';
import { bodyResolver, errorText, serverError } from '../form-kit';
import type { AdminEventView, SessionView } from '../events-api';
import { fromLocalInput, toLocalInput } from '../zoned';
import { usePostponeEvent, usePostponeSession, type ChangeOutcome } from './lifecycle-api';

type Done = (outcome: ChangeOutcome, message: string | undefined) => void;

const DAY_MS = 86_400_000;
const defaultRefundUntil = (timeZone: string) =>
  toLocalInput(new Date(Date.now() + POSTPONE_REFUND_DEFAULT_DAYS * DAY_MS).toISOString(), timeZone);

/** The common end of both forms: refund window, note to holders, buttons. */
function CommonFields({
  prefix,
  refundError,
  reasonError,
  registerRefund,
  registerReason,
  timeZone,
}: {
  prefix: string;
  refundError?: string;
  reasonError?: string;
  registerRefund: UseFormRegisterReturn;
  registerReason: UseFormRegisterReturn;
  timeZone: string;
}) {
  const { t } = useTranslation('lifecycle');
  return (
    <>
      <InputField
        id={`${prefix}-refund-until`}
        type="datetime-local"
        label={t('refund_until')}
        hint={t('refund_until_hint', { zone: timeZone })}
        error={refundError}
        registration={registerRefund}
        className="sm:col-span-2"
      />
      <TextAreaField
        id={`${prefix}-reason`}
        label={t('reason')}
        hint={t('reason_hint')}
        error={reasonError}
        registration={registerReason}
        rows={3}
        maxLength={500}
        className="sm:col-span-2"
      />
    </>
  );
}

function Buttons({ busy, onCancel }: { busy: boolean; onCancel(): void }) {
  const { t } = useTranslation(['lifecycle', 'common']);
  return (
    <div className="flex flex-wrap justify-end gap-3 sm:col-span-2">
      <button type="button" className="btn-secondary" onClick={onCancel} disabled={busy}>
        {t('common:cancel')}
      </button>
      <button type="submit" className="btn-primary" disabled={busy} data-testid="confirm-postpone">
        {busy ? t('common:working') : t('lifecycle:confirm_postpone')}
      </button>
    </div>
  );
}

interface EventValues {
  starts_at: string;
  ends_at: string;
  refund_until: string;
  reason: string;
}

/** New start and end of the whole event (a session event's sessions all move by the same shift). */
export function PostponeEventForm({
  organizerId,
  event: e,
  onDone,
  onError,
  onCancel,
}: {
  organizerId: number;
  event: AdminEventView;
  onDone: Done;
  onError(message: string): void;
  onCancel(): void;
}) {
  const { t } = useTranslation(['lifecycle', 'events', 'common']);
  const postpone = usePostponeEvent(organizerId);
  const tz = e.timezone;
  const form = useForm<EventValues, unknown, PostponeEventBody>({
    resolver: bodyResolver(postponeEventBody, (v: EventValues) => ({
      starts_at: fromLocalInput(v.starts_at, tz) ?? '',
      ends_at: fromLocalInput(v.ends_at, tz) ?? '',
      refund_until: fromLocalInput(v.refund_until, tz) ?? undefined,
      reason: v.reason,
    })),
    defaultValues: {
      starts_at: toLocalInput(e.starts_at, tz),
      ends_at: toLocalInput(e.ends_at, tz),
      refund_until: defaultRefundUntil(tz),
      reason: '',
    },
  });
  const err = (k: keyof EventValues) => errorText(t, form.formState.errors[k]?.message);
  const submit = form.handleSubmit((body) =>
    postpone.mutateAsync({ eventId: e.id, sessionId: null, body }).then(
      (res) => onDone(res.data, res.message),
      (error: unknown) => onError(serverError(t, error, form.setError)),
    ),
  );
  return (
    <form noValidate onSubmit={(ev) => void submit(ev)} className="grid gap-4 sm:grid-cols-2">
      <InputField
        id="postpone-starts"
        type="datetime-local"
        label={t('lifecycle:new_starts_at')}
        error={err('starts_at')}
        registration={form.register('starts_at')}
      />
      <InputField
        id="postpone-ends"
        type="datetime-local"
        label={t('lifecycle:new_ends_at')}
        error={err('ends_at')}
        registration={form.register('ends_at')}
      />
      {e.is_session && <p className="text-sm text-slate-700 sm:col-span-2">{t('lifecycle:shift_hint')}</p>}
      <CommonFields
        prefix="postpone"
        timeZone={tz}
        refundError={err('refund_until')}
        reasonError={err('reason')}
        registerRefund={form.register('refund_until')}
        registerReason={form.register('reason')}
      />
      <Buttons busy={postpone.isPending} onCancel={onCancel} />
    </form>
  );
}

interface SessionValues {
  date: string;
  hour: string;
  refund_until: string;
  reason: string;
}

/** A new day and hour for one session (in the event's time zone). */
export function PostponeSessionForm({
  organizerId,
  event: e,
  session,
  onDone,
  onError,
  onCancel,
}: {
  organizerId: number;
  event: AdminEventView;
  session: SessionView;
  onDone: Done;
  onError(message: string): void;
  onCancel(): void;
}) {
  const { t } = useTranslation(['lifecycle', 'events', 'common']);
  const postpone = usePostponeSession(organizerId);
  const tz = e.timezone;
  const form = useForm<SessionValues, unknown, PostponeSessionBody>({
    resolver: bodyResolver(postponeSessionBody, (v: SessionValues) => ({
      date: v.date,
      hour: v.hour,
      refund_until: fromLocalInput(v.refund_until, tz) ?? undefined,
      reason: v.reason,
    })),
    defaultValues: {
      date: session.date,
      hour: session.hour,
      refund_until: defaultRefundUntil(tz),
      reason: '',
    },
  });
  const err = (k: keyof SessionValues) => errorText(t, form.formState.errors[k]?.message);
  const submit = form.handleSubmit((body) =>
    postpone.mutateAsync({ eventId: e.id, sessionId: session.id, body }).then(
      (res) => onDone(res.data, res.message),
      (error: unknown) => onError(serverError(t, error, form.setError)),
    ),
  );
  return (
    <form noValidate onSubmit={(ev) => void submit(ev)} className="grid gap-4 sm:grid-cols-2">
      <InputField
        id="postpone-date"
        type="date"
        label={t('lifecycle:new_date')}
        error={err('date')}
        registration={form.register('date')}
      />
      <InputField
        id="postpone-hour"
        type="time"
        label={t('lifecycle:new_hour')}
        error={err('hour')}
        registration={form.register('hour')}
      />
      <CommonFields
        prefix="postpone-session"
        timeZone={tz}
        refundError={err('refund_until')}
        reasonError={err('reason')}
        registerRefund={form.register('refund_until')}
        registerReason={form.register('reason')}
      />
      <Buttons busy={postpone.isPending} onCancel={onCancel} />
    </form>
  );
}
