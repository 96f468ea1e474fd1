import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { documents } from '../../db/schema/files';

export type DocumentRow = typeof documents.$inferSelect;
export type DocumentInsert = Pick<
  typeof documents.$inferInsert,
  'customerId' | 'category' | 'fileName' | 'storageKey' | 'contentType' | 'sizeBytes' | 'createdAt'
>;

/** The only place with SQL for documents (the file store's index). */
export class DocumentIndexStore {
  constructor(private readonly db: Db) {}

  in(tx: Db): DocumentIndexStore {
    return new DocumentIndexStore(tx);
  }

  async findOwnByName(
    customerId: string,
    category: string,
    fileName: string,
  ): Promise<DocumentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(documents)
      .where(
        and(
          eq(documents.customerId, customerId),
          eq(documents.category, category),
          eq(documents.fileName, fileName),
        ),
      );
    return row;
  }

  async findById(id: string): Promise<DocumentRow | undefined> {
    const [row] = await this.db.select().from(documents).where(eq(documents.id, id));
    return row;
  }

  async ownByIds(customerId: string, ids: readonly string[]): Promise<DocumentRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .select()
      .from(documents)
      .where(and(eq(documents.customerId, customerId), inArray(documents.id, [...ids])));
  }

  /** Inserts the row; undefined when the customer already has a file of that name there. */
  async insert(values: DocumentInsert): Promise<DocumentRow | undefined> {
    const [row] = await this.db.insert(documents).values(values).onConflictDoNothing().returning();
    return row;
  }

  /** Deletes the customer's own documents among these ids; returns the rows deleted. */
  async deleteOwn(customerId: string, ids: readonly string[]): Promise<DocumentRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .delete(documents)
      .where(and(eq(documents.customerId, customerId), inArray(documents.id, [...ids])))
      .returning();
  }
}
