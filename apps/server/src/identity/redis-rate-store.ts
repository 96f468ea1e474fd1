import { Redis } from 'ioredis';
import type { RateStore } from './rate-limiter';

/**
 * Fixed windows in Redis, so every server instance behind a load balancer counts the same
 * attempts. INCR and the first PEXPIRE run in one MULTI; PEXPIRE NX keeps the window fixed.
 */
export class RedisRateStore implements RateStore {
  private readonly redis: Redis;

  constructor(url: string) {
    this.redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  }

  async hit(key: string, windowMs: number, nowMs: number) {
    const results = await this.redis
      .multi()
      .incr(key)
      .pexpire(key, windowMs, 'NX')
      .pttl(key)
      .exec();
    const count = Number(results?.[0]?.[1] ?? 1);
    const ttl = Number(results?.[2]?.[1] ?? windowMs);
    return { count, resetAt: nowMs + (ttl > 0 ? ttl : windowMs) };
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}
