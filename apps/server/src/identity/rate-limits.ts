import { HOUR_MS, MINUTE_MS } from '@portal/domain';
import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { IdentityError } from './errors';

export interface RateRule {
  /** How many attempts are allowed in the window. */
  limit: number;
  windowMs: number;
}

const SIGN_IN = {
  perIp: { limit: 30, windowMs: 15 * MINUTE_MS },
  perEmail: { limit: 10, windowMs: 15 * MINUTE_MS },
};

const RESET = {
  perIp: { limit: 10, windowMs: HOUR_MS },
  perEmail: { limit: 5, windowMs: HOUR_MS },
};

/** The limits per action, applied per client address and per email (whichever trips first). */
export const IDENTITY_RATE_RULES = {
  signIn: SIGN_IN,
  /**
   * Email availability lookups (per client address, per account): each answers whether an
   * address has an account here, so unlimited they list the patients. Sign-in's numbers, as
   * a sign-in attempt answers the same question; counted apart, so lookups never lock the
   * account's own sign-in.
   */
  emailLookup: SIGN_IN,
  create: {
    perIp: { limit: 10, windowMs: HOUR_MS },
    perEmail: { limit: 3, windowMs: HOUR_MS },
  },
  reset: RESET,
  /**
   * delete-reset-password-links: signed out (spec 01 §7), so anyone may call it for any
   * address. Counted apart from reset requests, so a stranger's calls never spend the budget
   * the account's owner needs to ask for a link.
   */
  resetLinks: RESET,
  verify: {
    perIp: { limit: 20, windowMs: HOUR_MS },
    perEmail: { limit: 5, windowMs: HOUR_MS },
  },
  /** Email change codes mailed to a new address (per client address, per account). */
  emailChange: {
    perIp: { limit: 20, windowMs: HOUR_MS },
    perEmail: { limit: 5, windowMs: HOUR_MS },
  },
  code: {
    perIp: { limit: 30, windowMs: 15 * MINUTE_MS },
    perEmail: { limit: 30, windowMs: 15 * MINUTE_MS },
  },
  /**
   * A patient's second step of sign-in (authenticator or recovery codes, issue 42), per client
   * address and per account: a million six-digit codes are guessed no faster than passwords.
   */
  secondFactor: SIGN_IN,
  /**
   * Passkey sign-in challenges (per client address): the sign-in page asks for one when the
   * email field is first focused (autofill), so they are counted apart from sign-in attempts.
   */
  passkeyChallenge: {
    perIp: { limit: 120, windowMs: 15 * MINUTE_MS },
    perEmail: { limit: 120, windowMs: 15 * MINUTE_MS },
  },
  /** The care team's own: staff sign-in (POST /staff/token), counted apart from customers'. */
  staffSignIn: {
    perIp: { limit: 30, windowMs: 15 * MINUTE_MS },
    perEmail: { limit: 10, windowMs: 15 * MINUTE_MS },
  },
  /** Staff password reset mails and code confirmations, counted apart from customers'. */
  staffReset: {
    perIp: { limit: 10, windowMs: HOUR_MS },
    perEmail: { limit: 3, windowMs: HOUR_MS },
  },
} satisfies Record<string, { perIp: RateRule; perEmail: RateRule }>;

export type RateAction = keyof typeof IDENTITY_RATE_RULES;
export type RateRules = Record<RateAction, { perIp: RateRule; perEmail: RateRule }>;

/** The rules with every limit multiplied (AUTH_RATE_LIMIT_MULTIPLIER), windows unchanged. */
export function scaledRateRules(multiplier: number): RateRules {
  const scale = (rule: RateRule): RateRule => ({ ...rule, limit: rule.limit * multiplier });
  const entries = Object.entries(IDENTITY_RATE_RULES).map(([action, r]) => [
    action,
    { perIp: scale(r.perIp), perEmail: scale(r.perEmail) },
  ]);
  return Object.fromEntries(entries) as RateRules;
}

/** What the identity service asks before an attempt. */
export interface IdentityLimiter {
  /** Counts the attempt; the seconds to wait when over a limit, or 0 when it may go on. */
  check(action: RateAction, ip: string, email?: string): Promise<number>;
}

/** Counts an attempt; too-many-requests, with the seconds to wait, when over a limit. */
export async function enforceLimit(
  limiter: IdentityLimiter,
  action: RateAction,
  ip: string,
  key?: string,
): Promise<void> {
  const wait = await limiter.check(action, ip, key);
  if (wait > 0) throw new IdentityError('too-many-requests', undefined, undefined, wait);
}

/**
 * The identity limits through rate-limiter-flexible: fixed windows that start at the first
 * attempt, in process memory, or in Redis when a client is given, so that every instance
 * behind a load balancer counts the same attempts. Windows run on the process clock
 * (Date.now() in memory, the Redis server's expiry in Redis), not the app's injectable one.
 */
export class IdentityRateLimiter implements IdentityLimiter {
  private readonly limiters: Record<
    RateAction,
    { perIp: RateLimiterAbstract; perEmail: RateLimiterAbstract }
  >;

  constructor(rules: RateRules = IDENTITY_RATE_RULES, redis?: Redis) {
    const limiter = (keyPrefix: string, rule: RateRule): RateLimiterAbstract => {
      const options = { keyPrefix, points: rule.limit, duration: rule.windowMs / 1000 };
      return redis
        ? new RateLimiterRedis({ ...options, storeClient: redis })
        : new RateLimiterMemory(options);
    };
    const entries = Object.entries(rules).map(([action, rule]) => [
      action,
      {
        perIp: limiter(`rl:${action}:ip`, rule.perIp),
        perEmail: limiter(`rl:${action}:email`, rule.perEmail),
      },
    ]);
    this.limiters = Object.fromEntries(entries) as IdentityRateLimiter['limiters'];
  }

  async check(action: RateAction, ip: string, email?: string): Promise<number> {
    const { perIp, perEmail } = this.limiters[action];
    const waits = await Promise.all([
      waitAfter(perIp, ip),
      ...(email ? [waitAfter(perEmail, email)] : []),
    ]);
    const ms = Math.max(...waits);
    return ms > 0 ? Math.max(1, Math.ceil(ms / 1000)) : 0;
  }
}

/** Counts one attempt on the key: 0 when within the limit, else the ms until the window ends. */
async function waitAfter(limiter: RateLimiterAbstract, key: string): Promise<number> {
  try {
    await limiter.consume(key);
    return 0;
  } catch (refusal) {
    // A refusal resolves to the key's state; anything else (Redis down) is a real error.
    if (refusal instanceof RateLimiterRes) return Math.max(1, refusal.msBeforeNext);
    throw refusal;
  }
}
