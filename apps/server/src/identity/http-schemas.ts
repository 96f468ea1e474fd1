import { z } from 'zod';

/** Response schemas shared by the identity routes; with their inputs they feed /openapi.json. */
export const errorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
  errorCode: z.string().optional(),
});

export const tokenPair = z.object({
  idToken: z.string(),
  refreshToken: z.string(),
  expiresIn: z.int().describe('Seconds until the ID token expires.'),
});

/** The sign-in answer when the account has a second factor: a challenge, not tokens. */
export const secondFactorRequired = z.object({
  secondFactor: z.literal('required'),
  challenge: z.string().describe('For POST /identity/sign-in/second-factor; lives 5 minutes.'),
  methods: z.array(z.enum(['totp', 'recovery'])),
});

export const ok = z.object({ ok: z.boolean() });
export const emailResult = z.object({ email: z.string() });

export function responses<S extends z.ZodType>(success: S) {
  return { 200: success, '4xx': errorBody, '5xx': errorBody };
}

/** RFC 6749 §5.2 error answers of /connect/token. */
export const oauthError = z.object({ error: z.string(), error_description: z.string() });
