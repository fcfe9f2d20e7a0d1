import { isOpenPaymentStatus } from '@bilheteira/shared/schemas/orders';
import { randomBytes } from 'node:crypto';
import { MBWAY_COUNTDOWN_MS } from '@bilheteira/shared/constants';
import { formatEur } from '@bilheteira/shared/money';
import { toE164 } from '@bilheteira/shared/phone';
import { isValidCardExpiry } from '@bilheteira/shared/validation';
import { SANDBOX_MBWAY_DECLINE_SUFFIX, type payOrderBody } from '@bilheteira/shared/schemas/payments';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { validationFailed } from '../../lib/errors';
import { enqueueMessage } from '../../lib/outbox';
import { translate } from '../../i18n/messages';
import { orderErrors } from '../orders/orders.errors';
import { holdForAttempt, isPayable } from '../orders/order-hold';
import { orderDetail } from '../orders/order-view.service';
import {
  findLines,
  findOrderForUpdate,
  findOwnedOrder,
  setOrderExpiry,
  type OrderRow,
} from '../orders/orders.service';
import { assertOnlineTopUpFits } from '../wallet/wallet-ceiling.service';
import { declinePayment, fulfilPayment } from './fulfilment.service';
import { CARD_ATTEMPT_WINDOW_MS, type ProviderResult } from './payment-provider';
import type { PaymentsContext } from './payments.context';
import { paymentErrors } from './payments.errors';
import {
  findLatestPayment,
  findPaymentById,
  findPaymentByKey,
  findPaymentByRef,
  insertPayment,
  recordProviderAnswer,
  supersedeOpenPayments,
  updatePayment,
  type PaymentRow,
} from './payments.repository';
import './payments.messages';

export type PayOrderInput = z.output<typeof payOrderBody>;

/** A new attempt's public reference. */
export const newPaymentRef = () => `pay_${randomBytes(12).toString('base64url')}`;

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
  isOpenPaymentStatus(p.status) && (!p.expiresAt || p.expiresAt > now);

/** The request an attempt was made for; a card keeps only its last four digits (forgotten later, see expirePaymentAttempts). */
function requestOf(body: PayOrderInput, mbwayPhone: string | undefined): string {
  if (body.method === 'mbway') return `mbway:${mbwayPhone ?? ''}`;
  if (body.method === 'card' && body.card) return `card:${body.card.number.slice(-4)}`;
  return body.method;
}

