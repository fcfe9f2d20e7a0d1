import path from 'node:path';
import { z } from 'zod';
import { isValidIban, normalizeIban } from '@bilheteira/shared/validation';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/**
 * Uploaded files (event images) behind the storage interface (lib/storage): a local folder by
 * default, any S3-compatible service (AWS S3, Cloudflare R2, MinIO…) with STORAGE_DRIVER=s3.
 */
const storageSettings = {
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  /** The local driver's folder (default DATA_DIR/media); keep it on a backed-up volume. */
  STORAGE_DIR: z.string().optional(),
  /** S3 API endpoint; default https://s3.<S3_REGION>.amazonaws.com. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'S3_BUCKET is not a valid bucket name')
    .optional(),
  /** Signing region (`auto` for Cloudflare R2). */
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /**
   * Public base URL of the bucket's objects (a CDN or public bucket domain). Unset: this process
   * serves them at /media/<key>, reading the bucket.
   */
  S3_PUBLIC_URL: z.string().url().optional(),
  /** Bucket in the path (endpoint/bucket/key: MinIO, R2) rather than the host name. */
  S3_FORCE_PATH_STYLE: bool.default(true),
  /** Largest image upload accepted (bytes; 413 beyond). Default 10 MB. */
  MEDIA_MAX_UPLOAD_BYTES: z.coerce
    .number()
    .int()
    .min(64 * 1024)
    .max(50 * 1024 * 1024)
    .default(10 * 1024 * 1024),
  /** Largest image accepted, in megapixels (decompression bombs are refused before decoding). */
  MEDIA_MAX_MEGAPIXELS: z.coerce.number().positive().max(100).default(40),
};

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Defaults to http://localhost:PORT (loadConfig), so links work on any local port. */
  PUBLIC_URL: z.string().url().optional(),
  /**
   * Back-office URL for organisers (footer "reserved area", invitation links). Defaults to
   * PUBLIC_URL + /backoffice, where this process serves apps/backoffice (loadConfig).
   */
  BACKOFFICE_URL: z.string().url().optional(),
  /**
   * The company that sells on the site, named in every page's footer (consumer law): name,
   * tax number (NIF) and registered address. Demo values outside production (loadConfig).
   */
  COMPANY_NAME: z.string().trim().min(1).max(200).optional(),
  COMPANY_NIF: z.string().trim().min(1).max(20).optional(),
  COMPANY_ADDRESS: z.string().trim().min(1).max(300).optional(),
  /** Where the built SPA lives; tests build elsewhere to avoid clobbering. */
  WEB_DIST_DIR: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Comma-separated proxy addresses/CIDRs whose X-Forwarded-For is honoured. */
  TRUSTED_PROXIES: z.string().default(''),
  /** Create the demo data at start-up. Defaults on outside production, off in production. */
  SEED_DEMO: bool.optional(),
  /** Production only: allow the sandbox payment provider (or Stripe test keys), i.e. free tickets. */
  ALLOW_SANDBOX_PAYMENTS: bool.default(false),
  /** Production only: allow SEED_DEMO=true (demo customers with a published password, known device keys). */
  ALLOW_DEMO_DATA: bool.default(false),
  /** Production only: allow the embedded PGlite database (no DATABASE_URL). */
  ALLOW_EMBEDDED_DATABASE: bool.default(false),
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
  /** HMAC secret of unsubscribe links (32+ characters; required in production). */
  LINK_SIGNING_SECRET: z.string().optional(),
  /**
   * CSP frame-ancestors sources (space-separated) allowed to embed every mini-site (/site, /sitemail)
   * instead of the default 'self'; each organiser adds its own origins (organizers.frame_origins).
   */
  MINISITE_FRAME_ANCESTORS: z.string().optional(),
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
  /** Orders one customer may create per minute (POST /api/orders; 429 beyond). 0: no limit (benchmarks). */
  ORDER_RATE_PER_CUSTOMER_PER_MINUTE: z.coerce.number().int().min(0).default(10),
  /** Orders one client address may create per minute, all customers together. 0: no limit. */
  ORDER_RATE_PER_IP_PER_MINUTE: z.coerce.number().int().min(0).default(30),
  /** Minutes an unpaid order holds its tickets (payment attempts extend it at most by one MB WAY window and a minute). */
  ORDER_HOLD_MINUTES: z.coerce.number().positive().default(15),
  /**
   * Sandbox only: the simulated MB WAY app answers on its own after this delay (ms); 0 turns
   * it off. Unset: 8000 outside production, off in production (sandboxAutoApproveMs).
   */
  SANDBOX_MBWAY_AUTO_APPROVE_MS: z.coerce.number().int().min(0).optional(),
  /**
   * How long (ms) the public catalogue and a checkout's copy of an event may be served from
   * memory (caches.ts); 0 turns those caches off. At most 10 s.
   */
  PUBLIC_CACHE_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(1000)
    .transform((n) => Math.min(n, 10_000)),
  /** Debtor account of the refunds' SEPA file (the organiser's payout account); demo values by default. */
  SEPA_DEBTOR_NAME: z.string().min(1).default('Bilheteira Demo Lda'),
  SEPA_DEBTOR_IBAN: z
    .string()
    .default('PT50000201231234567890154')
    .refine(isValidIban, 'SEPA_DEBTOR_IBAN is not a valid IBAN')
    .transform(normalizeIban),
  SEPA_DEBTOR_BIC: z.string().optional(),
  /** Who `npm run ops` commands name in the audit log (default: the system user, or `cli`). */
  OPERATOR_NAME: z.string().optional(),
  /** Run the background worker (outbox, expiry) in this process. */
  WORKER: bool.default(true),
  ...storageSettings,
});

