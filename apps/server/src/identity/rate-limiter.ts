import type { Clock } from '../platform/clock';

export interface RateRule {
  /** How many attempts are allowed in the window. */
  limit: number;
  windowMs: number;
}

/** The limits per action, applied per client address and per email (whichever trips first). */
export const IDENTITY_RATE_RULES = {
  signIn: {
    perIp: { limit: 30, windowMs: 15 * 60_000 },
    perEmail: { limit: 10, windowMs: 15 * 60_000 },
  },
  create: {
    perIp: { limit: 10, windowMs: 60 * 60_000 },
    perEmail: { limit: 3, windowMs: 60 * 60_000 },
  },
  reset: {
    perIp: { limit: 10, windowMs: 60 * 60_000 },
    perEmail: { limit: 5, windowMs: 60 * 60_000 },
  },
  verify: {
    perIp: { limit: 20, windowMs: 60 * 60_000 },
    perEmail: { limit: 5, windowMs: 60 * 60_000 },
  },
  code: {
    perIp: { limit: 30, windowMs: 15 * 60_000 },
    perEmail: { limit: 30, windowMs: 15 * 60_000 },
  },
} satisfies Record<string, { perIp: RateRule; perEmail: RateRule }>;

export type RateAction = keyof typeof IDENTITY_RATE_RULES;
type RateRules = Record<RateAction, { perIp: RateRule; perEmail: RateRule }>;

/** The rules with every limit multiplied (AUTH_RATE_LIMIT_MULTIPLIER), windows unchanged. */
export function scaledRateRules(multiplier: number): RateRules {
  const scale = (rule: RateRule): RateRule => ({ ...rule, limit: rule.limit * multiplier });
  const entries = Object.entries(IDENTITY_RATE_RULES).map(([action, r]) => [
    action,
    { perIp: scale(r.perIp), perEmail: scale(r.perEmail) },
  ]);
  return Object.fromEntries(entries) as RateRules;
}

export interface RateStore {
  /** Adds one hit to the key and returns the count in the current window and its end. */
  hit(key: string, windowMs: number, nowMs: number): Promise<{ count: number; resetAt: number }>;
}

/** Fixed windows in process memory: enough for one instance; RedisRateStore for many. */
export class MemoryRateStore implements RateStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  hit(key: string, windowMs: number, nowMs: number) {
    let entry = this.windows.get(key);
    if (!entry || entry.resetAt <= nowMs) {
      entry = { count: 0, resetAt: nowMs + windowMs };
      this.windows.set(key, entry);
      if (this.windows.size > 50_000) this.sweep(nowMs);
    }
    entry.count += 1;
    return Promise.resolve({ count: entry.count, resetAt: entry.resetAt });
  }
  private sweep(nowMs: number): void {
    for (const [key, value] of this.windows) if (value.resetAt <= nowMs) this.windows.delete(key);
  }
}

export class RateLimiter {
  constructor(
    private readonly store: RateStore,
    private readonly clock: Clock,
    private readonly rules: RateRules = IDENTITY_RATE_RULES,
  ) {}

  /** Returns the seconds to wait when over the limit, or 0 when the attempt may go on. */
  async check(action: RateAction, ip: string, email?: string): Promise<number> {
    const now = this.clock.now().getTime();
    const rule = this.rules[action];
    const checks = [this.store.hit(`rl:${action}:ip:${ip}`, rule.perIp.windowMs, now)];
    if (email)
      checks.push(this.store.hit(`rl:${action}:email:${email}`, rule.perEmail.windowMs, now));
    const [byIp, byEmail] = await Promise.all(checks);
    const over = [
      byIp && byIp.count > rule.perIp.limit ? byIp.resetAt : 0,
      byEmail && byEmail.count > rule.perEmail.limit ? byEmail.resetAt : 0,
    ];
    const until = Math.max(...over);
    return until > 0 ? Math.max(1, Math.ceil((until - now) / 1000)) : 0;
  }
}
