import { describe, expect, it } from 'vitest';
import {
  SUPPORTED_STATES,
  TEST_STATE,
  findSupportedState,
  isSupportedStateCode,
} from './us-states';

describe('spec 02 §5: supported shipping states', () => {
  it('spec 01 §9, spec 02 §5: the 50 US states, DC and a test state — 52 in all', () => {
    expect(SUPPORTED_STATES).toHaveLength(52);
    const real = SUPPORTED_STATES.filter((s) => s.code !== TEST_STATE.code && s.code !== 'DC');
    expect(real).toHaveLength(50);
  });

  it('spec 02 §5: codes and names are unique; codes are two upper-case letters', () => {
    const codes = SUPPORTED_STATES.map((s) => s.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(new Set(SUPPORTED_STATES.map((s) => s.name)).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[A-Z]{2}$/);
  });

  it('spec 02 §5: DC and the outlying states are in; territories are not', () => {
    for (const code of ['DC', 'AK', 'HI', 'CA', 'NY', 'TX', 'WY', 'TS']) {
      expect(isSupportedStateCode(code)).toBe(true);
    }
    for (const code of ['PR', 'GU', 'VI', 'AS', 'MP', 'XX', 'ca', '']) {
      expect(isSupportedStateCode(code)).toBe(false);
    }
  });

  it('spec 02 §5: a typed code matches in any case, trimmed', () => {
    expect(findSupportedState(' ca ')).toEqual({ code: 'CA', name: 'California' });
    expect(findSupportedState('dc')?.name).toBe('District of Columbia');
    expect(findSupportedState('pr')).toBeUndefined();
  });
});
