import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDENTITY_RATE_RULES, IdentityRateLimiter, scaledRateRules } from './rate-limits';

describe('identity rate limits', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('scales every limit and keeps the windows', () => {
    const scaled = scaledRateRules(3);
    expect(scaled.signIn.perEmail.limit).toBe(IDENTITY_RATE_RULES.signIn.perEmail.limit * 3);
    expect(scaled.reset.perIp.windowMs).toBe(IDENTITY_RATE_RULES.reset.perIp.windowMs);
  });

  it('lets the limit through, refuses one more, and opens again after the window', async () => {
    // rate-limiter-flexible keeps its windows on Date.now(): only Date is faked.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-01-05T10:00:00Z') });
    const limiter = new IdentityRateLimiter(scaledRateRules(1));
    const { limit, windowMs } = IDENTITY_RATE_RULES.create.perEmail;
    for (let i = 0; i < limit; i += 1)
      expect(await limiter.check('create', `10.0.0.${i}`, 'a@b.co')).toBe(0);
    const wait = await limiter.check('create', '10.0.0.99', 'a@b.co');
    expect(wait).toBe(windowMs / 1000);
    vi.setSystemTime(Date.now() + windowMs);
    expect(await limiter.check('create', '10.0.0.99', 'a@b.co')).toBe(0);
  });

  it('counts per address across emails, and per email across addresses', async () => {
    const limiter = new IdentityRateLimiter(scaledRateRules(1));
    const { perIp, perEmail } = IDENTITY_RATE_RULES.signIn;
    for (let i = 0; i < perIp.limit; i += 1)
      expect(await limiter.check('signIn', '10.0.0.1', `user${i}@b.co`)).toBe(0);
    expect(await limiter.check('signIn', '10.0.0.1', 'fresh@b.co')).toBeGreaterThan(0);
    for (let i = 0; i < perEmail.limit; i += 1)
      expect(await limiter.check('signIn', `10.0.1.${i}`, 'target@b.co')).toBe(0);
    expect(await limiter.check('signIn', '10.0.2.1', 'target@b.co')).toBeGreaterThan(0);
    // Another action counts on its own.
    expect(await limiter.check('reset', '10.0.0.1', 'target@b.co')).toBe(0);
  });
});
