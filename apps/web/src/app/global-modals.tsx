import { lazy, Suspense } from 'react';
import { useCheckout } from '../stores/checkout-store';
import { useUi } from '../stores/ui-store';

// Loaded only when first opened, so pages that never log in do not ship the login code.
const LoginModal = lazy(() => import('../features/auth/components/login-modal'));
const CheckoutModal = lazy(() => import('../features/checkout/components/checkout-modal'));
const CreateEventModal = lazy(() => import('../features/organizer-request/components/create-event-modal'));

/** Modals any page can open through the UI store. */
export function GlobalModals() {
  const loginOpen = useUi((s) => s.loginOpen);
  const createEventOpen = useUi((s) => s.createEventOpen);
  const checkoutRequested = useCheckout((s) => s.request !== null);
  return (
    <Suspense fallback={null}>
      {loginOpen && <LoginModal />}
      {createEventOpen && <CreateEventModal />}
      {checkoutRequested && <CheckoutModal />}
    </Suspense>
  );
}
