import { describe, expect, it } from 'vitest';
import {
  claimIsLive,
  QUEUE_CLAIM_TTL_MS,
  queueClaimSchema,
  queueItemKeySchema,
  queueQuerySchema,
} from './queue';

const ID = '6f1c1f40-2b7e-4f3c-9a55-0d0c5d1e8a11';

describe('the care queue (issue 41)', () => {
  it('issue 41 "claims last 15 minutes": live until the 15th minute, not at it', () => {
    const at = new Date('2026-11-21T10:00:00Z'); // a Saturday
    expect(QUEUE_CLAIM_TTL_MS).toBe(15 * 60_000);
    expect(claimIsLive(at, new Date('2026-11-21T10:14:59.999Z'))).toBe(true);
    expect(claimIsLive(at, new Date('2026-11-21T10:15:00Z'))).toBe(false);
  });

  it('issue 41 "server-side paged": pageSize 1..100, page from 0, strict words for urgentOnly', () => {
    expect(queueQuerySchema.parse({})).toEqual({ page: 0, pageSize: 50 });
    expect(queueQuerySchema.parse({ pageSize: '100', page: '2', urgentOnly: 'true' })).toEqual({
      page: 2,
      pageSize: 100,
      urgentOnly: true,
    });
    for (const bad of [
      { pageSize: '101' },
      { pageSize: '0' },
      { page: '-1' },
      { urgentOnly: '1' },
    ]) {
      expect(queueQuerySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(queueQuerySchema.safeParse({ kind: 'nope' }).success).toBe(false);
    expect(queueQuerySchema.safeParse({ search: '   ' }).success).toBe(false);
  });

  it('an item key is <kind>:<uuid> of a known kind', () => {
    expect(queueItemKeySchema.safeParse(`bulk_order:${ID}`).success).toBe(true);
    for (const bad of [`bulk:${ID}`, 'bulk_order:1', `:${ID}`, `bulk_order${ID}`]) {
      expect(queueItemKeySchema.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('a claim takes no body, or {takeOver: boolean} only', () => {
    expect(queueClaimSchema.parse(undefined)).toEqual({});
    expect(queueClaimSchema.parse({ takeOver: true })).toEqual({ takeOver: true });
    expect(queueClaimSchema.safeParse({ takeOver: 'yes' }).success).toBe(false);
    expect(queueClaimSchema.safeParse({ other: 1 }).success).toBe(false);
  });
});
