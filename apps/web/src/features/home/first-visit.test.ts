import { describe, expect, it } from 'vitest';
import { FIRST_VISIT_MAX_ACCOUNT_AGE_DAYS, isFirstVisit } from './first-visit';

const NOW = Date.parse('2026-03-10T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW - days * 86_400_000).toISOString();

describe('first visit (issue 9)', () => {
  it('a new account that has not seen home is on its first visit', () => {
    expect(isFirstVisit({ seenBefore: false, accountCreatedAt: daysAgo(0), now: NOW })).toBe(true);
  });

  it('once home has been seen, the customer is welcomed back', () => {
    expect(isFirstVisit({ seenBefore: true, accountCreatedAt: daysAgo(0), now: NOW })).toBe(false);
  });

  it('a long-standing account on a new device is not greeted as new', () => {
    const limit = FIRST_VISIT_MAX_ACCOUNT_AGE_DAYS;
    expect(isFirstVisit({ seenBefore: false, accountCreatedAt: daysAgo(limit), now: NOW })).toBe(
      true,
    );
    expect(
      isFirstVisit({ seenBefore: false, accountCreatedAt: daysAgo(limit + 1), now: NOW }),
    ).toBe(false);
    expect(isFirstVisit({ seenBefore: false, accountCreatedAt: 'not a date', now: NOW })).toBe(
      false,
    );
  });
});
