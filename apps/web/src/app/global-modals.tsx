import { Suspense, useEffect } from 'react';
import { preloadable } from '../lib/preloadable';
import { useCheckout } from '../stores/checkout-store';
import { useSession } from '../stores/session-store';
import { useUi } from '../stores/ui-store';

// Loaded only when needed, so pages that never log in do not ship the login code.
const Login = preloadable(() => import('../features/auth/components/login-modal'), ['auth', 'phone']);
const Checkout = preloadable(
  () => import('../features/checkout/components/checkout-modal'),
  ['checkout', 'cart', 'phone'],
);
const CreateEvent = preloadable(
  () => import('../features/organizer-request/components/create-event-modal'),
  ['organizer', 'phone'],
);

/**
 * Once a cart has items, the checkout (and a visitor's login) loads while the phone is idle,
 * so "Checkout" opens at once instead of after two loads in a row (the checkout modal asks for
 * the login only once it runs).
 */
function usePreloadedCheckout(likely: boolean, identified: boolean) {
  useEffect(() => {
    if (!likely) return;
    const load = () => {
      void Checkout.preload();
      if (!identified) void Login.preload();
    };
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(load, { timeout: 2_000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(load, 200); // Safari has no requestIdleCallback
    return () => window.clearTimeout(id);
  }, [likely, identified]);
}

/** Modals any page can open through the UI store. */
export function GlobalModals() {
  const loginOpen = useUi((s) => s.loginOpen);
  const createEventOpen = useUi((s) => s.createEventOpen);
  const checkoutRequested = useCheckout((s) => s.request !== null);
  usePreloadedCheckout(
    useCheckout((s) => s.likely),
    useSession((s) => s.token !== null),
  );
  return (
    <Suspense fallback={null}>
      {loginOpen && <Login.Component />}
      {createEventOpen && <CreateEvent.Component />}
      {checkoutRequested && <Checkout.Component />}
    </Suspense>
  );
}
