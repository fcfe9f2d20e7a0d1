import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatEur } from '@bilheteira/shared/money';
import type { EventDetail } from '@bilheteira/shared/schemas/events';
import { DialogFrame } from '@bilheteira/ui/dialog-frame';
import { FormError } from '../../components/form-error';
import { Loading } from '../../components/loading';
import { api } from '../../lib/api';
import { serverError } from './form-kit';
import { formatEventDates } from './event-status';

/**
 * A draft as its customer page will show it (the API's preview: the visitor's language,
 * prices in force with their announced steps, hidden types left out). Published events open
 * the real page in a new tab instead.
 */
export function PreviewDialog({
  organizerId,
  eventId,
  onClose,
}: {
  organizerId: number;
  eventId: number | null;
  onClose(): void;
}) {
  const { t, i18n } = useTranslation(['events', 'common']);
  const preview = useQuery({
    queryKey: ['events', organizerId, 'preview', eventId, i18n.language],
    queryFn: () => api<EventDetail>(`/organizers/${organizerId}/events/${eventId}/preview`),
    enabled: eventId !== null,
  });
  const e = preview.data;
  const dateOf = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: e?.timezone,
    }).format(new Date(iso));
  return (
    <DialogFrame
      open={eventId !== null}
      onClose={onClose}
      title={t('events:preview_title')}
      description={t('events:preview_text')}
      closeLabel={t('common:close')}
      testId="preview-dialog"
      size="xl"
    >
      {preview.isPending ? (
        <Loading />
      ) : preview.isError ? (
        <FormError message={serverError(t, preview.error)} />
      ) : (
        e && (
          <article className="flex flex-col gap-4">
            <header>
              <h3 className="text-2xl font-bold">{e.name}</h3>
              <p className="text-slate-700">{formatEventDates(e, i18n.language)}</p>
              <p className="text-slate-700">{[e.venue_name, e.city].filter(Boolean).join(' · ')}</p>
            </header>
            {e.image && (
              <img
                src={e.image.src}
                alt=""
                width={e.image.width}
                height={e.image.height}
                className="h-auto w-full rounded-lg"
                style={{ backgroundColor: e.image.dominant_color }}
              />
            )}
            {e.information && (
              <p className="line-clamp-6 whitespace-pre-line text-slate-800">{e.information}</p>
            )}
            <section aria-labelledby="preview-tickets">
              <h4 id="preview-tickets" className="mb-2 font-bold">
                {t('events:tickets')}
              </h4>
              {e.ticket_types.length === 0 ? (
                <p className="text-slate-700">{t('events:no_types')}</p>
              ) : (
                <ul className="flex flex-col gap-2">
                  {e.ticket_types.map((tt) => (
                    <li key={tt.id} className="rounded-lg p-3 ring-1 ring-slate-200">
                      <div className="flex flex-wrap justify-between gap-2">
                        <span className="font-semibold">{tt.name}</span>
                        <span className="font-semibold tabular-nums">{formatEur(tt.price_cents)}</span>
                      </div>
                      {tt.price_schedule.steps.length > 0 && (
                        <ul className="mt-1 text-sm text-slate-700">
                          {tt.price_schedule.steps.map((s) => (
                            <li
                              key={s.label}
                              className={
                                s.current ? 'font-semibold text-slate-900' : s.over ? 'line-through' : ''
                              }
                            >
                              {s.label}: {formatEur(s.price_cents)}
                              {s.ends_at && ` · ${t('events:until', { date: dateOf(s.ends_at) })}`}
                              {s.ends_after_sold && ` · ${t('events:first_n', { count: s.ends_after_sold })}`}
                            </li>
                          ))}
                        </ul>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </article>
        )
      )}
    </DialogFrame>
  );
}
