import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_MAX, MESSAGE_MIN, type EventInfo } from '@bilheteira/shared/schemas/account';
import { EventMenu } from '../../../components/event-menu';
import { currentLocale } from '../../../i18n/i18n';
import { ApiError } from '../../../lib/api-client';
import { formatEventDate, formatHour } from '../../../lib/date-format';
import { usePageMeta } from '../../../lib/page-meta';
import { showAlert } from '../../../stores/alert-store';
import { useEventContext } from '../../../stores/event-context-store';
import { downloadCalendar, eventInfoQuery, useSendOrganizerMessage } from '../api/event-info';

const linkBtn =
  'inline-flex min-h-11 items-center gap-2 rounded-full border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900';

function MessageForm({ event }: { event: EventInfo }) {
  const { t } = useTranslation('dashboard');
  const id = useId();
  const send = useSendOrganizerMessage(event.id);
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const text = message.trim();
    if (text.length < MESSAGE_MIN) {
      setErrors({
        message: [t(text ? 'info.message_short' : 'info.message_required', { min: MESSAGE_MIN })],
      });
      return;
    }
    setErrors({});
    try {
      const res = await send.mutateAsync({ subject: subject.trim(), message: text });
      setSubject('');
      setMessage('');
      await showAlert({ type: 'success', title: t('info.message_sent_title'), text: res.data.message });
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.fieldErrors);
      await showAlert({
        type: 'error',
        title: t('info.message_error_title'),
        text: err instanceof ApiError ? err.message : t('info.message_error'),
      });
    }
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-describedby={`${id}-hint`}>
      <p id={`${id}-hint`} className="text-sm text-slate-700">
        {t('info.message_hint')}
      </p>
      <div>
        <label htmlFor={`${id}-subject`} className="field-label">
          {t('info.subject')}
        </label>
        <input
          id={`${id}-subject`}
          className="field-input"
          value={subject}
          maxLength={120}
          onChange={(e) => setSubject(e.target.value)}
        />
      </div>
      <div>
        <label htmlFor={`${id}-message`} className="field-label">
          {t('info.message')} <span aria-hidden>*</span>
        </label>
        <textarea
          id={`${id}-message`}
          className="field-input min-h-32"
          value={message}
          required
          maxLength={MESSAGE_MAX}
          aria-invalid={!!errors.message}
          aria-describedby={errors.message ? `${id}-message-error` : `${id}-count`}
          onChange={(e) => setMessage(e.target.value)}
        />
        <div className="flex justify-between gap-4">
          {errors.message ? (
            <p id={`${id}-message-error`} className="field-error">
              {errors.message.join(' ')}
            </p>
          ) : (
            <span />
          )}
          <p id={`${id}-count`} className="mt-1 text-xs text-slate-600">
            {t('info.chars', { count: message.length, max: MESSAGE_MAX })}
          </p>
        </div>
      </div>
      <button type="submit" className="btn-primary justify-self-start" disabled={send.isPending}>
        {send.isPending ? t('info.sending') : t('info.send')}
      </button>
    </form>
  );
}

