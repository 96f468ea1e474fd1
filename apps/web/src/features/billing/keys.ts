// Query keys of the billing area; a change, a new card or a cancellation invalidates them all.
export const BILLING_KEY = ['billing'] as const;
export const subscriptionKey = (id: string) => [...BILLING_KEY, 'subscription', id] as const;
export const PAYMENT_SOURCES_KEY = [...BILLING_KEY, 'paymentSources'] as const;
export const INVOICES_KEY = [...BILLING_KEY, 'invoices'] as const;
export const pricingMapKey = (itemPriceId: string) =>
  [...BILLING_KEY, 'pricingMap', itemPriceId] as const;
export const TREATMENT_CONFIGURATION_KEY = [...BILLING_KEY, 'treatmentConfiguration'] as const;
export const quoteKey = (input: object) => [...BILLING_KEY, 'quote', input] as const;
export const LITE_PROGRAM_PRICING_KEY = [...BILLING_KEY, 'liteProgramPricing'] as const;
