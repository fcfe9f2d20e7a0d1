import { useQuery } from '@tanstack/react-query';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { usePageMeta } from '../../lib/page-meta';
import { eventQuery } from '../../features/catalog/api/event';
import { EventDetails } from '../../features/catalog/components/event-details';
import { EventPageSkeleton } from '../../features/catalog/components/event-page-skeleton';
import { EventTickets } from '../event-tickets';

// an unknown slug is rare: its page loads then, not with every event page
const NotFound = lazy(() => import('../../components/not-found').then((m) => ({ default: m.NotFound })));

/** /events/:slug — the event page (details + tickets); the cart sits beside the tickets. */
export default function EventDetailsPage() {
  const { slug = '' } = useParams();
  const { t } = useTranslation('catalog');
  const query = useQuery({ ...eventQuery(slug), enabled: !!slug });
  const event = query.data;
  usePageMeta(event?.name, event?.information.slice(0, 160));

  if (!slug || (query.error instanceof ApiError && query.error.status === 404)) return <NotFound />;
  if (query.isError) {
    return (
      <main id="main" className="page text-center">
        <h1 className="text-2xl font-bold">{t('event.load_error')}</h1>
        <button type="button" className="btn-primary mt-4" onClick={() => void query.refetch()}>
          {t('retry')}
        </button>
      </main>
    );
  }
  if (!event) return <EventPageSkeleton />;
  return (
    <main id="main" className="page grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)] lg:items-start">
      <EventDetails event={event} />
      <div className="space-y-4 lg:sticky lg:top-20">
        <EventTickets event={event} />
      </div>
    </main>
  );
}
