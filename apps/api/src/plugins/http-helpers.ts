import type { FastifyRequest } from 'fastify';
import { validationFailed } from '../lib/errors';
import type { CustomerRow } from '../modules/identity/customer.repository';
import { auditActors } from '../lib/audit';
import { staffActor } from '../modules/staff/staff-auth.service';

/**
 * What routes read from a request besides their zod-validated input, written once here
 * (lint forbids redefining them elsewhere).
 */

/** Idempotency-Key header: 1–100 visible ASCII characters, or none (400 otherwise). */
export function idempotencyKey(req: FastifyRequest): string | null {
  const raw = req.headers['idempotency-key'];
  const v = Array.isArray(raw) ? raw[0] : raw;
  if (v === undefined || v === '') return null;
  if (!/^[\x21-\x7e]{1,100}$/.test(v)) throw validationFailed({ 'idempotency-key': ['validation.invalid'] });
  return v;
}

/** Audit actor for the request: the customer, or the support operator acting for them. */
export function auditActor(req: FastifyRequest): string {
  if (req.auth?.impersonatedBy) return auditActors.support(req.auth.impersonatedBy);
  return req.auth ? auditActors.customer(req.auth.customer.id) : 'anonymous';
}

/** The signed-in customer and the support operator acting for them, if any (after requireCustomer). */
export function customerActor(req: FastifyRequest): { customer: CustomerRow; impersonatedBy: string | null } {
  return { customer: req.auth!.customer, impersonatedBy: req.auth!.impersonatedBy };
}

/** Audit actor of a back-office request (after app.requireStaff): the signed-in staff user. */
export function staffAuditActor(req: FastifyRequest): string {
  return staffActor(req.staff!.user.id);
}
