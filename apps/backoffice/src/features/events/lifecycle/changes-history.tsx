import { useTranslation } from 'react-i18next';
import { roleHas, type Role } from '@bilheteira/shared/backoffice-roles';
import { DialogFrame } from '@bilheteira/ui/dialog-frame';
import { FormError } from '../../../components/form-error';
import { Loading } from '../../../components/loading';
import { serverError } from '../form-kit';
import type { AdminEventView } from '../events-api';
import { useEventChanges, useTeamNames, type EventChangeView } from './lifecycle-api';
import { formatInstant } from './lifecycle-format';

const text = (v: unknown) => (typeof v === 'string' ? v : null);

/** Who made a change: you, a team member by name (when the team can be read), or a staff number. */
function useActorName(organizerId: number, role: Role, meId: number) {
  const { t } = useTranslation('lifecycle');
  const team = useTeamNames(organizerId, roleHas(role, 'team.manage'));
  return (actor: string) => {
    const m = /^staff:(\d+)$/.exec(actor);
    if (!m) return actor;
    const id = Number(m[1]);
    if (id === meId) return t('actor_you');
    const member = team.data?.members.find((u) => u.user_id === id);
    return member ? `${member.name || member.email}` : t('actor_staff', { id });
  };
}

/** What a change did, in a sentence. */
function useWhat(e: AdminEventView) {
  const { t } = useTranslation('lifecycle');
  const at = (iso: string | null) => (iso ? formatInstant(iso, e.timezone) : '—');
  return (c: EventChangeView) => {
    const session = e.sessions.find((s) => s.id === c.session_id);
    if (c.kind === 'cancel')
      return c.session_id === null
        ? t('history_cancel_event')
        : t('history_cancel_session', { session: at(session?.starts_at ?? null) });
    const from = at(text(c.previous.starts_at));
    const to = at(text(c.next.starts_at));
    return c.session_id === null
      ? t('history_postpone_event', { from, to })
      : t('history_postpone_session', { from, to });
  };
}

/** The event's postponements and cancellations, newest first: who, when, what. */
export function ChangesHistory({
  organizerId,
  event: e,
  role,
  meId,
}: {
  organizerId: number;
  event: AdminEventView;
  role: Role;
  meId: number;
}) {
  const { t } = useTranslation(['lifecycle', 'common']);
  const changes = useEventChanges(organizerId, e.id);
  const actorName = useActorName(organizerId, role, meId);
  const what = useWhat(e);
  if (changes.isPending) return <Loading />;
  if (changes.isError) return <FormError message={serverError(t, changes.error)} />;
  if (changes.data.length === 0) return <p className="text-slate-700">{t('lifecycle:history_empty')}</p>;
  return (
    <ol className="flex flex-col gap-3" data-testid="changes-history">
      {changes.data.map((c) => (
        <li key={c.id} className="rounded-lg p-3 ring-1 ring-slate-200" data-testid="change-row">
          <p className="font-semibold text-slate-900">{what(c)}</p>
          <p className="text-sm text-slate-700">
            {t('lifecycle:history_by', {
              who: actorName(c.actor),
              when: formatInstant(c.created_at, e.timezone),
            })}
          </p>
          {c.refund_until && (
            <p className="text-sm text-slate-700">
              {t('lifecycle:history_refund_until', { date: formatInstant(c.refund_until, e.timezone) })}
            </p>
          )}
          {c.reason && (
            <p className="mt-1 text-sm text-slate-800">
              {t('lifecycle:history_reason', { reason: c.reason })}
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}

export function HistoryDialog({
  open,
  onClose,
  ...props
}: {
  open: boolean;
  onClose(): void;
  organizerId: number;
  event: AdminEventView;
  role: Role;
  meId: number;
}) {
  const { t } = useTranslation(['lifecycle', 'common']);
  return (
    <DialogFrame
      open={open}
      onClose={onClose}
      title={t('lifecycle:history_title')}
      description={props.event.name}
      closeLabel={t('common:close')}
      testId="history-dialog"
      size="xl"
    >
      {open && <ChangesHistory {...props} />}
    </DialogFrame>
  );
}
