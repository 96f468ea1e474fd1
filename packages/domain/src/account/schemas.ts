import { z } from 'zod';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_PREFERENCE_CATEGORIES,
  PRONOUNS,
  type NotificationPreferenceCategory,
} from '../vocabularies';
import { emailSchema } from '../schemas/auth';
import { phoneSchema } from '../schemas/phone';

// Spec 02 §7: the account settings calls; the form and the server parse with these.

export const ACCOUNT_MESSAGES = {
  pronounInvalid: 'account.pronounInvalid',
  emailSame: 'emailChange.emailSame',
  codeRequired: 'emailChange.codeRequired',
  passwordRequired: 'account.passwordRequired',
  reasonRequired: 'deleteAccount.reasonRequired',
} as const;

/** Update phone {customerId, phone}: 10 digits after stripping (C104). */
export const updatePhoneSchema = z.object({ customerId: z.uuid(), phone: phoneSchema });
export type UpdatePhoneInput = z.output<typeof updatePhoneSchema>;

/** Update gender (pronouns) {customerId, gender}; null is "not selected" (C109). */
export const updateGenderSchema = z.object({
  customerId: z.uuid(),
  gender: z.enum(PRONOUNS, { error: ACCOUNT_MESSAGES.pronounInvalid }).nullable(),
});
export type UpdateGenderInput = z.output<typeof updateGenderSchema>;

/** Email availability {email, sendOobCodeIfAvailable} (spec 02 §7); the email is trimmed. */
export const emailAvailabilitySchema = z.object({
  email: emailSchema,
  sendOobCodeIfAvailable: z.boolean().default(false),
});
export type EmailAvailabilityInput = z.output<typeof emailAvailabilitySchema>;

/** Six digits mailed to the new address. */
export const EMAIL_CHANGE_CODE_PATTERN = /^\d{6}$/;

/** Update email address {customerId, newEmail, oobCode}. */
export const updateEmailSchema = z.object({
  customerId: z.uuid(),
  newEmail: emailSchema,
  oobCode: z
    .string({ error: ACCOUNT_MESSAGES.codeRequired })
    .trim()
    .regex(EMAIL_CHANGE_CODE_PATTERN, { error: ACCOUNT_MESSAGES.codeRequired }),
});
export type UpdateEmailInput = z.output<typeof updateEmailSchema>;

/** Why the customer leaves (the deletion form's choices). */
export const DELETION_REASONS = [
  'no_longer_needed',
  'too_expensive',
  'side_effects',
  'switching_provider',
  'privacy',
  'other',
] as const;
export type DeletionReason = (typeof DELETION_REASONS)[number];

/** Delete customer account {customerId, formId} + the password and a reason. */
export const deleteAccountSchema = z.object({
  customerId: z.uuid(),
  formId: z.string().trim().min(1).max(100).default('account-deletion'),
  password: z
    .string({ error: ACCOUNT_MESSAGES.passwordRequired })
    .min(1, { error: ACCOUNT_MESSAGES.passwordRequired })
    .max(1024),
  reason: z.enum(DELETION_REASONS, { error: ACCOUNT_MESSAGES.reasonRequired }),
  details: z.string().trim().max(1000).optional(),
});
export type DeleteAccountInput = z.output<typeof deleteAccountSchema>;

/** Transactional mail (receipts, codes, care messages) cannot be switched off. */
export const LOCKED_PREFERENCE_CATEGORIES = [
  'Transactional',
] as const satisfies readonly NotificationPreferenceCategory[];

/** One cell of the preferences grid. */
export const updateNotificationPreferenceSchema = z.object({
  category: z.enum(NOTIFICATION_PREFERENCE_CATEGORIES),
  channel: z.enum(NOTIFICATION_CHANNELS),
  enabled: z.boolean(),
});
export type UpdateNotificationPreferenceInput = z.output<typeof updateNotificationPreferenceSchema>;

export function isLockedCategory(category: NotificationPreferenceCategory): boolean {
  return (LOCKED_PREFERENCE_CATEGORIES as readonly string[]).includes(category);
}

/**
 * The status a preference has before the customer ever set it. Email is opt-out (CAN-SPAM);
 * marketing by text or push needs the customer's express consent first (TCPA), so it starts
 * off. Transactional is always on.
 */
export function defaultPreferenceEnabled(
  category: NotificationPreferenceCategory,
  channel: (typeof NOTIFICATION_CHANNELS)[number],
): boolean {
  if (category === 'Marketing') return channel === 'email';
  return true;
}

/** POST /staff/customers/:customerId/marketing-announcements: a marketing mail to one customer. */
export const marketingAnnouncementSchema = z.strictObject({
  subject: z.string().trim().min(1).max(200),
  text: z.string().trim().min(1).max(5000),
});
export type MarketingAnnouncementInput = z.output<typeof marketingAnnouncementSchema>;
