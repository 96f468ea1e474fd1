import path from 'node:path';
import { z } from 'zod';

// Every environment variable the server reads is parsed here, once, at boot (STYLE.md rule 7).
const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional())
  .optional();

// A URL the browser opens or loads: the help center and the chat widget script.
const optionalWebUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url({ protocol: /^https?$/, error: 'must be an http or https URL' }).optional())
  .optional();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Patient Portal <no-reply@portal.localhost>'),
  PUBLIC_URL: optionalUrl,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** PEM (PKCS#8) ES256 private key; when absent a key is generated and kept under DATA_DIR. */
  JWT_PRIVATE_KEY: z.string().optional(),
  /** OpenID Connect issuer used for "Sign in with Google"; off when absent. */
  GOOGLE_OIDC_ISSUER: optionalUrl,
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  /** The help center's new-request page; the portal's support links are off when absent. */
  SUPPORT_URL: optionalWebUrl,
  /** A chat widget's script, loaded on every page but four (spec 01 §1); off when absent. */
  CHAT_WIDGET_URL: optionalWebUrl,
  /** Browser key of the maps places script (address suggestions on billing and shipping). */
  MAPS_API_KEY: z.string().trim().min(1).max(200).optional(),
  /** Tenant id the identity endpoints accept. */
  TENANT_ID: z.string().default('portal'),
  /** Optional bearer key for care-team automation; staff accounts sign in at /staff/token without it. */
  STAFF_API_KEY: z.string().min(16).optional(),
  /** Multiplies every identity rate limit (sign-in, create, reset…); 1 in production. */
  AUTH_RATE_LIMIT_MULTIPLIER: z.coerce.number().int().min(1).max(1000).default(1),
  /**
   * Audit rows of reads are written in batches: at most this many ms after the first queued
   * row (0: on the next turn of the event loop, or when the running insert ends). A crash
   * loses at most the rows of one tick. Issue 16: an insert costs PostgreSQL ~240 µs of CPU
   * plus ~11 µs a row, so next-turn batches of ~6 rows spent ~55 µs a read; 25 ms gathers
   * ~25 rows at 1,000 reads/s (~20 µs a read) and bounds a crash's loss to 25 ms of reads.
   */
  AUDIT_FLUSH_MS: z.coerce.number().int().min(0).max(60_000).default(25),
  /** Where the local document store keeps files; DATA_DIR/files by default. */
  FILES_DIR: z.string().min(1).optional(),
  /** HMAC key of signed file URLs; derived from the token signing key when absent. */
  FILES_SIGNING_SECRET: z.string().min(32).optional(),
  /** S3-compatible object storage for documents, used instead of FILES_DIR when S3_BUCKET is set. */
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** For S3-compatible services (MinIO, R2, …); AWS itself when absent. */
  S3_ENDPOINT: optionalUrl,
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Key prefix inside the bucket. */
  S3_PREFIX: z.string().default(''),
  /** Shared secret a tracking service sends with carrier events (X-Webhook-Secret); off when absent. */
  CARRIER_WEBHOOK_SECRET: z.string().min(16).optional(),
  /** The payment gateway: the built-in sandbox (the only one so far; a real one plugs in here). */
  GATEWAY: z.enum(['sandbox']).default('sandbox'),
  /** HMAC key of price change quotes; derived from the token signing key when absent. */
  BILLING_QUOTE_SECRET: z.string().min(32).optional(),
  /** Test only: the process exits between the gateway charge and its commit (crash drills). */
  BILLING_TEST_CRASH_AFTER_CHARGE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Whether this process runs the scheduled jobs (renewals); tests turn it off and run them by hand. */
  JOBS_ENABLED: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** The provider named on HSA/FSA receipts (its legal name and tax id). */
  PROVIDER_LEGAL_NAME: z.string().trim().min(1).default('Portal Health Medical Group (demo)'),
  PROVIDER_TAX_ID: z
    .string()
    .trim()
    .regex(/^\d{2}-\d{7}$/, 'must be an EIN like 12-3456789')
    .default('00-0000000'),
  SEED_DEMO: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  /**
   * libuv's thread pool size, which libuv itself reads from the environment (4 when unset).
   * The server reads it too, to run fewer argon2 checks at once than the pool has threads
   * (identity/secrets.ts), so token checks and file reads keep a thread. Empty means unset.
   */
  UV_THREADPOOL_SIZE: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce.number().int().min(1).max(1024).default(4),
  ),
  /** The version /version.json reports instead of package.json's (trying the update prompt). */
  APP_VERSION_OVERRIDE: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  auditFlushMs: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  logLevel: Env['LOG_LEVEL'];
  jwtPrivateKey: string | undefined;
  google: { issuer: string; clientId: string; clientSecret: string | undefined } | undefined;
  supportUrl: string | undefined;
  chatWidgetUrl: string | undefined;
  mapsApiKey: string | undefined;
  tenantId: string;
  staffApiKey: string | undefined;
  seedDemo: boolean;
  authRateLimitMultiplier: number;
  files: FilesConfig;
  carrierWebhookSecret: string | undefined;
  billing: BillingConfig;
  /** Whether the scheduled jobs run in this process. */
  jobsEnabled: boolean;
  /** libuv's thread pool size (UV_THREADPOOL_SIZE): the argon2 queue stays below it. */
  threadPoolSize: number;
  /** package.json's version, unless APP_VERSION_OVERRIDE says otherwise. */
  version: string;
}

