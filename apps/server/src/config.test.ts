import { describe, expect, it } from 'vitest';
import { productionEnv } from '../test/production-env';
import { ConfigError, parseConfig } from './config';

describe('config', () => {
  it('has working defaults: port 3000, ./data, PGlite, dev outbox', () => {
    const config = parseConfig({}, '1.0.0');
    expect(config.port).toBe(3000);
    expect(config.dataDir.endsWith('/data')).toBe(true);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.seedDemo).toBe(true);
  });

  it('Twilio (issue 44): a complete set is used, a half-set is named and refused', () => {
    expect(parseConfig({}, '1').twilio).toBeUndefined();
    const full = {
      TWILIO_ACCOUNT_SID: 'AC123',
      TWILIO_AUTH_TOKEN: 'token',
      TWILIO_FROM: '+15005550006',
    };
    expect(parseConfig(full, '1').twilio).toMatchObject({
      accountSid: 'AC123',
      from: '+15005550006',
    });
    const viaService = { ...full, TWILIO_FROM: undefined, TWILIO_MESSAGING_SERVICE_SID: 'MG1' };
    expect(parseConfig(viaService, '1').twilio?.messagingServiceSid).toBe('MG1');
    expect(() => parseConfig({ TWILIO_ACCOUNT_SID: 'AC123' }, '1')).toThrow(
      /TWILIO_AUTH_TOKEN, TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID: required/,
    );
    expect(() => parseConfig({ ...full, TWILIO_FROM: undefined }, '1')).toThrow(
      /TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID: required/,
    );
    expect(() =>
      parseConfig({ ...productionEnv(), ...full, TWILIO_API_BASE: 'http://127.0.0.1:1' }, '1'),
    ).toThrow(/TWILIO_API_BASE/);
  });

  it('refuses a bad value and names it', () => {
    expect(() => parseConfig({ PORT: 'eighty' }, '1')).toThrow(ConfigError);
    expect(() => parseConfig({ PORT: 'eighty' }, '1')).toThrow(/PORT/);
    expect(() => parseConfig({ DATABASE_URL: 'not a url' }, '1')).toThrow(/DATABASE_URL/);
    expect(() => parseConfig({ NODE_ENV: 'staging' }, '1')).toThrow(/NODE_ENV/);
  });

  it('production needs PUBLIC_URL and seeds no demo data by default', () => {
    expect(() => parseConfig({ NODE_ENV: 'production' }, '1')).toThrow(/PUBLIC_URL/);
    const config = parseConfig(productionEnv({ PUBLIC_URL: 'https://portal.example.com/' }), '1');
    expect(config.publicUrl).toBe('https://portal.example.com');
    expect(config.seedDemo).toBe(false);
  });

  it('treats an empty optional URL as unset', () => {
    expect(parseConfig({ REDIS_URL: '' }, '1').redisUrl).toBeUndefined();
  });
});

describe('AUTH_RATE_LIMIT_MULTIPLIER', () => {
  it('defaults to 1 and refuses 0', () => {
    expect(parseConfig({}, '1').authRateLimitMultiplier).toBe(1);
    expect(parseConfig({ AUTH_RATE_LIMIT_MULTIPLIER: '20' }, '1').authRateLimitMultiplier).toBe(20);
    expect(parseConfig({}, '1').apiRateLimitPerMinute).toBe(600);
    expect(parseConfig({ API_RATE_LIMIT_PER_MINUTE: '20000' }, '1').apiRateLimitPerMinute).toBe(
      20_000,
    );
    expect(() => parseConfig({ API_RATE_LIMIT_PER_MINUTE: '5' }, '1')).toThrow(
      /API_RATE_LIMIT_PER_MINUTE/,
    );
    expect(() => parseConfig({ AUTH_RATE_LIMIT_MULTIPLIER: '0' }, '1')).toThrow(
      /AUTH_RATE_LIMIT_MULTIPLIER/,
    );
  });
});

