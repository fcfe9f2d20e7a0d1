import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { unauthorized } from '../lib/errors';
import { audit, auditActors } from '../lib/audit';
import '../modules/identity/identity.messages';
import { supportSessionForbidden } from '../modules/identity/impersonation.service';
import { resolveSession } from '../modules/identity/session.service';
import type { CustomerRow } from '../modules/identity/customer.repository';

export interface AuthContext {
  customer: CustomerRow;
  token: string;
  sessionId: number;
  /** support operator id when the session is an impersonation */
  impersonatedBy: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 unless the request carries a live customer session. */
    requireCustomer(req: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

/**
 * preHandler for what only the customer may do, never a support session (issue 23 item 7):
 * password, mobile, refund to an IBAN, ticket transfer, data export and erasure; the account
 * form's email, mobile and IBAN are checked by `updateMyAccount` with the same error. Use
 * after `app.requireCustomer`: `preHandler: [app.requireCustomer, forbidImpersonation]`.
 */
export async function forbidImpersonation(req: FastifyRequest): Promise<void> {
  if (req.auth?.impersonatedBy) throw supportSessionForbidden();
}

export function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const m = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header);
  return m ? m[1]! : null;
}

export const authPlugin = fp(async (app) => {
  app.decorateRequest('auth', null);
  app.decorate('requireCustomer', async (req: FastifyRequest) => {
    const token = bearerToken(req);
    if (!token) throw unauthorized();
    const found = await resolveSession(app.db, token, new Date());
    if (!found) throw unauthorized();
    req.auth = {
      customer: found.customer,
      token,
      sessionId: found.session.id,
      impersonatedBy: found.session.impersonatedBy,
    };
  });

  // Every request made under an impersonated session is audited (issue 4 item 8).
  app.addHook('onResponse', async (req, reply) => {
    const { auth } = req;
    if (!auth?.impersonatedBy) return;
    const acting = {
      customerId: auth.customer.id,
      sessionId: auth.sessionId,
      impersonatedBy: auth.impersonatedBy,
    };
    try {
      await audit(app.db, {
        actor: auditActors.support(acting.impersonatedBy),
        action: `impersonated.${req.method} ${req.routeOptions.url ?? req.url}`,
        entity: 'customer',
        entityId: acting.customerId,
        data: { status: reply.statusCode, session: acting.sessionId, url: req.url.split('?')[0] },
      });
    } catch (err) {
      req.log.error({ err }, 'impersonation audit failed');
    }
  });
});
