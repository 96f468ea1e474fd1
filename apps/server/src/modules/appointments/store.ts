import { EXCLUDED_APPOINTMENT_STATUSES } from '@portal/domain';
import { and, asc, count, desc, eq, gt, inArray, lt, lte, max, notInArray, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import {
  appointmentRequirements,
  appointments,
  followUps,
  reschedules,
} from '../../db/schema/appointments';
import { providers, treatmentConfigurations, treatments } from '../../db/schema/catalog';
import type {
  AppointmentRow,
  AppointmentView,
  PreviousProviderRow,
  ProviderRow,
  RequirementRow,
  RescheduleRow,
  TreatmentConfigurationRow,
  TreatmentRow,
} from './types';

/** An appointment row with its provider and treatment, before its requirements are read. */
interface ViewRow {
  appointment: AppointmentRow;
  provider: ProviderRow | null;
  treatment: TreatmentRow | null;
}

const shown = notInArray(appointments.status, [...EXCLUDED_APPOINTMENT_STATUSES]);

type ListName = 'upcoming' | 'previous' | 'async';

/**
 * SQL for appointments, follow-ups, reschedules and treatments (slots: SlotStore; a booking's
 * facts and statement: BookingStore).
 */
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
    return this.withRequirements(limit === undefined ? await query : await query.limit(limit), db);
  }

  /** The rows as views, with their requirements (one statement for all of them). */
  private async withRequirements(
    rows: readonly ViewRow[],
    db: Db = this.db,
  ): Promise<AppointmentView[]> {
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

  /**
   * The three lists' rows in one statement, built once (db/prepared.ts): each list is its own
   * ordered, limited branch of a UNION ALL, tagged with its name. Issue 16: home asks for the
   * lists on every load; as three statements, each built on the event loop and each followed
   * by its own requirements read, it cost about three times any other of home's queries.
   */
  private readonly listRows = preparedOnce(() => {
    const customerId = sql.placeholder('customerId');
    const boundary = sql.placeholder('boundary');
    const limit = sql.placeholder('limit');
    const branch = (list: ListName, where: SQL | undefined) =>
      this.db
        .select({
          list: sql<ListName>`${list}::text`.as('list'),
          appointment: appointments,
          provider: providers,
          treatment: treatments,
        })
        .from(appointments)
        .leftJoin(providers, eq(providers.id, appointments.providerId))
        .leftJoin(treatments, eq(treatments.id, appointments.treatmentId))
        .where(and(eq(appointments.customerId, customerId), shown, where));
    const upcoming = and(eq(appointments.isAsync, false), gt(appointments.start, boundary));
    const previous = and(eq(appointments.isAsync, false), lte(appointments.start, boundary));
    return branch('upcoming', upcoming)
      .unionAll(
        branch('previous', previous)
          .orderBy(desc(appointments.start), asc(appointments.id))
          .limit(limit),
      )
      .unionAll(
        branch('async', eq(appointments.isAsync, true))
          .orderBy(desc(appointments.start), asc(appointments.id))
          .limit(limit),
      )
      .prepare('appointments_customer_lists');
  });

  /** Spec 01 §4: the three lists, with excluded statuses left out in SQL. */
  async listForCustomer(customerId: string, boundary: Date, previousLimit: number) {
    const rows = await this.listRows().execute({ customerId, boundary, limit: previousLimit });
    const views = await this.withRequirements(rows);
    const lists: Record<ListName, AppointmentView[]> = { upcoming: [], previous: [], async: [] };
    rows.forEach((row, i) => {
      const view = views[i];
      if (view) lists[row.list].push(view);
    });
    // A UNION ALL promises no order: each list is sorted here as its branch was.
    const byId = (a: AppointmentView, b: AppointmentView) =>
      a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
    const start = (a: AppointmentView) => a.start.getTime();
    lists.upcoming.sort((a, b) => start(a) - start(b) || byId(a, b));
    lists.previous.sort((a, b) => start(b) - start(a) || byId(a, b));
    lists.async.sort((a, b) => start(b) - start(a) || byId(a, b));
    return lists;
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

  async ownsFollowUp(customerId: string, followUpId: string, db: Db = this.db) {
    const [row] = await db
      .select({ id: followUps.id })
      .from(followUps)
      .where(and(eq(followUps.id, followUpId), eq(followUps.customerId, customerId)));
    return row !== undefined;
  }

  async ownsAppointment(customerId: string, appointmentId: string, db: Db = this.db) {
    const [row] = await db
      .select({ id: appointments.id })
      .from(appointments)
      .where(and(eq(appointments.id, appointmentId), eq(appointments.customerId, customerId)));
    return row !== undefined;
  }
}
