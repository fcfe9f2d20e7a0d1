import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { outboxQueryOptions, type OutboxEntry } from '../api/outbox';
import { usePageMeta } from '../../../lib/page-meta';
import { formatDateTime, SITE_TIME_ZONE } from '../../../lib/date-format';
import { currentLocale } from '../../../i18n/i18n';

/** Links in a message open inside this app when they point at it (reset, confirm, impersonate). */
function MessageLink({ url }: { url: string }) {
  let href = url;
  try {
    const u = new URL(url);
    if (u.host === window.location.host || u.hostname === 'localhost') href = `${u.pathname}${u.search}`;
  } catch {
    href = url;
  }
  return (
    <a href={href} className="break-all font-medium text-amber-800 underline" data-testid="outbox-link">
      {url}
    </a>
  );
}

function Entry({ entry }: { entry: OutboxEntry }) {
  const { t } = useTranslation('dev');
  const code = typeof entry.meta.code === 'string' ? entry.meta.code : null;
  const links = Object.entries(entry.meta).filter(
    (e): e is [string, string] => typeof e[1] === 'string' && /^https?:\/\//.test(e[1]),
  );
  return (
    <li
      className="card"
      data-testid="outbox-entry"
      data-channel={entry.channel}
      data-recipient={entry.recipient}
    >
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-bold uppercase ${
            entry.channel === 'sms' ? 'bg-sky-100 text-sky-900' : 'bg-violet-100 text-violet-900'
          }`}
        >
          {t(`channel.${entry.channel === 'sms' ? 'sms' : 'email'}`)}
        </span>
        <span className="font-semibold">{entry.recipient}</span>
        <span className="text-slate-700">
          {formatDateTime(entry.created_at, SITE_TIME_ZONE, currentLocale())}
        </span>
        <span className="ml-auto text-xs text-slate-700">{t(`status.${entry.status}`, entry.status)}</span>
      </div>
      {entry.subject && <h2 className="mt-2 font-semibold">{entry.subject}</h2>}
      <p className="mt-2 whitespace-pre-wrap break-words text-sm text-slate-800">{entry.body}</p>
      {(code || links.length > 0) && (
        <dl className="mt-3 space-y-1 rounded-lg bg-slate-100 p-3 text-sm">
          {code && (
            <div className="flex gap-2">
              <dt className="font-medium">{t('code')}</dt>
              <dd className="font-mono text-base font-bold tracking-widest" data-testid="outbox-code">
                {code}
              </dd>
            </div>
          )}
          {links.map(([key, url]) => (
            <div key={key} className="flex flex-wrap gap-2">
              <dt className="font-medium">{t('link')}</dt>
              <dd>
                <MessageLink url={url} />
              </dd>
            </div>
          ))}
        </dl>
      )}
    </li>
  );
}

/** /dev/outbox: what the product sent by email and SMS, refreshed every 3 s (development only). */
export default function OutboxPage() {
  const { t } = useTranslation('dev');
  usePageMeta(t('title'));
  const id = useId();
  const [recipient, setRecipient] = useState('');
  const query = useQuery(outboxQueryOptions(recipient.trim()));
  return (
    <main id="main" className="page max-w-3xl">
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      <p className="mt-1 text-slate-700">{t('intro')}</p>
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <div className="min-w-64 flex-1">
          <label htmlFor={`${id}-recipient`} className="field-label">
            {t('filter')}
          </label>
          <input
            id={`${id}-recipient`}
            className="field-input"
            placeholder="+351915000001"
            value={recipient}
            onChange={(e) => setRecipient(e.target.value)}
          />
        </div>
        <button type="button" className="btn-secondary" onClick={() => void query.refetch()}>
          {t('refresh')}
        </button>
      </div>
      {query.isError && (
        <p className="mt-6 text-red-700" role="alert">
          {t('unavailable')}
        </p>
      )}
      {query.data && query.data.length === 0 && <p className="mt-6 text-slate-700">{t('empty')}</p>}
      <ul className="mt-6 space-y-4" aria-label={t('messages')}>
        {query.data?.map((entry) => (
          <Entry key={entry.id} entry={entry} />
        ))}
      </ul>
    </main>
  );
}
