import type { Db } from '../db/client';
import { eventDayStock } from '../db/schema/index';
import { findTicketTypesByIds } from '../modules/carts/carts.repository';
import { createOrder } from '../modules/orders/create-order.service';
import { expireOrderNow, setOrderHold } from '../modules/orders/order-expiry.service';
import { recordSeedPayment } from '../modules/payments/payment-confirmation.service';
import type { DemoContext } from './seed';

/** Festival site capacity per day: the 3-day passes and each day's tickets share it. */
const FESTIVAL_DAY_CAPACITY = 3000;

/** The demo orders' hold: the pending one's is set to a day below, the cancelled one's ended. */
const SEED_HOLD_MS = 15 * 60_000;

/**
 * Demo orders of Ana, made through the real checkout services so counters, tickets and
 * wallet agree: a paid festival-demo order (3-day pass, day-1 ticket, 20 EUR top-up)
 * fulfilled by the exactly-once path, a pending concerto-demo order still holding its
 * seats (for a day, like a bank reference) and a cancelled teatro-demo order whose hold
 * ran out.
 */
export async function seedCommerce(ctx: DemoContext): Promise<void> {
  // The seed runs in one transaction; the services open savepoints inside it.
  const db = ctx.tx as unknown as Db;
  const { now, catalog, customers } = ctx;
  const festivalId = catalog.events['festival-demo']!;
  const passId = catalog.ticketTypes['festival-demo/Passe 3 dias']!;
  const day1Id = catalog.ticketTypes['festival-demo/Bilhete diário — dia 1']!;
  const [pass] = await findTicketTypesByIds(db, [passId]);
  const passDays = pass?.periodDays ?? [];
  await ctx.tx
    .insert(eventDayStock)
    .values(passDays.map((day) => ({ eventId: festivalId, day, capacity: FESTIVAL_DAY_CAPACITY })));

  const billing = { name: 'Ana Silva', country: 'PT', document: '', postal_code: '1000-001' };
  const base = {
    buyer: { customerId: customers.ana, actor: 'seed' },
    visitorId: null,
    locale: 'pt-pt' as const,
    holdMs: SEED_HOLD_MS,
  };
  const earlier = new Date(now.getTime() - 3 * 24 * 3600_000);

  const paid = await createOrder(
    db,
    {
      ...base,
      idempotencyKey: 'seed-paid',
      body: {
        event_id: festivalId,
        include_cart: false,
        items: [
          { ticket_id: passId, qty: 1 },
          { ticket_id: day1Id, qty: 1 },
        ],
        topup_cents: 2000,
        billing,
      },
    },
    earlier,
  );
  await recordSeedPayment(
    db,
    paid.order.id,
    { method: 'card', display: 'Visa •••• 4242' },
    earlier,
    ctx.publicUrl,
  );

  const pending = await createOrder(
    db,
    {
      ...base,
      idempotencyKey: 'seed-pending',
      body: {
        event_id: catalog.events['concerto-demo']!,
        include_cart: false,
        items: [{ ticket_id: catalog.ticketTypes['concerto-demo/Plateia']!, qty: 2 }],
        billing,
      },
    },
    now,
  );
  await setOrderHold(db, pending.order.id, new Date(now.getTime() + 24 * 3600_000));

  const cancelled = await createOrder(
    db,
    {
      ...base,
      idempotencyKey: 'seed-cancelled',
      body: {
        event_id: catalog.events['teatro-demo']!,
        include_cart: false,
        items: [
          {
            ticket_id: catalog.ticketTypes['teatro-demo/Normal']!,
            session_id: catalog.teatroSessions[0]!,
            qty: 2,
          },
        ],
        billing,
      },
    },
    earlier,
  );
  await expireOrderNow(db, cancelled.order.id, now, SEED_HOLD_MS);
}
