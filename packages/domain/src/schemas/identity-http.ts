import { z } from 'zod';
import { TOKEN_TYPES } from '../constants';
import { AUTH_MESSAGES } from '../errors';
import {
  confirmPasswordResetSchema,
  createUserRequestSchema,
  emailSchema,
  resetPasswordRequestSchema,
  signInSchema,
  updatePasswordSchema,
} from './auth';
import { PASSWORD_MESSAGES } from './password';

// The identity routes' inputs (spec 01 §7): the form schemas of ./auth, each field capped in
// length, since a server must not hash or look up a megabyte of text someone posted.

/** The longest value an identity route takes in a field its rules do not bound themselves. */
export const IDENTITY_FIELD_MAX_LENGTH = 1000;
/** The longest one-time code (a mailed link's oobCode, a Google round trip's code) looked up. */
export const ONE_TIME_CODE_MAX_LENGTH = 200;
/** The longest subject token /connect/token reads (an ID token is a JWT of a few hundred bytes). */
export const SUBJECT_TOKEN_MAX_LENGTH = 8000;

/** A string of at most `max` characters, then the field's own rules. */
function capped<S extends z.ZodType<unknown, string>>(
  schema: S,
  typeError: string,
  tooLong: string = typeError,
  max = IDENTITY_FIELD_MAX_LENGTH,
) {
  return z.string({ error: typeError }).max(max, { error: tooLong }).pipe(schema);
}

const email = capped(emailSchema, AUTH_MESSAGES.emailInvalid);
const tenantId = capped(createUserRequestSchema.shape.tenantId, AUTH_MESSAGES.genericError);

/** POST /identity/sign-in. */
export const signInRequestSchema = z.object({
  email,
  password: capped(
    signInSchema.shape.password,
    AUTH_MESSAGES.passwordRequired,
    AUTH_MESSAGES.genericError,
  ),
});

/** POST /user/create. */
export const createUserHttpSchema = createUserRequestSchema.extend({ email, tenantId });

/** POST /user/reset-password and /user/delete-reset-password-links. */
export const resetPasswordHttpSchema = resetPasswordRequestSchema.extend({ email, tenantId });

/** POST /identity/password-reset/confirm. */
export const confirmPasswordResetHttpSchema = confirmPasswordResetSchema.extend({
  code: capped(confirmPasswordResetSchema.shape.code, AUTH_MESSAGES.codeInvalid),
  password: capped(
    confirmPasswordResetSchema.shape.password,
    PASSWORD_MESSAGES.minLength,
    AUTH_MESSAGES.genericError,
  ),
});

/** POST /identity/refresh and /identity/sign-out: not typed by a person, so a generic message. */
export const refreshTokenRequestSchema = z.object({
  refreshToken: z
    .string({ error: AUTH_MESSAGES.genericError })
    .min(1, { error: AUTH_MESSAGES.genericError })
    .max(IDENTITY_FIELD_MAX_LENGTH, { error: AUTH_MESSAGES.genericError }),
});

/**
 * POST /identity/password-reset/verify, /identity/email-verification/confirm and
 * /identity/google/complete: a one-time code, looked up and never trimmed.
 */
export const oneTimeCodeRequestSchema = z.object({
  code: z
    .string({ error: AUTH_MESSAGES.codeInvalid })
    .min(1, { error: AUTH_MESSAGES.codeInvalid })
    .max(ONE_TIME_CODE_MAX_LENGTH, { error: AUTH_MESSAGES.codeInvalid }),
});

/** POST /identity/email-verification/send. */
export const sendVerificationRequestSchema = z.object({ email });

/** POST /identity/reauthenticate: the current password again. */
export const reauthenticateRequestSchema = z.object({
  password: signInRequestSchema.shape.password,
});

/** POST /identity/password/update (after re-authentication). */
export const updatePasswordRequestSchema = z.object({
  newPassword: capped(
    updatePasswordSchema.shape.newPassword,
    PASSWORD_MESSAGES.minLength,
    AUTH_MESSAGES.genericError,
  ),
});

/** GET /identity/google/start. */
export const googleStartQuerySchema = z.object({
  returnTo: z.string().optional().describe('Same-origin path to come back to.'),
});

/** Subject token types /connect/token accepts: an ID token, or a JWT (which it is). */
export const SUBJECT_TOKEN_TYPES = [TOKEN_TYPES.idToken, TOKEN_TYPES.jwt] as const;

const param = z.string().max(IDENTITY_FIELD_MAX_LENGTH);

/**
 * POST /connect/token (form encoded). Only the shape: which grant, client and scope are
 * offered is answered with OAuth's own error codes by the route.
 */
export const tokenExchangeRequestSchema = z.object({
  grant_type: param,
  client_id: param,
  scope: param.optional(),
  subject_token: z.string().max(SUBJECT_TOKEN_MAX_LENGTH),
  subject_token_type: param.optional(),
});
