import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { eventDaysBody, sessionBody, type SessionBody } from '@bilheteira/shared/schemas/backoffice-events';
import { ConfirmDialog } from '@bilheteira/ui/confirm-dialog';
import { FormError } from '../../components/form-error';
import { notify } from '../../lib/notice';
import { bodyResolver, errorText, serverError } from './form-kit';
import {
  useAddSession,
  useDeleteSession,
  useSetDays,
  type AdminEventView,
  type SessionView,
} from './events-api';
import { InputField } from './fields';
import { optionalInt } from './money';
import { daysBetween, dayIn } from './zoned';

/** The event's days with their capacities (multi-day events), or its dated sessions. */
export function SchedulePanel({ organizerId, event }: { organizerId: number; event: AdminEventView }) {
  return event.is_session ? (
    <SessionsEditor organizerId={organizerId} event={event} />
  ) : (
    <DaysEditor organizerId={organizerId} event={event} />
  );
}

/** YYYY-MM-DD as a weekday and date in the reader's language ("Sexta-feira, 8 de janeiro"). */
export function dayLabel(day: string, lang: string, style: 'long' | 'short' = 'long') {
  const text = new Intl.DateTimeFormat(lang, {
    weekday: style,
    day: 'numeric',
    month: style,
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`));
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function DaysEditor({ organizerId, event }: { organizerId: number; event: AdminEventView }) {
  const { t, i18n } = useTranslation(['events', 'common']);
  const setDays = useSetDays(organizerId, event.id);
  const days = daysBetween(dayIn(event.starts_at, event.timezone), dayIn(event.ends_at, event.timezone));
  const known = new Map(event.days.map((d) => [d.day, d]));
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(days.map((d) => [d, known.has(d) ? String(known.get(d)!.capacity) : ''])),
  );
  const [error, setError] = useState<string | null>(null);
  const save = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const list = days
      .filter((d) => values[d]?.trim())
      .map((d) => ({ day: d, capacity: optionalInt(values[d] ?? '') }));
    const parsed = eventDaysBody.safeParse({ days: list });
    if (!parsed.success) {
      setError(t('events:days_invalid'));
      return;
    }
    setDays.mutate(parsed.data.days, {
      onSuccess: (res) => notify(res.message ?? t('events:saved')),
      onError: (err) => setError(serverError(t, err)),
    });
  };
  return (
    <section aria-labelledby="days-title" className="card">
      <h2 id="days-title" className="text-lg font-bold">
        {t('events:days_title')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t('events:days_intro')}</p>
      <form onSubmit={save} className="mt-4 flex flex-col gap-4" noValidate data-testid="days-form">
        <FormError message={error} />
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {days.map((d) => {
            const held = known.get(d);
            return (
              <li key={d} className="rounded-lg p-3 ring-1 ring-slate-200">
                <label htmlFor={`day-${d}`} className="field-label">
                  {dayLabel(d, i18n.language)}
                </label>
                <input
                  id={`day-${d}`}
                  inputMode="numeric"
                  className="field-input"
                  value={values[d] ?? ''}
                  placeholder={t('events:no_limit')}
                  onChange={(e) => setValues({ ...values, [d]: e.target.value })}
                  aria-describedby={`day-${d}-hint`}
                  data-testid={`day-capacity-${d}`}
                />
                <p id={`day-${d}-hint`} className="mt-1 text-xs text-slate-700">
                  {t('events:day_held', { sold: held?.sold ?? 0, reserved: held?.reserved ?? 0 })}
                </p>
              </li>
            );
          })}
        </ul>
        <div className="flex justify-end">
          <button type="submit" className="btn-primary" disabled={setDays.isPending} data-testid="save-days">
            {setDays.isPending ? t('common:working') : t('events:save_days')}
          </button>
        </div>
      </form>
    </section>
  );
}

type SessionValues = { date: string; hour: string; capacity: string };

function SessionsEditor({ organizerId, event }: { organizerId: number; event: AdminEventView }) {
  const { t, i18n } = useTranslation(['events', 'common']);
  const add = useAddSession(organizerId, event.id);
  const remove = useDeleteSession(organizerId, event.id);
  const [removing, setRemoving] = useState<SessionView | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<SessionValues, unknown, SessionBody>({
    resolver: bodyResolver(sessionBody, (v: SessionValues) => ({ ...v, capacity: optionalInt(v.capacity) })),
    defaultValues: { date: dayIn(event.starts_at, event.timezone), hour: '21:00', capacity: '' },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (body) => {
    setFormError(null);
    try {
      const res = await add.mutateAsync(body);
      notify(res.message ?? t('events:saved'));
      form.reset({ ...form.getValues(), capacity: '' });
    } catch (err) {
      setFormError(serverError(t, err, form.setError));
    }
  });
  return (
    <section aria-labelledby="sessions-title" className="card">
      <h2 id="sessions-title" className="text-lg font-bold">
        {t('events:sessions_title')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t('events:sessions_intro', { zone: event.timezone })}</p>
      {event.sessions.length === 0 ? (
        <p className="mt-4 text-slate-700">{t('events:no_sessions')}</p>
      ) : (
        <ul className="mt-4 flex flex-col gap-2" data-testid="sessions">
          {event.sessions.map((s) => (
            <li
              key={s.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg p-3 ring-1 ring-slate-200"
            >
              <span>
                <span className="font-semibold">{dayLabel(s.date, i18n.language)}</span> · {s.hour}
                <span className="block text-sm text-slate-700">
                  {s.capacity === null ? t('events:no_limit') : t('events:capacity_n', { count: s.capacity })}{' '}
                  · {t('events:day_held', { sold: s.sold, reserved: s.reserved })}
                </span>
              </span>
              <button type="button" className="btn-small" onClick={() => setRemoving(s)}>
                {t('events:delete')}
                <span className="sr-only"> {`${s.date} ${s.hour}`}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <form
        onSubmit={(e) => void submit(e)}
        noValidate
        className="mt-6 grid gap-4 sm:grid-cols-4 sm:items-end"
      >
        <h3 className="font-semibold sm:col-span-4">{t('events:add_session')}</h3>
        <div className="sm:col-span-4">
          <FormError message={formError} />
        </div>
        <InputField
          id="session-date"
          type="date"
          label={t('events:field_date')}
          error={errorText(t, errors.date?.message)}
          registration={form.register('date')}
        />
        <InputField
          id="session-hour"
          type="time"
          label={t('events:field_hour')}
          error={errorText(t, errors.hour?.message)}
          registration={form.register('hour')}
        />
        <InputField
          id="session-capacity"
          inputMode="numeric"
          label={t('events:field_capacity')}
          placeholder={t('events:no_limit')}
          error={errorText(t, errors.capacity?.message)}
          registration={form.register('capacity')}
        />
        <button type="submit" className="btn-primary" disabled={form.formState.isSubmitting}>
          {t('events:add')}
        </button>
      </form>
      <ConfirmDialog
        open={removing !== null}
        title={t('events:delete_session_title')}
        text={removing ? `${dayLabel(removing.date, i18n.language)} · ${removing.hour}` : ''}
        confirmLabel={t('events:delete')}
        cancelLabel={t('common:cancel')}
        danger
        busy={remove.isPending}
        error={removeError}
        onCancel={() => {
          setRemoving(null);
          setRemoveError(null);
        }}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: (res) => {
              notify(res.data.message ?? t('events:deleted'));
              setRemoving(null);
            },
            onError: (err) => setRemoveError(serverError(t, err)),
          })
        }
      />
    </section>
  );
}
