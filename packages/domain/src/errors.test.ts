import { describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  ERROR_CATALOGUE,
  IDENTITY_ERROR_CODES,
  IDENTITY_ERROR_MESSAGE_KEYS,
  PAYMENT_DEFAULT_MESSAGE_KEY,
  SUPPORT_CATEGORIES,
  UNKNOWN_ERROR_KEY,
  isErrorCode,
  isGraphQLAuthErrorCode,
  isIdentityErrorCode,
  lookupError,
  paymentDeclineMessageKey,
} from './errors';

// Transcribed from the two section 8 tables; TC101 to TC105 expanded.
const SPEC_01_CODES = ['A100', 'A101', 'A102', 'A103', 'T100', 'T101', 'F101', 'C108'];
const SPEC_02_CODES = [
  ...['P100', 'C100', 'C101', 'C104', 'C105', 'C106', 'C107', 'C108', 'C109', 'C110'],
  ...['C111', 'C112', 'B100', 'T100', 'T101', 'SA100', 'SA101', 'SA102', 'SA103'],
  ...['TC101', 'TC102', 'TC103', 'TC104', 'TC105', 'TC106', 'TC107', 'TC108', 'F101'],
  ...['ST100', 'ST101', 'ST102', 'R101', 'R102', 'BS101', 'BS102', 'A103'],
];
const ALL_SPEC_CODES = [...new Set([...SPEC_01_CODES, ...SPEC_02_CODES])];

describe('spec 01 §8, spec 02 §8: error catalogue', () => {
  it('spec 01 §8: every code of the first table is in the catalogue', () => {
    for (const code of SPEC_01_CODES) expect(lookupError(code)?.code).toBe(code);
  });

  it('spec 02 §8: every code of the second table is in the catalogue, TC101–TC105 expanded', () => {
    for (const code of SPEC_02_CODES) expect(lookupError(code)?.code).toBe(code);
  });

  it('spec 01 §8, spec 02 §8: the catalogue holds no code the specs do not list', () => {
    expect(Object.keys(ERROR_CATALOGUE).sort()).toEqual([...ALL_SPEC_CODES].sort());
  });

  it('spec 01 §8: each entry is filed under its own code with a unique errors.<code> key', () => {
    const entries = Object.entries(ERROR_CATALOGUE);
    for (const [key, entry] of entries) {
      expect(entry.code).toBe(key);
      expect(entry.messageKey).toBe(`errors.${key}`);
      expect(entry.messageKey).toMatch(/^errors\.[A-Z]{1,2}\d{3}$/);
    }
    const keys = entries.map(([, entry]) => entry.messageKey);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).not.toContain(UNKNOWN_ERROR_KEY);
  });

  it('spec 02 §8: SA100–SA103 send the customer to the care team, so they carry a contact link', () => {
    for (const code of ['SA100', 'SA101', 'SA102', 'SA103']) {
      expect(lookupError(code)?.supportCategory).toBe('shipping');
    }
  });

  it('spec 01 §8, spec 02 §8: load and payment failures carry a support category', () => {
    const mustHave = ['A100', 'A101', 'A102', 'C100', 'C105', 'C108', 'B100', 'P100', 'ST102'];
    for (const code of [...mustHave, 'TC106', 'TC108', 'F101', 'R101']) {
      expect(SUPPORT_CATEGORIES).toContain(lookupError(code)?.supportCategory);
    }
  });

  it('spec 01 §8, spec 02 §8: expected states (no slots, bulk too recent) have no contact link', () => {
    for (const code of ['T101', 'BS101', 'BS102']) {
      expect(lookupError(code)?.supportCategory).toBeNull();
    }
  });

  it('spec 01 §8: unknown codes fall through to the unknown message', () => {
    expect(lookupError('Z999')).toBeUndefined();
    expect(lookupError('toString')).toBeUndefined();
    expect(lookupError('a100')).toBeUndefined();
    expect(isErrorCode('TC105')).toBe(true);
    expect(isErrorCode('TC109')).toBe(false);
    expect(UNKNOWN_ERROR_KEY).toBe('errors.unknown');
  });
});

describe('spec 01 §8: sign-in and identity messages', () => {
  it('spec 01 §8: every auth message key the spec names is present and under auth.', () => {
    const keys = Object.values(AUTH_MESSAGES);
    for (const key of [
      'auth.verifyNeeded',
      'auth.pleaseDoubleCheck',
      'auth.emailInvalid',
      'auth.passwordRequired',
      'auth.signUpDetails',
      'auth.genericError',
    ]) {
      expect(keys).toContain(key);
    }
    expect(keys).toHaveLength(13);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(key).toMatch(/^auth\.[a-zA-Z]+$/);
  });

  it('spec 01 §4: an unverified email warns verifyNeeded; sign-up codes map as §7 says', () => {
    expect(IDENTITY_ERROR_MESSAGE_KEYS['email-not-verified']).toBe('auth.verifyNeeded');
    expect(IDENTITY_ERROR_MESSAGE_KEYS['email-already-in-use']).toBe('auth.emailAlreadyInUse');
    expect(IDENTITY_ERROR_MESSAGE_KEYS['contact-support']).toBe('auth.contactSupport');
    expect(IDENTITY_ERROR_MESSAGE_KEYS['generic-error']).toBe('auth.genericError');
    expect(IDENTITY_ERROR_MESSAGE_KEYS['onboarding-required']).toBe('auth.signUpDetails');
  });

  it('spec 01 §8: every identity error code maps to an auth message', () => {
    const authKeys: readonly string[] = Object.values(AUTH_MESSAGES);
    for (const code of IDENTITY_ERROR_CODES) {
      expect(authKeys).toContain(IDENTITY_ERROR_MESSAGE_KEYS[code]);
    }
    expect(Object.keys(IDENTITY_ERROR_MESSAGE_KEYS).sort()).toEqual(
      [...IDENTITY_ERROR_CODES].sort(),
    );
    expect(isIdentityErrorCode('invalid-credentials')).toBe(true);
    expect(isIdentityErrorCode('EmailAlreadyExists')).toBe(false);
  });

  it('spec 01 §4: only invalid-jwt and jwtExpired trigger a token refresh', () => {
    expect(isGraphQLAuthErrorCode('invalid-jwt')).toBe(true);
    expect(isGraphQLAuthErrorCode('jwtExpired')).toBe(true);
    expect(isGraphQLAuthErrorCode('FORBIDDEN')).toBe(false);
    expect(isGraphQLAuthErrorCode(undefined)).toBe(false);
  });
});

describe('spec 02 §8: payment processor messages', () => {
  it('spec 02 §8: a known decline reason has its own key; anything else gets the default', () => {
    expect(paymentDeclineMessageKey('insufficientFunds')).toBe('payment.insufficientFunds');
    expect(paymentDeclineMessageKey('lostOrStolen')).toBe('payment.lostOrStolen');
    expect(paymentDeclineMessageKey('somethingNew')).toBe(PAYMENT_DEFAULT_MESSAGE_KEY);
    expect(PAYMENT_DEFAULT_MESSAGE_KEY).toBe('payment.default');
  });
});