/** A configuration the server must not start with; its message is for people, not a stack trace. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

export type Config = Omit<z.infer<typeof envSchema>, 'SEED_DEMO' | 'BACKOFFICE_URL'> & {
  PUBLIC_URL: string;
  BACKOFFICE_URL: string;
  SEED_DEMO: boolean;
  devTools: boolean;
  dataDir: string;
  /** the local storage driver's folder (STORAGE_DIR, else DATA_DIR/media), absolute */
  storageDir: string;
};

/** The footer's company outside production, when none is configured (see about page). */
const DEMO_COMPANY = {
  COMPANY_NAME: 'Bilheteira, Lda.',
  COMPANY_NIF: '500000000',
  COMPANY_ADDRESS: 'Avenida da Liberdade 110, 1250-146 Lisboa',
};

/** Reads and validates the environment once; fails fast with a readable message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  // An empty variable means unset (e.g. DATABASE_URL= in a shell or compose file).
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const missingS3 = (['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((k) => !c[k]);
  if (c.STORAGE_DRIVER === 's3' && missingS3.length)
    throw new ConfigError(
      `Invalid configuration:\n  STORAGE_DRIVER=s3 needs ${missingS3.join(', ')} (and S3_ENDPOINT outside AWS).`,
    );
  const publicUrl = c.PUBLIC_URL ?? `http://localhost:${c.PORT}`;
  return {
    ...c,
    PUBLIC_URL: publicUrl,
    BACKOFFICE_URL: c.BACKOFFICE_URL ?? `${publicUrl.replace(/\/$/, '')}/backoffice`,
    dataDir: path.resolve(c.DATA_DIR),
    storageDir: path.resolve(c.STORAGE_DIR ?? path.join(c.DATA_DIR, 'media')),
    devTools: c.DEV_TOOLS ?? c.NODE_ENV !== 'production',
    SEED_DEMO: c.SEED_DEMO ?? c.NODE_ENV !== 'production',
    ...(c.NODE_ENV === 'production'
      ? {}
      : {
          COMPANY_NAME: c.COMPANY_NAME ?? DEMO_COMPANY.COMPANY_NAME,
          COMPANY_NIF: c.COMPANY_NIF ?? DEMO_COMPANY.COMPANY_NIF,
          COMPANY_ADDRESS: c.COMPANY_ADDRESS ?? DEMO_COMPANY.COMPANY_ADDRESS,
        }),
    ...overrides,
  };
}

/** Shortest secret production accepts (HMAC keys, bearer keys): 32 characters. */
export const MIN_SECRET_LENGTH = 32;

/** Values published in this repository (code, README, docs) that must never guard production. */
const KNOWN_SECRETS = new Set(['bilheteira-dev-altcha-hmac-key-not-for-production']);

/** Why a secret is unfit for production, or undefined when it is fine. */
function secretProblem(name: string, value: string | undefined, what: string): string | undefined {
  if (!value)
    return `${name} is not set: ${what}. Set ${MIN_SECRET_LENGTH}+ random characters (e.g. \`openssl rand -hex 32\`).`;
  if (value.length < MIN_SECRET_LENGTH)
    return `${name} is too short (${value.length} characters; at least ${MIN_SECRET_LENGTH}): ${what}.`;
  if (KNOWN_SECRETS.has(value) || /change.?me|example|placeholder|not.?for.?production/i.test(value))
    return `${name} is a default or placeholder value: ${what}. Use a random value.`;
  if (new Set(value).size < 8)
    return `${name} is not random enough (fewer than 8 distinct characters): ${what}.`;
  return undefined;
}

/**
 * Everything that makes a production start unsafe, one readable line each (empty outside
 * production). Production fails closed: the sandbox payment provider, demo data, the embedded
 * database and default secrets each need to be allowed explicitly or replaced by the real thing.
 */
