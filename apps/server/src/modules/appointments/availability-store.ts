import { AVAILABILITY_LABEL_THRESHOLDS, SLOT_RELEASING_STATUSES } from '@portal/domain';
import { asc, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { providers } from '../../db/schema/catalog';
import { liveHoldOverlaps, type SlotFilter } from './slot-store';
import type { ProviderRow } from './types';

export interface AvailabilityWindow {
  from: Date;
  to: Date;
}

export interface DayCount {
  /** yyyy-MM-dd in the zone the question was asked in. */
  date: string;
  /** Free slots that day (distinct starts for any provider), capped at the "many" threshold. */
  count: number;
}

export interface FreeSlotRow {
  providerId: string;
  start: Date;
  end: Date;
}

/** A free slot with its provider's display name (the dialog's first day shows it). */
export interface NamedFreeSlotRow extends FreeSlotRow {
  providerName: string;
}

/** Above this many a day is "many" whatever the exact number: counting stops there. */
const LABEL_CAP = AVAILABILITY_LABEL_THRESHOLDS.someMax + 1;
const RELEASING = sql.raw(SLOT_RELEASING_STATUSES.map((s) => `'${s}'`).join(', '));

interface Rows<T> {
  rows: T[];
}

/**
 * Availability computed in the database, one statement per question the booking dialog asks
 * (the day strip's labels, the providers with a free time, one day's times). Weekly hours are
 * laid out once per distinct block shape (zone, visit length, weekday, hours): a handful of
 * shapes cover hundreds of providers. Whether a provider is free at a start is an index probe
 * of the live-slot unique index, and every question stops as soon as it knows its answer
 * (the first free provider at a start, the 13th start of a day), so the work follows the size
 * of the answer, not the number of providers times the window.
 */
export class AvailabilityStore {
  constructor(private readonly db: Db) {}

  /**
   * The CTEs every question starts from: the candidates grouped by the shape of their weekly
   * hours (one row a shape, numbered, with its providers' ids), the shapes' slot starts, each
   * start once with the shapes that offer it, and the candidates one row each (the last two
   * not materialized unless read twice: a question that does not read them does not compute
   * them). Issue 16: grouping in the scan, instead of materializing every (provider, weekday)
   * row with its shape's text and grouping that twice, took the shared part of each question
   * from ~15 ms to ~5 ms (500 providers, 3,000 rows); a number for the shape instead of its
   * text, and a start's shapes in its own row instead of a scan of every slot per start, took
   * the dialog's three questions from ~30 ms to ~22 ms (each asked alone, PostgreSQL): the
   * day strip's from 11.7 to 6.2 ms.
   */
  private slotsCte(filter: SlotFilter, window: AvailabilityWindow): SQL {
    const from = window.from.toISOString();
    const to = window.to.toISOString();
    return sql`
      with shape_ids as materialized (
        select row_number() over () as shape,
          p.time_zone, p.visit_minutes, s.weekday, s.start_minute, s.end_minute,
          -- The candidates of each shape in one row: a start's providers without a scan.
          array_agg(p.id) as ids
        from providers p join provider_schedules s on s.provider_id = p.id
        where p.id in (select provider_id from provider_treatments where treatment_id = ${filter.treatmentId})
          ${filter.state === null ? sql`` : sql`and p.id in (select provider_id from provider_licenses where state_code = ${filter.state})`}
          ${filter.providerId ? sql`and p.id = ${filter.providerId}` : sql``}
          ${filter.language ? sql`and p.language = ${filter.language}` : sql``}
        group by p.time_zone, p.visit_minutes, s.weekday, s.start_minute, s.end_minute
      ), slot as materialized (
        select sh.shape, w.start, sh.visit_minutes
        from shape_ids sh
        cross join lateral generate_series(
          ((${from}::timestamptz at time zone sh.time_zone)::date)::timestamp,
          ((${to}::timestamptz at time zone sh.time_zone)::date)::timestamp,
          interval '1 day') d
        cross join lateral generate_series(sh.start_minute, sh.end_minute - sh.visit_minutes, sh.visit_minutes) m
        cross join lateral (select (d::date + make_interval(mins => m)) at time zone sh.time_zone as start) w
        where extract(dow from d) = sh.weekday
          and w.start between ${from}::timestamptz and ${to}::timestamptz
          -- A wall time the clocks skip is not offered (as generateSlots does).
          and (w.start at time zone sh.time_zone) = d::date + make_interval(mins => m)
      ), starts as (
        select start, array_agg(shape) as shapes, array_agg(visit_minutes) as minutes
        from slot group by start
      ), cand as (
        select u.id, sh.visit_minutes, sh.shape from shape_ids sh cross join unnest(sh.ids) u(id)
      )`;
  }

  /**
   * The candidates at start st (a row of starts): each of its shapes' providers, looked up by
   * a scalar subquery so the probes run only on them whatever the planner estimates (the
   * tables may not be analysed yet). Columns id and visit_minutes.
   */
  private startCandidates(extra: SQL = sql``): SQL {
    return sql`select u.id, s.minutes as visit_minutes${extra}
      from unnest(st.shapes, st.minutes) s(shape, minutes)
      cross join lateral unnest((select sp.ids from shape_ids sp where sp.shape = s.shape)) u(id)`;
  }

  /**
   * Whether provider c is free for a visit starting at ss.start: one index probe, and one
   * more for the provider's time off. A scalar
   * subquery rather than NOT EXISTS, so the planner cannot turn it into a join that reads a
   * provider's whole history: provider and start range both go into the index condition.
   */
  private free(
    filter: SlotFilter,
    provider = 'c.id',
    start = 'ss.start',
    minutes = 'c.visit_minutes',
  ): SQL {
    const [id, at, length] = [sql.raw(provider), sql.raw(start), sql.raw(minutes)];
    return sql`(
      select true from appointments a
      where a.provider_id = ${id} and a.is_async = false and a.status not in (${RELEASING})
        -- Visits last less than a day: the lower bound keeps the index range short.
        and a.start > ${at} - interval '1 day'
        and a.start < ${at} + make_interval(mins => ${length})
        and a."end" > ${at}
      limit 1) is null
      -- Nor off (issue 41): no time off of the provider overlaps the visit.
      and (
      select true from provider_time_off t
      where t.provider_id = ${id}
        and t.starts_at < ${at} + make_interval(mins => ${length})
        and t.ends_at > ${at}
      limit 1) is null
      -- Nor held (issue 43) by someone else, while the hold is live.
      and not ${liveHoldOverlaps(filter, id, at, length)}`;
  }

  /**
   * The free starts of day dd.day (a row of the days CTE's distinct days), counted up to the
   * label cap. The starts are put in order before the free check, so the probes stop at the
   * cap (issue 46: a check in the same query level ran on every start of the day, then sorted;
   * a condition with a subquery is not pushed below the sort).
   */
  private dayCount(filter: SlotFilter): SQL {
    return sql`select count(*)::int from (
          select 1 from (select * from days d0 where d0.day = dd.day order by d0.start) st
          where (select true from (${this.startCandidates()}) c where ${this.free(filter, 'c.id', 'st.start')} limit 1)
          limit ${LABEL_CAP}) x`;
  }

  /**
   * The day strip: per local day of `timeZone`, the number of free slots (of the one provider
   * in the filter) or of distinct free starts (any provider), capped where the label stops
   * changing. Days without a free slot are left out.
   */
  async dayCounts(
    filter: SlotFilter,
    window: AvailabilityWindow,
    timeZone: string,
  ): Promise<DayCount[]> {
    const result = (await this.db.execute(sql`
      ${this.slotsCte(filter, window)}, days as materialized (
        select st.*, to_char(st.start at time zone ${timeZone}, 'YYYY-MM-DD') as day from starts st
      )
      select dd.day, (
        ${this.dayCount(filter)}) as count
      from (select distinct day from days) dd
      order by dd.day`)) as Rows<{ day: string; count: number }>;
    return result.rows
      .filter((row) => Number(row.count) > 0)
      .map((row) => ({ date: row.day, count: Number(row.count) }));
  }

  /**
   * Providers of the filter with at least one free slot in the window, by name. Each provider
   * walks the starts of its own shapes (arrays, so no scan of the candidates per provider) and
   * stops at the first free one.
   */
  providersWithSlots(filter: SlotFilter, window: AvailabilityWindow): Promise<ProviderRow[]> {
    const ids = sql`${this.slotsCte(filter, window)}, shape_starts as materialized (
        select shape, array_agg(start order by start) as starts from slot group by shape
      ), per_provider as materialized (
        select id, min(visit_minutes) as visit_minutes, array_agg(shape) as shapes
        from cand group by id
      )
      select pp.id from per_provider pp
      where exists (
        -- Each shape's starts by a scalar lookup, so the probes run only on this provider's
        -- starts whatever the planner estimates (the tables may not be analysed yet).
        select 1 from unnest(pp.shapes) u(shape)
        cross join lateral unnest(
          (select sh.starts from shape_starts sh where sh.shape = u.shape)) st(start)
        where ${this.free(filter, 'pp.id', 'st.start', 'pp.visit_minutes')})`;
    return (
      this.db
        .select()
        .from(providers)
        // An array computed once: `in (…)` planned a nested loop over the ids for every row.
        .where(sql`${providers.id} = any(array(${ids}))`)
        .orderBy(asc(providers.displayName), asc(providers.id))
    );
  }

  /**
   * Issue 46: the booking dialog's first question for any provider in one statement: the
   * providers with a free slot (providersWithSlots), the day strip (dayCounts) and, when asked,
   * the first day's slots one free provider per start (firstDaySlots, distinctStart), from one
   * computation of the shapes, their starts and the starts' shapes instead of three, and one
   * statement to plan and answer instead of three. The first day's slots carry their
   * provider's name, so a strip asked without the providers still shows who each time is with.
   */
  async summary(
    filter: SlotFilter & { providerId?: null },
    window: AvailabilityWindow,
    timeZone: string,
    options: { firstDay: boolean; providers?: boolean; days?: boolean },
  ): Promise<{
    providers: ProviderRow[];
    days: DayCount[];
    firstDay: { date: string; slots: NamedFreeSlotRow[] } | null;
  }> {
    const withProviders = options.providers ?? true;
    const withDays = options.days ?? true;
    const inFirstDay = sql`start >= (select day::timestamp at time zone ${timeZone} from first_day)
        and start < (select (day + 1)::timestamp at time zone ${timeZone} from first_day)`;
    const firstDay = options.firstDay
      ? sql`(select to_char(day, 'YYYY-MM-DD') from first_day) as first_date,
        (select coalesce(json_agg(json_build_array(f.id, extract(epoch from st.start)::float8,
          f.visit_minutes, (select p.display_name from providers p where p.id = f.id))
          order by st.start), '[]'::json)
        from (select * from starts where ${inFirstDay}) st
        cross join lateral (
          -- As slotRows' distinctStart: the free check above the shuffle.
          select r.id, r.visit_minutes from (
            ${this.startCandidates(sql`, random() as pick`)} order by pick) r
          where ${this.free(filter, 'r.id', 'st.start', 'r.visit_minutes')}
          limit 1) f) as first_slots`
      : sql`null::text as first_date, null::json as first_slots`;
    // Each part only when asked (issue 46: the dialog asks for the strip with its first day and,
    // beside it, for the providers, so its first paint does not wait for the providers' probes).
    const providersPart = withProviders
      ? sql`(
        select coalesce(json_agg(json_build_array(p.id, p.user_id, p.display_name, p.title,
          p.profile_image, p.virtual_visit_link, p.time_zone, p.visit_minutes, p.language)
          order by p.display_name, p.id), '[]'::json)
        from providers p
        where p.id = any(array(
          select pp.id from per_provider pp
          where exists (
            select 1 from unnest(pp.shapes) u(shape)
            cross join lateral unnest(
              (select sh.starts from shape_starts sh where sh.shape = u.shape)) st(start)
            where ${this.free(filter, 'pp.id', 'st.start', 'pp.visit_minutes')})))
      ) as providers`
      : sql`'[]'::json as providers`;
    const daysPart = withDays
      ? sql`(
        select coalesce(json_agg(json_build_array(dd.day, (
          ${this.dayCount(filter)})) order by dd.day), '[]'::json)
        from (select distinct day from days) dd
      ) as days`
      : sql`'[]'::json as days`;
    const result = (await this.db.execute(sql`
      ${this.slotsCte(filter, window)}, days as materialized (
        select st.*, to_char(st.start at time zone ${timeZone}, 'YYYY-MM-DD') as day from starts st
      ), shape_starts as materialized (
        select shape, array_agg(start order by start) as starts from slot group by shape
      ), per_provider as materialized (
        select id, min(visit_minutes) as visit_minutes, array_agg(shape) as shapes
        from cand group by id
      ), first_day as materialized (
        select (st.start at time zone ${timeZone})::date as day
        from (select * from starts order by start) st
        where (select true from (${this.startCandidates()}) c where ${this.free(filter, 'c.id', 'st.start')} limit 1)
        limit 1
      )
      select ${providersPart}, ${daysPart}, ${firstDay}`)) as Rows<{
      providers: unknown;
      days: unknown;
      first_date: string | null;
      first_slots: unknown;
    }>;
    const row = result.rows[0];
    if (!row) throw new Error('the availability summary statement answered no row');
    const json = <T>(raw: unknown): T => (typeof raw === 'string' ? JSON.parse(raw) : raw) as T;
    type ProviderTuple = [string, string | null, string, string | null, string | null];
    const providers = json<[...ProviderTuple, string | null, string, number, string][]>(
      row.providers,
    ).map(
      ([
        id,
        userId,
        displayName,
        title,
        profileImage,
        virtualVisitLink,
        zone,
        minutes,
        language,
      ]) => ({
        id,
        userId,
        displayName,
        title,
        profileImage,
        virtualVisitLink,
        timeZone: zone,
        visitMinutes: Number(minutes),
        language,
      }),
    );
    const days = json<[string, number][]>(row.days)
      .map(([date, count]) => ({ date, count: Number(count) }))
      .filter((day) => day.count > 0);
    const slots = json<[string, number, number, string | null][] | null>(row.first_slots) ?? [];
    return {
      providers,
      days,
      firstDay: row.first_date
        ? {
            date: row.first_date,
            slots: slots.map(([providerId, startS, minutes, providerName]) => {
              const start = Number(startS) * 1000;
              return {
                providerId,
                providerName: providerName ?? '',
                start: new Date(start),
                end: new Date(start + Number(minutes) * 60_000),
              };
            }),
          }
        : null,
    };
  }

  /**
   * Free slots in the window (meant for one day): every free provider at each start, or with
   * `distinctStart` one free provider per start, chosen at random (spec 01 §9). Start order,
   * then provider name.
   */
  async freeSlots(
    filter: SlotFilter,
    window: AvailabilityWindow,
    options: { distinctStart: boolean },
  ): Promise<FreeSlotRow[]> {
    const rows = await this.slotRows(
      filter,
      this.slotsCte(filter, window),
      sql`true`,
      sql`null::text`,
      options.distinctStart,
    );
    return rows.map((row) => row.slot);
  }

  /**
   * The first local day (in `timeZone`) of the window with a free slot, and that day's free
   * slots, in one statement: the starts are walked in order until the first one with a free
   * provider, and its local day's slots are answered as freeSlots would (so the dialog's first
   * paint needs no second question). Null when the window has no free slot.
   */
  async firstDaySlots(
    filter: SlotFilter,
    window: AvailabilityWindow,
    timeZone: string,
    options: { distinctStart: boolean },
  ): Promise<{ date: string; slots: FreeSlotRow[] } | null> {
    const prefix = sql`${this.slotsCte(filter, window)}, first_day as materialized (
        select (st.start at time zone ${timeZone})::date as day
        from (select * from starts order by start) st
        where (select true from (${this.startCandidates()}) c where ${this.free(filter, 'c.id', 'st.start')} limit 1)
        limit 1
      )`;
    const inFirstDay = (
      start: SQL,
    ) => sql`${start} >= (select day::timestamp at time zone ${timeZone} from first_day)
        and ${start} < (select (day + 1)::timestamp at time zone ${timeZone} from first_day)`;
    const rows = await this.slotRows(
      filter,
      prefix,
      inFirstDay,
      sql`(select to_char(day, 'YYYY-MM-DD') from first_day)`,
      options.distinctStart,
    );
    const date = rows[0]?.day;
    return date ? { date, slots: rows.map((row) => row.slot) } : null;
  }

  /**
   * Free slots of the CTEs in `prefix` whose start passes `where` (every free provider at each
   * start, by start then provider name; or one free provider per start, at random), each row
   * carrying `day`.
   */
  private async slotRows(
    filter: SlotFilter,
    prefix: SQL,
    where: SQL | ((start: SQL) => SQL),
    day: SQL,
    distinctStart: boolean,
  ): Promise<{ day: string | null; slot: FreeSlotRow }[]> {
    const startsIn = (start: SQL) => (typeof where === 'function' ? where(start) : where);
    const query = distinctStart
      ? sql`${prefix}
        select f.id as provider_id, extract(epoch from st.start)::float8 as start_s,
          f.visit_minutes, ${day} as day
        from (select * from starts where ${startsIn(sql`start`)}) st
        cross join lateral (
          -- random() in the select list keeps the free check above the shuffle, so the
          -- probes stop at the first free provider of the shuffled order.
          select r.id, r.visit_minutes from (
            ${this.startCandidates(sql`, random() as pick`)} order by pick) r
          where ${this.free(filter, 'r.id', 'st.start', 'r.visit_minutes')}
          limit 1) f
        order by st.start`
      : sql`${prefix}
        select c.id as provider_id, extract(epoch from ss.start)::float8 as start_s,
          c.visit_minutes, ${day} as day
        from slot ss join cand c on c.shape = ss.shape
        join providers p on p.id = c.id
        where ${startsIn(sql`ss.start`)} and ${this.free(filter)}
        order by ss.start, p.display_name, p.id`;
    // Epoch seconds: cheaper to read than timestamptz text, and the same on both drivers.
    const result = (await this.db.execute(query)) as Rows<{
      provider_id: string;
      start_s: number | string;
      visit_minutes: number | string;
      day: string | null;
    }>;
    return result.rows.map((row) => {
      const start = Number(row.start_s) * 1000;
      return {
        day: row.day,
        slot: {
          providerId: row.provider_id,
          start: new Date(start),
          end: new Date(start + Number(row.visit_minutes) * 60_000),
        },
      };
    });
  }
}
