import { create } from 'zustand';

/**
 * Starting a checkout from anywhere (event page cart, wallet top-up, mini-site): the
 * checkout feature renders its modal from this state. A wallet top-up resets the checkout
 * and opens the summary (spec §4).
 */
export interface CheckoutRequest {
  eventId: number;
  eventSlug: string;
  /** wallet top-up in cents; absent for a ticket checkout from the cart */
  topupCents?: number;
  /** where the flow returns to (keeps mini-site visitors inside /site/:slug) */
  returnTo?: string;
  /** pay an existing pending order (orders page): the checkout opens at the payment step */
  orderId?: number;
}

interface CheckoutState {
  request: CheckoutRequest | null;
  /** a checkout is likely (a cart has items): the app loads the checkout's code ahead */
  likely: boolean;
  start(request: CheckoutRequest): void;
  reset(): void;
  markLikely(): void;
}

export const useCheckout = create<CheckoutState>((set) => ({
  request: null,
  likely: false,
  start: (request) => set({ request }),
  reset: () => set({ request: null }),
  markLikely: () => set({ likely: true }),
}));
