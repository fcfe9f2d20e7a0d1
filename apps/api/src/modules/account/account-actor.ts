import { auditActors } from '../../lib/audit';
import type { CustomerRow } from './account.repository';
import './account.messages';
import { supportSessionForbidden } from '../identity/impersonation.service';

/** The caller of a customer use case: who is acting, for audit and impersonation rules. */
export interface Actor {
  customer: CustomerRow;
  impersonatedBy: string | null;
}

export const actorName = (a: Actor): string =>
  a.impersonatedBy
    ? auditActors.supportFor(a.impersonatedBy, a.customer.id)
    : auditActors.customer(a.customer.id);

/**
 * Throws 403 when a support operator acts in the customer's place: the services' own guard
 * behind the routes' `forbidImpersonation` (erasure, export, mobile).
 */
export function assertNotImpersonated(a: Actor): void {
  if (a.impersonatedBy) throw supportSessionForbidden();
}
