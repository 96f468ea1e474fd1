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
  /** Tenant id the identity endpoints accept. */
  TENANT_ID: z.string().default('portal'),
  /** Optional bearer key for care-team automation; staff accounts sign in at /staff/token without it. */
  STAFF_API_KEY: z.string().min(16).optional(),
  /** Multiplies every identity rate limit (sign-in, create, reset…); 1 in production. */
  AUTH_RATE_LIMIT_MULTIPLIER: z.coerce.number().int().min(1).max(1000).default(1),
  SEED_DEMO: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
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
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  logLevel: Env['LOG_LEVEL'];
  jwtPrivateKey: string | undefined;
  google: { issuer: string; clientId: string; clientSecret: string | undefined } | undefined;
  supportUrl: string | undefined;
  chatWidgetUrl: string | undefined;
  tenantId: string;
  staffApiKey: string | undefined;
  seedDemo: boolean;
  authRateLimitMultiplier: number;
  version: string;
}

export class ConfigError extends Error {}

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
  if (env.NODE_ENV === 'production' && !env.PUBLIC_URL) {
    throw new ConfigError('Invalid configuration:\n  PUBLIC_URL: required in production');
  }
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
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
    tenantId: env.TENANT_ID,
    staffApiKey: env.STAFF_API_KEY,
    seedDemo: env.SEED_DEMO ?? env.NODE_ENV !== 'production',
    authRateLimitMultiplier: env.AUTH_RATE_LIMIT_MULTIPLIER,
    version,
  };
}
