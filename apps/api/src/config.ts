import path from 'node:path';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Defaults to http://localhost:PORT (loadConfig), so links work on any local port. */
  PUBLIC_URL: z.string().url().optional(),
  /** Back-office URL for organisers (footer "reserved area"). */
  BACKOFFICE_URL: z.string().url().default('https://backoffice.bilheteira.pt'),
  /** Where the built SPA lives; tests build elsewhere to avoid clobbering. */
  WEB_DIST_DIR: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Comma-separated proxy addresses/CIDRs whose X-Forwarded-For is honoured. */
  TRUSTED_PROXIES: z.string().default(''),
  SEED_DEMO: bool.default(true),
  /** Serve /api/dev/* (dev outbox, sandbox controls). Defaults on outside production. */
  DEV_TOOLS: bool.optional(),
  SUPPORT_EMAIL: z.string().email().default('suporte@bilheteira.pt'),
  OPERATOR_EMAIL: z.string().email().default('operacoes@bilheteira.pt'),
  OPERATOR_KEY: z.string().min(16).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Bilheteira <no-reply@bilheteira.pt>'),
  SMS_PROVIDER_URL: z.string().url().optional(),
  SMS_PROVIDER_TOKEN: z.string().optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  REDIS_URL: z.string().optional(),
  SENTRY_DSN: z.string().optional(),
  /** HMAC secret for ALTCHA captcha challenges: set it in production, the same on every instance. */
  ALTCHA_HMAC_KEY: z.string().min(16).optional(),
  /** CSP frame-ancestors sources (space-separated) allowed to embed the mini-sites /site and /sitemail. */
  MINISITE_FRAME_ANCESTORS: z.string().default('*'),
  /** Requests in flight above which new ones get 503 + Retry-After (load shedding). */
  MAX_IN_FLIGHT: z.coerce.number().int().min(1).default(1000),
  /**
   * Longest wait (ms) for a pooled PostgreSQL connection; a request that waits longer gets
   * 503 + Retry-After (load shedding at the database queue, so latency stays bounded).
   */
  DB_QUEUE_TIMEOUT_MS: z.coerce.number().int().min(50).default(5000),
  /** Event-loop delay (ms) above which requests get 503 + Retry-After. */
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(10).default(1000),
  /**
   * Requests per second one door device may send to the check-in endpoints (in memory, per
   * instance; a gate scans a few per second). 0 turns the limit off (benchmarks).
   */
  CHECKIN_DEVICE_RATE_PER_SECOND: z.coerce.number().min(0).default(50),
  /** Run the background worker (outbox, expiry) in this process. */
  WORKER: bool.default(true),
});

export type Config = z.infer<typeof envSchema> & { PUBLIC_URL: string; devTools: boolean; dataDir: string };

/** Reads and validates the environment once; fails fast with a readable message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  // An empty variable means unset (e.g. DATABASE_URL= in a shell or compose file).
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  return {
    ...c,
    PUBLIC_URL: c.PUBLIC_URL ?? `http://localhost:${c.PORT}`,
    dataDir: path.resolve(c.DATA_DIR),
    devTools: c.DEV_TOOLS ?? c.NODE_ENV !== 'production',
    ...overrides,
  };
}
