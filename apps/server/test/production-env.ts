import { generateKeyPairSync } from 'node:crypto';

/** A P-256 private key (PKCS#8 PEM), made once per test process: JWT_PRIVATE_KEY's shape. */
export const TEST_JWT_PRIVATE_KEY = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  .privateKey.export({ type: 'pkcs8', format: 'pem' })
  .toString();

/** The provider's external pages a production start requires (LINK_*_URL, issue 44). */
export const PRODUCTION_TEST_LINKS = {
  LINK_TREATMENTS_URL: 'https://clinic.test/treatments',
  LINK_TERMS_URL: 'https://clinic.test/terms',
  LINK_BULK_TERMS_URL: 'https://clinic.test/bulk-terms',
  LINK_PRIVACY_URL: 'https://clinic.test/privacy',
  LINK_PRIVACY_PRACTICES_URL: 'https://clinic.test/privacy-practices',
  LINK_ACCESSIBILITY_URL: 'https://clinic.test/accessibility',
} as const;

/**
 * Everything a production start requires (config.ts refuses it otherwise), with values that
 * reach nothing: Stripe's keys are never used by a test that takes no money, and the mail
 * server is never called. `overrides` go on top; `undefined` removes a setting.
 */
export function productionEnv(
  overrides: Record<string, string | undefined> = {},
): Record<string, string> {
  const env: Record<string, string | undefined> = {
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://portal.example.com',
    PASSKEY_RP_ID: 'portal.example.com',
    PASSKEY_ORIGIN: 'https://portal.example.com',
    SMTP_URL: 'smtp://127.0.0.1:2525',
    JWT_PRIVATE_KEY: TEST_JWT_PRIVATE_KEY,
    PROVIDER_LEGAL_NAME: 'Clinic Test Medical PC',
    PROVIDER_TAX_ID: '12-3456789',
    FILES_DIR_SHARED: 'true',
    PAYMENTS_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_unused',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_unused',
    STRIPE_WEBHOOK_SECRET: 'whsec_unused',
    ...PRODUCTION_TEST_LINKS,
    ...overrides,
  };
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}
