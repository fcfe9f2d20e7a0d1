import { priceSchedule, priceInForce } from '@bilheteira/shared/price-steps';
import type { AccessUnlockView } from '@bilheteira/shared/schemas/pricing';
import { isInSalesWindow } from '@bilheteira/shared/sales-window';
import { publicStock } from '@bilheteira/shared/stock-display';
import type { Locale } from '@bilheteira/shared/locales';
import type { Db } from '../../db/client';
import { availablePlaces, findEventSaleFacts, sellableEvent } from '../carts/carts.service';
import { pricedType } from '../carts/ticket-price';
import { checkoutAccess, type CodeTyper } from '../pricing/codes.service';

/**
 * The event page's access code field: the hidden ticket types a code unlocks, shown as the
 * page shows its other types (the price in force and its steps, places left with the
 * organiser's "últimos bilhetes" rule, sales window), and per session what is left of them.
 * The buyer then adds them to the cart with the same code (carts.service addItem) and orders
 * with it (the order takes one use). Wrong codes count against the address (brute force).
 */
export async function unlockHiddenTypes(
  db: Db,
  q: { eventId: number; code: string; slug?: string; who: CodeTyper; locale: Locale },
  now: Date,
): Promise<AccessUnlockView> {
  const facts = await findEventSaleFacts(db, q.eventId);
  const event = sellableEvent(facts.event, now, { slug: q.slug });
  const access = await checkoutAccess(db, { eventId: event.id, code: q.code }, q.who, now);
  const types = facts.types
    .filter((t) => t.hidden && access.ticketTypeIds.includes(t.id))
    .sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);
  const text = (t: (typeof types)[number], key: 'name' | 'description') => {
    const own = q.locale === 'en' || q.locale === 'es' ? t.translations[q.locale]?.[key] : undefined;
    return own?.trim() ? own : t[key];
  };
  return {
    code: access.code,
    ticket_types: types.map((t) => {
      const priced = pricedType(t, facts.steps);
      return {
        id: t.id,
        name: text(t, 'name'),
        description: text(t, 'description'),
        price_cents: priceInForce(priced, now).priceCents,
        ...publicStock(availablePlaces(t, null, facts), t.maxPerOrder, event.lastTicketsAt),
        min_per_order: t.minPerOrder,
        max_per_order: t.maxPerOrder,
        period_days: t.periodDays,
        on_sale: isInSalesWindow(t, now),
        price_schedule: priceSchedule(priced, now),
      };
    }),
    sessions: facts.sessions.map((s) => ({
      id: s.id,
      availability: Object.fromEntries(
        types.map((t) => [
          String(t.id),
          publicStock(availablePlaces(t, s, facts), t.maxPerOrder, event.lastTicketsAt).available,
        ]),
      ),
    })),
  };
}
