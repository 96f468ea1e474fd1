import { describe, expect, it } from 'vitest';
import { firstIssues, withFieldError } from './field-errors';

describe('field errors (issue 46)', () => {
  it('keeps the first issue of each asked field and ignores the rest', () => {
    const issues = [
      { path: ['email'], message: 'validation.email' },
      { path: ['email'], message: 'validation.required' },
      { path: ['other'], message: 'validation.other' },
      { path: [], message: 'validation.form' },
      { path: ['password', 0], message: 'validation.password' },
    ];
    expect(firstIssues(issues, ['email', 'password'] as const)).toEqual({
      email: 'validation.email',
      password: 'validation.password',
    });
  });

  it('sets, clears, and answers the same object when nothing changes', () => {
    const none = {};
    const one = withFieldError<'email' | 'password'>(none, 'email', 'validation.email');
    expect(one).toEqual({ email: 'validation.email' });
    expect(withFieldError(one, 'email', 'validation.email')).toBe(one);
    expect(withFieldError(one, 'password', undefined)).toBe(one);
    const cleared = withFieldError(one, 'email', undefined);
    expect(cleared).toEqual({});
    expect('email' in cleared).toBe(false);
  });
});
