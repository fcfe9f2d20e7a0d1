import fp from 'fastify-plugin';
import { normalizeLocale, type Locale } from '@bilheteira/shared/locales';
import { withAuditScope } from '../lib/audit';

declare module 'fastify' {
  interface FastifyRequest {
    /** X-locale header (pt-pt default, en, es) */
    locale: Locale;
    /** Visitor-Id header: a random 16-digit number the browser keeps */
    visitorId: string | null;
    /** Event-Id header (0 or empty if none) */
    eventIdHeader: number | null;
  }
}

/** Reads the spec §7 headers every request may carry. Invalid values are ignored, not fatal. */
export const requestContextPlugin = fp(async (app) => {
  app.decorateRequest('locale', 'pt-pt');
  app.decorateRequest('visitorId', null);
  app.decorateRequest('eventIdHeader', null);
  // the request's audit scope (lib/audit.ts): everything after this hook runs inside it
  app.addHook('onRequest', (_req, _reply, done) => withAuditScope(done));
  app.addHook('onRequest', async (req) => {
    const header = (name: string) => {
      const v = req.headers[name];
      return Array.isArray(v) ? v[0] : v;
    };
    req.locale = normalizeLocale(header('x-locale'));
    const visitor = header('visitor-id');
    req.visitorId = visitor && /^\d{6,20}$/.test(visitor) ? visitor : null;
    const eventId = Number(header('event-id'));
    req.eventIdHeader = Number.isInteger(eventId) && eventId > 0 && eventId < 2 ** 31 ? eventId : null;
  });
});
