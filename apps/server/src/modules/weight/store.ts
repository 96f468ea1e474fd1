import { and, asc, desc, eq, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { measurementChangeForms, measurements, weightReminders } from '../../db/schema/weight';

export type MeasurementRow = typeof measurements.$inferSelect;
export type MeasurementChangeFormRow = typeof measurementChangeForms.$inferSelect;
export type NewMeasurement = typeof measurements.$inferInsert;

/** The only place with SQL for measurements and starting-weight change requests. */
export class WeightStore {
  constructor(private readonly db: Db) {}

  list(customerId: string, tx: Db = this.db) {
    return tx
      .select()
      .from(measurements)
      .where(eq(measurements.customerId, customerId))
      .orderBy(asc(measurements.recordedAt), asc(measurements.createdAt));
  }

  async latest(customerId: string, type: string, tx: Db = this.db) {
    const [row] = await tx
      .select()
      .from(measurements)
      .where(and(eq(measurements.customerId, customerId), eq(measurements.type, type)))
      .orderBy(desc(measurements.recordedAt), desc(measurements.createdAt))
      .limit(1);
    return row;
  }

  async insert(tx: Db, row: NewMeasurement) {
    const [inserted] = await tx.insert(measurements).values(row).returning();
    return inserted as MeasurementRow;
  }

  /** Imported weights; a day already imported for the customer is skipped (the unique index). */
  async insertImported(tx: Db, rows: NewMeasurement[]) {
    if (rows.length === 0) return [];
    return tx
      .insert(measurements)
      .values(rows)
      .onConflictDoNothing({
        target: [measurements.customerId, measurements.recordedAt],
        // The unique index's own condition, as literals: PostgreSQL infers the partial index
        // from it, and with bound values it can do so only while it plans each run with them
        // (a cached statement is planned once for any values from its sixth run: 42P10).
        where: sql`${measurements.source} = 'import' and ${measurements.type} = 'weight'`,
      })
      .returning();
  }

  /** Updates the customer's own weight row; undefined when there is no such row of theirs. */
  async updateWeight(tx: Db, customerId: string, id: string, value: number, now: Date) {
    const [row] = await tx
      .update(measurements)
      .set({ value, updatedAt: now })
      .where(
        and(
          eq(measurements.id, id),
          eq(measurements.customerId, customerId),
          eq(measurements.type, 'weight'),
        ),
      )
      .returning();
    return row;
  }

  async insertChangeForm(tx: Db, row: typeof measurementChangeForms.$inferInsert) {
    const [inserted] = await tx.insert(measurementChangeForms).values(row).returning();
    return inserted as MeasurementChangeFormRow;
  }

  changeForms(customerId: string) {
    return this.db
      .select()
      .from(measurementChangeForms)
      .where(eq(measurementChangeForms.customerId, customerId))
      .orderBy(desc(measurementChangeForms.createdAt));
  }

  /** Decides a pending request; undefined when there is none pending with that id. */
  async decide(
    tx: Db,
    id: string,
    decision: { status: string; decidedBy: string | null; note: string | null; now: Date },
  ) {
    const [row] = await tx
      .update(measurementChangeForms)
      .set({
        status: decision.status,
        decidedBy: decision.decidedBy,
        decisionNote: decision.note,
        decidedAt: decision.now,
      })
      .where(and(eq(measurementChangeForms.id, id), eq(measurementChangeForms.status, 'pending')))
      .returning();
    return row;
  }

  /** The latest day the customer has a weight for (yyyy-MM-dd); undefined when none. */
  async lastWeightDay(customerId: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ at: max(measurements.recordedAt) })
      .from(measurements)
      .where(and(eq(measurements.customerId, customerId), eq(measurements.type, 'weight')));
    return row?.at ?? undefined;
  }

  async lastReminder(customerId: string, tx: Db = this.db) {
    const [row] = await tx
      .select()
      .from(weightReminders)
      .where(eq(weightReminders.customerId, customerId));
    return row;
  }

  async recordReminder(tx: Db, customerId: string, at: Date, mailed: boolean) {
    await tx
      .insert(weightReminders)
      .values({ customerId, lastRemindedAt: at, mailed })
      .onConflictDoUpdate({
        target: weightReminders.customerId,
        set: { lastRemindedAt: at, mailed },
      });
  }
}
