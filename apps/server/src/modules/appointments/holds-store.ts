import { and, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { violatesConstraint } from '../../db/database-error';
import { slotClaims } from '../../db/schema/appointments';

/** A customer's hold on a provider's time (issue 43). */
export interface HoldRow {
  id: string;
  providerId: string;
  customerId: string;
  start: Date;
  end: Date;
  expiresAt: Date;
}

/** The constraint that refuses a second claim on a provider's time (migration 0026). */
export const NO_OVERLAP_CONSTRAINT = 'slot_claims_no_overlap';

/**
 * Holds whose claim may go before a new claim on [start, end) of the provider: the
 * customer's own holds (a new hold or a booking replaces them), and anyone's lapsed hold on
 * that range (a lapsed hold blocks nobody; no job is needed to clear it). SQL shared by the
 * hold, the booking statement and the move, so all three clear the same way.
 */
export function clearableHolds(values: {
  customerId: SQL | string;
  providerId: SQL | string;
  start: SQL | Date;
  end: SQL | Date;
  now: SQL | Date;
}): SQL {
  const c = slotClaims;
  const range = sql`tstzrange(${values.start}::timestamptz, ${values.end}::timestamptz)`;
  return sql`delete from ${c} where ${c.expiresAt} is not null and (
    ${c.customerId} = ${values.customerId}::uuid
    or (${c.providerId} = ${values.providerId}::uuid and ${c.expiresAt} <= ${values.now}::timestamptz
      and tstzrange(${c.start}, ${c.end}) && ${range}))`;
}

/** The only place with SQL for holds; visits' claims are kept by the appointments trigger. */
export class HoldStore {
  constructor(private readonly db: Db) {}

  /**
   * Clears what may go (clearableHolds) and inserts the hold, in the caller's transaction: the
   * exclusion constraint refuses it when a live claim of anyone else overlaps.
   */
  async insertHold(tx: Db, hold: Omit<HoldRow, 'id'> & { now: Date }): Promise<HoldRow> {
    await tx.execute(clearableHolds(hold));
    const [row] = await tx
      .insert(slotClaims)
      .values({
        providerId: hold.providerId,
        customerId: hold.customerId,
        start: hold.start,
        end: hold.end,
        expiresAt: hold.expiresAt,
        createdAt: hold.now,
      })
      .returning();
    if (!row?.expiresAt) throw new Error('hold not inserted');
    return { ...row, expiresAt: row.expiresAt };
  }

  /** Clears the customer's holds and lapsed holds on the range, in the caller's transaction. */
  async clearForClaim(
    tx: Db,
    values: { customerId: string; providerId: string; start: Date; end: Date; now: Date },
  ): Promise<void> {
    await tx.execute(clearableHolds(values));
  }

  /** Deletes the customer's own hold; false when it is not theirs or already gone. */
  async release(customerId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(slotClaims)
      .where(
        and(
          eq(slotClaims.id, id),
          eq(slotClaims.customerId, customerId),
          isNotNull(slotClaims.expiresAt),
        ),
      )
      .returning({ id: slotClaims.id });
    return rows.length > 0;
  }
}

/** True when an error is the exclusion constraint refusing an overlapping claim. */
export function isOverlapConflict(error: unknown): boolean {
  return violatesConstraint(error, '23P01', NO_OVERLAP_CONSTRAINT);
}
