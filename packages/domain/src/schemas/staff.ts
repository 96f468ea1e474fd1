import { z } from 'zod';
import { FEATURE_FLAGS } from '../constants';
import { treatmentShortIdSchema } from '../appointments/schemas';
import { isSupportedStateCode } from '../us-states';
import { NOTIFICATION_STATUSES, REQUIREMENT_TYPES, SUBSCRIPTION_STATUSES } from '../vocabularies';
import {
  confirmPasswordResetHttpSchema,
  sendVerificationRequestSchema,
  signInRequestSchema,
} from './identity-http';

// One zod schema per staff API input (STYLE.md rule 5). Messages name the rule broken; the
// staff API is used by the care team's tools, so they are plain English, not catalogue keys
// (sign-in and the treatment short id excepted: they are the customer's own schemas, whose
// messages are keys).

const instant = z.iso.datetime({ offset: true }).transform((v) => new Date(v));

/** Whether a link stays on the page's origin, whatever that origin is. */
export function isSameOriginPath(value: string): boolean {
  // A browser reads `//host` and `/\host` as another origin, and rewrites backslashes and
  // drops tabs and newlines before resolving: none of them is taken.
  if (!value.startsWith('/') || /^\/[/\\]/.test(value)) return false;
  if ([...value].some((c) => c === '\\' || c.charCodeAt(0) < 0x20 || c === '\u007f')) {
    return false;
  }
  const base = 'https://portal.invalid';
  try {
    return new URL(value, base).origin === base;
  } catch {
    return false;
  }
}

/** Where a call to action may lead: a path in the portal, nothing else (same origin). */
export const actionUrlSchema = z
  .string()
  .trim()
  .max(2000)
  .refine(isSameOriginPath, { message: 'must be a path in the portal, starting with /' });

const actionUrl = actionUrlSchema;

const action = z.strictObject({
  label: z.string().trim().min(1).max(100),
  url: actionUrl,
});

/** Notification types: the spec's list is "types seen", so any identifier-like name is taken. */
const notificationType = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be letters, digits, _ or -, at most 64');

export const createNotificationSchema = z
  .strictObject({
    type: notificationType,
    title: z.string().trim().min(1).max(200),
    message: z.string().trim().max(2000).optional(),
    description: z.string().trim().max(5000).optional(),
    severity: z.enum(['info', 'success', 'warning', 'error']).default('info'),
    status: z.enum(NOTIFICATION_STATUSES).default('unread'),
    shortId: z.string().trim().min(1).max(64).optional(),
    action: action.optional(),
    /** For action_required_contract_expire_v1: the subscriptions the notice is about. */
    metadata: z
      .strictObject({ subscriptionIds: z.array(z.uuid()).min(1).max(20).optional() })
      .default({}),
    showAfter: instant.optional(),
    expireAt: instant.optional(),
    date: instant.optional(),
  })
  .refine((n) => !n.showAfter || !n.expireAt || n.expireAt > n.showAfter, {
    message: 'must be later than showAfter',
    path: ['expireAt'],
  });
export type CreateNotificationInput = z.output<typeof createNotificationSchema>;

export const postMessageSchema = z.strictObject({
  type: z.string().trim().min(1).max(100),
  /** HTML with optional `<!-- section: Name -->` markers; stored as sent. */
  html: z.string().min(1).max(100_000),
  providerId: z.uuid().optional(),
  templateUsedId: z.uuid().optional(),
  /** When present, a notification pointing at the message is raised with it. */
  notify: z
    .strictObject({
      title: z.string().trim().min(1).max(200),
      message: z.string().trim().max(2000).optional(),
      severity: z.enum(['info', 'success', 'warning', 'error']).default('info'),
      /** The label of the call to action that opens the message. */
      actionLabel: z.string().trim().min(1).max(100).default('View message'),
    })
    .optional(),
});
export type PostMessageInput = z.output<typeof postMessageSchema>;

export const messageTemplateSchema = z.strictObject({
  type: z.string().trim().min(1).max(100),
  description: z.string().trim().min(1).max(500),
});

const flagNames = Object.values(FEATURE_FLAGS) as [string, ...string[]];
export const flagParamSchema = z.object({ name: z.enum(flagNames, { message: 'unknown flag' }) });

