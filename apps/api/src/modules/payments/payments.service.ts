import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';
import { MBWAY_COUNTDOWN_MS } from '@bilheteira/shared/constants';
import { formatEur } from '@bilheteira/shared/money';
import { toE164 } from '@bilheteira/shared/phone';
import { isValidCardExpiry } from '@bilheteira/shared/validation';
import { SANDBOX_MBWAY_DECLINE_SUFFIX, type payOrderBody } from '@bilheteira/shared/schemas/payments';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { validationFailed } from '../../lib/errors';
import { orderErrors } from '../orders/orders.errors';
import { paymentErrors } from './payments.errors';
import { enqueueMessage } from '../../lib/outbox';
import { audit } from '../../lib/audit';
import { translate } from '../../i18n/messages';
import {
  findLines,
  findOrderById,
  findOrderForUpdate,
  findOwnedOrder,
  setOrderExpiry,
} from '../orders/orders.repository';
import { holdForAttempt, isPayable, orderDetail, toPaymentView } from '../orders/orders.service';
import { assertOnlineTopUpFits } from '../wallet/wallet-ceiling.service';
import { declinePayment, fulfilPayment } from './fulfilment.service';
import { CARD_ATTEMPT_WINDOW_MS, type PaymentProvider } from './payment-provider';
import {
  findLatestPayment,
  findPaymentById,
  findPaymentByKey,
  findPaymentByRef,
  expireOpenPayments,
  findSandboxMbwayWaiting,
  forgetAttemptRequests,
  insertPayment,
  recordProviderAnswer,
  supersedeOpenPayments,
  updatePayment,
  type PaymentRow,
} from './payments.repository';
import './payments.messages';

export type PayOrderInput = z.output<typeof payOrderBody>;

export interface PaymentsContext {
  db: Db;
  provider: PaymentProvider;
  publicUrl: string;
  devTools: boolean;
}

const newPaymentRef = () => `pay_${randomBytes(12).toString('base64url')}`;

const OPEN_STATUSES = ['pending', 'requires_action'];
/** A concurrent identical call waits this long for the attempt whose provider call is in flight. */
const IN_FLIGHT_WAIT_MS = 30_000;

/** Every attempt expires: MB WAY after its countdown, the other methods after a short window. */
export const attemptWindowMs = (method: string) =>
  method === 'mbway' ? MBWAY_COUNTDOWN_MS : CARD_ATTEMPT_WINDOW_MS;

interface AttemptMeta {
  /** what the customer asked for (method, MB WAY phone, card end): an identical call answers the attempt */
  request?: string;
  /** set while the provider call (and an immediate fulfilment) runs */
  in_flight?: boolean;
  decline_code?: string;
}
const metaOf = (p: PaymentRow) => p.meta as AttemptMeta;

const isOpen = (p: PaymentRow, now: Date) =>
  OPEN_STATUSES.includes(p.status) && (!p.expiresAt || p.expiresAt > now);

/** The request an attempt was made for; a card keeps only its last four digits (forgotten later, see expirePaymentAttempts). */
function requestOf(body: PayOrderInput, mbwayPhone: string | undefined): string {
  if (body.method === 'mbway') return `mbway:${mbwayPhone ?? ''}`;
  if (body.method === 'card' && body.card) return `card:${body.card.number.slice(-4)}`;
  return body.method;
}

/**
 * Starts a payment attempt for a pending order of the customer (a repeated Idempotency-Key
 * answers the first attempt). Approved at once → fulfilled; declined → 422 with the order
 * still payable; MB WAY → pending until the app answers; 3-D Secure → redirect URL.
 * One open attempt per order: the order row is locked while an attempt is chosen, and a call
 * identical to the newest attempt that is still open, or that was closed after this call
 * arrived (a double click, parallel retries), answers that attempt; the provider is called
 * once per attempt. Throws 404 (not theirs), 409 (not payable, another payment in progress),
 * 422 (declined / bad card), 502 (provider down).
 */
