import { z } from 'zod';
import { CUSTOMER_ACTION_STATUSES, CUSTOMER_ACTION_TYPES } from '../vocabularies';

// Spec 01 §3, spec 02 §3: a customer action (id, status pending|complete, customer_id,
// metadata, action_type.type_code). The care team creates them through the staff API; the
// bulk order and forms areas act on them.

/**
 * Spec 02 §3, §5: a bulk_order_charge action's metadata carries a numeric vial_count. Other
 * types keep whatever metadata the care team's tools send (a flat JSON object).
 */
const metadata = z.record(z.string().max(64), z.unknown()).default({});

/** POST /staff/customers/:customerId/actions. */
export const createCustomerActionSchema = z
  .strictObject({
    typeCode: z.enum(CUSTOMER_ACTION_TYPES),
    status: z.enum(CUSTOMER_ACTION_STATUSES).default('pending'),
    metadata,
  })
  .refine(
    (a) =>
      a.typeCode !== 'bulk_order_charge' ||
      (typeof a.metadata.vial_count === 'number' && Number.isInteger(a.metadata.vial_count)),
    { message: 'a bulk_order_charge needs a whole-number vial_count', path: ['metadata'] },
  );
export type CreateCustomerActionInput = z.output<typeof createCustomerActionSchema>;
