import { describe, expect, it } from 'vitest';
import {
  confirmPasswordResetSchema,
  createUserRequestSchema,
  emailSchema,
  resetPasswordRequestSchema,
  signInSchema,
  signUpSchema,
  updatePasswordSchema,
} from './auth';

function messages(result: { error?: { issues: { message: string; path: PropertyKey[] }[] } }) {
  return result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];
}

describe('spec 01 §5, spec 02 §5: email', () => {
  it('spec 01 §5: email is trimmed (and lower-cased) before use', () => {
    expect(emailSchema.parse('  Ada.Lovelace@Example.COM \n')).toBe('ada.lovelace@example.com');
  });

  it('spec 01 §5: an invalid email shows auth.emailInvalid', () => {
    for (const input of ['', '   ', 'ada', 'ada@', '@example.com', 'ada@example', 'a b@c.com']) {
      expect(messages(emailSchema.safeParse(input))).toEqual([['', 'auth.emailInvalid']]);
    }
    expect(messages(emailSchema.safeParse(undefined))).toEqual([['', 'auth.emailInvalid']]);
  });
});

describe('spec 01 §5: sign-in', () => {
  it('spec 01 §5: a valid email and any non-empty password are accepted', () => {
    expect(signInSchema.parse({ email: ' Ada@Example.com', password: 'x' })).toEqual({
      email: 'ada@example.com',
      password: 'x',
    });
  });

  it('spec 01 §5: the new-password rules do not apply at sign-in; the password is not trimmed', () => {
    expect(signInSchema.parse({ email: 'a@b.co', password: ' short ' }).password).toBe(' short ');
  });

  it('spec 01 §5: an empty password shows auth.passwordRequired', () => {
    expect(messages(signInSchema.safeParse({ email: 'a@b.co', password: '' }))).toEqual([
      ['password', 'auth.passwordRequired'],
    ]);
    expect(messages(signInSchema.safeParse({ email: 'a@b.co' }))).toEqual([
      ['password', 'auth.passwordRequired'],
    ]);
  });

  it('spec 01 §5: both problems are reported at once', () => {
    expect(messages(signInSchema.safeParse({ email: 'nope', password: '' }))).toEqual([
      ['email', 'auth.emailInvalid'],
      ['password', 'auth.passwordRequired'],
    ]);
  });
});

describe('spec 01 §7: identity requests', () => {
  it('spec 01 §7: sign-up takes the email and a name, never a password', () => {
    expect(
      signUpSchema.parse({
        email: 'Ada@Example.com ',
        firstName: ' Ada ',
        lastName: 'Lovelace',
        password: 'ignored',
      }),
    ).toEqual({ email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' });
    expect(messages(signUpSchema.safeParse({ email: 'x', firstName: ' ', lastName: 'L' }))).toEqual(
      [
        ['email', 'auth.emailInvalid'],
        ['firstName', 'auth.nameRequired'],
      ],
    );
  });

  it('spec 01 §7: /user/create and /user/reset-password need an email and a tenant id', () => {
    for (const schema of [createUserRequestSchema, resetPasswordRequestSchema]) {
      expect(schema.parse({ email: ' A@B.co ', tenantId: 'portal' })).toEqual({
        email: 'a@b.co',
        tenantId: 'portal',
      });
      expect(messages(schema.safeParse({ email: 'a@b.co', tenantId: '  ' }))).toEqual([
        ['tenantId', 'auth.genericError'],
      ]);
      expect(schema.safeParse({ tenantId: 'portal' }).success).toBe(false);
    }
  });

  it('spec 01 §7: confirming a reset needs the code and a password meeting the rules', () => {
    expect(confirmPasswordResetSchema.parse({ code: 'abc', password: 'Abcdefg1' })).toEqual({
      code: 'abc',
      password: 'Abcdefg1',
    });
    expect(
      messages(confirmPasswordResetSchema.safeParse({ code: '', password: 'abcdefg1' })),
    ).toEqual([
      ['code', 'auth.codeInvalid'],
      ['password', 'password.capital'],
    ]);
  });

  it('spec 01 §7: updating a password needs the current one and a new one meeting the rules', () => {
    expect(updatePasswordSchema.parse({ currentPassword: 'old', newPassword: 'Abcdefg1' })).toEqual(
      { currentPassword: 'old', newPassword: 'Abcdefg1' },
    );
    expect(
      messages(updatePasswordSchema.safeParse({ currentPassword: '', newPassword: 'Abcdef1' })),
    ).toEqual([
      ['currentPassword', 'auth.passwordRequired'],
      ['newPassword', 'password.minLength'],
    ]);
  });
});
