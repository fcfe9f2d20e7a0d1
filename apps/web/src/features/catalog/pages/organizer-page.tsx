import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EventCard } from '../../../components/event-card';
import { ApiError } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/page-meta';
import { organizerQuery } from '../api/organizer';
import { NotFound } from '../../../components/not-found';

/** Spec §2: the organiser page gets a black page background. */
function useBlackBackground() {
  useEffect(() => {
    document.body.classList.add('bg-black');
    return () => document.body.classList.remove('bg-black');
  }, []);
}

/** /organizer/:slug — the organiser and their public events. */
export default function OrganizerPage() {
  const { slug = '' } = useParams();
  const { t } = useTranslation('catalog');
  const query = useQuery({ ...organizerQuery(slug), enabled: !!slug });
  useBlackBackground();
  const org = query.data?.organizer;
  usePageMeta(org?.name, org ? org.description || t('organizer.description', { name: org.name }) : null);

  if (!slug || (query.error instanceof ApiError && query.error.status === 404)) return <NotFound />;
  return (
    <main id="main" className="bg-black text-white" data-testid="organizer-page">
      <div className="page">
        {query.isError && (
          <div className="text-center">
            <p>{t('list.load_error')}</p>
            <button type="button" className="btn-primary mt-3" onClick={() => void query.refetch()}>
              {t('retry')}
            </button>
          </div>
        )}
        {query.isPending && (
          <div aria-busy="true">
            <p className="sr-only" role="status">
              {t('loading')}
            </p>
            <div className="h-24 animate-pulse rounded-2xl bg-slate-800" />
          </div>
        )}
        {org && query.data && (
          <>
            <header className="flex flex-wrap items-center gap-5">
              {org.logo_url && (
                <img
                  src={org.logo_url}
                  alt=""
                  width={80}
                  height={80}
                  className="size-20 rounded-full bg-white object-contain"
                />
              )}
              <div className="min-w-0">
                <h1 className="text-3xl font-extrabold">{org.name}</h1>
                {org.description && <p className="mt-2 max-w-2xl text-slate-300">{org.description}</p>}
                {org.website && (
                  <a
                    href={org.website}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="mt-2 inline-block text-amber-300 underline underline-offset-2"
                  >
                    {t('organizer.website')}
                    <span className="sr-only"> {t('event.new_window')}</span>
                  </a>
                )}
              </div>
            </header>
            <h2 className="mt-10 text-2xl font-bold">{t('organizer.events_title', { name: org.name })}</h2>
            {query.data.events.length === 0 ? (
              <p className="mt-3 text-slate-300">{t('organizer.no_events')}</p>
            ) : (
              <ul
                className="mt-4 grid gap-4 text-slate-900 sm:grid-cols-2 lg:grid-cols-3"
                data-testid="events-list"
              >
                {query.data.events.map((e) => (
                  <EventCard key={e.id} event={e} />
                ))}
              </ul>
            )}
          </>
        )}
      </div>
    </main>
  );
}
