import type { AppointmentLike } from '@portal/domain';
import { and, eq, fillPlaceholders, inArray, sql, type Query, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { violatesConstraint } from '../../db/database-error';
import { preparedOnce } from '../../db/prepared';
import { appointments, followUps } from '../../db/schema/appointments';
import { providers, treatments } from '../../db/schema/catalog';
import { AUDIT_PLACEHOLDERS, auditInsertSql, type AuditValues } from '../../platform/audit';
import { clearableHolds, isOverlapConflict } from './holds-store';
import {
  hoursToBlocks,
  licensesJson,
  seeingTreatment,
  weeklyHoursJson,
  type SlotCandidates,
} from './slot-store';
import type { AppointmentRow, TreatmentRow } from './types';

/** A new booking's row as the service builds it (every column: nothing is read back). */
export type BookingValues = Omit<AppointmentRow, 'encounterSigned' | 'sequence' | 'isAsync'> & {
  isAsync: false;
};

/** What a booking reads before its statement (bookingFacts). */
export interface BookingFacts {
  treatment: TreatmentRow | undefined;
  /** Whether the follow-up the input names is the customer's (true when it names none). */
  followUpFound: boolean;
  /** The provider named with their hours, when they see the treatment; no providers otherwise. */
  candidates: SlotCandidates;
  /** The states that provider is licensed in. */
  licenses: string[];
  /** The customer's appointments that end or start after the horizon: the booking rule's facts. */
  visits: AppointmentLike[];
  /** A hash of `visits` as read: the booking statement inserts only while it still holds. */
  visitsKey: string;
}

/** The one row bookingStatement answers (raw driver row: snake_case). */
export interface BookingAnswerRow {
  fresh: boolean | null;
  booked: number | string;
  visits: unknown;
}

/** bookingStatement's answer: whether it booked, and if the visits had changed, as they are now. */
export type BookingAnswer =
  { booked: boolean; fresh: true } | { booked: false; fresh: false; visits: AppointmentLike[] };

const LIVE_SLOT_INDEX = 'appointments_provider_live_start_uq';

/**
 * True when an error is the database refusing a second claim on a provider's time: the live-slot
 * unique index (one start), or the slot claims' exclusion constraint (an overlapping visit or
 * someone's live hold, issue 43).
 */
export function isSlotConflict(error: unknown): boolean {
  return isOverlapConflict(error) || violatesConstraint(error, '23505', LIVE_SLOT_INDEX);
}

/**
 * The customer's appointments that end or start after `since` (the domain's
 * bookingBlockHorizon), as one JSON array of [id, start ms, end ms, status, is_async] ordered by
 * id. No rule here: which of them block is bookingBlockReason's to say. Both statements read
 * them with this one expression, so the md5 of its text says whether they changed in between.
 */
function visitsJson(customerId: SQL, since: SQL): SQL {
  const a = appointments;
  return sql`(select coalesce(json_agg(json_build_array(${a.id}, (extract(epoch from ${a.start}) * 1000)::float8,
    (extract(epoch from ${a.end}) * 1000)::float8, ${a.status}, ${a.isAsync}) order by ${a.id}), '[]'::json)
  from ${a} where ${a.customerId} = ${customerId} and (${a.end} > ${since} or ${a.start} > ${since}))`;
}

/** visitsJson's rows as the domain's appointments (a driver may hand json over as text). */
function parseVisits(raw: unknown): AppointmentLike[] {
  const rows = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [
    string,
    number,
    number,
    string,
    boolean,
  ][];
  return rows.map(([id, start, end, status, isAsync]) => ({
    id,
    start: new Date(start),
    end: new Date(end),
    status,
    isAsync,
  }));
}

/**
 * bookingStatement's SQL with a placeholder for each value, compiled to its text once: every
 * booking only fills the values in (issue 16: building the statement and compiling it to text
 * was ~80 µs of event loop a booking, bench/src microbench). The same text each time also names
 * the same prepared statement at once (UnitOfWork.runLockedStatement).
 */
const bookingQuery = preparedOnce(() => {
  const v = (name: string) => sql.placeholder(name);
  const customer = sql`${v('customerId')}::uuid`;
  const key = sql`${v('visitsKey')}::text`;
  const p = AUDIT_PLACEHOLDERS;
  const audited = auditInsertSql(
    {
      actorType: sql`${p.actorType}::text`,
      actorId: sql`${p.actorId}::text`,
      action: sql`${p.action}::text`,
      entity: sql`${p.entity}::text`,
      ip: sql`${p.ip}::text`,
      requestId: sql`${p.requestId}::text`,
      details: sql`${p.details}::jsonb`,
    },
    { from: sql`inserted`, entityId: sql`inserted.id::text` },
  );
  const booking = sql`with seen as (
  select md5(visits::text) as key, visits
  from (select ${visitsJson(customer, sql`${v('since')}::timestamptz`)} as visits) as v
), cleared as (
  -- Issue 43: the customer's own holds give way to their booking, and lapsed holds on the
  -- range to anyone's; the visit's claim (the appointments trigger, after this statement's
  -- changes) is then judged by the exclusion constraint against live claims only.
  ${clearableHolds({
    customerId: customer,
    providerId: sql`${v('providerId')}`,
    start: sql`${v('start')}`,
    end: sql`${v('end')}`,
    now: sql`${v('createdAt')}`,
  })} and (select key from seen) = ${key}
  returning 1
), inserted as (
  insert into appointments (id, customer_id, provider_id, treatment_id, start, "end", status,
    is_async, origin, follow_up_id, subscription_id, vial_count, created_at, updated_at)
  select ${v('id')}::uuid, ${customer}, ${v('providerId')}::uuid, ${v('treatmentId')}::uuid,
    ${v('start')}::timestamptz, ${v('end')}::timestamptz, ${v('status')}::text, false,
    ${v('origin')}::text, ${v('followUpId')}::uuid, ${v('subscriptionId')}::uuid,
    ${v('vialCount')}::int, ${v('createdAt')}::timestamptz, ${v('updatedAt')}::timestamptz
  where (select key from seen) = ${key}
  on conflict do nothing
  returning id
), audited as (
  ${audited}
)
select (select key from seen) = ${key} as fresh,
  (select count(*) from inserted)::int as booked,
  (select case when key = ${key} then null else visits end from seen) as visits`;
  return new PgDialect().sqlToQuery(booking);
});

/** SQL of ScheduleAdhocAppointmentV2: its facts, then its statement behind the customer's lock. */
export class BookingStore {
  constructor(private readonly db: Db) {}

  /** bookingFacts' statement, run by every booking: built once (db/prepared.ts). */
  private readonly facts = preparedOnce(() => {
    const customerId = sql`${sql.placeholder('customerId')}::uuid`;
    const followUpId = sql.placeholder('followUpId');
    const since = sql`${sql.placeholder('since')}::timestamptz`;
    return this.db
      .select({
        followUpFound: sql<boolean>`(${followUpId}::uuid is null or exists (select 1 from ${followUps} where ${followUps.id} = ${followUpId}::uuid and ${followUps.customerId} = ${customerId}))`,
        visits: sql<unknown>`v.visits`,
        visitsKey: sql<string>`md5(v.visits::text)`,
        treatment: treatments,
        provider: providers,
        hours: weeklyHoursJson(providers.id),
        licenses: licensesJson(providers.id),
      })
      .from(sql`(select ${visitsJson(customerId, since)} as visits) as v`)
      .leftJoin(treatments, eq(treatments.shortId, sql.placeholder('treatmentShortId')))
      .leftJoin(
        providers,
        // The provider named, when they see the treatment (slotCandidates' rule, for one
        // provider); their licenses are checked against the customer's state, read beside this.
        and(
          eq(providers.id, sql.placeholder('providerId')),
          inArray(providers.id, seeingTreatment(this.db, treatments.id)),
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

  /**
   * What a booking checks before its statement, in one statement (issue 16: one round trip
   * fewer): the treatment by its short id; whether the follow-up the input names is the
   * customer's; the provider named, with their weekly hours and licenses, when they see the
   * treatment; and the customer's appointments that end or start after `since`.
   */
  async bookingFacts(
    customerId: string,
    input: { treatmentShortId: string; providerId: string; followUpId?: string | null },
    since: Date,
  ): Promise<BookingFacts> {
    const [row] = await this.facts().execute({
      customerId,
      providerId: input.providerId,
      followUpId: input.followUpId ?? null,
      treatmentShortId: input.treatmentShortId,
      since,
    });
    if (!row) throw new Error('the booking facts statement answered no row');
    const provider = row.provider;
    return {
      treatment: row.treatment ?? undefined,
      followUpFound: row.followUpFound,
      candidates: provider
        ? { providers: [provider], blocks: hoursToBlocks(provider.id, row.hours) }
        : { providers: [], blocks: [] },
      licenses: provider ? row.licenses : [],
      visits: parseVisits(row.visits),
      visitsKey: row.visitsKey,
    };
  }

  /**
   * A booking in one statement, run behind the customer's lock (UnitOfWork.runLockedStatement):
   * the insert, only while the customer's appointments after `seen.since` still hash to
   * `seen.visitsKey`, as bookingFacts read them (the rule judged those; the lock keeps another
   * booking of theirs out until this one commits), and its audit row as a data-modifying CTE
   * on the inserted row. The live-slot unique index judges the slot (ON CONFLICT DO NOTHING: a
   * taken slot inserts nothing, and no audit row). The answer is one row (parseBooking).
   */
  bookingStatement(
    values: BookingValues,
    audit: AuditValues,
    seen: { since: Date; visitsKey: string },
  ): Query {
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
        since: seen.since,
        visitsKey: seen.visitsKey,
        actorType: audit.actorType,
        actorId: audit.actorId,
        action: audit.action,
        entity: audit.entity,
        auditIp: audit.ip,
        requestId: audit.requestId,
        details: JSON.stringify(audit.details),
      }),
    };
  }

  /** bookingStatement's answer: booked or not, and the customer's visits if they had changed. */
  parseBooking(rows: readonly BookingAnswerRow[]): BookingAnswer {
    const row = rows[0];
    if (!row) throw new Error('the booking statement answered no row');
    if (row.fresh) return { booked: Number(row.booked) > 0, fresh: true };
    return { booked: false, fresh: false, visits: parseVisits(row.visits) };
  }
}
