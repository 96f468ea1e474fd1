import { integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers';

/**
 * A customer's stored file: the index of the document store (local directory or S3). A file
 * is named by (customer, category, file name), which is what GetSignedDownloadUrl asks for.
 */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    fileName: text('file_name').notNull(),
    /** Where the bytes are in the store; never shown to a customer. */
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('documents_name_uq').on(t.customerId, t.category, t.fileName),
    uniqueIndex('documents_storage_key_uq').on(t.storageKey),
  ],
);
