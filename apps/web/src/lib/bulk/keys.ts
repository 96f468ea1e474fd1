// Query keys of the bulk area; an order or a payment invalidates them all (features/bulk).
export const BULK_KEY = ['bulk'] as const;
export const ELIGIBILITY_KEY = [...BULK_KEY, 'eligibility'] as const;
