import { useQuery } from '@tanstack/react-query';
import { isPurchasable, type EventStatus } from '@bilheteira/shared/event-status';
import type { EventDetail } from '@bilheteira/shared/schemas/events';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Toast } from '../components/toast';
import { cartLineKey, TicketSelector, type CartChange } from '../features/catalog/components/ticket-selector';
import { cartQuery } from '../features/checkout/api/cart';
import { CartBar } from '../features/checkout/components/cart-bar';
import { CartPanel } from '../features/checkout/components/cart-panel';
import { useAddToCart } from '../features/checkout/hooks/use-add-to-cart';
import { useSession } from '../stores/session-store';

/**
 * The buying part of an event page (site and mini-sites): the ticket selector fed with what
 * the cart already holds, the cart panel, and on a phone the sticky cart bar and a toast
 * after each add. An event that cannot be bought shows the selector's notice only: no cart
 * and no active "Finalizar compra".
 */
export function EventTickets({ event, returnTo }: { event: EventDetail; returnTo?: string }) {
  const { t } = useTranslation('catalog');
  const addToCart = useAddToCart();
  const token = useSession((s) => s.token);
  const cart = useQuery(cartQuery(event.id, token)).data;
  const inCart = useMemo(
    () =>
      Object.fromEntries(
        (cart?.items ?? [])
          .filter((i) => i.event_id === event.id)
          .map((i) => [cartLineKey(i.ticket_id, i.session_id), i.qty]),
      ),
    [cart, event.id],
  );
  const [toast, setToast] = useState<{ message: string | null; id: number }>({ message: null, id: 0 });
  const hideToast = useCallback(() => setToast((p) => ({ ...p, message: null })), []);
  const onAdded = (change: CartChange) =>
    setToast((p) => ({ message: t(`tickets.${change}`), id: p.id + 1 }));
  const purchasable = isPurchasable(event.status as EventStatus);
  return (
    <>
      <TicketSelector event={event} onAdd={addToCart} inCart={inCart} onAdded={onAdded} />
      {purchasable && (
        <>
          <CartPanel eventId={event.id} eventSlug={event.slug} returnTo={returnTo} />
          <CartBar eventId={event.id} eventSlug={event.slug} returnTo={returnTo} />
        </>
      )}
      <Toast message={toast.message} id={toast.id} onDone={hideToast} />
    </>
  );
}
