import { BULK_KEY } from '../../lib/bulk/keys';

// Query keys of the bulk area; an order or a payment invalidates them all. The eligibility's
// key lives in lib/bulk (the portal's entry points read it too).
export { BULK_KEY, ELIGIBILITY_KEY } from '../../lib/bulk/keys';
export const bulkActionKey = (id: string) => [...BULK_KEY, 'action', id] as const;
export const BULK_PAYMENT_SOURCES_KEY = [...BULK_KEY, 'paymentSources'] as const;
