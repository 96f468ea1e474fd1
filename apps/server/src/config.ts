import { createPrivateKey } from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';
import { PLACEHOLDER_EXTERNAL_LINKS, type ExternalLinks } from '@portal/domain';
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

/**
 * The provider's external pages the web app links to (spec 02 §2 "External links"), served in
 * /config.json: each LINK_*_URL setting, with example.com placeholders outside production; a
 * production start refuses a missing or placeholder link and names it (issue 44).
 */
export const EXTERNAL_LINK_SETTINGS = {
  treatments: 'LINK_TREATMENTS_URL',
  terms: 'LINK_TERMS_URL',
  bulkTerms: 'LINK_BULK_TERMS_URL',
  privacy: 'LINK_PRIVACY_URL',
  privacyPractices: 'LINK_PRIVACY_PRACTICES_URL',
  accessibility: 'LINK_ACCESSIBILITY_URL',
} as const satisfies Record<keyof ExternalLinks, string>;
const PLACEHOLDER_LINKS: ExternalLinks = PLACEHOLDER_EXTERNAL_LINKS;
/** example.com, .net, .org and their subdomains: the documentation domains (RFC 2606). */
const isPlaceholderUrl = (url: string) =>
  /(^|\.)example\.(com|net|org)$/i.test(new URL(url).hostname);

/** The receipts' provider when none is configured: fine for the demo, refused in production. */
export const DEMO_PROVIDER = {
  legalName: 'Portal Health Medical Group (demo)',
  taxId: '00-0000000',
} as const;

