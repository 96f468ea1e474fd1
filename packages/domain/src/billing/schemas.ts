import { z } from 'zod';
import { CONTRACT_LENGTHS_MONTHS } from '../constants';
import { ADDON_SKUS, type AddonSku } from './plans';

// Spec 02 §7: the quote and the change take the same inputs ({existingSubscriptionId,
// newSubscriptionPlanType, newAddons, encounterId, newContractLength}); the change adds the
// quote it was shown. newSubscriptionPlanType names the treatment whose plan the customer
// moves to (its own for a length or add-on change; another one for a treatment change).

/** A quote is honoured for this long after it was made (ours; the spec gives no value). */
export const QUOTE_TTL_MINUTES = 15;

export const priceChangeQuoteSchema = z.strictObject({
  existingSubscriptionId: z.uuid(),
  newSubscriptionPlanType: z
    .string()
    .trim()
    .regex(/^[a-z0-9_-]{1,64}$/, { error: 'billing.invalidPlan' }),
  newAddons: z
    .array(z.enum(ADDON_SKUS as [AddonSku, ...AddonSku[]], { error: 'billing.invalidAddon' }))
    .max(ADDON_SKUS.length)
    .default([])
    .transform((skus) => [...new Set(skus)].sort()),
  encounterId: z.string().trim().max(64).nullish(),
  newContractLength: z.union(
    CONTRACT_LENGTHS_MONTHS.map((n) => z.literal(n)),
    {
      error: 'billing.invalidContractLength',
    },
  ),
  isUpfrontPayment: z.boolean().default(false),
});
export type PriceChangeQuoteInput = z.output<typeof priceChangeQuoteSchema>;

export const changeSubscriptionSchema = priceChangeQuoteSchema.extend({
  quoteId: z.uuid(),
  quoteSignature: z.string().min(16).max(128),
});
export type ChangeSubscriptionInput = z.output<typeof changeSubscriptionSchema>;

export const replacePaymentSourceSchema = z.strictObject({
  oldPaymentSourceId: z.uuid().nullish(),
  paymentToken: z.string().trim().min(8).max(128),
});
export type ReplacePaymentSourceInput = z.output<typeof replacePaymentSourceSchema>;

/**
 * Staff API: give a customer a billed plan (a subscription on a contract, from today's price
 * list), and optionally a card from a gateway token (never a card number).
 */
export const staffBilledPlanSchema = priceChangeQuoteSchema
  .pick({ newAddons: true, newContractLength: true, isUpfrontPayment: true })
  .extend({
    treatmentShortId: priceChangeQuoteSchema.shape.newSubscriptionPlanType,
    paymentToken: replacePaymentSourceSchema.shape.paymentToken.optional(),
  });
export type StaffBilledPlanInput = z.output<typeof staffBilledPlanSchema>;
