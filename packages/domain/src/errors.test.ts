import { describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  ERROR_CATALOGUE,
  IDENTITY_ERROR_CODES,
  IDENTITY_ERROR_MESSAGE_KEYS,
  PAYMENT_DECLINE_REASONS,
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
  });
});

describe('spec 01 §8: sign-in and identity messages', () => {
  it('spec 01 §8: auth message keys are distinct and live under auth.', () => {
    const keys = Object.values(AUTH_MESSAGES);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(key).toMatch(/^auth\.[a-zA-Z]+$/);
  });

  it('spec 01 §4: an unverified email warns verifyNeeded; other sign-in input failures ask to double-check', () => {
    expect(IDENTITY_ERROR_MESSAGE_KEYS['email-not-verified']).toBe(AUTH_MESSAGES.verifyNeeded);
    expect(IDENTITY_ERROR_MESSAGE_KEYS['invalid-input']).toBe(AUTH_MESSAGES.pleaseDoubleCheck);
  });

  it('spec 01 §8: Google onboarding needed shows signUpDetails; sign-up failures get their own messages', () => {
    expect(IDENTITY_ERROR_MESSAGE_KEYS['onboarding-required']).toBe(AUTH_MESSAGES.signUpDetails);
    expect(IDENTITY_ERROR_MESSAGE_KEYS['email-already-in-use']).toBe(
      AUTH_MESSAGES.emailAlreadyInUse,
    );
    expect(IDENTITY_ERROR_MESSAGE_KEYS['contact-support']).toBe(AUTH_MESSAGES.contactSupport);
    expect(IDENTITY_ERROR_MESSAGE_KEYS['generic-error']).toBe(AUTH_MESSAGES.genericError);
  });

  it('spec 01 §4: an unknown account reads like a wrong password, so sign-in reveals no accounts', () => {
    expect(IDENTITY_ERROR_MESSAGE_KEYS['not-found']).toBe(
      IDENTITY_ERROR_MESSAGE_KEYS['invalid-credentials'],
    );
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
  it('spec 02 §8: each decline reason has its own key, distinct from the default', () => {
    const keys = PAYMENT_DECLINE_REASONS.map(paymentDeclineMessageKey);
    expect(new Set(keys).size).toBe(PAYMENT_DECLINE_REASONS.length);
    expect(keys).not.toContain(PAYMENT_DEFAULT_MESSAGE_KEY);
    expect(paymentDeclineMessageKey('insufficientFunds')).toBe('payment.insufficientFunds');
  });

  it('spec 02 §8: any other reason, an empty one or a prototype name gets the default message', () => {
    for (const reason of ['somethingNew', '', 'toString', 'InsufficientFunds']) {
      expect(paymentDeclineMessageKey(reason)).toBe(PAYMENT_DEFAULT_MESSAGE_KEY);
    }
  });
});