export async function payOrder(
  ctx: PaymentsContext,
  input: {
    customerId: number;
    orderId: number;
    body: PayOrderInput;
    idempotencyKey: string | null;
    locale: string;
    /** when the request reached the server (default `now`): a call that arrived before an identical attempt closed answers it */
    arrivedAt?: Date;
  },
  now: Date,
) {
  const { db } = ctx;
  const arrivedAt = input.arrivedAt ?? now;
  const order = await findOwnedOrder(db, input.customerId, input.orderId);
  if (!order) throw orderErrors.notFound();
  if (input.idempotencyKey) {
    const existing = await findPaymentByKey(db, order.id, input.idempotencyKey);
    if (existing) return { payment: existing, order: await orderDetail(db, order, now) };
  }
  const { body } = input;
  if (body.method === 'card') {
    if (ctx.provider.name !== 'sandbox') {
      // with a real provider the card goes to its own fields, never to us
      if (body.card) throw paymentErrors.cardFieldsNotAccepted();
    } else {
      if (!body.card) throw validationFailed({ 'card.number': ['validation.card_number'] });
      if (!isValidCardExpiry(body.card.expiry, now))
        throw validationFailed({ 'card.expiry': ['validation.card_expired'] });
    }
  }
  const mbwayPhone = body.mbway ? toE164(body.mbway.country_code, body.mbway.mobile) : undefined;
  const request = requestOf(body, mbwayPhone);

  const reference = newPaymentRef();
  let chosen: { answer: PaymentRow } | { created: PaymentRow };
  try {
    chosen = await db.transaction(async (tx) => {
      const locked = await findOrderForUpdate(tx, order.id);
      if (!locked || locked.customerId !== input.customerId) throw orderErrors.notFound();
      const latest = await findLatestPayment(tx, order.id);
      if (
        latest &&
        metaOf(latest).request === request &&
        (isOpen(latest, now) || latest.updatedAt.getTime() >= arrivedAt.getTime())
      )
        return { answer: latest };
      if (!isPayable(locked, now)) throw paymentErrors.orderNotPayable();
      // A till may have loaded the wallet since the order was made: the ceiling is checked
      // again before anything is charged.
      const topUpCents = (await findLines(tx, [order.id]))
        .filter((l) => l.kind === 'topup')
        .reduce((sum, l) => sum + l.unitCents * l.qty, 0);
      if (topUpCents > 0) await assertOnlineTopUpFits(tx, input.customerId, locked.eventId, topUpCents);
      if (latest && isOpen(latest, now) && metaOf(latest).in_flight) throw paymentErrors.inProgress();
      await supersedeOpenPayments(tx, order.id);
      const created = await insertPayment(tx, {
        orderId: order.id,
        provider: ctx.provider.name,
        method: body.method,
        providerRef: ctx.provider.name === 'sandbox' ? reference : null,
        status: 'pending',
        amountCents: order.totalCents,
        idempotencyKey: input.idempotencyKey,
        // a crash during the provider call leaves an attempt the expiry job closes
        expiresAt: new Date(now.getTime() + attemptWindowMs(body.method)),
        meta: { request, in_flight: true },
      });
      return { created };
    });
  } catch (err) {
    // a concurrent repeat with the same key: answer the first attempt
    const existing = input.idempotencyKey
      ? await findPaymentByKey(db, order.id, input.idempotencyKey)
      : undefined;
    if (existing) return { payment: existing, order: await orderDetail(db, order, now) };
    throw err;
  }
  if ('answer' in chosen) return answerAttempt(db, chosen.answer, input.customerId, now);
  let payment = chosen.created;

  let result;
  try {
    result = await ctx.provider.create(
      {
        reference,
        orderId: order.id,
        orderReference: order.reference,
        amountCents: order.totalCents,
        method: body.method,
        mbwayPhone,
        card: body.card,
        returnUrl: `${ctx.publicUrl.replace(/\/$/, '')}/payment/redirects`,
        idempotencyKey: `payment:${payment.id}`,
      },
      now,
    );
  } catch {
    await updatePayment(db, payment.id, {
      status: 'declined',
      meta: { request, decline_code: 'provider_error' },
    });
    throw paymentErrors.unavailable();
  }
  // An answer still to be applied (fulfilment, decline) keeps the attempt in flight, so an
  // identical concurrent call waits for the same outcome as this one.
  const settles = result.status === 'approved' || result.status === 'declined';
  payment = await recordProviderAnswer(db, payment.id, settles ? 'pending' : result.status, {
    providerRef: result.providerRef,
    ...(result.expiresAt ? { expiresAt: result.expiresAt } : {}),
    meta: {
      request,
      ...(settles ? { in_flight: true } : {}),
      display: result.display,
      ...(result.redirectUrl ? { redirect_url: result.redirectUrl } : {}),
      ...(result.clientSecret ? { client_secret: result.clientSecret } : {}),
      ...(ctx.provider.name === 'sandbox' && mbwayPhone?.endsWith(SANDBOX_MBWAY_DECLINE_SUFFIX)
        ? { sandbox_decline: true }
        : {}),
    },
  });
  // The order waits for an attempt the customer is completing (MB WAY app, 3-D Secure).
  // ...but never past the order's hold deadline (orders.service.ts holdForAttempt)
  const hold = result.expiresAt ? holdForAttempt(order, result.expiresAt) : null;
  if (hold) await setOrderExpiry(db, order.id, hold);

  const confirmation = { provider: ctx.provider.name, paymentId: payment.id };
  if (result.status === 'approved') {
    await fulfilPayment(
      db,
      { ...confirmation, eventRef: `${ctx.provider.name}:${result.providerRef}:approved`, type: 'approved' },
      now,
      {
        publicUrl: ctx.publicUrl,
      },
    );
  } else if (result.status === 'declined') {
    await declinePayment(
      db,
      { ...confirmation, eventRef: `${ctx.provider.name}:${result.providerRef}:declined`, type: 'declined' },
      result.declineCode ?? 'declined',
    );
    throw paymentErrors.declined(
      {},
      {
        details: {
          payment: result.providerRef,
          decline_code: result.declineCode ?? 'declined',
          order_id: order.id,
        },
      },
    );
  } else if (body.method === 'mbway' && ctx.provider.name === 'sandbox' && ctx.devTools && mbwayPhone) {
    // the dev outbox shows the simulated MB WAY request with its approve/decline calls
    await enqueueMessage(db, {
      channel: 'sms',
      recipient: mbwayPhone,
      customerId: order.customerId,
      body: translate('pt-pt', 'payment.sandbox_sms', {
        amount: formatEur(order.totalCents),
        order: order.reference,
      }),
      meta: {
        kind: 'sandbox_mbway',
        approve: `POST /api/dev/payments/${result.providerRef}/approve`,
        decline: `POST /api/dev/payments/${result.providerRef}/decline`,
      },
    });
  }
  const fresh = (await findPaymentByRef(db, result.providerRef)) ?? payment;
  const freshOrder = (await findOwnedOrder(db, input.customerId, order.id)) ?? order;
  return { payment: fresh, order: await orderDetail(db, freshOrder, now) };
}