describe('SUPPORT_URL and CHAT_WIDGET_URL (spec 01 §1, §7)', () => {
  it('are off when absent or empty', () => {
    const config = parseConfig({ SUPPORT_URL: '', CHAT_WIDGET_URL: ' ' }, '1');
    expect(config.supportUrl).toBeUndefined();
    expect(config.chatWidgetUrl).toBeUndefined();
    expect(parseConfig({}, '1').supportUrl).toBeUndefined();
  });

  it('keep an http or https URL as given', () => {
    const config = parseConfig(
      {
        SUPPORT_URL: 'https://help.example.com/hc/requests/new',
        CHAT_WIDGET_URL: 'http://localhost:8080/widget.js',
      },
      '1',
    );
    expect(config.supportUrl).toBe('https://help.example.com/hc/requests/new');
    expect(config.chatWidgetUrl).toBe('http://localhost:8080/widget.js');
  });

  it('refuse another scheme and name the variable', () => {
    expect(() => parseConfig({ SUPPORT_URL: 'help center' }, '1')).toThrow(/SUPPORT_URL/);
    expect(() => parseConfig({ CHAT_WIDGET_URL: 'javascript:alert(1)' }, '1')).toThrow(
      /CHAT_WIDGET_URL: must be an http or https URL/,
    );
    expect(() => parseConfig({ CHAT_WIDGET_URL: 'data:text/javascript,1' }, '1')).toThrow(
      /CHAT_WIDGET_URL/,
    );
  });

  it('payments: production refuses the sandbox, and Stripe names each missing key', () => {
    // Everything else a production start needs is there, so only the payments are named.
    const production = productionEnv({
      PAYMENTS_PROVIDER: undefined,
      STRIPE_SECRET_KEY: undefined,
      STRIPE_PUBLISHABLE_KEY: undefined,
      STRIPE_WEBHOOK_SECRET: undefined,
    });
    expect(() => parseConfig(production, '1')).toThrow(
      /PAYMENTS_PROVIDER: the sandbox takes no money and is refused in production/,
    );
    // Every problem is named at once, not one per restart.
    expect(() => parseConfig({ NODE_ENV: 'production' }, '1')).toThrow(
      /PAYMENTS_PROVIDER[^]*PUBLIC_URL: required[^]*SMTP_URL: required/,
    );
    const stripe = { ...production, PAYMENTS_PROVIDER: 'stripe' };
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET']) {
      expect(() => parseConfig(stripe, '1')).toThrow(new RegExp(`${name}: required`));
    }
    const keys = {
      STRIPE_SECRET_KEY: 'sk_live_abc123',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_abc123',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
    };
    // Only the missing one is named.
    expect(() =>
      parseConfig({ ...stripe, ...keys, STRIPE_WEBHOOK_SECRET: undefined }, '1'),
    ).toThrow(
      /^Invalid configuration:\n {2}STRIPE_WEBHOOK_SECRET: required when PAYMENTS_PROVIDER is stripe$/,
    );
    // A publishable key where the secret belongs is refused by its shape.
    expect(() =>
      parseConfig({ ...stripe, ...keys, STRIPE_SECRET_KEY: 'pk_live_abc123' }, '1'),
    ).toThrow(/STRIPE_SECRET_KEY/);
    expect(parseConfig({ ...stripe, ...keys }, '1').billing.payments).toEqual({
      provider: 'stripe',
      secretKey: 'sk_live_abc123',
      publishableKey: 'pk_live_abc123',
      webhookSecret: 'whsec_abc123',
      apiBase: undefined,
    });
    // The test stand-in's address never reaches production.
    expect(() =>
      parseConfig({ ...stripe, ...keys, STRIPE_API_BASE: 'http://127.0.0.1:12111' }, '1'),
    ).toThrow(/STRIPE_API_BASE: a test stand-in, refused in production/);
    expect(
      parseConfig(
        { PAYMENTS_PROVIDER: 'stripe', ...keys, STRIPE_API_BASE: 'http://127.0.0.1:12111' },
        '1',
      ).billing.payments,
    ).toMatchObject({ apiBase: { host: '127.0.0.1', port: 12111, protocol: 'http' } });
  });

  it('external links (issue 44): example.com placeholders outside production, each set by its LINK_*_URL', () => {
    const config = parseConfig({}, '1');
    expect(config.links).toEqual({
      treatments: 'https://example.com/treatments',
      terms: 'https://example.com/terms',
      bulkTerms: 'https://example.com/bulk-terms',
      privacy: 'https://example.com/privacy',
      privacyPractices: 'https://example.com/privacy-practices',
      accessibility: 'https://example.com/accessibility',
    });
    expect(config.careTeamPhone).toBeUndefined();
    const set = parseConfig(
      {
        LINK_PRIVACY_PRACTICES_URL: 'https://clinic.test/hipaa',
        CARE_TEAM_PHONE: '+1 (555) 010-0100',
      },
      '1',
    );
    expect(set.links.privacyPractices).toBe('https://clinic.test/hipaa');
    expect(set.careTeamPhone).toBe('+1 (555) 010-0100');
    expect(() => parseConfig({ LINK_TERMS_URL: 'javascript:alert(1)' }, '1')).toThrow(
      /LINK_TERMS_URL/,
    );
    expect(() => parseConfig({ CARE_TEAM_PHONE: 'call us' }, '1')).toThrow(/CARE_TEAM_PHONE/);
  });

  it('production refuses a missing or placeholder link, naming each', () => {
    expect(parseConfig(productionEnv(), '1').links.terms).toBe('https://clinic.test/terms');
    const missing = productionEnv({
      LINK_TERMS_URL: undefined,
      LINK_PRIVACY_PRACTICES_URL: undefined,
    });
    expect(() => parseConfig(missing, '1')).toThrow(
      /LINK_TERMS_URL: required in production[^]*LINK_PRIVACY_PRACTICES_URL: required in production/,
    );
    const placeholder = productionEnv({
      LINK_TREATMENTS_URL: 'https://example.com/treatments',
      LINK_ACCESSIBILITY_URL: 'https://www.example.org/ada',
    });
    let message = '';
    try {
      parseConfig(placeholder, '1');
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/LINK_TREATMENTS_URL: the example.com placeholder is refused/);
    expect(message).toMatch(/LINK_ACCESSIBILITY_URL: the example.com placeholder is refused/);
    expect(message).not.toMatch(/LINK_TERMS_URL/);
  });

  it('production loads the widget only over https', () => {
    const production = productionEnv();
    expect(() =>
      parseConfig({ ...production, CHAT_WIDGET_URL: 'http://chat.example.com/w.js' }, '1'),
    ).toThrow(/CHAT_WIDGET_URL: must be https in production/);
    expect(
      parseConfig({ ...production, CHAT_WIDGET_URL: 'https://chat.example.com/w.js' }, '1')
        .chatWidgetUrl,
    ).toBe('https://chat.example.com/w.js');
  });

  it('billing: the sandbox processor by default; the crash drill is refused in production', () => {
    expect(parseConfig({}, '1').billing).toMatchObject({
      payments: { provider: 'sandbox' },
      quoteSecret: undefined,
      crashAfterCharge: false,
    });
    expect(() => parseConfig({ PAYMENTS_PROVIDER: 'paypal' }, '1')).toThrow(/PAYMENTS_PROVIDER/);
    expect(
      parseConfig({ BILLING_TEST_CRASH_AFTER_CHARGE: 'true' }, '1').billing.crashAfterCharge,
    ).toBe(true);
    expect(() =>
      parseConfig(productionEnv({ BILLING_TEST_CRASH_AFTER_CHARGE: 'true' }), '1'),
    ).toThrow(/BILLING_TEST_CRASH_AFTER_CHARGE/);
  });
});

