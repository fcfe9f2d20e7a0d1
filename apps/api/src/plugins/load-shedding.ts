import fp from 'fastify-plugin';
import underPressure from '@fastify/under-pressure';
import { sendError } from './error-handler';

export interface LoadSheddingOptions {
  /** requests in flight above which new ones are refused at once with 503 */
  maxInFlight: number;
  /** event-loop delay (ms) above which the process is considered overloaded */
  maxEventLoopDelayMs: number;
}

/**
 * Under overload the API answers 503 with Retry-After at once instead of queueing until
 * clients time out, and recovers as soon as the load drops. Health checks are never shed.
 */
export const loadSheddingPlugin = fp(async (app, opts: LoadSheddingOptions) => {
  let inFlight = 0;
  app.addHook('onRequest', async (req, reply) => {
    if (req.url.startsWith('/api/health')) return;
    if (inFlight >= opts.maxInFlight) {
      reply.header('retry-after', '1');
      return sendError(req, reply, 503, 'overloaded', 'error.unavailable');
    }
    inFlight++;
    let done = false;
    const release = () => {
      if (!done) {
        done = true;
        inFlight--;
      }
    };
    reply.raw.once('finish', release);
    reply.raw.once('close', release);
  });

  await app.register(underPressure, {
    maxEventLoopDelay: opts.maxEventLoopDelayMs,
    retryAfter: 1,
    exposeStatusRoute: false,
    // Send here and answer nothing: under-pressure would otherwise `reply.send(returnValue)`
    // the reply object itself (circular JSON → a 500 instead of the 503).
    pressureHandler: (req, reply, type, value) => {
      // With no event-loop sample in the last interval (the loop was busy with one long
      // synchronous task, e.g. PGlite work) under-pressure reports Infinity: that is not a
      // measurement of overload, so the request goes on rather than the whole process
      // answering 503 for the next second.
      if (type === 'eventLoopDelay' && !Number.isFinite(Number(value))) return;
      reply.header('retry-after', '1');
      void sendError(req, reply, 503, 'overloaded', 'error.unavailable');
    },
  });
});
