import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mayAssignRole, type Role } from '@bilheteira/shared/backoffice-roles';
import { ConfirmDialog } from '@bilheteira/ui/confirm-dialog';
import { apiFormError } from '../../lib/forms';
import { formatDateTime } from '../../lib/format';
import { notify } from '../../lib/notice';
import { useWithdrawInvitation, type Invitation } from './team-api';

/** The open invitations; each may be withdrawn (after a confirmation) where the actor may give its role. */
export function InvitationsList({
  organizerId,
  invitations,
  actorRole,
}: {
  organizerId: number;
  invitations: Invitation[];
  actorRole: Role;
}) {
  const { t } = useTranslation(['team', 'common']);
  const withdraw = useWithdrawInvitation(organizerId);
  const [withdrawing, setWithdrawing] = useState<Invitation | null>(null);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setWithdrawing(null);
    setError(null);
  };
  if (invitations.length === 0) return <p className="text-slate-700">{t('team:no_invitations')}</p>;
  return (
    <>
      <ul className="flex flex-col gap-2" data-testid="invitations">
        {invitations.map((i) => (
          <li key={i.id} className="card flex flex-wrap items-center justify-between gap-2 py-3">
            <span className="font-semibold">{i.email}</span>
            <span className="flex flex-wrap items-center gap-3 text-slate-700">
              {t(`common:roles.${i.role}`)} · {t('team:expires', { date: formatDateTime(i.expires_at) })}
              {mayAssignRole(actorRole, i.role) && (
                <button
                  type="button"
                  className="btn-small"
                  onClick={() => setWithdrawing(i)}
                  data-testid={`withdraw-${i.email}`}
                >
                  {t('team:withdraw')}
                  <span className="sr-only"> {i.email}</span>
                </button>
              )}
            </span>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={withdrawing !== null}
        title={t('team:withdraw_title')}
        text={t('team:withdraw_text', { email: withdrawing?.email ?? '' })}
        confirmLabel={t('team:withdraw')}
        cancelLabel={t('team:keep')}
        danger
        busy={withdraw.isPending}
        error={error}
        onCancel={close}
        onConfirm={() =>
          withdrawing &&
          withdraw.mutate(withdrawing.id, {
            onSuccess: (r) => {
              notify(r.message);
              close();
            },
            onError: (err) => setError(apiFormError(t, err)),
          })
        }
      />
    </>
  );
}
