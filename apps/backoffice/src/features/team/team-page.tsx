import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { roleHas } from '@bilheteira/shared/backoffice-roles';
import { useShell } from '../../app/shell-context';
import { PageHeader } from '../../components/page-header';
import { Loading } from '../../components/loading';
import { FormError } from '../../components/form-error';
import { apiFormError } from '../../lib/forms';
import { InvitationsList } from './invitations-list';
import { InviteDialog } from './invite-dialog';
import { MembersTable } from './members-table';
import { useTeam } from './team-api';

/** An organiser's team: members and roles, open invitations (withdrawable), inviting someone. */
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
          {/* not a named region of its own: the members table is one, named as this heading */}
          <section>
            <h2 className="mb-3 text-lg font-bold">{t('team:members')}</h2>
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
            <InvitationsList
              organizerId={organizerId}
              invitations={team.data.invitations}
              actorRole={current.role}
            />
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
