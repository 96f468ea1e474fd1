import { describe, expect, it } from 'vitest';
import {
  PASSWORD_MIN_LENGTH,
  newPasswordSchema,
  passwordRules,
  passwordWithConfirmationSchema,
} from './password';

function messages(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

describe('spec 01 §5, spec 02 §5: password rules', () => {
  it('spec 02 §5: at least 8 characters', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(passwordRules('Abcdef1').minLength).toBe(false);
    expect(passwordRules('Abcdefg1').minLength).toBe(true);
  });

  it('spec 02 §5: needs a letter and a number', () => {
    expect(passwordRules('ABCDEFGH').letterAndNumber).toBe(false);
    expect(passwordRules('12345678').letterAndNumber).toBe(false);
    expect(passwordRules('abcdefg1').letterAndNumber).toBe(true);
    expect(passwordRules('ñandú123').letterAndNumber).toBe(true);
  });

  it('spec 02 §5: needs one capital letter', () => {
    expect(passwordRules('abcdefg1').capital).toBe(false);
    expect(passwordRules('abcdefG1').capital).toBe(true);
    expect(passwordRules('Éxito2025').capital).toBe(true);
  });

  it('spec 02 §5: the rules are checked separately for a live checklist', () => {
    expect(passwordRules('')).toEqual({ minLength: false, letterAndNumber: false, capital: false });
    expect(passwordRules('A')).toEqual({ minLength: false, letterAndNumber: false, capital: true });
    expect(passwordRules('Abcdefg1')).toEqual({
      minLength: true,
      letterAndNumber: true,
      capital: true,
    });
  });

  it('spec 02 §5: a new password meeting all three rules is accepted unchanged (not trimmed)', () => {
    expect(newPasswordSchema.parse(' Abcdefg1 ')).toBe(' Abcdefg1 ');
  });

  it('spec 02 §5: each broken rule reports its own key', () => {
    expect(messages(newPasswordSchema.safeParse('abc'))).toEqual([
      'password.minLength',
      'password.letterAndNumber',
      'password.capital',
    ]);
    expect(messages(newPasswordSchema.safeParse('abcdefgh1'))).toEqual(['password.capital']);
    expect(messages(newPasswordSchema.safeParse('Abcdefghi'))).toEqual([
      'password.letterAndNumber',
    ]);
    expect(messages(newPasswordSchema.safeParse(undefined))).toEqual(['password.minLength']);
  });
});

describe('spec 01 §5, spec 02 §5: both password entries match', () => {
  it('spec 02 §5: matching entries are accepted', () => {
    const value = { password: 'Abcdefg1', confirmPassword: 'Abcdefg1' };
    expect(passwordWithConfirmationSchema.parse(value)).toEqual(value);
  });

  it('spec 02 §5: a mismatch is reported on confirmPassword', () => {
    const result = passwordWithConfirmationSchema.safeParse({
      password: 'Abcdefg1',
      confirmPassword: 'Abcdefg2',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['confirmPassword'], message: 'password.mismatch' }),
    ]);
  });

  it('spec 02 §5: the mismatch shows even while the password still breaks a rule', () => {
    const result = passwordWithConfirmationSchema.safeParse({
      password: 'abc',
      confirmPassword: '',
    });
    expect(messages(result)).toContain('password.mismatch');
    expect(messages(result)).toContain('password.minLength');
  });

  it('spec 02 §5: a missing object is rejected without crashing', () => {
    expect(passwordWithConfirmationSchema.safeParse(null).success).toBe(false);
  });
});
