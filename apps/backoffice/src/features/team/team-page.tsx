import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { roleHas } from '@bilheteira/shared/backoffice-roles';
import { useShell } from '../../app/shell-context';
import { PageHeader } from '../../components/page-header';
import { Loading } from '../../components/loading';
import { FormError } from '../../components/form-error';
import { apiFormError } from '../../lib/forms';
import { formatDateTime } from '../../lib/format';
import { InviteDialog } from './invite-dialog';
import { MembersTable } from './members-table';
import { useTeam } from './team-api';

/** An organiser's team: members and roles, open invitations, inviting someone. */
export function TeamPage() {
  const { t } = useTranslation(['team', 'common']);
  const { me, current } = useShell();
  const [inviting, setInviting] = useState(false);
  const organizerId = current?.organizer_id ?? 0;
  const team = useTeam(organizerId);
  if (!current || !roleHas(current.role, 'team.manage')) return <Navigate to="/" replace />;
  return (
    <div className="max-w-5xl">
      <PageHeader
        title={t('team:title')}
        subtitle={current.organizer_name}
        actions={
          <button
            type="button"
            className="btn-primary"
            onClick={() => setInviting(true)}
            data-testid="invite"
          >
            {t('team:invite')}
          </button>
        }
      />
      {team.isPending ? (
        <Loading />
      ) : team.isError ? (
        <FormError message={apiFormError(t, team.error)} />
      ) : (
        <div className="flex flex-col gap-8">
          <section aria-labelledby="members-title">
            <h2 id="members-title" className="mb-3 text-lg font-bold">
              {t('team:members')}
            </h2>
            <MembersTable
              organizerId={organizerId}
              members={team.data.members}
              actorRole={current.role}
              selfId={me.id}
            />
          </section>
          <section aria-labelledby="invitations-title">
            <h2 id="invitations-title" className="mb-3 text-lg font-bold">
              {t('team:invitations')}
            </h2>
            {team.data.invitations.length === 0 ? (
              <p className="text-slate-700">{t('team:no_invitations')}</p>
            ) : (
              <ul className="flex flex-col gap-2" data-testid="invitations">
                {team.data.invitations.map((i) => (
                  <li key={i.id} className="card flex flex-wrap items-center justify-between gap-2 py-3">
                    <span className="font-semibold">{i.email}</span>
                    <span className="text-slate-700">
                      {t(`common:roles.${i.role}`)} ·{' '}
                      {t('team:expires', { date: formatDateTime(i.expires_at) })}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
      <InviteDialog
        organizerId={organizerId}
        actorRole={current.role}
        open={inviting}
        onClose={() => setInviting(false)}
      />
    </div>
  );
}