/** customerId absent or null sets the default for every customer. */
export const setFlagSchema = z.strictObject({
  customerId: z.uuid().nullable().default(null),
  enabled: z.boolean(),
});

export const surfaceParamSchema = z.object({
  surface: z.enum(['home', 'account'], { message: 'must be home or account' }),
});

export const setModulesSchema = z.strictObject({
  customerId: z.uuid().nullable().default(null),
  modules: z
    .array(z.string().regex(/^[A-Za-z][A-Za-z0-9_-]{0,63}$/, 'not a module name'))
    .min(1)
    .max(30)
    .refine((list) => new Set(list).size === list.length, { message: 'names must be unique' }),
});

/** POST /staff/token: a staff account signs in with the same rules as a customer. */
export const staffSignInSchema = signInRequestSchema;

/** POST /staff/password-reset: a staff account's email (the answer is the same for any email). */
export const staffPasswordResetRequestSchema = sendVerificationRequestSchema;

/** POST /staff/password-reset/confirm: the mailed code and a new password (the portal's rules). */
export const staffPasswordResetConfirmSchema = confirmPasswordResetHttpSchema;

export const customerParamSchema = z.object({ customerId: z.uuid() });

/** PUT /staff/customers/:customerId/shipping-address: the care team records where a customer lives. */
export const shippingAddressSchema = z.strictObject({
  streetAddress1: z.string().trim().min(1).max(200),
  streetAddress2: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((v) => v || null),
  city: z.string().trim().min(1).max(100),
  stateCode: z
    .string()
    .trim()
    .toUpperCase()
    .refine(isSupportedStateCode, { message: 'must be a supported state code' }),
  zipCode: z
    .string()
    .trim()
    .regex(/^\d{5}(?:-\d{4})?$/, 'must be a ZIP code (12345 or 12345-6789)'),
});
export type ShippingAddressInput = z.output<typeof shippingAddressSchema>;

/**
 * POST /staff/customers/:customerId/subscriptions: a plan for a treatment. Billing builds real
 * plans later; this is the subscription row the portal reads a customer's treatments from.
 */
export const createSubscriptionSchema = z.strictObject({
  treatmentShortId: treatmentShortIdSchema,
  status: z.enum(SUBSCRIPTION_STATUSES).default('active'),
});
export type CreateSubscriptionInput = z.output<typeof createSubscriptionSchema>;

/**
 * POST /staff/customers/:customerId/appointments: the care team books a visit at any time,
 * past or future (no customer booking window); the live-slot unique index still refuses a
 * second live visit at one provider's start.
 */
export const staffAppointmentSchema = z
  .strictObject({
    providerId: z.uuid(),
    treatmentShortId: treatmentShortIdSchema,
    start: instant,
    end: instant,
    isAsync: z.boolean().default(false),
    /** What the customer has to do before the visit (issue 15: an intake, an ID check). */
    requirements: z.array(z.enum(REQUIREMENT_TYPES)).max(REQUIREMENT_TYPES.length).default([]),
  })
  .refine((a) => a.end > a.start, { message: 'must be later than start', path: ['end'] });
export type StaffAppointmentInput = z.output<typeof staffAppointmentSchema>;

/** The signed challenge POST /staff/token answers with (issue 41): a compact JWS. */
const staffChallengeSchema = z.string().trim().min(1).max(2000);

/** An authenticator app's six-digit code; spaces people type between the groups are dropped. */
export const totpCodeSchema = z
  .string()
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.'));

/** A printed recovery code: four groups of five letters and digits (case and dashes loose). */
export const recoveryCodeSchema = z
  .string()
  .transform((value) => value.replace(/[\s-]+/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z2-7]{20}$/, 'Enter a recovery code as printed.'));

/** POST /staff/token/enroll: the challenge and the first code of the newly added app. */
export const staffEnrollSchema = z.strictObject({
  challenge: staffChallengeSchema,
  code: totpCodeSchema,
});

/** POST /staff/token/verify: the challenge and either an app code or a recovery code. */
export const staffVerifySchema = z.union([
  z.strictObject({ challenge: staffChallengeSchema, code: totpCodeSchema }),
  z.strictObject({ challenge: staffChallengeSchema, recoveryCode: recoveryCodeSchema }),
]);

export const STAFF_ROLES = ['care', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
