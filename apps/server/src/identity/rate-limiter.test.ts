import { describe, expect, it } from 'vitest';
import { TestClock } from '../platform/clock';
import { IDENTITY_RATE_RULES, MemoryRateStore, RateLimiter, scaledRateRules } from './rate-limiter';

describe('identity rate limiter', () => {
  it('scales every limit and keeps the windows', () => {
    const scaled = scaledRateRules(3);
    expect(scaled.signIn.perEmail.limit).toBe(IDENTITY_RATE_RULES.signIn.perEmail.limit * 3);
    expect(scaled.reset.perIp.windowMs).toBe(IDENTITY_RATE_RULES.reset.perIp.windowMs);
  });

  it('lets the limit through, refuses one more, and opens again after the window', async () => {
    const clock = new TestClock(new Date('2026-01-05T10:00:00Z'));
    const limiter = new RateLimiter(new MemoryRateStore(), clock, scaledRateRules(1));
    const { limit, windowMs } = IDENTITY_RATE_RULES.create.perEmail;
    for (let i = 0; i < limit; i += 1)
      expect(await limiter.check('create', `10.0.0.${i}`, 'a@b.co')).toBe(0);
    expect(await limiter.check('create', '10.0.0.99', 'a@b.co')).toBeGreaterThan(0);
    clock.advance(windowMs);
    expect(await limiter.check('create', '10.0.0.99', 'a@b.co')).toBe(0);
  });
});