/** Names proxy-addr (Fastify's trustProxy) knows for ranges of addresses. */
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** One TRUST_PROXY entry: an address, a CIDR range, or one of proxy-addr's range names. */
function isProxyEntry(entry: string): boolean {
  if (PROXY_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : -1;
  return bits >= 0 && bits <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: whose X-Forwarded-For counts. Unset: nobody's, so the client's address is the
 * socket's and a client cannot choose its own rate-limit key with a made-up header. Otherwise
 * the proxies' addresses and CIDR ranges, comma-separated. Refused on purpose: `true` (trust
 * any sender, the hole this setting closes) and a hop count (it cannot check who sent the
 * header, so Fastify 5 trusts nobody with one: a setting that would silently do nothing).
 */
const trustProxySchema = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx): false | string[] => {
    if (v === undefined || v === '') return false;
    const entries = v.split(',').map((e) => e.trim());
    const bad = entries.filter((e) => !isProxyEntry(e));
    if (bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `must be the proxies' addresses or CIDR ranges, comma-separated; not ${bad.map((b) => JSON.stringify(b)).join(', ')}`,
      });
      return z.NEVER;
    }
    return entries;
  });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Patient Portal <no-reply@portal.localhost>'),
  /** Issue 44: texts through Twilio when these are set as a set; the dev SMS outbox otherwise. */
  TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  TWILIO_FROM: z.string().min(1).optional(),
  TWILIO_MESSAGING_SERVICE_SID: z.string().min(1).optional(),
  /** Tests and development only: the Twilio stand-in's address (refused in production). */
  TWILIO_API_BASE: optionalUrl,
  PUBLIC_URL: optionalUrl,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * PEM (PKCS#8) ES256 private key; outside production, when absent, a key is generated and
   * kept under DATA_DIR. Required in production: every instance must sign with the same key.
   */
  JWT_PRIVATE_KEY: z.string().optional(),
  /** The proxies whose X-Forwarded-For counts (trustProxySchema above); none by default. */
  TRUST_PROXY: trustProxySchema,
  /** OpenID Connect issuer used for "Sign in with Google"; off when absent. */
  GOOGLE_OIDC_ISSUER: optionalUrl,
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  /**
   * Passkeys (WebAuthn, issue 42): on unless PASSKEYS_ENABLED=false. The relying party ID (the
   * site's registrable domain, e.g. portal.example.com) and the exact origin the browser signs
   * (https://portal.example.com). Outside production both default to PUBLIC_URL's; production
   * requires them when passkeys are on, as a passkey is bound to its RP ID for good.
   */
  PASSKEYS_ENABLED: z.enum(['true', 'false']).default('true'),
  PASSKEY_RP_ID: z
    .string()
    .trim()
    .regex(/^[a-z0-9.-]+$/i, 'must be a host name such as portal.example.com')
    .optional(),
  PASSKEY_ORIGIN: optionalWebUrl,
  /** The help center's new-request page; the portal's support links are off when absent. */
  SUPPORT_URL: optionalWebUrl,
  /** The provider's external pages (EXTERNAL_LINK_SETTINGS); required in production. */
  LINK_TREATMENTS_URL: optionalWebUrl,
  LINK_TERMS_URL: optionalWebUrl,
  LINK_BULK_TERMS_URL: optionalWebUrl,
  LINK_PRIVACY_URL: optionalWebUrl,
  LINK_PRIVACY_PRACTICES_URL: optionalWebUrl,
  LINK_ACCESSIBILITY_URL: optionalWebUrl,
  /** The care team's phone number, shown with "call 911" after an urgent check-in answer. */
  CARE_TEAM_PHONE: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(
      z
        .string()
        .regex(/^\+?[0-9 ().-]{7,25}$/, 'must be a phone number such as +1 (555) 010-0100')
        .optional(),
    )
    .optional(),
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
   * The API's per-address ceiling, requests a minute (http-plugins.ts). 600 suits one person or
   * a small clinic behind one address; a browser test suite whose every page comes from
   * 127.0.0.1 raises it.
   */
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(10).max(1_000_000).default(600),
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
  /**
   * Declares FILES_DIR storage that every instance reads and writes (a network volume), or
   * that there is one instance: production refuses the local store without it (or S3).
   */
  FILES_DIR_SHARED: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
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
  /**
   * The key a tracking service signs carrier events with (HMAC over the body and a timestamp,
   * modules/staff/carrier-webhook-route.ts); the webhook is off when absent.
   */
  CARRIER_WEBHOOK_SECRET: z.string().min(16).optional(),
  /**
   * The payment processor (issue 39): the built-in sandbox (development and tests; refused in
   * production) or Stripe (needs the three STRIPE_ keys).
   */
  PAYMENTS_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
  /** Stripe's secret key (sk_live_… or sk_test_…; a restricted rk_ key works too). */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(
      /^(sk|rk)_(live|test)_[A-Za-z0-9]+$/,
      'must be a Stripe secret key (sk_live_… or sk_test_…)',
    )
    .optional(),
  /** Stripe's publishable key, sent to the browser for Stripe.js (pk_live_… or pk_test_…). */
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(
      /^pk_(live|test)_[A-Za-z0-9]+$/,
      'must be a Stripe publishable key (pk_live_… or pk_test_…)',
    )
    .optional(),
  /** The signing secret of this endpoint's webhook in Stripe's dashboard (whsec_…). */
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9]+$/, 'must be a Stripe webhook signing secret (whsec_…)')
    .optional(),
  /** Test only: where the Stripe SDK sends its requests (a local stand-in), as http://host:port. */
  STRIPE_API_BASE: optionalUrl,
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
  /** How often a running scheduler looks for due jobs (30 s when unset: jobs/scheduler.ts). */
  JOBS_TICK_MS: z.coerce.number().int().min(100).optional(),
  /**
   * How long a claim on a job lasts: an instance that dies mid-job (SIGKILL, a lost machine)
   * leaves its claim, and another instance takes the job over once it runs out. Longer than
   * the longest run, or a slow run is started twice (the jobs are safe to run twice, but it is
   * wasted work). 5 minutes when unset (jobs/scheduler.ts); the scale test shortens it to see
   * a takeover within seconds.
   */
  JOBS_LEASE_MS: z.coerce.number().int().min(1_000).optional(),
  /** The provider named on HSA/FSA receipts (its legal name and tax id). */
  PROVIDER_LEGAL_NAME: z.string().trim().min(1).default(DEMO_PROVIDER.legalName),
  PROVIDER_TAX_ID: z
    .string()
    .trim()
    .regex(/^\d{2}-\d{7}$/, 'must be an EIN like 12-3456789')
    .default(DEMO_PROVIDER.taxId),
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
  /**
   * After SIGTERM, how long the listener keeps serving with /readyz at 503: the proxy's or
   * orchestrator's readiness check interval (platform/lifecycle.ts). 5 s in production, 0
   * elsewhere; at most 6 s, so the drain still ends within its 10 s.
   */
  DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(6_000).optional(),
  /**
   * While draining, answer GET and HEAD with 503 (`true`), for a proxy that learns of a
   * draining instance only from its answers (open-source nginx's passive checks): nginx
   * retries each on a sibling and stops sending here before the listener closes
   * (platform/lifecycle.ts). Leave it off behind a proxy or orchestrator that checks /readyz.
   */
  DRAIN_REFUSE_READS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Bearer token that opens /metrics to a scraper beyond this machine (loopback only without). */
  METRICS_TOKEN: z.string().min(24).optional(),
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
  /** Issue 44: Twilio texting, complete as a set; undefined sends texts to the dev outbox. */
  twilio:
    | {
        accountSid: string;
        authToken: string;
        from: string | undefined;
        messagingServiceSid: string | undefined;
        apiBase: string | undefined;
      }
    | undefined;
  mailFrom: string;
  publicUrl: string;
  logLevel: Env['LOG_LEVEL'];
  jwtPrivateKey: string | undefined;
  /** Fastify's trustProxy: whose X-Forwarded-For counts (TRUST_PROXY); false for nobody's. */
  trustProxy: false | string[];
  google: { issuer: string; clientId: string; clientSecret: string | undefined } | undefined;
  /** Passkeys' relying party (PASSKEY_RP_ID, PASSKEY_ORIGIN); undefined when turned off. */
  passkeys: { rpId: string; origin: string } | undefined;
  supportUrl: string | undefined;
  /** The provider's external pages (LINK_*_URL), served in /config.json. */
  links: ExternalLinks;
  careTeamPhone: string | undefined;
  chatWidgetUrl: string | undefined;
  mapsApiKey: string | undefined;
  tenantId: string;
  staffApiKey: string | undefined;
  seedDemo: boolean;
  authRateLimitMultiplier: number;
  /** API_RATE_LIMIT_PER_MINUTE. */
  apiRateLimitPerMinute: number;
  files: FilesConfig;
  carrierWebhookSecret: string | undefined;
  billing: BillingConfig;
  /** Whether the scheduled jobs run in this process. */
  jobsEnabled: boolean;
  /** How often the scheduler looks for due jobs, and how long its claim on one lasts. */
  jobTiming: { tickMs: number | undefined; leaseMs: number | undefined };
  /** libuv's thread pool size (UV_THREADPOOL_SIZE): the argon2 queue stays below it. */
  threadPoolSize: number;
  /** package.json's version, unless APP_VERSION_OVERRIDE says otherwise. */
  version: string;
  /** How long a drain keeps serving after SIGTERM (DRAIN_DELAY_MS). */
  drainDelayMs: number;
  /** Whether a draining instance answers GET and HEAD 503 (DRAIN_REFUSE_READS). */
  drainRefuseReads: boolean;
  /** Opens /metrics beyond loopback (METRICS_TOKEN). */
  metricsToken: string | undefined;
}

