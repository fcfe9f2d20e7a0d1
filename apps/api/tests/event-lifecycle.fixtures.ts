/**
 * Helpers of event-lifecycle.test.ts: buying through the public API (sandbox card), reading
 * orders, payments, tickets, sessions and the outbox, and running the refund job.
 */
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows } from '../src/db/client';
import { customers } from '../src/db/schema/index';
import { orderHoldMs } from '../src/modules/orders/order-hold';
import { refundDuePayments } from '../src/modules/payments/payment-refunds.service';
import { sandboxProvider } from '../src/modules/payments/sandbox-provider';
import { injectAs, type TestApp } from './helpers';

export function lifecycleHelpers(t: TestApp) {
  const rows = <T>(q: ReturnType<typeof sql>) => queryRows<T>(t.database.db, q);
  const refundJob = () =>
    refundDuePayments(
      {
        db: t.database.db,
        provider: sandboxProvider(),
        publicUrl: 'http://localhost:3000',
        devTools: false,
        orderHoldMs: orderHoldMs(t.config),
      } as Parameters<typeof refundDuePayments>[0],
      new Date(),
    );

  async function buy(token: string, eventId: number, items: object[], pay = true) {
    const res = await injectAs(t.app, token, {
      method: 'POST',
      url: '/api/orders',
      payload: { event_id: eventId, items },
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().data as { id: number; total_cents: number };
    if (pay) {
      const paid = await injectAs(t.app, token, {
        method: 'POST',
        url: `/api/orders/${order.id}/pay`,
        payload: {
          method: 'card',
          card: { number: '4242424242424242', expiry: '12/2099', name: 'Test Buyer' },
        },
      });
      expect(paid.statusCode, paid.body).toBe(200);
    }
    return order;
  }

  const orderStatus = async (id: number) =>
    (await rows<{ status: string }>(sql`SELECT status FROM orders WHERE id = ${id}`))[0]!.status;
  const paymentsOf = (orderId: number) =>
    rows<{ status: string; amount_cents: number; refund_ref: string | null }>(
      sql`SELECT status, amount_cents, refund_ref FROM payments WHERE order_id = ${orderId} ORDER BY id`,
    );
  const ticketStates = async (orderId: number) =>
    (await rows<{ state: string }>(sql`SELECT state FROM customer_tickets WHERE order_id = ${orderId}`)).map(
      (r) => r.state,
    );
  const session = async (id: number) =>
    (
      await rows<{ sold: number; reserved: number; capacity: number | null }>(
        sql`SELECT sold, reserved, capacity FROM event_sessions WHERE id = ${id}`,
      )
    )[0]!;
  const customerIdOf = async (mobile: string) =>
    (
      await t.database.db
        .select()
        .from(customers)
        .where(eq(customers.mobile, `+351${mobile}`))
    )[0]!.id;
  const outboxTo = (customerId: number, kind: string) =>
    rows<{ channel: string; subject: string; body: string }>(
      sql`SELECT channel, subject, body FROM outbox WHERE customer_id = ${customerId} AND meta->>'kind' = ${kind} ORDER BY id`,
    );

  return { rows, refundJob, buy, orderStatus, paymentsOf, ticketStates, session, customerIdOf, outboxTo };
}
