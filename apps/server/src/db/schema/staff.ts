import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// The care team's console (issue 41), owned by modules/staff.

/**
 * Who is on a queue item: one row per item key (`<kind>:<source id>`), so two claims of one item
 * meet on the primary key. A claim lasts QUEUE_CLAIM_TTL_MS from claimed_at (claiming again
 * renews it); the row goes when the item's action is taken. staff_id is a staff user's id, or
 * 'api-key' for automation.
 */
export const careQueueClaims = pgTable('care_queue_claims', {
  itemKey: text('item_key').primaryKey(),
  staffId: text('staff_id').notNull(),
  claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
});
