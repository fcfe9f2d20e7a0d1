import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { unauthorized } from '../lib/errors';
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
    const found = await resolveSession(app.db, token);
    if (!found) throw unauthorized();
    req.auth = {
      customer: found.customer,
      token,
      sessionId: found.session.id,
      impersonatedBy: found.session.impersonatedBy,
    };
  });
});