export interface PayOrderArgs {
  customerId: number;
  orderId: number;
  body: PayOrderInput;
  idempotencyKey: string | null;
  locale: string;
  /** when the request reached the server (default `now`): a call that arrived before an identical attempt closed answers it */
  arrivedAt?: Date;
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
export async function payOrder(ctx: PaymentsContext, input: PayOrderArgs, now: Date) {
  const { db } = ctx;
  const order = await findOwnedOrder(db, input.customerId, input.orderId);
  if (!order) throw orderErrors.notFound();
  if (input.idempotencyKey) {
    const existing = await findPaymentByKey(db, order.id, input.idempotencyKey);
    if (existing) return { payment: existing, order: await orderDetail(db, order, now) };
  }
  // A write after the provider call is stamped `now` plus the time this call has taken (a
  // monotonic measure): the stamp of a close is then never earlier than the close, and an
  // identical call that arrived before it still answers this attempt (chooseAttempt).
  const startedMs = performance.now();
  const later = () => new Date(now.getTime() + (performance.now() - startedMs));
  const { body } = input;
  checkCard(ctx, body, now);
  const mbwayPhone = body.mbway ? toE164(body.mbway.country_code, body.mbway.mobile) : undefined;
  const attempt: Attempt = {
    order,
    body,
    request: requestOf(body, mbwayPhone),
    mbwayPhone,
    reference: newPaymentRef(),
  };

  let chosen: { answer: PaymentRow } | { created: PaymentRow };
  try {
    chosen = await chooseAttempt(ctx, attempt, input, now);
  } catch (err) {
    // a concurrent repeat with the same key: answer the first attempt
    const existing = input.idempotencyKey
      ? await findPaymentByKey(db, order.id, input.idempotencyKey)
      : undefined;
    if (existing) return { payment: existing, order: await orderDetail(db, order, now) };
    throw err;
  }
  if ('answer' in chosen) return answerAttempt(db, chosen.answer, input.customerId, now);
  const payment = chosen.created;

  let result: ProviderResult;
  try {
    result = await ctx.provider.create(
      {
        reference: attempt.reference,
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
    await updatePayment(
      db,
      payment.id,
      { status: 'declined', meta: { request: attempt.request, decline_code: 'provider_error' } },
      later(),
    );
    throw paymentErrors.unavailable();
  }
  const recorded = await applyProviderAnswer(ctx, attempt, payment, result, later);
  const fresh = (await findPaymentByRef(db, result.providerRef)) ?? recorded;
  const freshOrder = (await findOwnedOrder(db, input.customerId, order.id)) ?? order;
  return { payment: fresh, order: await orderDetail(db, freshOrder, now) };
}

/** What one pay call asks for. */
interface Attempt {
  order: OrderRow;
  body: PayOrderInput;
  /** what an identical call is recognised by (requestOf) */
  request: string;
  mbwayPhone: string | undefined;
  /** the new attempt's public reference (the sandbox's provider reference too) */
  reference: string;
}

/** Card details: a real provider takes them in its own fields; the sandbox needs a valid one. */
function checkCard(ctx: PaymentsContext, body: PayOrderInput, now: Date): void {
  if (body.method !== 'card') return;
  if (ctx.provider.name !== 'sandbox') {
    // with a real provider the card goes to its own fields, never to us
    if (body.card) throw paymentErrors.cardFieldsNotAccepted();
    return;
  }
  if (!body.card) throw validationFailed({ 'card.number': ['validation.card_number'] });
  if (!isValidCardExpiry(body.card.expiry, now))
    throw validationFailed({ 'card.expiry': ['validation.card_expired'] });
}

/**
 * With the order row locked: the attempt an identical call made (still open, or closed after
 * this call arrived), else a new attempt in flight that supersedes any open one.
 */
function chooseAttempt(
  ctx: PaymentsContext,
  { order, body, request, reference }: Attempt,
  input: PayOrderArgs,
  now: Date,
): Promise<{ answer: PaymentRow } | { created: PaymentRow }> {
  const arrivedAt = input.arrivedAt ?? now;
  return ctx.db.transaction(async (tx) => {
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
    await supersedeOpenPayments(tx, order.id, now);
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
}

/**
 * Records the provider's answer on the attempt and acts on it: approved → fulfilled,
 * declined → 422 (the order stays payable), MB WAY in the sandbox → the dev outbox's SMS.
 * An attempt the customer is completing extends the order's hold (holdForAttempt).
 * `at` gives the time of each write (payOrder's `now` plus the time taken so far).
 */
async function applyProviderAnswer(
  ctx: PaymentsContext,
  { order, body, request, mbwayPhone }: Attempt,
  attempt: PaymentRow,
  result: ProviderResult,
  at: () => Date,
): Promise<PaymentRow> {
  const { db } = ctx;
  // An answer still to be applied (fulfilment, decline) keeps the attempt in flight, so an
  // identical concurrent call waits for the same outcome as this one.
  const settles = result.status === 'approved' || result.status === 'declined';
  const payment = await recordProviderAnswer(
    db,
    attempt.id,
    settles ? 'pending' : result.status,
    {
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
    },
    at(),
  );
  // The order waits for an attempt the customer is completing (MB WAY app, 3-D Secure),
  // but never past the order's hold deadline (order-hold.ts holdForAttempt).
  const hold = result.expiresAt ? holdForAttempt(order, result.expiresAt, ctx.orderHoldMs) : null;
  if (hold) await setOrderExpiry(db, order.id, hold);

  const confirmation = { provider: ctx.provider.name, paymentId: payment.id };
  if (result.status === 'approved') {
    await fulfilPayment(
      db,
      { ...confirmation, eventRef: `${ctx.provider.name}:${result.providerRef}:approved`, type: 'approved' },
      at(),
      { publicUrl: ctx.publicUrl },
    );
  } else if (result.status === 'declined') {
    await declinePayment(
      db,
      { ...confirmation, eventRef: `${ctx.provider.name}:${result.providerRef}:declined`, type: 'declined' },
      result.declineCode ?? 'declined',
      at(),
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
  return payment;
}

/**
 * The answer to a call that found the attempt an identical call made: once its provider call is
 * done, the same as that call's (approved or pending → 200, declined → 422, provider down → 502).
 */
async function answerAttempt(db: Db, found: PaymentRow, customerId: number, now: Date) {
  let payment = found;
  // wall-clock on purpose: this measures how long this call has waited, not the request's time
  const deadline = Date.now() + IN_FLIGHT_WAIT_MS;
  for (let pause = 20; isOpenPaymentStatus(payment.status) && metaOf(payment).in_flight;) {
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
