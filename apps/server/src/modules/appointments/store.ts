import { ACTIVE_SUBSCRIPTION_STATUSES, EXCLUDED_APPOINTMENT_STATUSES } from '@portal/domain';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  lt,
  lte,
  max,
  notInArray,
  sql,
} from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  appointmentRequirements,
  appointments,
  auditLog,
  followUps,
  providers,
  reschedules,
  subscriptions,
  treatmentConfigurations,
  treatments,
} from '../../db/schema/index';

export type AppointmentRow = typeof appointments.$inferSelect;
export type ProviderRow = typeof providers.$inferSelect;
export type TreatmentRow = typeof treatments.$inferSelect;
export type RequirementRow = typeof appointmentRequirements.$inferSelect;
export type FollowUpRow = typeof followUps.$inferSelect;
export type RescheduleRow = typeof reschedules.$inferSelect;
export type TreatmentConfigurationRow = typeof treatmentConfigurations.$inferSelect;

export interface AppointmentView extends AppointmentRow {
  provider: ProviderRow | null;
  treatment: TreatmentRow | null;
  requirements: RequirementRow[];
}

/** What the booking's blocking rules read (bookingBlockReason), in one statement. */
export interface BlockingFacts {
  live: Pick<AppointmentRow, 'id' | 'start' | 'end' | 'status' | 'isAsync'>[];
  activeTreatmentCount: number;
}

export type AuditRowInsert = typeof auditLog.$inferInsert;

export interface PreviousProviderRow {
  provider: ProviderRow;
  count: number;
  lastAppointmentStart: Date;
}

const LIVE_SLOT_INDEX = 'appointments_provider_live_start_uq';

/** True when an error is the live-slot unique index refusing a second booking of one start. */
export function isSlotConflict(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint, message } = e as {
      code?: string;
      constraint?: string;
      message?: string;
    };
    if (
      code === '23505' &&
      (constraint === LIVE_SLOT_INDEX || message?.includes(LIVE_SLOT_INDEX))
    ) {
      return true;
    }
  }
  return false;
}

const shown = notInArray(appointments.status, [...EXCLUDED_APPOINTMENT_STATUSES]);

/** SQL for appointments, follow-ups, reschedules and treatments (slots: SlotStore). */
export class AppointmentStore {
  constructor(private readonly db: Db) {}

  /** Appointments with provider, treatment and requirements, newest or soonest first. */
  private async views(where: SQL | undefined, order: SQL, limit?: number, db: Db = this.db) {
    const query = db
      .select({ appointment: appointments, provider: providers, treatment: treatments })
      .from(appointments)
      .leftJoin(providers, eq(providers.id, appointments.providerId))
      .leftJoin(treatments, eq(treatments.id, appointments.treatmentId))
      .where(where)
      .orderBy(order, asc(appointments.id));
    const rows = limit === undefined ? await query : await query.limit(limit);
    const ids = rows.map((r) => r.appointment.id);
    const requirements = ids.length
      ? await db
          .select()
          .from(appointmentRequirements)
          .where(inArray(appointmentRequirements.appointmentId, ids))
          .orderBy(asc(appointmentRequirements.createdAt))
      : [];
    return rows.map((r): AppointmentView => ({
      ...r.appointment,
      provider: r.provider,
      treatment: r.treatment,
      requirements: requirements.filter((q) => q.appointmentId === r.appointment.id),
    }));
  }

  /** Spec 01 §4: the three lists, with excluded statuses left out in SQL. */
  async listForCustomer(customerId: string, boundary: Date, previousLimit: number) {
    const mine = eq(appointments.customerId, customerId);
    const [upcoming, previous, async] = await Promise.all([
      this.views(
        and(mine, shown, eq(appointments.isAsync, false), gt(appointments.start, boundary)),
        asc(appointments.start),
      ),
      this.views(
        and(mine, shown, eq(appointments.isAsync, false), lte(appointments.start, boundary)),
        desc(appointments.start),
        previousLimit,
      ),
      this.views(
        and(mine, shown, eq(appointments.isAsync, true)),
        desc(appointments.start),
        previousLimit,
      ),
    ]);
    return { upcoming, previous, async };
  }

