import { describe, expect, it } from 'vitest';
import { generateKeyPairSync } from 'node:crypto';
import { productionEnv, TEST_JWT_PRIVATE_KEY } from '../test/production-env';
import { ConfigError, parseConfig, startupWarnings } from './config';

// Issue 17: a production start needs PUBLIC_URL and real mail; development says when it
// listens beyond the machine. Issue 40: what several instances must share, what must not
// reach production, and whose X-Forwarded-For counts.

describe('production start', () => {
  const production = productionEnv({ SMTP_URL: undefined });

  it('refuses to run without PUBLIC_URL', () => {
    expect(() => parseConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail' }, '1')).toThrow(
      /PUBLIC_URL/,
    );
  });

  it('refuses to run with the development outbox (no SMTP_URL)', () => {
    expect(() => parseConfig(production, '1')).toThrow(ConfigError);
    expect(() => parseConfig(production, '1')).toThrow(/SMTP_URL/);
    expect(parseConfig({ ...production, SMTP_URL: 'smtp://mail:25' }, '1').smtpUrl).toBe(
      'smtp://mail:25',
    );
  });
});

describe('startup warnings', () => {
  it('warns when development listens beyond loopback', () => {
    expect(startupWarnings(parseConfig({ HOST: '0.0.0.0' }, '1'))).toEqual([
      expect.stringMatching(/listens on 0\.0\.0\.0/),
    ]);
    expect(startupWarnings(parseConfig({}, '1'))).toHaveLength(1);
  });

  it('is quiet on loopback, under tests, and in production (where listening widely is the point)', () => {
    expect(startupWarnings(parseConfig({ NODE_ENV: 'test' }, '1'))).toEqual([]);
    for (const HOST of ['127.0.0.1', '::1', 'localhost']) {
      expect(startupWarnings(parseConfig({ HOST }, '1'))).toEqual([]);
    }
    const production = parseConfig(productionEnv({ TRUST_PROXY: '10.0.0.2' }), '1');
    expect(startupWarnings(production)).toEqual([]);
  });

  it('warns when production ignores X-Forwarded-For (behind a proxy, one address for all)', () => {
    expect(startupWarnings(parseConfig(productionEnv(), '1'))).toEqual([
      expect.stringMatching(/TRUST_PROXY is unset/),
    ]);
  });
});

/** The problems a production start is refused for, one per line, without the heading. */
function refusals(env: Record<string, string | undefined>): string[] {
  try {
    parseConfig(env, '1');
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return error.message
      .split('\n')
      .slice(1)
      .map((line) => line.trim());
  }
  return [];
}

