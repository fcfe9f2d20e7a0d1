import { EventDetails } from '../../features/catalog/components/event-details';
import { TicketSelector } from '../../features/catalog/components/ticket-selector';
import { CartPanel } from '../../features/checkout/components/cart-panel';
import { useAddToCart } from '../../features/checkout/hooks/use-add-to-cart';
import { paths } from '../../config/paths';
import { MiniSite } from './site-shell';

/**
 * /site/:slug — the event's own landing page for organisers to link or embed: the event
 * details, its tickets and the cart, without the site header and footer.
 */
export default function SitePage() {
  const addToCart = useAddToCart();
  return (
    <MiniSite>
      {(event) => (
        <main
          id="main"
          className="page grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)] lg:items-start"
        >
          <EventDetails event={event} />
          <div className="space-y-4 lg:sticky lg:top-4">
            <TicketSelector event={event} onAdd={addToCart} />
            <CartPanel eventId={event.id} eventSlug={event.slug} returnTo={paths.site(event.slug)} />
          </div>
        </main>
      )}
    </MiniSite>
  );
}