/** The payment processor, parsed once (issue 39). */
export type PaymentsConfig =
  | { provider: 'sandbox' }
  | {
      provider: 'stripe';
      secretKey: string;
      publishableKey: string;
      webhookSecret: string;
      /** Test only: a local stand-in of Stripe's API (host, port, protocol for the SDK). */
      apiBase: { host: string; port: number; protocol: 'http' | 'https' } | undefined;
    };

export interface BillingConfig {
  payments: PaymentsConfig;
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

/**
 * Where the data lives: all that the migrate, backup and restore commands need, so they run
 * with the database's address alone, not every secret a server start requires.
 */
export interface StorageConfig {
  dataDir: string;
  databaseUrl: string | undefined;
  /** The embedded database (PGlite) under DATA_DIR, when DATABASE_URL is unset. */
  pgliteDir: string;
  /** The local document store. */
  filesDir: string;
  /** Set when documents live in S3 instead (S3_BUCKET): no local files to back up. */
  s3Bucket: string | undefined;
}

type StorageEnv = Pick<Env, 'DATA_DIR' | 'DATABASE_URL' | 'FILES_DIR' | 'S3_BUCKET'>;

function storageOf(env: StorageEnv): StorageConfig {
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    dataDir,
    databaseUrl: env.DATABASE_URL,
    pgliteDir: path.join(dataDir, 'pglite'),
    filesDir: path.resolve(env.FILES_DIR ?? path.join(env.DATA_DIR, 'files')),
    s3Bucket: env.S3_BUCKET,
  };
}

