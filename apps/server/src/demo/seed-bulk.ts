import { NOTIFICATION_TYPE, type CustomerActionType } from '@portal/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { bulkOrders } from '../db/schema/bulk';
import { customerActions, customerActionTypes } from '../db/schema/customer-actions';
import { customerNotifications } from '../db/schema/notifications';

const MINUTE = 60_000;

/**
 * Issue 12: the bulk order Alex placed for 3 vials, approved by the care team into a pending
 * bulk_order_charge action (spec 02 §3: a numeric vial_count), with the bulk payment notice
 * the approval makes. Signing in shows the notice; it opens the payment drawer on real data
 * (Alex's saved Visa and shipping address).
 */
export async function seedBulkDemo(tx: Db, options: { customerId: string }): Promise<string> {
  const { customerId } = options;
  const now = Date.now();
  const bulkCode = 'bulk_order_charge' satisfies CustomerActionType;
  await tx.insert(customerActionTypes).values({ typeCode: bulkCode }).onConflictDoNothing();
  const [bulkType] = await tx
    .select()
    .from(customerActionTypes)
    .where(eq(customerActionTypes.typeCode, bulkCode));
  if (!bulkType) throw new Error('demo action type was not created');
  const [action] = await tx
    .insert(customerActions)
    .values({
      customerId,
      actionTypeId: bulkType.id,
      status: 'pending',
      metadata: { vial_count: 3 },
    })
    .returning();
  if (!action) throw new Error('demo bulk action was not created');
  await tx.insert(bulkOrders).values({
    customerId,
    vialCount: 3,
    treatmentShortId: 'weightmanagement_bulk',
    encounter: 'async',
    status: 'approved',
    actionId: action.id,
    createdAt: new Date(now - 2 * 24 * 60 * MINUTE),
    updatedAt: new Date(now - 30 * MINUTE),
  });
  // The same notice the care team's approval creates (modules/bulk approve).
  await tx.insert(customerNotifications).values({
    customerId,
    type: NOTIFICATION_TYPE.bulkPayment,
    title: 'Your bulk order is ready for payment',
    message: 'Your provider approved 3 vials. Review and pay to ship them.',
    status: 'requires_action',
    severity: 'info',
    action: {
      label: 'Pay now',
      url: `/user-action?mode=bulkOrderPayment&actionId=${action.id}`,
    },
    date: new Date(now - 30 * MINUTE),
  });
  return action.id;
}
