// Query keys of the bulk area; an order or a payment invalidates them all.
export const BULK_KEY = ['bulk'] as const;
export const ELIGIBILITY_KEY = [...BULK_KEY, 'eligibility'] as const;
export const bulkActionKey = (id: string) => [...BULK_KEY, 'action', id] as const;
export const BULK_PAYMENT_SOURCES_KEY = [...BULK_KEY, 'paymentSources'] as const;
