import { isOpenPaymentStatus } from '@bilheteira/shared/schemas/orders';
import type { Config } from '../../config';
import { audit } from '../../lib/audit';
import { declinePayment, fulfilPayment } from './fulfilment.service';
import type { PaymentsContext } from './payments.context';
import { paymentErrors } from './payments.errors';
import { findPaymentByRef, findSandboxMbwayWaiting, type PaymentRow } from './payments.repository';

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
  if (!isOpenPaymentStatus(payment.status)) throw paymentErrors.notAwaiting();
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
      now,
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
 * (0 turns it off: requests then wait for the dev approve/decline endpoint); unset, 8 s
 * outside production and never in production. Null: no auto-approval.
 */
export function sandboxAutoApproveMs(
  config: Pick<Config, 'SANDBOX_MBWAY_AUTO_APPROVE_MS' | 'NODE_ENV'>,
): number | null {
  const ms = config.SANDBOX_MBWAY_AUTO_APPROVE_MS;
  if (ms === undefined) return config.NODE_ENV === 'production' ? null : DEV_MBWAY_AUTO_APPROVE_MS;
  return ms > 0 ? ms : null;
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
