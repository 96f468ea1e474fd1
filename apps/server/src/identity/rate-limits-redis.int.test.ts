import { randomBytes, randomInt } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import type { Database } from '../db/client';
import { IDENTITY_RATE_RULES } from './rate-limits';
import { ephemeralSigningKeys, type SigningKeys } from './keys';
import { GLOBAL_RATE_LIMIT, RATE_LIMIT_REDIS_NAME } from '../platform/http-plugins';
import { openTestDatabase, testConfig } from '../../test/harness';
import { redisAnswers, TEST_REDIS_URL } from '../../test/redis-available';

// Two server instances behind one database, as in production behind a load balancer. With
// REDIS_URL set they must count the identity limits and the global per-address limit
// together; the control shows that without Redis each counts alone, so the shared test could
// fail.

const REDIS_URL = TEST_REDIS_URL;

const available = await redisAnswers();
if (!available) {
  process.stdout.write(
    `Redis suite NOT RUN (rate limits across two instances): nothing answers at ${REDIS_URL}\n`,
  );
}

async function startInstance(database: Database, keys: SigningKeys, redisUrl?: string) {
  const config = testConfig(redisUrl ? { REDIS_URL: redisUrl } : {});
  const app = await buildApp({ config, database, keys, webDist: '/nonexistent' });
  await app.app.ready();
  return app;
}

/** A client address no earlier run has counted under (Redis keys outlive a test run). */
const freshAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

const signIn = (instance: App, ip: string, email: string) =>
  instance.app.inject({
    method: 'POST',
    url: '/identity/sign-in',
    remoteAddress: ip,
    payload: { email, password: 'Wrong1pass' },
  });

function pair(redisUrl: string | undefined) {
  const state = { a: undefined as unknown as App, b: undefined as unknown as App };
  let database: Database | undefined;
  let drop: () => Promise<void> = async () => {};
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    const keys = await ephemeralSigningKeys();
    state.a = await startInstance(database, keys, redisUrl);
    state.b = await startInstance(database, keys, redisUrl);
  });
  afterAll(async () => {
    await state.a?.app.close();
    await state.b?.app.close();
    await database?.close();
    await drop();
  });
  return state;
}

describe.skipIf(!available)(`rate limits across two instances (Redis at ${REDIS_URL})`, () => {
  const state = pair(REDIS_URL);

  it('counts sign-in attempts for one email on both instances together', async () => {
    const email = `shared-${randomBytes(6).toString('hex')}@example.com`;
    const ip = freshAddress();
    const { limit } = IDENTITY_RATE_RULES.signIn.perEmail;
    for (let i = 0; i < limit; i += 1) {
      const res = await signIn(i % 2 ? state.b : state.a, ip, email);
      expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    for (const instance of [state.a, state.b]) {
      const blocked = await signIn(instance, ip, email);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({ error: { code: 'too-many-requests' } });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('counts the global per-address limit on both instances together', async () => {
    const ip = freshAddress();
    const get = (instance: App) =>
      instance.app.inject({ method: 'GET', url: '/.well-known/jwks.json', remoteAddress: ip });
    for (let i = 0; i < GLOBAL_RATE_LIMIT.max; i += 1) {
      const res = await get(i % 2 ? state.b : state.a);
      if (res.statusCode !== 200) expect.fail(`request ${i + 1} answered ${res.statusCode}`);
    }
    for (const instance of [state.a, state.b]) {
      const blocked = await get(instance);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({ error: { code: 'too-many-requests' } });
    }
  });

  it('closes its Redis connection with the app', async () => {
    const observer = new Redis(REDIS_URL);
    try {
      const named = async () =>
        ((await observer.client('LIST')) as string)
          .split('\n')
          .filter((line) => line.includes(`name=${RATE_LIMIT_REDIS_NAME} `)).length;
      const before = await named();
      const keys = await ephemeralSigningKeys();
      const { database, drop } = await openTestDatabase();
      const extra = await startInstance(database, keys, REDIS_URL);
      await extra.app.inject({ method: 'GET', url: '/.well-known/jwks.json' });
      expect(await named()).toBe(before + 1);
      await extra.app.close();
      await database.close();
      await drop();
      for (let i = 0; i < 50 && (await named()) > before; i += 1) {
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(await named()).toBe(before);
    } finally {
      await observer.quit();
    }
  });
});

describe('rate limits without Redis (the control)', () => {
  const state = pair(undefined);

  it('counts on each instance alone', async () => {
    const email = `alone-${randomBytes(6).toString('hex')}@example.com`;
    const ip = freshAddress();
    const { limit } = IDENTITY_RATE_RULES.signIn.perEmail;
    for (let i = 0; i < limit; i += 1)
      expect((await signIn(state.a, ip, email)).statusCode).toBe(401);
    expect((await signIn(state.a, ip, email)).statusCode).toBe(429);
    expect((await signIn(state.b, ip, email)).statusCode).toBe(401);
  });
});