/** The storage settings alone (`source` is the environment); refuses a bad value, naming it. */
export function parseStorageConfig(source: Record<string, string | undefined>): StorageConfig {
  const result = envSchema
    .pick({ DATA_DIR: true, DATABASE_URL: true, FILES_DIR: true, S3_BUCKET: true })
    .safeParse(source);
  if (!result.success) throw new ConfigError(describeIssues(result.error.issues));
  return storageOf(result.data);
}

/**
 * The directory a command was run from, for paths given on its command line: npm runs a
 * workspace's script in the workspace's folder and says where it was called in INIT_CWD.
 */
export function invocationDir(source: Record<string, string | undefined>): string {
  return source.INIT_CWD ?? process.cwd();
}

function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  const lines = issues.map((issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`);
  return `Invalid configuration:\n${lines.join('\n')}`;
}

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
  if (config.isProduction && config.trustProxy === false) {
    // Production sits behind a TLS-terminating proxy as a rule; then every client would share
    // the proxy's address, and one rate-limit budget.
    warnings.push(
      'Warning: TRUST_PROXY is unset, so X-Forwarded-For is ignored and each client is the ' +
        "address that connected; behind a proxy, set TRUST_PROXY to the proxy's address.",
    );
  }
  return warnings;
}

/** `source` is the environment (main.ts passes process.env); `version` package.json's. */
export function parseConfig(source: Record<string, string | undefined>, version: string): Config {
  const result = envSchema.safeParse(source);
  if (!result.success) throw new ConfigError(describeIssues(result.error.issues));
  const env = result.data;
  const storage = storageOf(env);
  // Every setting a start needs is checked, and all the missing or refused ones are named at
  // once (an operator fixes them in one round, not one per restart).
  const problems: string[] = [];
  const production = env.NODE_ENV === 'production';
  if (env.GOOGLE_OIDC_ISSUER && !env.GOOGLE_CLIENT_ID) {
    problems.push('GOOGLE_CLIENT_ID: required when GOOGLE_OIDC_ISSUER is set');
  }
  if (production && env.CHAT_WIDGET_URL?.startsWith('http:')) {
    // The page itself is https in production: the browser would block a plain-http script.
    problems.push('CHAT_WIDGET_URL: must be https in production');
  }
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    problems.push('S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  }
  if (production && env.BILLING_TEST_CRASH_AFTER_CHARGE) {
    problems.push('BILLING_TEST_CRASH_AFTER_CHARGE: a test drill, refused in production');
  }
  if (production && env.PAYMENTS_PROVIDER === 'sandbox') {
    problems.push(
      'PAYMENTS_PROVIDER: the sandbox takes no money and is refused in production; set it to stripe',
    );
  }
  if (env.PAYMENTS_PROVIDER === 'stripe') {
    for (const name of [
      'STRIPE_SECRET_KEY',
      'STRIPE_PUBLISHABLE_KEY',
      'STRIPE_WEBHOOK_SECRET',
    ] as const) {
      if (!env[name]) problems.push(`${name}: required when PAYMENTS_PROVIDER is stripe`);
    }
  }
  if (production && env.STRIPE_API_BASE) {
    problems.push('STRIPE_API_BASE: a test stand-in, refused in production');
  }
  if (production && !env.PUBLIC_URL) {
    problems.push('PUBLIC_URL: required in production');
  }
  if (production && env.PASSKEYS_ENABLED === 'true' && !env.PASSKEY_RP_ID) {
    problems.push('PASSKEY_RP_ID: required in production while passkeys are on (PASSKEYS_ENABLED)');
  }
  if (production && env.PASSKEYS_ENABLED === 'true' && !env.PASSKEY_ORIGIN) {
    problems.push(
      'PASSKEY_ORIGIN: required in production while passkeys are on (PASSKEYS_ENABLED)',
    );
  }
  if (production && !env.SMTP_URL) {
    // Without SMTP the mail would go to the development outbox, sign-in links and all.
    problems.push('SMTP_URL: required in production (the development outbox is refused there)');
  }
  problems.push(...linkProblems(env));
  problems.push(...sharedStateProblems(env));
  problems.push(...twilioProblems(env, production));
  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    port: env.PORT,
    host: env.HOST,
    dataDir: storage.dataDir,
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    auditFlushMs: env.AUDIT_FLUSH_MS,
    smtpUrl: env.SMTP_URL,
    twilio:
      env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN
        ? {
            accountSid: env.TWILIO_ACCOUNT_SID,
            authToken: env.TWILIO_AUTH_TOKEN,
            from: env.TWILIO_FROM,
            messagingServiceSid: env.TWILIO_MESSAGING_SERVICE_SID,
            apiBase: env.TWILIO_API_BASE,
          }
        : undefined,
    mailFrom: env.MAIL_FROM,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    logLevel: env.LOG_LEVEL,
    jwtPrivateKey: env.JWT_PRIVATE_KEY,
    trustProxy: env.TRUST_PROXY,
    google: env.GOOGLE_OIDC_ISSUER
      ? {
          issuer: env.GOOGLE_OIDC_ISSUER,
          clientId: env.GOOGLE_CLIENT_ID ?? '',
          clientSecret: env.GOOGLE_CLIENT_SECRET,
        }
      : undefined,
    passkeys: passkeyParty(env),
    supportUrl: env.SUPPORT_URL,
    links: externalLinks(env),
    careTeamPhone: env.CARE_TEAM_PHONE,
    chatWidgetUrl: env.CHAT_WIDGET_URL,
    mapsApiKey: env.MAPS_API_KEY,
    tenantId: env.TENANT_ID,
    staffApiKey: env.STAFF_API_KEY,
    seedDemo: env.SEED_DEMO ?? env.NODE_ENV !== 'production',
    authRateLimitMultiplier: env.AUTH_RATE_LIMIT_MULTIPLIER,
    apiRateLimitPerMinute: env.API_RATE_LIMIT_PER_MINUTE,
    files: {
      dir: storage.filesDir,
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
      payments: paymentsConfig(env),
      quoteSecret: env.BILLING_QUOTE_SECRET,
      crashAfterCharge: env.BILLING_TEST_CRASH_AFTER_CHARGE,
      provider: { legalName: env.PROVIDER_LEGAL_NAME, taxId: env.PROVIDER_TAX_ID },
    },
    jobsEnabled: env.JOBS_ENABLED,
    jobTiming: { tickMs: env.JOBS_TICK_MS, leaseMs: env.JOBS_LEASE_MS },
    threadPoolSize: env.UV_THREADPOOL_SIZE,
    version: env.APP_VERSION_OVERRIDE ?? version,
    drainDelayMs: env.DRAIN_DELAY_MS ?? (env.NODE_ENV === 'production' ? 5_000 : 0),
    drainRefuseReads: env.DRAIN_REFUSE_READS,
    metricsToken: env.METRICS_TOKEN,
  };
}

/**
 * What instances must share, and what must not reach production (issue 40). The quote and
 * file-link secrets may stay unset: they are then derived (HKDF, one label each) from
 * JWT_PRIVATE_KEY, which production requires and every instance shares, so they agree across
 * instances without a second secret to distribute (rotating the token key rotates them, which
 * only ends quotes and file links minutes old).
 */
function sharedStateProblems(env: Env): string[] {
  const problems: string[] = [];
  const production = env.NODE_ENV === 'production';
  if (env.JWT_PRIVATE_KEY && !isEs256PrivateKey(env.JWT_PRIVATE_KEY)) {
    problems.push('JWT_PRIVATE_KEY: must be a PKCS#8 PEM of a P-256 (ES256) private key');
  }
  if (!production) return problems;
  if (!env.JWT_PRIVATE_KEY) {
    // Without it each instance would make its own key and refuse the others' tokens.
    problems.push('JWT_PRIVATE_KEY: required in production (every instance signs with it)');
  }
  if (env.PROVIDER_LEGAL_NAME === DEMO_PROVIDER.legalName) {
    problems.push('PROVIDER_LEGAL_NAME: the demo name is refused in production (receipts show it)');
  }
  if (env.PROVIDER_TAX_ID === DEMO_PROVIDER.taxId) {
    problems.push('PROVIDER_TAX_ID: the demo tax id is refused in production (receipts show it)');
  }
  if (!env.S3_BUCKET && !env.FILES_DIR_SHARED) {
    // A document stored through one instance would be a 404 on the others.
    problems.push(
      "FILES_DIR: the local file store is one instance's own; in production set S3_BUCKET, or FILES_DIR_SHARED=true when every instance mounts FILES_DIR (or there is one instance)",
    );
  }
  if (env.SEED_DEMO === true) {
    problems.push('SEED_DEMO: the demo accounts have a published password; refused in production');
  }
  return problems;
}

/** Production links to the provider's real pages: each missing or placeholder one is named. */
function linkProblems(env: Env): string[] {
  if (env.NODE_ENV !== 'production') return [];
  return Object.values(EXTERNAL_LINK_SETTINGS).flatMap((name) => {
    const url = env[name];
    if (!url) return [`${name}: required in production (a page the portal links to)`];
    return isPlaceholderUrl(url)
      ? [`${name}: the example.com placeholder is refused in production`]
      : [];
  });
}

function externalLinks(env: Env): ExternalLinks {
  type Key = keyof ExternalLinks;
  const entries = Object.entries(EXTERNAL_LINK_SETTINGS) as [
    Key,
    (typeof EXTERNAL_LINK_SETTINGS)[Key],
  ][];
  return Object.fromEntries(
    entries.map(([key, name]) => [key, env[name] ?? PLACEHOLDER_LINKS[key]]),
  ) as ExternalLinks;
}

function isEs256PrivateKey(pem: string): boolean {
  try {
    // The same unescaping as identity/keys.ts: an env file often holds the PEM on one line.
    const text = pem.replace(/\\n/g, '\n');
    // PKCS#8 only, as jose's importPKCS8 takes it (not an "EC PRIVATE KEY" SEC1 block).
    if (!text.includes('-----BEGIN PRIVATE KEY-----')) return false;
    const key = createPrivateKey(text);
    return key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1';
  } catch {
    return false;
  }
}

function paymentsConfig(env: Env): PaymentsConfig {
  if (env.PAYMENTS_PROVIDER === 'sandbox') return { provider: 'sandbox' };
  const base = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : undefined;
  return {
    provider: 'stripe',
    secretKey: env.STRIPE_SECRET_KEY ?? '',
    publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? '',
    webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '',
    apiBase: base
      ? {
          host: base.hostname,
          port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : undefined,
  };
}

/** The passkeys' relying party: the configured one, else PUBLIC_URL's host and origin. */
function passkeyParty(env: Env): Config['passkeys'] {
  if (env.PASSKEYS_ENABLED === 'false') return undefined;
  const site = new URL(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`);
  return {
    rpId: env.PASSKEY_RP_ID ?? site.hostname,
    origin: (env.PASSKEY_ORIGIN ?? site.origin).replace(/\/$/, ''),
  };
}

/**
 * Issue 44: the Twilio settings are complete as a set (sid, token, and a sender: TWILIO_FROM or
 * TWILIO_MESSAGING_SERVICE_SID) or absent; a half-set is named and refused at start (in every
 * environment: a half-set config would otherwise quietly text nobody).
 */
function twilioProblems(env: Env, production: boolean): string[] {
  const set = {
    TWILIO_ACCOUNT_SID: env.TWILIO_ACCOUNT_SID,
    TWILIO_AUTH_TOKEN: env.TWILIO_AUTH_TOKEN,
    'TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID':
      env.TWILIO_FROM ?? env.TWILIO_MESSAGING_SERVICE_SID,
  };
  const present = Object.entries(set).filter(([, v]) => v);
  const problems: string[] = [];
  if (present.length > 0 && present.length < 3) {
    const absent = Object.entries(set)
      .filter(([, v]) => !v)
      .map(([k]) => k);
    problems.push(
      `${absent.join(', ')}: required with the other TWILIO_* settings (set all or none)`,
    );
  }
  if (production && env.TWILIO_API_BASE) {
    problems.push('TWILIO_API_BASE: the Twilio stand-in is refused in production');
  }
  return problems;
}
