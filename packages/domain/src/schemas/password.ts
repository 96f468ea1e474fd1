import { z } from 'zod';

/** Spec 01 §5; spec 02 §5: at least 8 characters. */
export const PASSWORD_MIN_LENGTH = 8;

export const PASSWORD_MESSAGES = {
  minLength: 'password.minLength',
  letterAndNumber: 'password.letterAndNumber',
  capital: 'password.capital',
  mismatch: 'password.mismatch',
} as const;

export interface PasswordRuleResults {
  minLength: boolean;
  letterAndNumber: boolean;
  capital: boolean;
}

/**
 * Spec 01 §5; spec 02 §5: each new-password rule checked on its own, so a form can tick a
 * live checklist. Letters and capitals include accented ones (ñ, É) for Spanish speakers.
 */
export function passwordRules(password: string): PasswordRuleResults {
  return {
    minLength: password.length >= PASSWORD_MIN_LENGTH,
    letterAndNumber: /\p{L}/u.test(password) && /\d/.test(password),
    capital: /\p{Lu}/u.test(password),
  };
}

/** A password being set (sign-up link, reset, change). Never trimmed. */
export const newPasswordSchema = z
  .string({ error: PASSWORD_MESSAGES.minLength })
  .refine((value) => passwordRules(value).minLength, { error: PASSWORD_MESSAGES.minLength })
  .refine((value) => passwordRules(value).letterAndNumber, {
    error: PASSWORD_MESSAGES.letterAndNumber,
  })
  .refine((value) => passwordRules(value).capital, { error: PASSWORD_MESSAGES.capital });

/** Spec 01 §5; spec 02 §5: both entries must match; the mismatch shows on the second field. */
export const passwordWithConfirmationSchema = z
  .object({
    password: newPasswordSchema,
    confirmPassword: z.string({ error: PASSWORD_MESSAGES.mismatch }),
  })
  .refine((value) => value.password === value.confirmPassword, {
    error: PASSWORD_MESSAGES.mismatch,
    path: ['confirmPassword'],
    // Report a mismatch even while the password still breaks a rule, as a live form needs.
    when: ({ value }) => {
      if (typeof value !== 'object' || value === null) return false;
      const fields = value as { password?: unknown; confirmPassword?: unknown };
      return typeof fields.password === 'string' && typeof fields.confirmPassword === 'string';
    },
  });
export type PasswordWithConfirmation = z.infer<typeof passwordWithConfirmationSchema>;
