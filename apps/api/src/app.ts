import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { DestinationStream } from 'pino';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import compress from '@fastify/compress';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { isSpaRoute } from '@bilheteira/shared/spa-routes';
import type { Config } from './config';
import { createAppCaches, type AppCaches } from './caches';
import type { Database, Db } from './db/client';
import type { Job } from './worker/outbox-worker';
import { requestContextPlugin } from './plugins/request-context';
import { errorHandlerPlugin, frameworkErrorHandler, sendError } from './plugins/error-handler';
import { authPlugin } from './plugins/auth';
import { staffAuthPlugin } from './plugins/staff-auth';
import { spaPlugin } from './plugins/spa';
import { backofficeSpaPlugin } from './plugins/backoffice-spa';
import { minisiteFramesPlugin } from './plugins/minisite-frames';
import { securityHeadersPlugin } from './plugins/security-headers';
import { loadSheddingPlugin } from './plugins/load-shedding';
import { openApiPlugin } from './plugins/openapi';
import { loadModuleRoutes } from './modules/load-modules';
import { redactUrl } from './lib/redact-url';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    dbDriver: Database['driver'];
    /** periodic background jobs the modules register; the server runs them */
    jobs: Job[];
    /** the app's in-process caches (caches.ts), owned by this instance */
    caches: AppCaches;
  }
}

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_WEB_DIST = path.resolve(here, '../../web/dist');
export const DEFAULT_BACKOFFICE_DIST = path.resolve(here, '../../backoffice/dist');

/** Request body limits: forms and JSON are small; uploads go through multipart limits. */
export const BODY_LIMIT_BYTES = 256 * 1024;
export const MULTIPART_LIMITS = {
  fileSize: 2 * 1024 * 1024,
  files: 2,
  fields: 60,
  fieldSize: 64 * 1024,
  parts: 62,
};

function trustProxy(config: Config): string[] | false {
  const list = config.TRUSTED_PROXIES.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return list.length ? list : false;
}

/**
 * Builds the whole product as one Fastify instance: external plugins first, then the
 * app's own modules under /api, then the SPA. Tests call this and use `inject`.
 */
export async function buildApp(
  config: Config,
  database: Database,
  /** `logStream`: where the logs go instead of stdout (tests read them). */
  options: { logStream?: DestinationStream } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-operator-key"]'],
            // Fastify's request serializer, with the bearer tokens some URLs carry redacted.
            serializers: {
              req: (req: FastifyRequest) => ({
                method: req.method,
                url: redactUrl(req.url),
                host: req.host,
                remoteAddress: req.ip,
                remotePort: req.socket?.remotePort,
              }),
            },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    bodyLimit: BODY_LIMIT_BYTES,
    // the module routes are imported while registering: on a busy machine (a deploy beside
    // running instances, a loaded CI) that outlasts Fastify's default 10 s
    pluginTimeout: 60_000,
    trustProxy: trustProxy(config),
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    frameworkErrors: frameworkErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('dbDriver', database.driver);
  app.decorate('jobs', [] as Job[]);
  app.decorate('caches', createAppCaches(config));

  await app.register(errorHandlerPlugin);
  await app.register(loadSheddingPlugin, {
    maxInFlight: config.MAX_IN_FLIGHT,
    // Embedded PGlite runs queries on the event loop itself, so its delay is database work,
    // not overload: only a much longer stall counts there.
    maxEventLoopDelayMs:
      database.driver === 'pglite'
        ? Math.max(config.MAX_EVENT_LOOP_DELAY_MS, 10_000)
        : config.MAX_EVENT_LOOP_DELAY_MS,
  });
  // Stripe's Payment Element (js.stripe.com script and frames, 3-D Secure on hooks.stripe.com,
  // api.stripe.com calls) is allowed only when Stripe is the provider; otherwise strict.
  const stripe = config.STRIPE_SECRET_KEY
    ? {
        script: ['https://js.stripe.com'],
        frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
        connect: ['https://api.stripe.com'],
      }
    : { script: [], frame: [], connect: [] };
  await app.register(securityHeadersPlugin, {
    helmet: {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...stripe.script],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          connectSrc: ["'self'", ...stripe.connect],
          frameSrc: ["'self'", ...stripe.frame],
          workerSrc: ["'self'", 'blob:'],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
      hsts: config.PUBLIC_URL.startsWith('https://') ? { maxAge: 31536000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
    },
  });
  await app.register(minisiteFramesPlugin);
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(formbody, { bodyLimit: BODY_LIMIT_BYTES });
  await app.register(multipart, { attachFieldsToBody: 'keyValues', limits: MULTIPART_LIMITS });
  await app.register(openApiPlugin);
  await app.register(requestContextPlugin);
  await app.register(authPlugin);
  await app.register(staffAuthPlugin);
  await app.register(spaPlugin, { distDir: config.WEB_DIST_DIR ?? DEFAULT_WEB_DIST });
  await app.register(backofficeSpaPlugin, { distDir: DEFAULT_BACKOFFICE_DIST });

  await app.register(
    async (api) => {
      for (const routes of await loadModuleRoutes(config.devTools)) await api.register(routes);
    },
    { prefix: '/api' },
  );

  app.setNotFoundHandler((req, reply) => {
    const pathname = req.url.split('?')[0] ?? '/';
    if ((req.method === 'GET' || req.method === 'HEAD') && app.isBackofficePath(pathname))
      return app.sendBackoffice(req, reply);
    if ((req.method === 'GET' || req.method === 'HEAD') && !req.url.startsWith('/api'))
      return app.sendSpa(req, reply, isSpaRoute(req.url.split('?')[0] ?? '/') ? 200 : 404);
    return sendError(req, reply, 404, 'route_not_found', 'error.route_not_found');
  });

  return app;
}
