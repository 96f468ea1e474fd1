import { describe, expect, it } from 'vitest';
import { parseConfig } from '../config';
import { productionEnv } from '../../test/production-env';

// Issue 42: passkeys are bound to their relying party, so production names it.

const refusals = (env: Record<string, string>) => {
  try {
    parseConfig(env, '1');
    return [];
  } catch (error) {
    return String((error as Error).message)
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(':')[0]);
  }
};

describe('passkey configuration', () => {
  it('requires PASSKEY_RP_ID and PASSKEY_ORIGIN in production while passkeys are on', () => {
    expect(
      refusals(productionEnv({ PASSKEY_RP_ID: undefined, PASSKEY_ORIGIN: undefined })),
    ).toEqual(['PASSKEY_RP_ID', 'PASSKEY_ORIGIN']);
    expect(parseConfig(productionEnv(), '1').passkeys).toEqual({
      rpId: 'portal.example.com',
      origin: 'https://portal.example.com',
    });
  });

  it('lets production turn passkeys off instead', () => {
    const config = parseConfig(
      productionEnv({
        PASSKEY_RP_ID: undefined,
        PASSKEY_ORIGIN: undefined,
        PASSKEYS_ENABLED: 'false',
      }),
      '1',
    );
    expect(config.passkeys).toBeUndefined();
  });

  it("defaults to PUBLIC_URL's host and origin elsewhere", () => {
    const config = parseConfig(
      { NODE_ENV: 'development', DATA_DIR: '/tmp/unused', PUBLIC_URL: 'http://localhost:3700/' },
      '1',
    );
    expect(config.passkeys).toEqual({ rpId: 'localhost', origin: 'http://localhost:3700' });
  });
});
