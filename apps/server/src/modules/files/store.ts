import { and, asc, count, eq, gte, inArray, lt, sql, sum } from 'drizzle-orm';
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

  /** How many files (and bytes) of these categories the customer stored since `since`. */
  async uploadedSince(
    customerId: string,
    categories: readonly string[],
    since: Date,
  ): Promise<{ files: number; bytes: number }> {
    const [row] = await this.db
      .select({ files: count(), bytes: sum(documents.sizeBytes) })
      .from(documents)
      .where(
        and(
          eq(documents.customerId, customerId),
          inArray(documents.category, [...categories]),
          gte(documents.createdAt, since),
        ),
      );
    return { files: Number(row?.files ?? 0), bytes: Number(row?.bytes ?? 0) };
  }

  /**
   * Documents of these categories stored in [from, before), oldest first, a page at a time:
   * `after` is the last row of the previous page.
   */
  uploadsBetween(
    categories: readonly string[],
    range: { from: Date; before: Date },
    after: Pick<DocumentRow, 'createdAt' | 'id'> | null,
    limit: number,
  ): Promise<DocumentRow[]> {
    return this.db
      .select()
      .from(documents)
      .where(
        and(
          inArray(documents.category, [...categories]),
          gte(documents.createdAt, range.from),
          lt(documents.createdAt, range.before),
          after
            ? sql`(${documents.createdAt}, ${documents.id}) > (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(asc(documents.createdAt), asc(documents.id))
      .limit(limit);
  }
}
