import { documents } from './files';
import { index, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { providers, treatments } from './catalog';

/** Spec 02 §3, lab order, with its result document. */
export const labOrders = pgTable(
  'lab_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    documentId: uuid('document_id').references(() => documents.id),
    providerId: uuid('provider_id').references(() => providers.id),
    treatmentId: uuid('treatment_id').references(() => treatments.id),
    orderedAt: timestamp('ordered_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lab_orders_customer_idx').on(t.customerId, t.createdAt)],
);