/**
 * The answer to a call that found the attempt an identical call made: once its provider call is
 * done, the same as that call's (approved or pending → 200, declined → 422, provider down → 502).
 */
async function answerAttempt(db: Db, found: PaymentRow, customerId: number, now: Date) {
  let payment = found;
  const deadline = Date.now() + IN_FLIGHT_WAIT_MS;
  for (let pause = 20; OPEN_STATUSES.includes(payment.status) && metaOf(payment).in_flight;) {
    if (Date.now() > deadline) throw paymentErrors.inProgress();
    await new Promise((r) => setTimeout(r, pause));
    pause = Math.min(pause * 2, 250);
    payment = (await findPaymentById(db, payment.id)) ?? payment;
  }
  const order = await findOwnedOrder(db, customerId, payment.orderId);
  if (!order) throw orderErrors.notFound();
  if (payment.status === 'declined') {
    const code = metaOf(payment).decline_code ?? 'declined';
    if (code === 'provider_error') throw paymentErrors.unavailable();
    throw paymentErrors.declined(
      {},
      {
        details: {
          payment: payment.providerRef ?? String(payment.id),
          decline_code: code,
          order_id: order.id,
        },
      },
    );
  }
  return { payment, order: await orderDetail(db, order, now) };
}

/** A payment of the customer by its public reference (another customer's: 404). */
export async function findOwnedPayment(db: Db, customerId: number, reference: string) {
  const payment = await findPaymentByRef(db, reference);
  if (!payment) throw paymentErrors.notFound();
  const order = await findOwnedOrder(db, customerId, payment.orderId);
  if (!order) throw paymentErrors.notFound();
  return { payment, order };
}

