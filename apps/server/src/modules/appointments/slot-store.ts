import { SLOT_RELEASING_STATUSES } from '@portal/domain';
import {
  and,
  eq,
  gt,
  inArray,
  lt,
  ne,
  notInArray,
  sql,
  type Placeholder,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  appointments,
  providerLicenses,
  providerSchedules,
  providerTimeOff,
  providerTreatments,
  slotClaims,
} from '../../db/schema/appointments';
import { providers } from '../../db/schema/catalog';
import type { ProviderRow } from './types';

export interface ScheduleBlockRow {
  providerId: string;
  weekday: number;
  startMinute: number;
  endMinute: number;
}

export interface SlotCandidates {
  providers: ProviderRow[];
  blocks: ScheduleBlockRow[];
}

export interface BookedRange {
  providerId: string;
  start: Date;
  end: Date;
}

export interface SlotFilter {
  state: string | null;
  treatmentId: string;
  providerId?: string | null;
  language?: string | null;
  /**
   * Issue 43: holds live at this instant block a time (the server clock's now; the database's
   * when absent), except the viewer's own.
   */
  holdsAt?: Date;
  viewerId?: string | null;
}

/**
 * Issue 43: a live hold of someone other than the viewer on the provider overlapping
 * [start, start + minutes), as a condition (one probe of the claims' gist index).
 */
export function liveHoldOverlaps(
  filter: Pick<SlotFilter, 'holdsAt' | 'viewerId'>,
  providerId: SQL,
  start: SQL,
  minutes: SQL,
): SQL {
  const now = filter.holdsAt ? sql`${filter.holdsAt.toISOString()}::timestamptz` : sql`now()`;
  const viewer = filter.viewerId ? sql`and h.customer_id <> ${filter.viewerId}::uuid` : sql``;
  return sql`exists (select 1 from slot_claims h
    where h.provider_id = ${providerId} and h.expires_at > ${now} ${viewer}
      and tstzrange(h.start, h."end") && tstzrange(${start}, ${start} + make_interval(mins => ${minutes})))`;
}

const DAY_MS = 86_400_000;

type SqlValue = SQL | SQLWrapper | Placeholder | string;

/** The providers licensed in a state (a value, a placeholder or a subquery). */
export function licensedIn(db: Db, state: SqlValue) {
  return db
    .select({ id: providerLicenses.providerId })
    .from(providerLicenses)
    .where(eq(providerLicenses.stateCode, state));
}

/**
 * The states a provider is licensed in, as one JSON array (empty when the provider is null):
 * for a statement that reads a provider before the customer's state is known (the booking).
 */
export function licensesJson(providerId: SQLWrapper) {
  return sql<
    string[]
  >`(select coalesce(json_agg(${providerLicenses.stateCode}), '[]'::json) from ${providerLicenses} where ${providerLicenses.providerId} = ${providerId})`;
}

/**
 * licensedIn's rule for one provider whose licenses are in hand: a null state (a customer with
 * no address on file) leaves licensing unchecked, as slotCandidates does.
 */
export function licensedFor(licenses: readonly string[], state: string | null): boolean {
  return state === null || licenses.includes(state);
}

/** The providers who see a treatment. */
export function seeingTreatment(db: Db, treatmentId: SqlValue) {
  return db
    .select({ id: providerTreatments.providerId })
    .from(providerTreatments)
    .where(eq(providerTreatments.treatmentId, treatmentId));
}

/**
 * A provider's weekly hours as one JSON array of [weekday, startMinute, endMinute], ordered
 * (empty when the provider is null): for a statement that reads them beside other facts.
 */
export function weeklyHoursJson(providerId: SQLWrapper) {
  return sql<
    [number, number, number][]
  >`(select coalesce(json_agg(json_build_array(${providerSchedules.weekday}, ${providerSchedules.startMinute}, ${providerSchedules.endMinute}) order by ${providerSchedules.weekday}, ${providerSchedules.startMinute}), '[]'::json) from ${providerSchedules} where ${providerSchedules.providerId} = ${providerId})`;
}

