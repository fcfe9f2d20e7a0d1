import { useQuery } from '@tanstack/react-query';
import { isPurchasable, type EventStatus } from '@bilheteira/shared/event-status';
import type { EventDetail } from '@bilheteira/shared/schemas/events';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Toast } from '../components/toast';
import { AccessCodeForm } from '../features/catalog/components/access-code-form';
import {
  cartLineKey,
  TicketSelector,
  type CartChange,
  type CartItemInput,
} from '../features/catalog/components/ticket-selector';
import { cartQuery } from '../features/checkout/api/cart';
import { CartBar } from '../features/checkout/components/cart-bar';
import { CartPanel } from '../features/checkout/components/cart-panel';
import { useAddToCart } from '../features/checkout/hooks/use-add-to-cart';
import { useSession } from '../stores/session-store';
import { useUnlockedTickets } from './unlocked-tickets';

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
  const { shown, unlocked, apply } = useUnlockedTickets(event);
  // a hidden type's line is set with the code that unlocked it
  const add = useCallback(
    (item: CartItemInput) =>
      addToCart(
        unlocked?.ticket_types.some((x) => x.id === item.ticket_id)
          ? { ...item, access_code: unlocked.code }
          : item,
      ),
    [addToCart, unlocked],
  );
  return (
    <>
      <TicketSelector event={shown} onAdd={add} inCart={inCart} onAdded={onAdded} />
      {purchasable && <AccessCodeForm onApply={apply} applied={unlocked?.code ?? null} />}
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
