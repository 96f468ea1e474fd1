import { z } from 'zod';
import {
  PAYMENT_DECLINE_REASONS,
  paymentDeclineMessageKey,
  type PaymentDeclineReason,
  type PaymentMessageKey,
} from '../errors';

// A processor's answer to a charge or a card check, turned into the spec's code and message
// (spec 02 §4, §8): a payment problem during a plan or treatment change is TC108; saving a card
// (replacing the payment source) that the processor refuses is ST102. The reason picks the
// processor message; an unknown reason shows the default message.

export type PaymentContext = 'change' | 'paymentSource';

export interface PaymentFailure {
  code: 'TC108' | 'ST102';
  reason: PaymentDeclineReason | 'unknown';
  messageKey: PaymentMessageKey;
}

export function isPaymentDeclineReason(value: string): value is PaymentDeclineReason {
  return (PAYMENT_DECLINE_REASONS as readonly string[]).includes(value);
}

export function paymentFailure(context: PaymentContext, reason: string): PaymentFailure {
  return {
    code: context === 'change' ? 'TC108' : 'ST102',
    reason: isPaymentDeclineReason(reason) ? reason : 'unknown',
    messageKey: paymentDeclineMessageKey(reason),
  };
}

// ---------------------------------------------------------------------------
// Cancellation (spec 02 §2, §5): a reason from a list and an optional bounded free text.
// ---------------------------------------------------------------------------

/** The list the spec does not show; these are the common processor feedback values. */
export const CANCELLATION_REASONS = [
  'too_expensive',
  'reached_goal',
  'side_effects',
  'not_working',
  'switched_service',
  'customer_service',
  'unused',
  'other',
] as const;
export type CancellationReason = (typeof CANCELLATION_REASONS)[number];

/** Spec 02 §5: the 'other' free text has a maximum length (not shown there; ours). */
export const CANCELLATION_TEXT_MAX = 500;

export const cancelSubscriptionSchema = z
  .strictObject({
    subscriptionId: z.uuid(),
    reason: z.enum(CANCELLATION_REASONS, { error: 'cancellation.reasonRequired' }),
    otherText: z
      .string()
      .trim()
      .max(CANCELLATION_TEXT_MAX, { error: 'cancellation.tooLong' })
      .optional()
      .transform((v) => (v === '' ? undefined : v)),
  })
  .refine((v) => v.reason !== 'other' || v.otherText !== undefined, {
    path: ['otherText'],
    message: 'cancellation.otherRequired',
  });
export type CancelSubscriptionInput = z.output<typeof cancelSubscriptionSchema>;
