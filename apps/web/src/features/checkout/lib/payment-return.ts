/**
 * A card payment may leave the site for the bank's page (3-D Secure) and come back on
 * /payment/redirects. What that page needs to send the buyer back where the checkout started
 * (a mini-site, the quick charge) is kept in this tab's sessionStorage, never in the URL the
 * bank sees.
 */
const KEY = 'payment_return';

export interface PaymentReturn {
  orderId: number;
  eventId: number;
  eventSlug: string;
  /** the checkout's returnTo: a path of this site */
  returnTo: string | null;
}

/** A path of this site ("/site/x/wallet"), never another origin ("//evil", "https://…", "/\\evil"). */
export function safeInternalPath(raw: unknown): string | null {
  if (typeof raw !== 'string' || !raw.startsWith('/') || raw.startsWith('//')) return null;
  if (raw.includes('\\') || /\s/.test(raw)) return null;
  return raw;
}

export function rememberPaymentReturn(value: PaymentReturn): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ ...value, returnTo: safeInternalPath(value.returnTo) }));
  } catch {
    // storage disabled: the redirect page falls back to the customer's tickets
  }
}

/** What was remembered for this order (another order's entry is ignored). */
export function recallPaymentReturn(orderId: number): PaymentReturn | null {
  try {
    const raw = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Partial<PaymentReturn> | null;
    if (!raw || raw.orderId !== orderId) return null;
    if (typeof raw.eventId !== 'number' || typeof raw.eventSlug !== 'string') return null;
    return {
      orderId,
      eventId: raw.eventId,
      eventSlug: raw.eventSlug,
      returnTo: safeInternalPath(raw.returnTo),
    };
  } catch {
    return null;
  }
}