/**
 * Sandbox decision on an open attempt (the 3-D Secure page, the dev MB WAY controls, the
 * auto-approval job). Idempotent: one decision per attempt.
 */
export async function decideSandboxPayment(
  ctx: PaymentsContext,
  payment: PaymentRow,
  outcome: 'approve' | 'decline',
  actor: string,
  now: Date,
): Promise<void> {
  if (payment.provider !== 'sandbox') throw paymentErrors.notFound();
  if (!['pending', 'requires_action'].includes(payment.status)) throw paymentErrors.notAwaiting();
  const ref = payment.providerRef ?? String(payment.id);
  const c = { provider: 'sandbox', paymentId: payment.id };
  if (outcome === 'approve') {
    await fulfilPayment(ctx.db, { ...c, eventRef: `sandbox:${ref}:approved`, type: 'approved' }, now, {
      publicUrl: ctx.publicUrl,
    });
  } else {
    await declinePayment(
      ctx.db,
      { ...c, eventRef: `sandbox:${ref}:declined`, type: 'declined' },
      'declined_by_customer',
    );
  }
  await audit(ctx.db, {
    actor,
    action: `payment.sandbox_${outcome}`,
    entity: 'payment',
    entityId: payment.id,
  });
}

/** Outside production the simulated MB WAY app answers after 8 s, so a demo purchase completes. */
const DEV_MBWAY_AUTO_APPROVE_MS = 8_000;

/**
 * SANDBOX_MBWAY_AUTO_APPROVE_MS: the simulated MB WAY app answers on its own after this delay
 * (0 turns it off: requests then wait for the dev approve/decline endpoint).
 */
export function sandboxAutoApproveMs(env: NodeJS.ProcessEnv = process.env): number | null {
  const raw = env.SANDBOX_MBWAY_AUTO_APPROVE_MS;
  if (raw === undefined || raw === '')
    return env.NODE_ENV === 'production' ? null : DEV_MBWAY_AUTO_APPROVE_MS;
  const ms = Number(raw);
  return Number.isFinite(ms) && ms > 0 ? ms : null;
}

/** Job: answers sandbox MB WAY requests older than the delay (numbers ending 0000 decline). */
export async function autoDecideSandboxMbway(
  ctx: PaymentsContext,
  delayMs: number,
  now: Date,
): Promise<number> {
  const waiting = await findSandboxMbwayWaiting(ctx.db, new Date(now.getTime() - delayMs));
  for (const p of waiting) {
    const decline = (p.meta as { sandbox_decline?: boolean }).sandbox_decline === true;
    await decideSandboxPayment(ctx, p, decline ? 'decline' : 'approve', 'sandbox-auto', now).catch(() => {});
  }
  return waiting.length;
}

/**
 * A verified Stripe event: payment_intent.succeeded fulfils, payment_intent.payment_failed
 * declines; the event id makes redelivery a no-op. Other events are acknowledged.
 */
