import i18next from 'i18next';
import { lazy, Suspense, useEffect } from 'react';
import { preloadable } from '../lib/preloadable';
import { useCheckout } from '../stores/checkout-store';
import { useSession } from '../stores/session-store';
import { useUi } from '../stores/ui-store';

// Loaded only when needed, so pages that never log in do not ship the login code.
const Login = preloadable(() => import('../features/auth/components/login-modal'));
const Checkout = preloadable(() => import('../features/checkout/components/checkout-modal'));
const CreateEventModal = lazy(() => import('../features/organizer-request/components/create-event-modal'));

/**
 * Once a cart has items, the checkout's code and texts (and a visitor's login) load while the
 * phone is idle. Otherwise "Checkout" waits for a chain of suspensions: the checkout modal,
 * then the login it asks for once it runs, then their texts, about 1.4 s before the dialog.
 */
function usePreloadedCheckout(likely: boolean, identified: boolean) {
  useEffect(() => {
    if (!likely) return;
    const load = () => {
      void Checkout.preload();
      const namespaces = ['checkout', 'phone', 'common'];
      if (!identified) {
        void Login.preload();
        namespaces.push('auth');
      }
      void i18next.loadNamespaces(namespaces);
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
      {createEventOpen && <CreateEventModal />}
      {checkoutRequested && <Checkout.Component />}
    </Suspense>
  );
}
