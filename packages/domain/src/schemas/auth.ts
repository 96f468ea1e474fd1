import { z } from 'zod';
import { AUTH_MESSAGES } from '../errors';
import { newPasswordSchema } from './password';

/**
 * Spec 01 §5; spec 02 §5: email is trimmed before use. It is lower-cased too, so one
 * mailbox is one account however it is typed.
 */
export const emailSchema = z
  .string({ error: AUTH_MESSAGES.emailInvalid })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: AUTH_MESSAGES.emailInvalid }));

/** Spec 01 §5: an empty password shows passwordRequired; the new-password rules do not apply. */
const currentPasswordSchema = z
  .string({ error: AUTH_MESSAGES.passwordRequired })
  .min(1, { error: AUTH_MESSAGES.passwordRequired });

// Not typed by a person; a missing tenant is a client bug, reported generically.
const tenantIdSchema = z
  .string({ error: AUTH_MESSAGES.genericError })
  .trim()
  .min(1, { error: AUTH_MESSAGES.genericError });

/** Spec 01 §2, §5: the sign-in form. */
export const signInSchema = z.object({
  email: emailSchema,
  password: currentPasswordSchema,
});
export type SignInInput = z.infer<typeof signInSchema>;

/** A person's name as typed on sign-up: trimmed, 1 to 100 characters. */
const personNameSchema = z
  .string({ error: 'auth.nameRequired' })
  .trim()
  .min(1, { error: 'auth.nameRequired' })
  .max(100, { error: 'auth.nameTooLong' });

/**
 * Spec 01 §7: sign-up asks for the email (the password is set through the mailed link). The
 * name is asked too, so the new customer record greets the person by it.
 */
export const signUpSchema = z.object({
  email: emailSchema,
  firstName: personNameSchema,
  lastName: personNameSchema,
});
export type SignUpInput = z.infer<typeof signUpSchema>;

/**
 * Spec 01 §7: identity POST /user/create {email, tenantId}; the name is optional there, since
 * customers created by the care team already have a record to link to.
 */
export const createUserRequestSchema = z.object({
  email: emailSchema,
  tenantId: tenantIdSchema,
  firstName: personNameSchema.optional(),
  lastName: personNameSchema.optional(),
});
export type CreateUserRequest = z.infer<typeof createUserRequestSchema>;

/** Spec 01 §7: identity POST /user/reset-password (and /user/delete-reset-password-links). */
export const resetPasswordRequestSchema = z.object({
  email: emailSchema,
  tenantId: tenantIdSchema,
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/** Spec 01 §7: confirm a password reset with the code from the mailed link. */
export const confirmPasswordResetSchema = z.object({
  code: z
    .string({ error: AUTH_MESSAGES.codeInvalid })
    .trim()
    .min(1, { error: AUTH_MESSAGES.codeInvalid }),
  password: newPasswordSchema,
});
export type ConfirmPasswordReset = z.infer<typeof confirmPasswordResetSchema>;

/** Spec 01 §7: update password after re-authentication with the current one. */
export const updatePasswordSchema = z.object({
  currentPassword: currentPasswordSchema,
  newPassword: newPasswordSchema,
});
export type UpdatePasswordInput = z.infer<typeof updatePasswordSchema>;