function InfoContent({ eventId }: { eventId: number }) {
  const { t } = useTranslation('dashboard');
  const locale = currentLocale();
  const q = useQuery(eventInfoQuery(eventId));
  const [downloading, setDownloading] = useState(false);
  usePageMeta(q.data ? `${t('info.title')} · ${q.data.name}` : t('info.title'));

  if (q.isPending)
    return <div className="mt-6 h-64 animate-pulse rounded-2xl bg-slate-200" aria-busy="true" />;
  if (q.isError || !q.data)
    return (
      <div className="card mt-6 text-center">
        <p>{t('info.load_error')}</p>
        <button type="button" className="btn-secondary mt-3" onClick={() => void q.refetch()}>
          {t('retry')}
        </button>
      </div>
    );
  const e = q.data;
  const when = (iso: string) =>
    `${formatEventDate(iso, e.timezone, locale)}, ${formatHour(iso, e.timezone, locale)}`;
  const ics = async () => {
    setDownloading(true);
    try {
      await downloadCalendar(e.id, `${e.slug}.ics`);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className="mt-6 grid gap-5 lg:grid-cols-2">
      <section className="card" aria-labelledby="info-when">
        <h2 id="info-when" className="text-lg font-bold">
          {t('info.when')}
        </h2>
        <dl className="mt-3 grid gap-3">
          <div>
            <dt className="text-sm font-medium text-slate-700">{t('info.starts')}</dt>
            <dd className="font-semibold first-letter:uppercase" data-testid="info-start">
              {when(e.starts_at)}
            </dd>
          </div>
          <div>
            <dt className="text-sm font-medium text-slate-700">{t('info.ends')}</dt>
            <dd className="font-semibold first-letter:uppercase" data-testid="info-end">
              {when(e.ends_at)}
            </dd>
          </div>
        </dl>
        <h3 className="mt-5 text-sm font-semibold text-slate-800">{t('info.add_to_calendar')}</h3>
        <div className="mt-2 flex flex-wrap gap-2">
          <button type="button" className={linkBtn} onClick={() => void ics()} disabled={downloading}>
            <svg
              aria-hidden
              width="16"
              height="16"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M12 3v12m0 0-4-4m4 4 4-4M4 21h16" />
            </svg>
            {t('info.download_ics')}
          </button>
          <a className={linkBtn} href={e.google_calendar_url} target="_blank" rel="noopener noreferrer">
            {t('info.google_calendar')}
            <span className="sr-only"> ({t('new_window')})</span>
          </a>
        </div>
      </section>

      <section className="card" aria-labelledby="info-where">
        <h2 id="info-where" className="text-lg font-bold">
          {t('info.where')}
        </h2>
        <address className="mt-3 not-italic" data-testid="info-address">
          {e.address}
          {e.city && !e.address.includes(e.city) ? `, ${e.city}` : ''}
        </address>
        <div className="mt-4 flex flex-wrap gap-2">
          <a
            className={linkBtn}
            href={e.map_osm_url}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="map-osm"
          >
            {t('info.open_osm')}
            <span className="sr-only"> ({t('new_window')})</span>
          </a>
          <a className={linkBtn} href={e.map_google_url} target="_blank" rel="noopener noreferrer">
            {t('info.open_google_maps')}
            <span className="sr-only"> ({t('new_window')})</span>
          </a>
        </div>
      </section>

      {e.information && (
        <section className="card lg:col-span-2" aria-labelledby="info-about">
          <h2 id="info-about" className="text-lg font-bold">
            {t('info.about')}
          </h2>
          <p className="mt-2 whitespace-pre-line text-slate-800">{e.information}</p>
        </section>
      )}

      <section className="card" aria-labelledby="info-support">
        <h2 id="info-support" className="text-lg font-bold">
          {t('info.support')}
        </h2>
        <p className="mt-2 text-slate-700">{t('info.support_text')}</p>
        <a
          className="mt-3 inline-block font-semibold break-all text-amber-800 underline"
          href={`mailto:${e.contact_email}?subject=${encodeURIComponent(e.name)}`}
          data-testid="support-email"
        >
          {e.contact_email}
        </a>
      </section>

      <section className="card" aria-labelledby="info-message">
        <h2 id="info-message" className="mb-2 text-lg font-bold">
          {t('info.send_message')}
        </h2>
        <MessageForm event={e} />
      </section>
    </div>
  );
}

/** Info area of an event (spec §2): map, start and end, calendar, support email, message. */
export default function InfoPage() {
  const { t } = useTranslation('dashboard');
  const current = useEventContext((s) => s.current);
  return (
    <main id="main">
      <EventMenu />
      <div className="page pt-6">
        <h1 className="text-2xl font-bold">{t('info.title')}</h1>
        {current ? <InfoContent key={current.id} eventId={current.id} /> : null}
      </div>
    </main>
  );
}