export async function handleStripeEvent(
  ctx: PaymentsContext,
  event: Stripe.Event,
  now: Date,
): Promise<string> {
  if (event.type !== 'payment_intent.succeeded' && event.type !== 'payment_intent.payment_failed')
    return 'ignored';
  const intent = event.data.object;
  const payment = await findPaymentByRef(ctx.db, intent.id);
  if (!payment) return 'unknown_payment';
  const c = { provider: 'stripe', eventRef: event.id, paymentId: payment.id, type: event.type };
  if (event.type === 'payment_intent.succeeded')
    return fulfilPayment(ctx.db, c, now, { publicUrl: ctx.publicUrl });
  await declinePayment(ctx.db, c, intent.last_payment_error?.code ?? 'payment_failed');
  return 'declined';
}

/**
 * The customer is back from a provider page (/payment/redirects): ask the provider for the
 * state and fulfil if it succeeded (same exactly-once path as the webhook).
 */
export async function syncReturn(ctx: PaymentsContext, customerId: number, reference: string, now: Date) {
  const { payment } = await findOwnedPayment(ctx.db, customerId, reference);
  if (payment.provider === 'stripe' && ctx.provider.name === 'stripe' && payment.providerRef) {
    const status = await ctx.provider.retrieve(payment.providerRef).catch(() => 'pending' as const);
    const c = { provider: 'stripe', paymentId: payment.id };
    if (status === 'approved')
      await fulfilPayment(
        ctx.db,
        { ...c, eventRef: `stripe:return:${payment.providerRef}`, type: 'return' },
        now,
        {
          publicUrl: ctx.publicUrl,
        },
      );
    else if (status === 'declined')
      await declinePayment(
        ctx.db,
        { ...c, eventRef: `stripe:return-declined:${payment.providerRef}`, type: 'return' },
        'declined',
      );
  }
  return findOwnedPayment(ctx.db, customerId, reference);
}

/** How long a closed attempt remembers its request (a parallel repeat arrives within seconds). */
export const REQUEST_MEMORY_MS = 10 * 60_000;

/**
 * Job: attempts whose window ended (MB WAY unanswered after 4 minutes) become expired, and
 * attempts closed for REQUEST_MEMORY_MS forget the request (MB WAY phone). Answers how many expired.
 */
export async function expirePaymentAttempts(db: Db, now: Date): Promise<number> {
  const expired = await expireOpenPayments(db, now);
  await forgetAttemptRequests(db, new Date(now.getTime() - REQUEST_MEMORY_MS));
  return expired;
}

/** Development: answers a sandbox attempt by its reference as the MB WAY app would. */
export async function decideSandboxByReference(
  ctx: PaymentsContext,
  reference: string,
  outcome: 'approve' | 'decline',
  now: Date,
): Promise<void> {
  const payment = await findPaymentByRef(ctx.db, reference);
  if (!payment) throw paymentErrors.notFound();
  await decideSandboxPayment(ctx, payment, outcome, 'dev', now);
}

/**
 * Demo data: an attempt approved by the sandbox at `at`, fulfilled through the same
 * exactly-once path as a real confirmation (tickets, wallet credit, email).
 */
export async function recordSeedPayment(
  db: Db,
  orderId: number,
  p: { method: 'card' | 'mbway' | 'google_pay' | 'apple_pay'; display: string },
  at: Date,
): Promise<void> {
  const order = await findOrderById(db, orderId);
  if (!order) throw new Error(`seed order ${orderId} missing`);
  const reference = newPaymentRef();
  const payment = await insertPayment(db, {
    orderId,
    provider: 'sandbox',
    method: p.method,
    providerRef: reference,
    status: 'pending',
    amountCents: order.totalCents,
    meta: { display: p.display },
  });
  await fulfilPayment(
    db,
    {
      provider: 'sandbox',
      paymentId: payment.id,
      eventRef: `sandbox:${reference}:approved`,
      type: 'approved',
    },
    at,
    { publicUrl: process.env.PUBLIC_URL ?? 'http://localhost:3000' },
  );
}

export { toPaymentView };