/** The hours of weeklyHoursJson as schedule blocks of one provider. */
export function hoursToBlocks(
  providerId: string,
  hours: readonly [number, number, number][],
): ScheduleBlockRow[] {
  return hours.map(([weekday, startMinute, endMinute]) => ({
    providerId,
    weekday,
    startMinute,
    endMinute,
  }));
}

/** The only place with SQL for providers' hours, licenses and booked time. */
export class SlotStore {
  constructor(private readonly db: Db) {}

  /**
   * slotCandidates' statement, one per shape of the filter (which of state, provider and
   * language it names), its values as placeholders: built once each (as db/prepared.ts). Every
   * booking and every availability question runs one.
   */
  private readonly candidates = new Map<string, ReturnType<SlotStore['buildCandidates']>>();

  private buildCandidates(shape: string, filter: SlotFilter) {
    return this.db
      .select({
        provider: providers,
        weekday: providerSchedules.weekday,
        startMinute: providerSchedules.startMinute,
        endMinute: providerSchedules.endMinute,
      })
      .from(providers)
      .innerJoin(providerSchedules, eq(providerSchedules.providerId, providers.id))
      .where(
        this.providerFilter({
          state: filter.state === null ? null : sql.placeholder('state'),
          treatmentId: sql.placeholder('treatmentId'),
          providerId: filter.providerId ? sql.placeholder('providerId') : null,
          language: filter.language ? sql.placeholder('language') : null,
        }),
      )
      .prepare(`slot_candidates_${shape}`);
  }

  /** A null state (a customer with no address on file) leaves licensing unchecked. */
  private providerFilter(filter: { [K in keyof SlotFilter]: SlotFilter[K] | Placeholder }) {
    return and(
      filter.state === null ? undefined : inArray(providers.id, licensedIn(this.db, filter.state)),
      inArray(providers.id, seeingTreatment(this.db, filter.treatmentId)),
      filter.providerId ? eq(providers.id, filter.providerId) : undefined,
      filter.language ? eq(providers.language, filter.language) : undefined,
    );
  }

  /**
   * Providers licensed in the state who see the treatment, with their weekly hours: one query.
   */
  async slotCandidates(filter: SlotFilter): Promise<SlotCandidates> {
    const shape = [
      filter.state === null ? 'any' : 'state',
      filter.providerId ? 'provider' : 'all',
      filter.language ? 'language' : 'every',
    ].join('_');
    let query = this.candidates.get(shape);
    if (!query) {
      query = this.buildCandidates(shape, filter);
      this.candidates.set(shape, query);
    }
    const rows = await query.execute({
      state: filter.state,
      treatmentId: filter.treatmentId,
      providerId: filter.providerId,
      language: filter.language,
    });
    const byId = new Map<string, ProviderRow>();
    const blocks: ScheduleBlockRow[] = [];
    for (const row of rows) {
      byId.set(row.provider.id, row.provider);
      blocks.push({
        providerId: row.provider.id,
        weekday: row.weekday,
        startMinute: row.startMinute,
        endMinute: row.endMinute,
      });
    }
    return { providers: [...byId.values()], blocks };
  }

