import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { roleHas } from '@bilheteira/shared/backoffice-roles';
import { paths } from '../../app/nav';
import { useShell } from '../../app/shell-context';
import { FormError } from '../../components/form-error';
import { Loading } from '../../components/loading';
import { PageHeader } from '../../components/page-header';
import { notify } from '../../lib/notice';
import { serverError } from './form-kit';
import { useDuplicateEvent, useEvent, type AdminEventView } from './events-api';
import { EventForm } from './event-form';
import { formatEventDates, publicUrl, StatusBadge } from './event-status';
import { CapacityGroupsPanel } from './capacity-groups-panel';
import { CodesPanel } from './codes-panel';
import { AttendeesPanel } from './attendees/attendees-panel';
import { BarPanel } from './bar/bar-panel';
import { DoorPanel } from './door/door-panel';
import { MessagesPanel } from './messages/messages-panel';
import { ImageField } from './image-field';
import { LifecycleActions } from './lifecycle/lifecycle-actions';
import { PreviewDialog } from './preview-dialog';
import { PublishDialog } from './publish-dialog';
import { SchedulePanel } from './schedule-panel';
import { StepsBar, TABS, type Tab } from './steps-bar';
import { TicketTypesPanel } from './ticket-types-panel';

/** One event: details, dates and capacities, ticket types and prices, codes; publish and preview. */
export function EventPage() {
  const { t } = useTranslation(['events', 'common']);
  const { me, current } = useShell();
  const eventId = Number(useParams().eventId) || 0;
  const organizerId = current?.organizer_id ?? 0;
  const event = useEvent(organizerId, eventId);
  const [params] = useSearchParams();
  // the attendees' tab is for those who may read orders; the messages', the door's and the
  // bar's for those who run them
  const runs = {
    attendees: 'orders.view',
    messages: 'events.publish',
    door: 'door.manage',
    bar: 'bar.manage',
  } as const;
  const tabs = TABS.filter(
    (t) => !(t in runs) || (current && roleHas(current.role, runs[t as keyof typeof runs])),
  );
  const tab = (tabs as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as Tab)
    : 'details';
  if (!current || !roleHas(current.role, 'events.view')) return <Navigate to="/" replace />;
  if (event.isPending) return <Loading />;
  if (event.isError) return <FormError message={serverError(t, event.error)} />;
  const e = event.data;
  return (
    <div className="max-w-5xl">
      <Link to={paths.events(organizerId)} className="text-sm font-semibold text-amber-800 underline">
        {t('events:back_to_list')}
      </Link>
      <PageHeader
        title={e.name}
        subtitle={
          <span className="flex flex-wrap items-center gap-2">
            <StatusBadge event={e} />
            <span>{formatEventDates(e, document.documentElement.lang)}</span>
          </span>
        }
        actions={
          <>
            <Link
              to={paths.eventDashboard(organizerId, e.id)}
              className="btn-secondary"
              data-testid="open-dashboard"
            >
              {t('events:dashboard')}
            </Link>
            <EventActions organizerId={organizerId} event={e} role={current.role} />
            <LifecycleActions organizerId={organizerId} event={e} role={current.role} meId={me.id} />
          </>
        }
      />
      <StepsBar active={tab} base={paths.event(organizerId, e.id)} tabs={tabs} />
      {tab === 'details' && (
        <div className="flex flex-col gap-6">
          {roleHas(current.role, 'events.edit') && <ImageField organizerId={organizerId} eventId={e.id} />}
          <EventForm key={e.updated_at} organizerId={organizerId} event={e} contactEmail={me.email} />
        </div>
      )}
      {tab === 'schedule' && <SchedulePanel organizerId={organizerId} event={e} />}
      {tab === 'tickets' && (
        <div className="flex flex-col gap-8">
          <TicketTypesPanel organizerId={organizerId} event={e} />
          <CapacityGroupsPanel organizerId={organizerId} event={e} />
        </div>
      )}
      {tab === 'codes' && <CodesPanel organizerId={organizerId} event={e} />}
      {tab === 'attendees' && <AttendeesPanel organizerId={organizerId} event={e} />}
      {tab === 'messages' && <MessagesPanel organizerId={organizerId} event={e} />}
      {tab === 'door' && <DoorPanel organizerId={organizerId} event={e} />}
      {tab === 'bar' && <BarPanel organizerId={organizerId} eventId={e.id} timeZone={e.timezone} />}
    </div>
  );
}

function EventActions({
  organizerId,
  event: e,
  role,
}: {
  organizerId: number;
  event: AdminEventView;
  role: Parameters<typeof roleHas>[0];
}) {
  const { t } = useTranslation('events');
  const duplicate = useDuplicateEvent(organizerId);
  const navigate = useNavigate();
  const [publishing, setPublishing] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const published = e.status === 'published';
  return (
    <>
      {published ? (
        <a
          href={publicUrl(e.public_path)}
          target="_blank"
          rel="noreferrer"
          className="btn-secondary"
          data-testid="preview"
        >
          {t('preview')}
          <span className="sr-only"> {t('new_tab')}</span>
        </a>
      ) : (
        <button
          type="button"
          className="btn-secondary"
          onClick={() => setPreviewing(true)}
          data-testid="preview"
        >
          {t('preview')}
        </button>
      )}
      {roleHas(role, 'events.edit') && (
        <button
          type="button"
          className="btn-secondary"
          disabled={duplicate.isPending}
          onClick={() =>
            duplicate.mutate(e.id, {
              onSuccess: (res) => {
                notify(res.message ?? t('duplicated'));
                void navigate(paths.event(organizerId, res.data.id));
              },
              onError: (err) => notify(serverError(t, err), 'error'),
            })
          }
        >
          {t('duplicate')}
        </button>
      )}
      {roleHas(role, 'events.publish') && e.status !== 'cancelled' && (
        <button
          type="button"
          className={published ? 'btn-secondary' : 'btn-primary'}
          onClick={() => setPublishing(true)}
          data-testid="publish"
        >
          {published ? t('unpublish') : t('publish')}
        </button>
      )}
      <PreviewDialog
        organizerId={organizerId}
        eventId={previewing ? e.id : null}
        onClose={() => setPreviewing(false)}
      />
      <PublishDialog
        organizerId={organizerId}
        event={publishing ? e : null}
        onClose={() => setPublishing(false)}
      />
    </>
  );
}
