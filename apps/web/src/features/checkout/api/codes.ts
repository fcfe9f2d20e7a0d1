import type { AccessUnlockView, PromoQuoteView } from '@bilheteira/shared/schemas/pricing';
import { api } from '../../../lib/api-client';

/** The hidden ticket types an access code unlocks (event page). */
export async function unlockAccessCode(eventId: number, code: string, eventSlug?: string) {
  return api<{ data: AccessUnlockView; message?: string }>(`/events/${eventId}/access-code`, {
    json: { code, ...(eventSlug ? { event_slug: eventSlug } : {}) },
    skipErrorHandler: true,
  });
}

/** What a promo code takes off the customer's cart for the event (checkout summary). */
export async function quotePromoCode(body: {
  event_id: number;
  code: string;
  event_slug?: string;
  access_code?: string;
}) {
  return api<{ data: PromoQuoteView; message?: string }>('/orders/promo-quote', {
    json: body,
    skipErrorHandler: true,
  });
}