describe('production refuses what instances cannot share, and the demo (issue 40)', () => {
  it('starts with everything set (the baseline the refusals below remove from)', () => {
    const config = parseConfig(productionEnv(), '1');
    expect(config.jwtPrivateKey).toBe(TEST_JWT_PRIVATE_KEY);
    expect(config.seedDemo).toBe(false);
    expect(config.billing.provider).toEqual({
      legalName: 'Clinic Test Medical PC',
      taxId: '12-3456789',
    });
  });

  it('names every missing or refused setting at once', () => {
    const bare = {
      NODE_ENV: 'production',
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_a',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_a',
      STRIPE_WEBHOOK_SECRET: 'whsec_a',
      SEED_DEMO: 'true',
    };
    expect(refusals(bare).map((line) => line.split(':')[0])).toEqual([
      'PUBLIC_URL',
      'PASSKEY_RP_ID',
      'PASSKEY_ORIGIN',
      'SMTP_URL',
      'LINK_TREATMENTS_URL',
      'LINK_TERMS_URL',
      'LINK_BULK_TERMS_URL',
      'LINK_PRIVACY_URL',
      'LINK_PRIVACY_PRACTICES_URL',
      'LINK_ACCESSIBILITY_URL',
      'JWT_PRIVATE_KEY',
      'PROVIDER_LEGAL_NAME',
      'PROVIDER_TAX_ID',
      'FILES_DIR',
      'SEED_DEMO',
    ]);
  });

  it('needs JWT_PRIVATE_KEY: without it each instance would sign with a key of its own', () => {
    expect(refusals(productionEnv({ JWT_PRIVATE_KEY: undefined }))).toEqual([
      'JWT_PRIVATE_KEY: required in production (every instance signs with it)',
    ]);
  });

  it('derives the quote and file-link secrets from the shared key when they are unset', () => {
    const config = parseConfig(productionEnv(), '1');
    expect(config.billing.quoteSecret).toBeUndefined();
    expect(config.files.signingSecret).toBeUndefined();
  });

  it('refuses a JWT_PRIVATE_KEY that is not a P-256 PKCS#8 key, in any environment', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    const sec1 = generateKeyPairSync('ec', { namedCurve: 'P-256' })
      .privateKey.export({ type: 'sec1', format: 'pem' })
      .toString();
    for (const bad of ['not a key', rsa, sec1]) {
      expect(refusals({ JWT_PRIVATE_KEY: bad })).toEqual([
        'JWT_PRIVATE_KEY: must be a PKCS#8 PEM of a P-256 (ES256) private key',
      ]);
    }
    // An env file's one-line form, with literal \n, is what identity/keys.ts reads too.
    const oneLine = TEST_JWT_PRIVATE_KEY.replaceAll('\n', '\\n');
    expect(parseConfig(productionEnv({ JWT_PRIVATE_KEY: oneLine }), '1').jwtPrivateKey).toBe(
      oneLine,
    );
  });

  it("refuses the demo provider's name and tax id (they go on HSA/FSA receipts)", () => {
    expect(refusals(productionEnv({ PROVIDER_LEGAL_NAME: undefined }))).toEqual([
      expect.stringMatching(/^PROVIDER_LEGAL_NAME: the demo name is refused in production/),
    ]);
    expect(refusals(productionEnv({ PROVIDER_TAX_ID: undefined }))).toEqual([
      expect.stringMatching(/^PROVIDER_TAX_ID: the demo tax id is refused in production/),
    ]);
    // Outside production the demo provider is the default.
    expect(parseConfig({}, '1').billing.provider.taxId).toBe('00-0000000');
  });

  it('refuses the local file store unless FILES_DIR is declared shared or S3 is used', () => {
    expect(refusals(productionEnv({ FILES_DIR_SHARED: undefined }))).toEqual([
      expect.stringMatching(/^FILES_DIR: the local file store is one instance's own/),
    ]);
    expect(refusals(productionEnv({ FILES_DIR_SHARED: 'false' }))).toHaveLength(1);
    expect(refusals(productionEnv({ FILES_DIR_SHARED: undefined, S3_BUCKET: 'docs' }))).toEqual([]);
    expect(refusals(productionEnv({ FILES_DIR_SHARED: 'yes' }))).toEqual([
      expect.stringMatching(/^FILES_DIR_SHARED:/),
    ]);
  });

  it('refuses SEED_DEMO=true: the demo care-team account has a published password', () => {
    expect(refusals(productionEnv({ SEED_DEMO: 'true' }))).toEqual([
      'SEED_DEMO: the demo accounts have a published password; refused in production',
    ]);
    expect(parseConfig(productionEnv({ SEED_DEMO: 'false' }), '1').seedDemo).toBe(false);
    expect(parseConfig({ SEED_DEMO: 'true' }, '1').seedDemo).toBe(true);
  });
});

describe('TRUST_PROXY: whose X-Forwarded-For counts', () => {
  const trust = (value: string | undefined) => parseConfig({ TRUST_PROXY: value }, '1').trustProxy;

  it('trusts nobody by default, in production too', () => {
    expect(trust(undefined)).toBe(false);
    expect(trust('')).toBe(false);
    expect(parseConfig(productionEnv(), '1').trustProxy).toBe(false);
  });

  it("takes the proxies' addresses and CIDR ranges", () => {
    expect(trust('127.0.0.1')).toEqual(['127.0.0.1']);
    expect(trust(' 10.0.0.0/8, ::1 ,fd00::/8,loopback ')).toEqual([
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses true (anyone could choose their address), a hop count, and anything not an address', () => {
    for (const bad of [
      'true',
      '1',
      '0',
      '*',
      '10.0.0.0/33',
      '::1/129',
      '10.0.0',
      'proxy.internal',
      '1.2.3.4/8/1',
    ]) {
      expect(refusals({ TRUST_PROXY: bad })).toEqual([expect.stringMatching(/^TRUST_PROXY: /)]);
    }
  });
});
