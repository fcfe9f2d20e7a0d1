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
  /**
   * The buyer left the checkout to create an account (the login's "Create account"): the
   * checkout waits, hidden, and opens again once they are back at this path with a session.
   */
  pausedAt: string | null;
  /** a checkout is likely (a cart has items): the app loads the checkout's code ahead */
  likely: boolean;
  start(request: CheckoutRequest): void;
  reset(): void;
  /** a checkout under way (if any) waits for the buyer's new account; `at`: its page */
  pauseForAccount(at: string): void;
  /** the paused checkout is back on screen */
  unpause(): void;
  markLikely(): void;
}

export const useCheckout = create<CheckoutState>((set) => ({
  request: null,
  pausedAt: null,
  likely: false,
  start: (request) => set({ request, pausedAt: null }),
  reset: () => set({ request: null, pausedAt: null }),
  pauseForAccount: (at) => set((s) => (s.request ? { pausedAt: at } : {})),
  unpause: () => set({ pausedAt: null }),
  markLikely: () => set({ likely: true }),
}));