describe('JOBS_ENABLED and the receipt provider', () => {
  it('runs the jobs unless turned off, and refuses another value', () => {
    expect(parseConfig({}, '1').jobsEnabled).toBe(true);
    expect(parseConfig({ NODE_ENV: 'test' }, '1').jobsEnabled).toBe(true);
    expect(parseConfig({ JOBS_ENABLED: 'false' }, '1').jobsEnabled).toBe(false);
    expect(() => parseConfig({ JOBS_ENABLED: 'no' }, '1')).toThrow(/JOBS_ENABLED/);
  });

  it("leaves the jobs' tick and lease to the scheduler unless set, and refuses a tiny lease", () => {
    expect(parseConfig({}, '1').jobTiming).toEqual({ tickMs: undefined, leaseMs: undefined });
    expect(parseConfig({ JOBS_TICK_MS: '500', JOBS_LEASE_MS: '3000' }, '1').jobTiming).toEqual({
      tickMs: 500,
      leaseMs: 3000,
    });
    expect(() => parseConfig({ JOBS_LEASE_MS: '10' }, '1')).toThrow(/JOBS_LEASE_MS/);
  });

  it('names the provider on receipts, with a dev default, and checks the tax id', () => {
    expect(parseConfig({}, '1').billing.provider.taxId).toBe('00-0000000');
    const config = parseConfig(
      { PROVIDER_LEGAL_NAME: 'Clinic PC', PROVIDER_TAX_ID: '12-3456789' },
      '1',
    );
    expect(config.billing.provider).toEqual({ legalName: 'Clinic PC', taxId: '12-3456789' });
    expect(() => parseConfig({ PROVIDER_TAX_ID: '123' }, '1')).toThrow(/PROVIDER_TAX_ID/);
  });
});

describe('UV_THREADPOOL_SIZE and APP_VERSION_OVERRIDE (read here, not where they are used)', () => {
  it("mirrors libuv's pool size: 4 when unset or empty, refused when not 1 to 1024", () => {
    expect(parseConfig({}, '1').threadPoolSize).toBe(4);
    expect(parseConfig({ UV_THREADPOOL_SIZE: '' }, '1').threadPoolSize).toBe(4);
    expect(parseConfig({ UV_THREADPOOL_SIZE: '16' }, '1').threadPoolSize).toBe(16);
    for (const bad of ['0', 'many', '2.5', '1025'])
      expect(() => parseConfig({ UV_THREADPOOL_SIZE: bad }, '1')).toThrow(/UV_THREADPOOL_SIZE/);
  });

  it("reports package.json's version unless overridden", () => {
    expect(parseConfig({}, '1.18.13').version).toBe('1.18.13');
    expect(parseConfig({ APP_VERSION_OVERRIDE: '' }, '1.18.13').version).toBe('1.18.13');
    expect(parseConfig({ APP_VERSION_OVERRIDE: ' 2.0.0 ' }, '1.18.13').version).toBe('2.0.0');
  });
});
