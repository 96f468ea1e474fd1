import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PRODUCTION_TEST_LINKS } from '../../test/production-env';
import { parseConfig } from '../config';
import { MAX_DRAIN_DELAY_MS, SHUTDOWN_DEADLINE_MS } from './lifecycle';

// The drain's settings as config.ts parses them (the drain itself: main-operations.int.test.ts).

/** A production environment config.ts accepts (the scale test's stand-ins). */
const PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://portal.test',
  PASSKEY_RP_ID: 'portal.test',
  PASSKEY_ORIGIN: 'https://portal.test',
  SMTP_URL: 'smtp://127.0.0.1:9',
  JWT_PRIVATE_KEY: generateKeyPairSync('ec', { namedCurve: 'P-256' })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString(),
  PAYMENTS_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_lifecycle',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_lifecycle',
  STRIPE_WEBHOOK_SECRET: 'whsec_lifecycle',
  PROVIDER_LEGAL_NAME: 'Lifecycle Test Medical Group',
  PROVIDER_TAX_ID: '12-3456789',
  ...PRODUCTION_TEST_LINKS,
  FILES_DIR_SHARED: 'true',
};

const parse = (env: Record<string, string>) =>
  parseConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/portal-unused', ...env }, '1.0.0');

describe('DRAIN_DELAY_MS, DRAIN_REFUSE_READS and METRICS_TOKEN', () => {
  it('drain for 5 s in production by default, not at all elsewhere, and never past the deadline', () => {
    expect(parse({}).drainDelayMs).toBe(0);
    expect(parse({ DRAIN_DELAY_MS: '1500' }).drainDelayMs).toBe(1500);
    expect(() => parse({ DRAIN_DELAY_MS: String(MAX_DRAIN_DELAY_MS + 1) })).toThrow(
      /DRAIN_DELAY_MS/,
    );
    expect(MAX_DRAIN_DELAY_MS).toBeLessThan(SHUTDOWN_DEADLINE_MS - 2_000);
    expect(parse(PRODUCTION).drainDelayMs).toBe(5_000);
    expect(parse({ ...PRODUCTION, DRAIN_DELAY_MS: '0' }).drainDelayMs).toBe(0);
  });

  it('refuse reads while draining only when DRAIN_REFUSE_READS says true', () => {
    expect(parse({}).drainRefuseReads).toBe(false);
    expect(parse(PRODUCTION).drainRefuseReads).toBe(false);
    expect(parse({ DRAIN_REFUSE_READS: 'true' }).drainRefuseReads).toBe(true);
    expect(() => parse({ DRAIN_REFUSE_READS: 'yes' })).toThrow(/DRAIN_REFUSE_READS/);
  });

  it('take a metrics token of at least 24 characters', () => {
    expect(parse({}).metricsToken).toBeUndefined();
    expect(parse({ METRICS_TOKEN: 'x'.repeat(24) }).metricsToken).toBe('x'.repeat(24));
    expect(() => parse({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });
});
