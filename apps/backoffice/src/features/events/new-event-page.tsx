import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { roleHas } from '@bilheteira/shared/backoffice-roles';
import { paths } from '../../app/nav';
import { useShell } from '../../app/shell-context';
import { PageHeader } from '../../components/page-header';
import { EventForm } from './event-form';
import { StepsBar } from './steps-bar';

/** A new event: its details first; dates, tickets and codes follow once the draft exists. */
export function NewEventPage() {
  const { t } = useTranslation('events');
  const { me, current } = useShell();
  if (!current || !roleHas(current.role, 'events.edit')) return <Navigate to="/" replace />;
  return (
    <div className="max-w-5xl">
      <Link
        to={paths.events(current.organizer_id)}
        className="text-sm font-semibold text-amber-800 underline"
      >
        {t('back_to_list')}
      </Link>
      <PageHeader title={t('new_title')} subtitle={t('new_intro')} />
      <StepsBar active="details" />
      <EventForm organizerId={current.organizer_id} event={null} contactEmail={me.email} />
    </div>
  );
}
