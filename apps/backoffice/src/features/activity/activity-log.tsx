import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../components/form-error';
import { Loading } from '../../components/loading';
import { ApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import {
  useActivity,
  useActivityActors,
  useActivityEvents,
  useActivityOrganizers,
  type ActivityEntry,
  type ActivityFilters,
} from './activity-api';
import { activityActor, activitySentence } from './activity-sentence';

const NO_FILTERS: ActivityFilters = { actor: '', action: '', eventId: '', from: '', to: '', organizerId: '' };

/** "Firefox 132 on Linux" is more than a list needs: the browser's product token and the IP. */
function sessionText(s: NonNullable<ActivityEntry['session']>): string {
  const browser = /(Firefox|Edg|Chrome|Safari)\/[\d.]+/.exec(s.user_agent)?.[0] ?? s.user_agent.slice(0, 40);
  return [s.ip, browser].filter(Boolean).join(' · ');
}

/**
 * The activity log, newest first: what happened in words, who, when, the event and the
 * session's IP and browser. `organizerId` null: every organiser's (platform operators).
 */
export function ActivityLog({ organizerId }: { organizerId: number | null }) {
  const { t } = useTranslation(['activity', 'common']);
  const [filters, setFilters] = useState<ActivityFilters>(NO_FILTERS);
  const log = useActivity(organizerId, filters);
  const entries = log.data?.pages.flatMap((p) => p.data) ?? [];
  const error =
    log.error instanceof ApiError
      ? [log.error.message, ...Object.values(log.error.fieldErrors).flat()].join(' ')
      : log.error
        ? t('common:errors.unknown')
        : null;
  return (
    <div className="flex flex-col gap-4">
      <Filters organizerId={organizerId} value={filters} onChange={setFilters} />
      <FormError message={error} />
      {log.isPending ? (
        <Loading />
      ) : entries.length === 0 ? (
        <p className="card text-slate-700">{t('activity:empty')}</p>
      ) : (
        <>
          <ol className="flex flex-col gap-2" data-testid="activity">
            {entries.map((e) => (
              <li key={e.id} className="card py-3" data-testid="activity-entry" data-action={e.action}>
                <p className="font-semibold">{activitySentence(t, e)}</p>
                <p className="text-sm text-slate-700">
                  {activityActor(t, e)} · <time dateTime={e.at}>{formatDateTime(e.at)}</time>
                  {e.event && ` · ${e.event.name}`}
                  {organizerId === null && e.organizer && ` · ${e.organizer.name}`}
                </p>
                {e.session && (
                  <p className="text-xs text-slate-700">
                    {t('activity:session', { session: sessionText(e.session) })}
                  </p>
                )}
              </li>
            ))}
          </ol>
          {log.hasNextPage && (
            <button
              type="button"
              className="btn-secondary self-center"
              disabled={log.isFetchingNextPage}
              onClick={() => void log.fetchNextPage()}
            >
              {t('activity:older')}
            </button>
          )}
        </>
      )}
    </div>
  );
}

function Filters({
  organizerId,
  value,
  onChange,
}: {
  organizerId: number | null;
  value: ActivityFilters;
  onChange(f: ActivityFilters): void;
}) {
  const { t } = useTranslation(['activity', 'common']);
  const actors = useActivityActors(organizerId);
  const events = useActivityEvents(organizerId);
  const organizers = useActivityOrganizers(organizerId === null);
  const set = (k: keyof ActivityFilters) => (e: { currentTarget: { value: string } }) =>
    onChange({ ...value, [k]: e.currentTarget.value });
  return (
    <form
      className="grid grid-cols-1 gap-3 sm:grid-cols-3"
      aria-label={t('activity:filters')}
      onSubmit={(e) => e.preventDefault()}
    >
      {organizerId === null ? (
        <>
          <div>
            <label htmlFor="activity-organizer" className="field-label">
              {t('activity:filter_organizer')}
            </label>
            <select
              id="activity-organizer"
              className="field-input"
              value={value.organizerId}
              onChange={set('organizerId')}
            >
              <option value="">{t('activity:all')}</option>
              {organizers.data?.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="activity-actor" className="field-label">
              {t('activity:filter_actor')}
            </label>
            <input
              id="activity-actor"
              className="field-input"
              placeholder="staff:12 · support:ana"
              value={value.actor}
              onChange={set('actor')}
            />
          </div>
        </>
      ) : (
        <>
          <div>
            <label htmlFor="activity-actor" className="field-label">
              {t('activity:filter_actor')}
            </label>
            <select id="activity-actor" className="field-input" value={value.actor} onChange={set('actor')}>
              <option value="">{t('activity:all')}</option>
              {actors.data?.map((a) => (
                <option key={a.code} value={a.code}>
                  {a.name} ({a.email})
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="activity-event" className="field-label">
              {t('activity:filter_event')}
            </label>
            <select
              id="activity-event"
              className="field-input"
              value={value.eventId}
              onChange={set('eventId')}
            >
              <option value="">{t('activity:all')}</option>
              {events.data?.map((ev) => (
                <option key={ev.id} value={ev.id}>
                  {ev.name}
                </option>
              ))}
            </select>
          </div>
        </>
      )}
      <div>
        <label htmlFor="activity-action" className="field-label">
          {t('activity:filter_action')}
        </label>
        <input
          id="activity-action"
          className="field-input"
          placeholder="door_device"
          aria-describedby="activity-action-hint"
          value={value.action}
          onChange={set('action')}
        />
        <p id="activity-action-hint" className="mt-1 text-xs text-slate-700">
          {t('activity:filter_action_hint')}
        </p>
      </div>
      <div>
        <label htmlFor="activity-from" className="field-label">
          {t('activity:filter_from')}
        </label>
        <input
          id="activity-from"
          type="date"
          className="field-input"
          value={value.from}
          onChange={set('from')}
        />
      </div>
      <div>
        <label htmlFor="activity-to" className="field-label">
          {t('activity:filter_to')}
        </label>
        <input id="activity-to" type="date" className="field-input" value={value.to} onChange={set('to')} />
      </div>
    </form>
  );
}