  /**
   * Live, non-async bookings and time off of those same providers that may overlap a slot
   * starting in [from, to]: run beside slotCandidates.
   */
  async bookedRanges(filter: SlotFilter & { from: Date; to: Date }): Promise<BookedRange[]> {
    const providerIds = this.db
      .select({ id: providers.id })
      .from(providers)
      .where(this.providerFilter(filter));
    // One row per provider with its bookings as "start end start end …" in epoch seconds:
    // parsing tens of thousands of timestamptz values costs several times more than this.
    const rows = await this.db
      .select({
        providerId: appointments.providerId,
        ranges: sql<string>`string_agg(date_part('epoch', ${appointments.start})::text || ' ' || date_part('epoch', ${appointments.end})::text, ' ')`,
      })
      .from(appointments)
      .where(
        and(
          inArray(appointments.providerId, providerIds),
          eq(appointments.isAsync, false),
          notInArray(appointments.status, [...SLOT_RELEASING_STATUSES]),
          // Visits last less than a day: bounding start on both sides keeps the index scan short.
          gt(appointments.start, new Date(filter.from.getTime() - DAY_MS)),
          gt(appointments.end, filter.from),
          lt(appointments.start, new Date(filter.to.getTime() + DAY_MS)),
        ),
      )
      .groupBy(appointments.providerId);
    // Time off (issue 41) is busy time too: a slot overlapping it is not offered.
    const timeOff = await this.db
      .select({
        providerId: providerTimeOff.providerId,
        start: providerTimeOff.startsAt,
        end: providerTimeOff.endsAt,
      })
      .from(providerTimeOff)
      .where(
        and(
          inArray(providerTimeOff.providerId, providerIds),
          gt(providerTimeOff.endsAt, filter.from),
          lt(providerTimeOff.startsAt, new Date(filter.to.getTime() + DAY_MS)),
        ),
      );
    // Live holds of others (issue 43) are taken time too; a lapsed one is not.
    const holds = await this.db
      .select({ providerId: slotClaims.providerId, start: slotClaims.start, end: slotClaims.end })
      .from(slotClaims)
      .where(
        and(
          inArray(slotClaims.providerId, providerIds),
          gt(slotClaims.expiresAt, filter.holdsAt ?? new Date()),
          filter.viewerId ? ne(slotClaims.customerId, filter.viewerId) : undefined,
          gt(slotClaims.end, filter.from),
          lt(slotClaims.start, new Date(filter.to.getTime() + DAY_MS)),
        ),
      );
    const ranges: BookedRange[] = [...timeOff, ...holds];
    for (const row of rows) {
      const numbers = row.ranges.split(' ');
      for (let i = 0; i + 1 < numbers.length; i += 2) {
        ranges.push({
          providerId: row.providerId,
          start: new Date(Number(numbers[i]) * 1000),
          end: new Date(Number(numbers[i + 1]) * 1000),
        });
      }
    }
    return ranges;
  }

  async providersByIds(ids: readonly string[]): Promise<ProviderRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .select()
      .from(providers)
      .where(inArray(providers.id, [...ids]));
  }

  /**
   * Whether the provider has time off overlapping [start, end) (issue 41): a booking or a
   * move there is refused like a taken time (one index probe).
   */
  async timeOffOverlaps(providerId: string, start: Date, end: Date): Promise<boolean> {
    const rows = await this.db
      .select({ id: providerTimeOff.id })
      .from(providerTimeOff)
      .where(
        and(
          eq(providerTimeOff.providerId, providerId),
          lt(providerTimeOff.startsAt, end),
          gt(providerTimeOff.endsAt, start),
        ),
      )
      .limit(1);
    return rows.length > 0;
  }

  async providerById(id: string): Promise<ProviderRow | undefined> {
    const [row] = await this.db.select().from(providers).where(eq(providers.id, id));
    return row;
  }

  /** Whether a provider may see a customer of the state for the treatment. */
  async providerServes(providerId: string, treatmentId: string, state: string | null) {
    const [row] = await this.db
      .select({
        seesTreatment: sql<boolean>`exists (select 1 from ${providerTreatments} where ${providerTreatments.providerId} = ${providers.id} and ${providerTreatments.treatmentId} = ${treatmentId})`,
        licensed: state
          ? sql<boolean>`exists (select 1 from ${providerLicenses} where ${providerLicenses.providerId} = ${providers.id} and ${providerLicenses.stateCode} = ${state})`
          : sql<boolean>`true`,
      })
      .from(providers)
      .where(eq(providers.id, providerId));
    return row
      ? { seesTreatment: Boolean(row.seesTreatment), licensed: Boolean(row.licensed) }
      : null;
  }
}
