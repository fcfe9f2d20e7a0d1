import type { CheckoutRequest } from '../../../stores/checkout-store';
import type { SavedCheckout } from '../hooks/use-checkout-flow';

/**
 * The last state of the checkout on screen, kept outside React so that it outlives the
 * dialog when the session ends midway; read once when the checkout shows again. Memory only
 * (card fields included): never stored on the device.
 */
let saved: SavedCheckout | null = null;

export function saveCheckout(checkout: SavedCheckout | null) {
  saved = checkout;
}

/** What a checkout of `request` may resume from (see SessionCheckout). */
export function savedCheckout(request: CheckoutRequest): SavedCheckout | null {
  return saved?.request === request ? saved : null;
}
