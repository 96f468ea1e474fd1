import { ACTIVE_SUBSCRIPTION_STATUSES, EXCLUDED_APPOINTMENT_STATUSES } from '@portal/domain';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  lt,
  lte,
  max,
  notInArray,
  or,
  sql,
} from 'drizzle-orm';
import { fillPlaceholders, type Query, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import type { AuditValues } from '../../platform/audit';
import {
  appointmentRequirements,
  appointments,
  followUps,
  reschedules,
} from '../../db/schema/appointments';
import { providers, treatmentConfigurations, treatments } from '../../db/schema/catalog';
import { addresses, subscriptions } from '../../db/schema/customers';

import {
  hoursToBlocks,
  licensedIn,
  seeingTreatment,
  weeklyHoursJson,
  type SlotCandidates,
} from './slot-store';

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

/** An appointment row with its provider and treatment, before its requirements are read. */
interface ViewRow {
  appointment: AppointmentRow;
  provider: ProviderRow | null;
  treatment: TreatmentRow | null;
}

/** What the booking's blocking rules read (bookingBlockReason), in one statement. */
export interface BlockingFacts {
  live: Pick<AppointmentRow, 'id' | 'start' | 'end' | 'status' | 'isAsync'>[];
  activeTreatmentCount: number;
}

/** A new booking's row as the service builds it (every column: nothing is read back). */
export type BookingValues = Omit<AppointmentRow, 'encounterSigned' | 'sequence' | 'isAsync'> & {
  isAsync: false;
};

/** The one row bookingStatement answers (raw driver row: snake_case). */
export interface BookingAnswerRow {
  active_count: number | null;
  booked: number | string;
  live: unknown;
}

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

type ListName = 'upcoming' | 'previous' | 'async';

/**
 * bookingStatement's SQL with a placeholder for each value, compiled to its text once: every
 * booking only fills the values in (issue 16: building the statement and compiling it to text
 * was ~80 µs of event loop a booking, bench/src microbench). The same text each time also names
 * the same prepared statement at once (UnitOfWork.runLockedStatement).
 */
const bookingQuery = preparedOnce(() => {
  const v = (name: string) => sql.placeholder(name);
  const excluded = sql.join(
    EXCLUDED_APPOINTMENT_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  const active = sql.join(
    ACTIVE_SUBSCRIPTION_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  const customer = sql`${v('customerId')}::uuid`;
  const at = sql`${v('now')}::timestamptz`;
  const booking = sql`with live as (
  select a.id, a.start, a."end", a.status
  from appointments a
  where a.customer_id = ${customer} and a.is_async = false and a.status not in (${excluded})
), active as (
  select count(distinct s.treatment_id)::int as n
  from subscriptions s
  where s.customer_id = ${customer} and s.status in (${active}) and s.treatment_id is not null
), inserted as (
  insert into appointments (id, customer_id, provider_id, treatment_id, start, "end", status,
    is_async, origin, follow_up_id, subscription_id, vial_count, created_at, updated_at)
  select ${v('id')}::uuid, ${customer}, ${v('providerId')}::uuid, ${v('treatmentId')}::uuid,
    ${v('start')}::timestamptz, ${v('end')}::timestamptz, ${v('status')}::text, false,
    ${v('origin')}::text, ${v('followUpId')}::uuid, ${v('subscriptionId')}::uuid,
    ${v('vialCount')}::int, ${v('createdAt')}::timestamptz, ${v('updatedAt')}::timestamptz
  where (select n from active) > 0
    and not exists (select 1 from live where live."end" > ${at} or live.start > ${at})
  on conflict do nothing
  returning id
), audited as (
  insert into audit_log (actor_type, actor_id, action, entity, entity_id, ip, request_id, details)
  select ${v('actorType')}::text, ${v('actorId')}::text, ${v('action')}::text,
    ${v('entity')}::text, inserted.id::text, ${v('ip')}::text,
    ${v('requestId')}::text, ${v('details')}::jsonb
  from inserted
  returning id
)
select (select n from active) as active_count,
  (select count(*) from inserted)::int as booked,
  (select coalesce(json_agg(json_build_array(live.id, (extract(epoch from live.start) * 1000)::float8,
    (extract(epoch from live."end") * 1000)::float8, live.status)), '[]'::json) from live) as live`;
  return new PgDialect().sqlToQuery(booking);
});

/** SQL for appointments, follow-ups, reschedules and treatments (slots: SlotStore). */
export class AppointmentStore {
  constructor(private readonly db: Db) {}

  /** bookingFacts' statement, run by every booking: built once (db/prepared.ts). */
  private readonly facts = preparedOnce(() => {
    const customerId = sql.placeholder('customerId');
    const followUpId = sql.placeholder('followUpId');
    const subscriptionId = sql.placeholder('subscriptionId');
    // The state the customer lives in (the shipping address's, else the first address's), as
    // CustomerStore.stateCode reads it; null leaves licensing unchecked, as slotCandidates does.
    const state = sql`(select ${addresses.stateCode} from ${addresses} where ${addresses.customerId} = ${customerId} order by (${addresses.addressType} = 'SHIPPING') desc, ${addresses.createdAt} asc limit 1)`;
    return this.db
      .select({
        followUpFound: sql<boolean>`(${followUpId}::uuid is null or exists (select 1 from ${followUps} where ${followUps.id} = ${followUpId}::uuid and ${followUps.customerId} = ${customerId}))`,
        subscriptionOwned: sql<boolean>`(${subscriptionId}::uuid is null or exists (select 1 from ${subscriptions} where ${subscriptions.id} = ${subscriptionId}::uuid and ${subscriptions.customerId} = ${customerId}))`,
        treatment: treatments,
        provider: providers,
        hours: weeklyHoursJson(providers.id),
      })
      .from(sql`(select 1) as one`)
      .leftJoin(treatments, eq(treatments.shortId, sql.placeholder('treatmentShortId')))
      .leftJoin(
        providers,
        // The provider named, when they could take the visit: they see the treatment and are
        // licensed in the customer's state (slotCandidates' rule, for one provider).
        and(
          eq(providers.id, sql.placeholder('providerId')),
          inArray(providers.id, seeingTreatment(this.db, treatments.id)),
          or(sql`${state} is null`, inArray(providers.id, licensedIn(this.db, state))),
        ),
      )
      .prepare('appointments_booking_facts');
  });

  /** bookingFacts' SQL with its placeholders in order ($1…), for the bench's EXPLAIN. */
  bookingFactsQuery(): { sql: string; placeholders: string[] } {
    const { sql: text, params } = this.facts().getQuery();
    return {
      sql: text,
      placeholders: params.map((p) => (p as { name?: string }).name ?? String(p)),
    };
  }

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

  /**
   * What a booking checks before its statement, in one statement (issue 16: one round trip
   * fewer): the treatment by its short id; whether the follow-up and the subscription the input
   * names are the customer's (true when the input names none); and the provider named, with
   * their weekly hours, when they see the treatment and are licensed in the customer's state
   * (the shipping address's, else the first address's; any state when none is on file).
   */
  async bookingFacts(
    customerId: string,
    input: {
      treatmentShortId: string;
      providerId: string;
      followUpId?: string | null;
      subscriptionId?: string | null;
    },
  ): Promise<{
    treatment: TreatmentRow | undefined;
    followUpFound: boolean;
    subscriptionOwned: boolean;
    /** The provider and their hours when they could take the visit; no providers otherwise. */
    candidates: SlotCandidates;
  }> {
    const [row] = await this.facts().execute({
      customerId,
      providerId: input.providerId,
      followUpId: input.followUpId ?? null,
      subscriptionId: input.subscriptionId ?? null,
      treatmentShortId: input.treatmentShortId,
    });
    const provider = row?.provider ?? null;
    return {
      treatment: row?.treatment ?? undefined,
      followUpFound: row?.followUpFound ?? false,
      subscriptionOwned: row?.subscriptionOwned ?? false,
      candidates: provider
        ? {
            providers: [provider],
            blocks: hoursToBlocks(provider.id, row!.hours),
          }
        : { providers: [], blocks: [] },
    };
  }

  /**
   * A booking in one statement, run behind the customer's lock (UnitOfWork.runLockedStatement):
   * the blocking reads (the customer's live, non-async visits and how many treatments their
   * active subscriptions cover), the insert when nothing blocks (bookingBlockReason's rule:
   * no live visit in progress or ahead, at least one active treatment), and its audit row as a
   * data-modifying CTE on the inserted row. The live-slot unique index judges the slot (ON
   * CONFLICT DO NOTHING: a taken slot inserts nothing, and no audit row). The answer is one
   * row: the facts the statement saw and whether it booked (parseBooking).
   */
  bookingStatement(values: BookingValues, audit: AuditValues, now: Date): Query {
    const { sql: text, params } = bookingQuery();
    return {
      sql: text,
      params: fillPlaceholders(params, {
        id: values.id,
        customerId: values.customerId,
        providerId: values.providerId,
        treatmentId: values.treatmentId,
        start: values.start,
        end: values.end,
        status: values.status,
        origin: values.origin,
        followUpId: values.followUpId,
        subscriptionId: values.subscriptionId,
        vialCount: values.vialCount,
        createdAt: values.createdAt,
        updatedAt: values.updatedAt,
        now,
        actorType: audit.actorType,
        actorId: audit.actorId,
        action: audit.action,
        entity: audit.entity,
        ip: audit.ip,
        requestId: audit.requestId,
        details: JSON.stringify(audit.details),
      }),
    };
  }

  /** bookingStatement's answer: whether it booked, and the blocking facts it saw. */
  parseBooking(rows: readonly BookingAnswerRow[]): { booked: boolean; facts: BlockingFacts } {
    const row = rows[0];
    if (!row) throw new Error('the booking statement answered no row');
    const raw = typeof row.live === 'string' ? (JSON.parse(row.live) as unknown) : row.live;
    const live = (raw as [string, number, number, string][]).map(([id, start, end, status]) => ({
      id,
      start: new Date(start),
      end: new Date(end),
      status,
      isAsync: false,
    }));
    return {
      booked: Number(row.booked) > 0,
      facts: { live, activeTreatmentCount: Number(row.active_count ?? 0) },
    };
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
