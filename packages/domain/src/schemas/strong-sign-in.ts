import { z } from 'zod';
import { AUTH_MESSAGES } from '../errors';

// Strong sign-in for patients (issue 42): the inputs of the second step of sign-in, of the
// authenticator app's enrolment and removal, and of passkeys. Messages are catalogue keys.

export const STRONG_SIGN_IN_MESSAGES = {
  codeFormat: 'signInCode.errors.codeFormat',
  recoveryCodeFormat: 'signInCode.errors.recoveryCodeFormat',
  passkeyName: 'signInCode.errors.passkeyName',
} as const;

/** Recovery codes a patient is given at a time. */
export const RECOVERY_CODES_PER_SET = 10;
/** The longest name of a passkey. */
export const PASSKEY_NAME_MAX_LENGTH = 60;

/** A six-digit authenticator code (catalogue message keys, unlike the staff one); spaces a person types between groups are dropped. */
export const patientTotpCodeSchema = z
  .string({ error: STRONG_SIGN_IN_MESSAGES.codeFormat })
  .max(20, { error: STRONG_SIGN_IN_MESSAGES.codeFormat })
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, { error: STRONG_SIGN_IN_MESSAGES.codeFormat }));

/** A recovery code XXXXX-XXXXX-XXXXX-XXXXX (base32); dashes, spaces and case do not matter. */
export const patientRecoveryCodeSchema = z
  .string({ error: STRONG_SIGN_IN_MESSAGES.recoveryCodeFormat })
  .max(60, { error: STRONG_SIGN_IN_MESSAGES.recoveryCodeFormat })
  .transform((v) => v.replace(/[\s-]+/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z2-7]{20}$/, { error: STRONG_SIGN_IN_MESSAGES.recoveryCodeFormat }));

/** The opaque token of a sign-in waiting for its second factor. */
const challenge = z.string({ error: AUTH_MESSAGES.genericError }).min(20).max(200);

/** "Don't ask again on this device for 30 days" (a trusted-device cookie when the code passes). */
const trustDevice = z.boolean().optional();

/** POST /identity/sign-in/second-factor: an authenticator code or a recovery code. */
export const secondFactorAnswerSchema = z.union([
  z.strictObject({ challenge, code: patientTotpCodeSchema, trustDevice }),
  z.strictObject({ challenge, recoveryCode: patientRecoveryCodeSchema, trustDevice }),
]);
export type SecondFactorAnswerInput = z.output<typeof secondFactorAnswerSchema>;

/** POST /identity/second-factor/totp/confirm: the app's first code. */
export const totpConfirmSchema = z.strictObject({ code: patientTotpCodeSchema });
export type TotpConfirmInput = z.output<typeof totpConfirmSchema>;

/** Removing a factor or making new recovery codes: the password again. */
export const secondFactorPasswordSchema = z.strictObject({
  password: z
    .string({ error: AUTH_MESSAGES.passwordRequired })
    .min(1, { error: AUTH_MESSAGES.passwordRequired })
    .max(1000, { error: AUTH_MESSAGES.passwordRequired }),
});
export type SecondFactorPasswordInput = z.output<typeof secondFactorPasswordSchema>;

/** A passkey's name, as the patient gives it. */
export const passkeyNameSchema = z
  .string({ error: STRONG_SIGN_IN_MESSAGES.passkeyName })
  .trim()
  .min(1, { error: STRONG_SIGN_IN_MESSAGES.passkeyName })
  .max(PASSKEY_NAME_MAX_LENGTH, { error: STRONG_SIGN_IN_MESSAGES.passkeyName });

/** The sign-in answer when a second factor is needed (instead of a token pair). */
export interface SecondFactorRequired {
  secondFactor: 'required';
  challenge: string;
  methods: ('totp' | 'recovery')[];
}

/** A WebAuthn ceremony's answer as @simplewebauthn/browser gives it (checked by the server). */
const webauthnResponseSchema = z.looseObject({
  id: z.string().min(1).max(2000),
  rawId: z.string().min(1).max(2000),
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: z.string().min(1).max(20_000) }),
});

/** POST /identity/passkeys/register: the new passkey's answer and its name. */
export const passkeyRegistrationSchema = z.strictObject({
  name: passkeyNameSchema,
  response: webauthnResponseSchema,
});
export type PasskeyRegistrationInput = z.output<typeof passkeyRegistrationSchema>;

/** POST /identity/passkeys/sign-in: the passkey's signed answer to the server's challenge. */
export const passkeySignInSchema = z.strictObject({ response: webauthnResponseSchema });
export type PasskeySignInInput = z.output<typeof passkeySignInSchema>;

/** POST /identity/passkeys/:id/rename. */
export const passkeyRenameSchema = z.strictObject({ name: passkeyNameSchema });
