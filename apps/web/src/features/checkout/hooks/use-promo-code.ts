import type { CartView } from '@bilheteira/shared/schemas/carts';
import type { PromoQuoteView } from '@bilheteira/shared/schemas/pricing';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import type { CheckoutRequest } from '../../../stores/checkout-store';
import { quotePromoCode } from '../api/codes';
import { readEventCodes, saveEventCode } from '../lib/event-codes';

export interface PromoState {
  /** the code applied (its quote is what the summary shows) */
  quote: PromoQuoteView | null;
  /** the server's localised refusal of the last code typed */
  error: string | null;
  busy: boolean;
  apply(code: string): Promise<void>;
  remove(): void;
}

/**
 * The checkout's promo code: applied to the cart through the API's quote (priced exactly as
 * the order will be), kept for the tab, quoted again when the cart changes, and sent with the
 * order. Off for a wallet top-up and for paying an order that already exists.
 */
export function usePromoCode(request: CheckoutRequest, cart: CartView | undefined, off: boolean): PromoState {
  const [quote, setQuote] = useState<PromoQuoteView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const eventId = request.eventId;

  const run = useCallback(
    async (code: string) => {
      setBusy(true);
      try {
        const res = await quotePromoCode({
          event_id: eventId,
          code,
          ...(request.eventSlug ? { event_slug: request.eventSlug } : {}),
          ...(readEventCodes(eventId).access ? { access_code: readEventCodes(eventId).access } : {}),
        });
        setQuote(res.data);
        setError(null);
        saveEventCode(eventId, 'promo', res.data.code);
      } catch (err) {
        setQuote(null);
        setError(err instanceof ApiError ? err.message : String(err));
        saveEventCode(eventId, 'promo', null);
      } finally {
        setBusy(false);
      }
    },
    [eventId, request.eventSlug],
  );

  // a code kept for the tab is quoted again whenever the cart's total changes
  const total = cart?.total_cents;
  const last = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (off || total === undefined || total === last.current) return;
    last.current = total;
    const kept = readEventCodes(eventId).promo;
    if (kept && total > 0) void run(kept);
  }, [off, total, eventId, run]);

  const remove = useCallback(() => {
    setQuote(null);
    setError(null);
    saveEventCode(eventId, 'promo', null);
  }, [eventId]);

  return { quote: off ? null : quote, error, busy, apply: run, remove };
}
