import { EventDetails } from '../../features/catalog/components/event-details';
import { EventTickets } from '../event-tickets';
import { paths } from '../../config/paths';
import { MiniSite } from './site-shell';

/**
 * /site/:slug — the event's own landing page for organisers to link or embed: the event
 * details, its tickets and the cart, without the site header and footer.
 */
export default function SitePage() {
  return (
    <MiniSite>
      {(event) => (
        <main
          id="main"
          className="page grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)] lg:items-start"
        >
          <EventDetails event={event} />
          <div className="space-y-4 lg:sticky lg:top-4">
            <EventTickets event={event} returnTo={paths.site(event.slug)} />
          </div>
        </main>
      )}
    </MiniSite>
  );
}
