import { useTranslation } from 'react-i18next';
import type { AdminEventSummary } from './events-api';

type Shown = 'draft' | 'public' | 'private' | 'cancelled';

export const shownStatus = (e: Pick<AdminEventSummary, 'status' | 'visibility'>): Shown =>
  e.status === 'published' ? e.visibility : e.status;

const TONES: Record<Shown, string> = {
  draft: 'bg-slate-200 text-slate-900',
  public: 'bg-emerald-100 text-emerald-900',
  private: 'bg-sky-100 text-sky-900',
  cancelled: 'bg-red-100 text-red-900',
};

/** Draft, on sale (listed), on sale by link only, cancelled. */
export function StatusBadge({ event }: { event: Pick<AdminEventSummary, 'status' | 'visibility'> }) {
  const { t } = useTranslation('events');
  const s = shownStatus(event);
  return (
    <span
      className={`inline-block whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[s]}`}
      data-testid="event-status"
    >
      {t(`status_${s}`)}
    </span>
  );
}

/** The customer page of a published event (its slug, or a private event's secret link). */
export const publicUrl = (publicPath: string) => `${window.location.origin}/events/${publicPath}`;

/**
 * The dates of an event in its own time zone, in the reader's language: "6–8 de janeiro de
 * 2027"; one day with its hours: "6 de janeiro de 2027, 16:00 – 23:00".
 */
export function formatEventDates(e: { starts_at: string; ends_at: string; timezone: string }, lang: string) {
  const start = new Date(e.starts_at);
  const end = new Date(e.ends_at);
  const day = new Intl.DateTimeFormat(lang, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: e.timezone,
  });
  if (day.format(start) !== day.format(end)) return day.formatRange(start, end);
  const time = new Intl.DateTimeFormat(lang, { timeStyle: 'short', timeZone: e.timezone });
  return `${day.format(start)}, ${time.format(start)} – ${time.format(end)}`;
}
