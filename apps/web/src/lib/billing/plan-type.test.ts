import { describe, expect, it } from 'vitest';
import { monthsLeft } from './plan-type';

describe('monthsLeft', () => {
  it('counts a started month and never goes below 0', () => {
    expect(monthsLeft('2026-03-10', '2026-09-01')).toBe(6);
    expect(monthsLeft('2026-03-01', '2026-09-01')).toBe(6);
    expect(monthsLeft('2026-03-02', '2026-09-01')).toBe(6);
    expect(monthsLeft('2026-03-01', '2026-03-20')).toBe(1);
    expect(monthsLeft('2026-10-01', '2026-09-01')).toBe(0);
  });
});
