import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { RedisRateStore } from '../src/identity/redis-rate-store';
import { redisAnswers, TEST_REDIS_URL } from './redis-available';

const REDIS_URL = TEST_REDIS_URL;

const available = await redisAnswers();
if (!available) process.stdout.write(`Redis suite NOT RUN: nothing answers at ${REDIS_URL}\n`);

describe.skipIf(!available)(`Redis rate store (needs Redis at ${REDIS_URL})`, () => {
  const stores: RedisRateStore[] = [];
  afterAll(async () => {
    await Promise.all(stores.map((s) => s.close()));
  });

  it('counts hits from two instances in one fixed window', async () => {
    const a = new RedisRateStore(REDIS_URL);
    const b = new RedisRateStore(REDIS_URL);
    stores.push(a, b);
    const key = `test:${randomBytes(6).toString('hex')}`;
    const now = Date.now();
    expect((await a.hit(key, 60_000, now)).count).toBe(1);
    expect((await b.hit(key, 60_000, now)).count).toBe(2);
    const third = await a.hit(key, 60_000, now);
    expect(third.count).toBe(3);
    expect(third.resetAt).toBeGreaterThan(now);
    expect(third.resetAt).toBeLessThanOrEqual(now + 60_000);
  });

  it('starts a new window after the old one ends', async () => {
    const store = new RedisRateStore(REDIS_URL);
    stores.push(store);
    const key = `test:${randomBytes(6).toString('hex')}`;
    await store.hit(key, 50, Date.now());
    await new Promise((r) => setTimeout(r, 120));
    expect((await store.hit(key, 50, Date.now())).count).toBe(1);
  });
});
