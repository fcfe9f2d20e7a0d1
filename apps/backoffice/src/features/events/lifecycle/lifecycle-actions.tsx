import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { roleHas, type Role } from '@bilheteira/shared/backoffice-roles';
import type { AdminEventView } from '../events-api';
import { CancelDialog } from './cancel-dialog';
import { HistoryDialog } from './changes-history';
import { useEventChanges } from './lifecycle-api';
import { PostponeDialog } from './postpone-dialog';

/**
 * The event page's Adiar / Cancelar (events.publish) and the history of postponements and
 * cancellations (events.view). A cancelled event keeps its history only.
 */
export function LifecycleActions({
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
  const { t } = useTranslation('lifecycle');
  const [open, setOpen] = useState<'postpone' | 'cancel' | 'history' | null>(null);
  const canChange = roleHas(role, 'events.publish') && e.status !== 'cancelled';
  const changes = useEventChanges(organizerId, e.id, roleHas(role, 'events.view'));
  if (!roleHas(role, 'events.view')) return null;
  const cancelledSessions = new Set(
    (changes.data ?? []).flatMap((c) => (c.kind === 'cancel' && c.session_id !== null ? [c.session_id] : [])),
  );
  const close = () => setOpen(null);
  return (
    <>
      <button
        type="button"
        className="btn-secondary"
        onClick={() => setOpen('history')}
        data-testid="lifecycle-history"
      >
        {t('history')}
      </button>
      {canChange && (
        <>
          <button
            type="button"
            className="btn-secondary"
            onClick={() => setOpen('postpone')}
            data-testid="lifecycle-postpone"
          >
            {t('postpone')}
          </button>
          <button
            type="button"
            className="btn-danger"
            onClick={() => setOpen('cancel')}
            data-testid="lifecycle-cancel"
          >
            {t('cancel')}
          </button>
          <PostponeDialog
            organizerId={organizerId}
            event={e}
            open={open === 'postpone'}
            cancelledSessions={cancelledSessions}
            onClose={close}
          />
        </>
      )}
      {/* mounted while open even once the event is cancelled: it then shows what followed */}
      {(canChange || open === 'cancel') && (
        <CancelDialog
          organizerId={organizerId}
          event={e}
          open={open === 'cancel'}
          cancelledSessions={cancelledSessions}
          onClose={close}
        />
      )}
      <HistoryDialog
        open={open === 'history'}
        onClose={close}
        organizerId={organizerId}
        event={e}
        role={role}
        meId={meId}
      />
    </>
  );
}