  async findForCustomer(customerId: string, id: string, db: Db = this.db) {
    const [row] = await this.views(
      and(eq(appointments.customerId, customerId), eq(appointments.id, id)),
      asc(appointments.start),
      1,
      db,
    );
    return row;
  }

  /**
   * The booking's blocking reads in one round trip: the customer's live, non-async
   * appointments and how many treatments their active subscriptions cover (the count
   * CustomerService.activeTreatmentIds gives). One row per live appointment, or one row with
   * no appointment; the count rides on every row.
   */
  async blockingFacts(customerId: string, db: Db = this.db): Promise<BlockingFacts> {
    const rows = await this.blockingFactsQuery(customerId, db);
    const live: BlockingFacts['live'] = [];
    for (const row of rows) {
      if (row.id !== null && row.start !== null && row.end !== null && row.status !== null) {
        live.push({
          id: row.id,
          start: row.start,
          end: row.end,
          status: row.status,
          isAsync: row.isAsync ?? false,
        });
      }
    }
    return { live, activeTreatmentCount: Number(rows[0]?.activeTreatmentCount ?? 0) };
  }

  /** blockingFacts' statement (to run, or to EXPLAIN). */
  blockingFactsQuery(customerId: string, db: Db = this.db) {
    const active = db
      .select({
        count: sql<number>`count(distinct ${subscriptions.treatmentId})::int`.as('active_count'),
      })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.customerId, customerId),
          inArray(subscriptions.status, [...ACTIVE_SUBSCRIPTION_STATUSES]),
          isNotNull(subscriptions.treatmentId),
        ),
      )
      .as('active');
    return db
      .select({
        activeTreatmentCount: active.count,
        id: appointments.id,
        start: appointments.start,
        end: appointments.end,
        status: appointments.status,
        isAsync: appointments.isAsync,
      })
      .from(active)
      .leftJoin(
        appointments,
        and(eq(appointments.customerId, customerId), shown, eq(appointments.isAsync, false)),
      );
  }

  /**
   * A booking and its audit row in one statement: the audit insert rides as a data-modifying
   * CTE, and the live-slot unique index judges the slot (ON CONFLICT DO NOTHING: no error, no
   * aborted transaction). Undefined when the slot was taken; the caller then throws, which
   * rolls the transaction back with the audit row in it. `values.id` must be set (the audit
   * row names it).
   */
  async insertBooking(
    tx: Db,
    values: typeof appointments.$inferInsert & { id: string },
    audit: AuditRowInsert,
  ): Promise<AppointmentRow | undefined> {
    const [row] = await this.bookingStatement(tx, values, audit);
    return row;
  }

  /** insertBooking's statement (to run, or to EXPLAIN). */
  bookingStatement(
    tx: Db,
    values: typeof appointments.$inferInsert & { id: string },
    audit: AuditRowInsert,
  ) {
    const audited = tx
      .$with('audited')
      .as(tx.insert(auditLog).values(audit).returning({ auditId: auditLog.id }));
    return tx.with(audited).insert(appointments).values(values).onConflictDoNothing().returning();
  }

  async followUpById(customerId: string, id: string) {
    const [row] = await this.db
      .select({ followUp: followUps, treatment: treatments })
      .from(followUps)
      .leftJoin(treatments, eq(treatments.id, followUps.treatmentId))
      .where(and(eq(followUps.id, id), eq(followUps.customerId, customerId)));
    return row;
  }

  async followUpByAppointmentId(customerId: string, appointmentId: string) {
    const [row] = await this.db
      .select({ followUp: followUps, treatment: treatments })
      .from(followUps)
      .leftJoin(treatments, eq(treatments.id, followUps.treatmentId))
      .where(and(eq(followUps.appointmentId, appointmentId), eq(followUps.customerId, customerId)))
      .orderBy(desc(followUps.createdAt))
      .limit(1);
    return row;
  }

  async rescheduleById(customerId: string, id: string): Promise<RescheduleRow | undefined> {
    const [row] = await this.db
      .select()
      .from(reschedules)
      .where(and(eq(reschedules.id, id), eq(reschedules.customerId, customerId)));
    return row;
  }

  /** Owner only: another customer's id matches no row. */
  async setRescheduleStatus(tx: Db, customerId: string, id: string, status: string, now: Date) {
    const [row] = await tx
      .update(reschedules)
      .set({ status, updatedAt: now })
      .where(and(eq(reschedules.id, id), eq(reschedules.customerId, customerId)))
      .returning();
    return row;
  }

  /** Providers of the customer's past visits, most recent first. */
  async previousProviders(
    customerId: string,
    now: Date,
    limit: number,
  ): Promise<PreviousProviderRow[]> {
    const last = max(appointments.start);
    const rows = await this.db
      .select({ provider: providers, count: count(appointments.id), lastAppointmentStart: last })
      .from(appointments)
      .innerJoin(providers, eq(providers.id, appointments.providerId))
      .where(and(eq(appointments.customerId, customerId), shown, lt(appointments.start, now)))
      .groupBy(providers.id)
      .orderBy(desc(last), asc(providers.id))
      .limit(limit);
    return rows.map((r) => ({
      provider: r.provider,
      count: Number(r.count),
      lastAppointmentStart: r.lastAppointmentStart ? new Date(r.lastAppointmentStart) : now,
    }));
  }

  async treatmentConfigurations(): Promise<TreatmentConfigurationRow[]> {
    return this.db
      .select()
      .from(treatmentConfigurations)
      .orderBy(asc(treatmentConfigurations.treatmentShortId));
  }

  /** Treatments by id, by display name (a customer's active treatments). */
  async treatmentsByIds(ids: readonly string[], db: Db = this.db): Promise<TreatmentRow[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .select()
      .from(treatments)
      .where(inArray(treatments.id, [...ids]));
    return rows.sort((a, b) => a.displayName.localeCompare(b.displayName));
  }

  async treatmentById(id: string): Promise<TreatmentRow | undefined> {
    const [row] = await this.db.select().from(treatments).where(eq(treatments.id, id));
    return row;
  }

  async treatmentByShortId(shortId: string, db: Db = this.db): Promise<TreatmentRow | undefined> {
    const [row] = await db.select().from(treatments).where(eq(treatments.shortId, shortId));
    return row;
  }

  async insertAppointment(
    tx: Db,
    values: typeof appointments.$inferInsert,
  ): Promise<AppointmentRow> {
    const [row] = await tx.insert(appointments).values(values).returning();
    if (!row) throw new Error('appointment was not created');
    return row;
  }

  /** A visit's requirements (issue 15: the care team books a visit that needs an intake). */
  async insertRequirements(
    tx: Db,
    values: (typeof appointmentRequirements.$inferInsert)[],
  ): Promise<RequirementRow[]> {
    if (values.length === 0) return [];
    return tx.insert(appointmentRequirements).values(values).returning();
  }

  async moveAppointment(
    tx: Db,
    customerId: string,
    id: string,
    slot: { providerId: string; start: Date; end: Date },
    now: Date,
  ): Promise<AppointmentRow | undefined> {
    const [row] = await tx
      .update(appointments)
      .set({ ...slot, sequence: sql`${appointments.sequence} + 1`, updatedAt: now })
      .where(and(eq(appointments.id, id), eq(appointments.customerId, customerId)))
      .returning();
    return row;
  }

  /**
   * Marks the customer's open requirements of these types completed (issue 15): on one
   * appointment, or on every appointment of theirs when none is named. The customer id in the
   * WHERE clause keeps another customer's appointment out of reach.
   */
  completeRequirements(
    tx: Db,
    customerId: string,
    types: readonly string[],
    appointmentId: string | null,
  ): Promise<RequirementRow[]> {
    const own = tx
      .select({ id: appointments.id })
      .from(appointments)
      .where(
        appointmentId
          ? and(eq(appointments.customerId, customerId), eq(appointments.id, appointmentId))
          : eq(appointments.customerId, customerId),
      );
    return tx
      .update(appointmentRequirements)
      .set({ completed: true })
      .where(
        and(
          inArray(appointmentRequirements.appointmentId, own),
          inArray(appointmentRequirements.type, [...types]),
          eq(appointmentRequirements.completed, false),
        ),
      )
      .returning();
  }

  async ownsAppointment(customerId: string, appointmentId: string, db: Db = this.db) {
    const [row] = await db
      .select({ id: appointments.id })
      .from(appointments)
      .where(and(eq(appointments.id, appointmentId), eq(appointments.customerId, customerId)));
    return row !== undefined;
  }
}