export interface BillingConfig {
  gateway: 'sandbox';
  quoteSecret: string | undefined;
  /** Never in production (refused there). */
  crashAfterCharge: boolean;
  /** The provider on HSA/FSA receipts. */
  provider: { legalName: string; taxId: string };
}

export interface S3Config {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  /** Both or neither; without them the SDK's default credential chain is used. */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
  prefix: string;
}

export interface FilesConfig {
  dir: string;
  signingSecret: string | undefined;
  s3: S3Config | undefined;
}

export class ConfigError extends Error {}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', 'localhost']);

/** What the server says at start about a risky but allowed set-up (printed by main.ts). */
export function startupWarnings(config: Config): string[] {
  const warnings: string[] = [];
  const loopback = LOOPBACK_HOSTS.has(config.host) || config.host.startsWith('127.');
  if (config.env === 'development' && !loopback) {
    warnings.push(
      `Warning: this development server listens on ${config.host}, beyond this machine; ` +
        'set HOST=127.0.0.1 unless other machines must reach it (the dev mailbox answers only this machine).',
    );
  }
  return warnings;
}

/** `source` is the environment (main.ts passes process.env); `version` package.json's. */
export function parseConfig(source: Record<string, string | undefined>, version: string): Config {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = result.data;
  if (env.GOOGLE_OIDC_ISSUER && !env.GOOGLE_CLIENT_ID) {
    throw new ConfigError(
      'Invalid configuration:\n  GOOGLE_CLIENT_ID: required when GOOGLE_OIDC_ISSUER is set',
    );
  }
  if (env.NODE_ENV === 'production' && env.CHAT_WIDGET_URL?.startsWith('http:')) {
    // The page itself is https in production: the browser would block a plain-http script.
    throw new ConfigError('Invalid configuration:\n  CHAT_WIDGET_URL: must be https in production');
  }
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
    );
  }
  if (env.NODE_ENV === 'production' && env.BILLING_TEST_CRASH_AFTER_CHARGE) {
    throw new ConfigError(
      'Invalid configuration:\n  BILLING_TEST_CRASH_AFTER_CHARGE: a test drill, refused in production',
    );
  }
  if (env.NODE_ENV === 'production' && !env.PUBLIC_URL) {
    throw new ConfigError('Invalid configuration:\n  PUBLIC_URL: required in production');
  }
  if (env.NODE_ENV === 'production' && !env.SMTP_URL) {
    // Without SMTP the mail would go to the development outbox, sign-in links and all.
    throw new ConfigError(
      'Invalid configuration:\n  SMTP_URL: required in production (the development outbox is refused there)',
    );
  }
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    auditFlushMs: env.AUDIT_FLUSH_MS,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    logLevel: env.LOG_LEVEL,
    jwtPrivateKey: env.JWT_PRIVATE_KEY,
    google: env.GOOGLE_OIDC_ISSUER
      ? {
          issuer: env.GOOGLE_OIDC_ISSUER,
          clientId: env.GOOGLE_CLIENT_ID ?? '',
          clientSecret: env.GOOGLE_CLIENT_SECRET,
        }
      : undefined,
    supportUrl: env.SUPPORT_URL,
    chatWidgetUrl: env.CHAT_WIDGET_URL,
    mapsApiKey: env.MAPS_API_KEY,
    tenantId: env.TENANT_ID,
    staffApiKey: env.STAFF_API_KEY,
    seedDemo: env.SEED_DEMO ?? env.NODE_ENV !== 'production',
    authRateLimitMultiplier: env.AUTH_RATE_LIMIT_MULTIPLIER,
    files: {
      dir: path.resolve(env.FILES_DIR ?? path.join(env.DATA_DIR, 'files')),
      signingSecret: env.FILES_SIGNING_SECRET,
      s3: env.S3_BUCKET
        ? {
            bucket: env.S3_BUCKET,
            region: env.S3_REGION,
            endpoint: env.S3_ENDPOINT,
            credentials:
              env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
                : undefined,
            forcePathStyle: env.S3_FORCE_PATH_STYLE,
            prefix: env.S3_PREFIX,
          }
        : undefined,
    },
    carrierWebhookSecret: env.CARRIER_WEBHOOK_SECRET,
    billing: {
      gateway: env.GATEWAY,
      quoteSecret: env.BILLING_QUOTE_SECRET,
      crashAfterCharge: env.BILLING_TEST_CRASH_AFTER_CHARGE,
      provider: { legalName: env.PROVIDER_LEGAL_NAME, taxId: env.PROVIDER_TAX_ID },
    },
    jobsEnabled: env.JOBS_ENABLED,
    threadPoolSize: env.UV_THREADPOOL_SIZE,
    version: env.APP_VERSION_OVERRIDE ?? version,
  };
}
