import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets for these options, computed once. (@fastify/helmet rebuilt the
 * helmet middleware, re-parsing the CSP, on every request: a measurable share of a
 * cached API answer.) The options hold no per-request parts (no nonces, no functions).
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
      return res;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, () => undefined);
  return headers;
}

/** Sets helmet's security headers on every answer (API, HTML, files, errors). */
export const securityHeadersPlugin = fp<{ helmet: HelmetOptions }>(async (app, opts) => {
  const headers = helmetHeaders(opts.helmet);
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
});