export function productionProblems(config: Config): string[] {
  if (config.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  const stripeKey = config.STRIPE_SECRET_KEY;
  if (!stripeKey) {
    if (!config.ALLOW_SANDBOX_PAYMENTS)
      problems.push(
        'No payment provider: without STRIPE_SECRET_KEY the sandbox approves payments with no money (free tickets and refundable wallet credit). Set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET, or ALLOW_SANDBOX_PAYMENTS=true for a site that takes no real money.',
      );
  } else {
    if (/^(sk|rk)_test_/.test(stripeKey) && !config.ALLOW_SANDBOX_PAYMENTS)
      problems.push(
        "STRIPE_SECRET_KEY is a test-mode key: Stripe's test cards would buy real tickets. Use a live key (sk_live_…), or ALLOW_SANDBOX_PAYMENTS=true for a site that takes no real money.",
      );
    if (!config.STRIPE_WEBHOOK_SECRET)
      problems.push('STRIPE_WEBHOOK_SECRET is not set: Stripe payments would never be confirmed.');
    if (!config.STRIPE_PUBLISHABLE_KEY)
      problems.push('STRIPE_PUBLISHABLE_KEY is not set: the checkout cannot show the payment form.');
  }
  if (config.SEED_DEMO && !config.ALLOW_DEMO_DATA)
    problems.push(
      'SEED_DEMO=true creates demo customers with the published password and demo station and door keys anyone can read in the README. Unset SEED_DEMO, or add ALLOW_DEMO_DATA=true for a demonstration site.',
    );
  if (!config.DATABASE_URL && !config.ALLOW_EMBEDDED_DATABASE)
    problems.push(
      'DATABASE_URL is not set: the embedded PGlite database is one process with no replication or backups. Set DATABASE_URL=postgres://…, or ALLOW_EMBEDDED_DATABASE=true for a site that keeps nothing of value.',
    );
  if (config.DEV_TOOLS)
    problems.push(
      "DEV_TOOLS=true serves /api/dev/* (every customer's one-time codes and reset links, sandbox and clock controls). Remove it.",
    );
  for (const p of [
    secretProblem(
      'ALTCHA_HMAC_KEY',
      config.ALTCHA_HMAC_KEY,
      'it signs captcha challenges, the same on every instance',
    ),
    secretProblem('LINK_SIGNING_SECRET', config.LINK_SIGNING_SECRET, 'it signs unsubscribe links'),
    // The operator API stays off without OPERATOR_KEY; a key that is set must be strong.
    config.OPERATOR_KEY
      ? secretProblem(
          'OPERATOR_KEY',
          config.OPERATOR_KEY,
          'it opens the operator API (impersonation, refunds)',
        )
      : undefined,
  ])
    if (p) problems.push(p);
  return problems;
}

/** The company the footer names, or null when part of it is not configured. */
export function companyInfo(config: Config): { name: string; nif: string; address: string } | null {
  const { COMPANY_NAME: name, COMPANY_NIF: nif, COMPANY_ADDRESS: address } = config;
  return name && nif && address ? { name, nif, address } : null;
}

/** Warned at a production start: the footer cannot name the company the law asks it to. */
export function companyInfoWarning(config: Config): string | undefined {
  if (config.NODE_ENV !== 'production' || companyInfo(config)) return undefined;
  return 'COMPANY_NAME, COMPANY_NIF and COMPANY_ADDRESS are not all set: the footer does not name the company selling on the site (Portuguese consumer law asks for it).';
}

/**
 * Warned at a production start with the local storage driver: the files live on this
 * machine only (a second instance would not see them). Not refused: one instance with a
 * backed-up STORAGE_DIR volume is a sound set-up (docs/DEPLOYMENT.md, "Files").
 */
export function storageWarning(config: Config): string | undefined {
  if (config.NODE_ENV !== 'production' || config.STORAGE_DRIVER !== 'local') return undefined;
  return `STORAGE_DRIVER=local: uploaded images live in ${config.storageDir} on this machine only. Back that folder up, and use STORAGE_DRIVER=s3 (or one shared volume) before running several instances.`;
}

/** The message a refused production start prints: every problem at once, no stack trace. */
export function formatProductionProblems(problems: string[]): string {
  return [
    `Refusing to start with NODE_ENV=production: ${problems.length} problem${problems.length === 1 ? '' : 's'} (see README, "Production setup").`,
    ...problems.map((p) => `  - ${p}`),
  ].join('\n');
}

/** What a production start was explicitly allowed to do unsafely: logged as warnings at start. */
export function productionAllowances(config: Config): string[] {
  if (config.NODE_ENV !== 'production') return [];
  const out: string[] = [];
  if (
    config.ALLOW_SANDBOX_PAYMENTS &&
    (!config.STRIPE_SECRET_KEY || /^(sk|rk)_test_/.test(config.STRIPE_SECRET_KEY))
  )
    out.push('ALLOW_SANDBOX_PAYMENTS=true: payments are simulated, tickets and wallet credit are free.');
  if (config.SEED_DEMO)
    out.push('SEED_DEMO=true: demo customers (published password) and demo station and door keys exist.');
  if (!config.DATABASE_URL)
    out.push('ALLOW_EMBEDDED_DATABASE=true: data lives in embedded PGlite in one process.');
  return out;
}
