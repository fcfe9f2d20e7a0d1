import type { EventDetail } from '@bilheteira/shared/schemas/events';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../i18n/i18n';
import { formatDay, normalizeHour } from '../../../lib/date-format';

type Session = EventDetail['sessions'][number];
const isOpen = (s: Session) => !s.cancelled;

const CHIP =
  'cursor-pointer rounded-full border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-900 has-checked:border-slate-900 has-checked:bg-slate-900 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-amber-600';
const CHIP_CANCELLED =
  'rounded-full border border-dashed border-slate-400 bg-slate-100 px-4 py-2 text-sm text-slate-700';

/** Date and hour pickers of a session event (chips: one radio group each). */
export function SessionPickers({
  dates,
  date,
  hours,
  session,
  onDate,
  onHour,
}: {
  dates: string[];
  date: string | null;
  hours: Session[];
  session: Session | undefined;
  onDate(date: string): void;
  onHour(sessionId: number): void;
}) {
  const { t } = useTranslation('catalog');
  const locale = currentLocale();
  return (
    <div className="mt-4 space-y-4">
      <fieldset>
        <legend className="field-label">{t('tickets.session_date')}</legend>
        <div className="flex flex-wrap gap-2" data-testid="session-dates">
          {dates.map((d) => (
            <label key={d} className={CHIP}>
              <input
                type="radio"
                name="session-date"
                value={d}
                checked={d === date}
                onChange={() => onDate(d)}
                className="sr-only"
              />
              <span>{formatDay(d, locale)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className="field-label">{t('tickets.session_hour')}</legend>
        <div className="flex flex-wrap gap-2" data-testid="session-hours">
          {hours.map((s) => (
            <label key={s.id} className={s.cancelled ? CHIP_CANCELLED : CHIP}>
              <input
                type="radio"
                name="session-hour"
                value={s.id}
                checked={s.id === session?.id}
                disabled={s.cancelled}
                onChange={() => onHour(s.id)}
                className="sr-only"
              />
              <span>
                {normalizeHour(s.hour)}
                {s.cancelled && ` · ${t('tickets.cancelled')}`}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
}

/**
 * The chosen date and session of a session event: at first the first session still on; a
 * cancelled one is shown as such and cannot be chosen (`dateCancelled`: the day has no other).
 */
export function useSessionChoice(sessions: Session[]) {
  const dates = useMemo(() => [...new Set(sessions.map((s) => s.date))], [sessions]);
  const firstOpen = sessions.find(isOpen);
  const [date, setDate] = useState<string | null>(firstOpen?.date ?? dates[0] ?? null);
  const [sessionId, setSessionId] = useState<number | null>(firstOpen?.id ?? null);
  const hours = sessions.filter((s) => s.date === date);
  const session: Session | undefined =
    hours.find((s) => s.id === sessionId && isOpen(s)) ?? hours.find(isOpen);
  return {
    dates,
    date,
    hours,
    session,
    dateCancelled: hours.length > 0 && !hours.some(isOpen),
    chooseDate(d: string) {
      setDate(d);
      setSessionId(sessions.find((s) => s.date === d && isOpen(s))?.id ?? null);
    },
    chooseHour: setSessionId,
  };
}
