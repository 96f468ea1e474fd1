import { sql } from 'drizzle-orm';
import { bookingWindow, slotsByDay, thinDuplicateStarts } from '@portal/domain';
import type { Db } from '../../apps/server/src/db/client';
import type { Benchmark } from './lib/benchmark';
import {
  bookAMonth,
  createBenchProviders,
  createBenchTreatment,
  makePatients,
} from './lib/appointments-seed';
import { AVAILABILITY_ALL_IN_ONE, AVAILABLE_SLOTS, webOperation } from './lib/operations';
import type { PortalServer } from './lib/portal';
import { openBenchSession } from './lib/sessions';
import { fmt, fmtRatio, goal, ratio, type Table } from './lib/report';
import { percentile } from './lib/stats';

const STATE = 'WY';
const PROVIDERS = 500;
const BOOKED_SHARE = 0.2;
/** The old full answer is seconds long: a few runs give its median. */
const FULL_RUNS = 5;
/** The dialog's first paint: enough runs for a p99 worth printing. */
const DIALOG_RUNS = 50;
const VIEWER_ZONE = 'America/Los_Angeles';
/** Issue 46: the embedded default's goal and PostgreSQL's. */
const GOAL_P99_MS: Record<string, number> = { PGlite: 50, PostgreSQL: 30 };
const GOAL_BYTES = 50 * 1024;

/**
 * The same answer in one SQL statement: every provider's weekly blocks laid out on the local
 * days of the window, cut into visits at the provider's wall clock, minus live bookings that
 * overlap, in start order.
 */
export async function slotsBySql(
  db: Db,
  input: { state: string; treatmentId: string; from: Date; to: Date },
): Promise<{ provider_id: string; start: string }[]> {
  const from = input.from.toISOString();
  const to = input.to.toISOString();
  const result: unknown = await db.execute(sql`
    with candidates as (
      select p.id, p.time_zone, p.visit_minutes, s.weekday, s.start_minute, s.end_minute
      from providers p join provider_schedules s on s.provider_id = p.id
      where p.language = 'en-US'
        and p.id in (select provider_id from provider_licenses where state_code = ${input.state})
        and p.id in (select provider_id from provider_treatments where treatment_id = ${input.treatmentId})
    ), slots as (
      select c.id as provider_id, c.visit_minutes,
        ((d::date + make_interval(mins => m)) at time zone c.time_zone) as start
      from candidates c
      cross join lateral generate_series(
        ((${from}::timestamptz at time zone c.time_zone)::date)::timestamp,
        ((${to}::timestamptz at time zone c.time_zone)::date)::timestamp,
        interval '1 day') d
      cross join lateral generate_series(c.start_minute, c.end_minute - c.visit_minutes, c.visit_minutes) m
      where extract(dow from d) = c.weekday
    )
    select s.provider_id::text as provider_id,
      to_char(s.start at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as start
    from slots s
    where s.start between ${from}::timestamptz and ${to}::timestamptz
      and not exists (
        select 1 from appointments a
        where a.provider_id = s.provider_id and a.is_async = false
          and a.status not in ('cancelled', 'voided', 'expired')
          -- Visits last less than a day: the lower bound keeps the index range short.
          and a.start > s.start - interval '1 day'
          and a.start < s.start + make_interval(mins => s.visit_minutes) and a."end" > s.start)
    order by s.start, s.provider_id`);
  return (result as { rows: { provider_id: string; start: string }[] }).rows;
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

const key = (providerId: string, start: string) => `${providerId} ${new Date(start).toISOString()}`;

async function measure(portal: PortalServer) {
  const { db } = portal.database;
  const treatment = await createBenchTreatment(db, 'bench_slots');
  const providerIds = await createBenchProviders(db, PROVIDERS, STATE, treatment.id);
  const holder = portal.seed.customers.at(-1);
  const patient = portal.seed.customers.at(-2);
  if (!holder || !patient) throw new Error('need two seeded customers');
  const booked = await bookAMonth(db, {
    providerIds,
    customerId: holder.customerId,
    now: new Date(),
    share: BOOKED_SHARE,
  });
  await makePatients(db, [patient.customerId], treatment.id, STATE);
  const token = await portal.app.tokens.issue('access', {
    sub: patient.userId,
    sid: await openBenchSession(db, patient.userId),
    role: 'customer',
    customer_id: patient.customerId,
    scope: 'graphql',
  });
  const window = bookingWindow(new Date());
  const variables = {
    state: STATE,
    treatmentId: treatment.id,
    startTime: window.earliest.toISOString(),
    endTime: window.latest.toISOString(),
  };
  const post = async <T>(
    query: string | { query: string; hash: string },
    vars: object,
  ): Promise<{ data: T; bytes: number }> => {
    // The web's operations go as the web sends them: the text and its persisted hash.
    const body =
      typeof query === 'string'
        ? { query, variables: vars }
        : {
            query: query.query,
            variables: vars,
            extensions: { persistedQuery: { version: 1, sha256Hash: query.hash.slice(7) } },
          };
    const response = await fetch(`${portal.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    const parsed = JSON.parse(text) as { data?: T; errors?: unknown[] };
    if (!parsed.data) throw new Error(`query failed: ${JSON.stringify(parsed.errors)}`);
    return { data: parsed.data, bytes: Buffer.byteLength(text) };
  };
  type Slot = { start: string; end: string; provider: { id: string } };
  const viaGraphql = async () =>
    (await post<{ availableSlots: Slot[] }>(AVAILABLE_SLOTS, variables)).data.availableSlots;
  interface Summary {
    days: { date: string; label: string | null }[];
    firstDay: {
      date: string;
      slots: { start: string; end: string; providerId: string; providerName: string }[];
    } | null;
  }
  // The booking dialog's own documents (apps/web/src/features/appointments/*.graphql).
  const summaryDoc = webOperation('GetAvailabilitySummary');
  const providersDoc = webOperation('GetAvailableProviders');
  const daySlotsDoc = webOperation('GetAvailableSlots');
  const whoHasSlots = () =>
    post<{ availabilitySummary: { providers: { id: string; displayName: string }[] } }>(
      providersDoc,
      { ...variables, forReschedule: false, timeZone: VIEWER_ZONE },
    );
  const summary = (firstDay: boolean) =>
    post<{ availabilitySummary: Summary }>(summaryDoc, {
      ...variables,
      providerId: null,
      forReschedule: false,
      timeZone: VIEWER_ZONE,
      firstDay,
    });
  const daySlots = (day: string, distinctStart: boolean) =>
    post<{ availableSlots: Slot[] }>(daySlotsDoc, {
      ...variables,
      providerId: null,
      forReschedule: false,
      day,
      timeZone: VIEWER_ZONE,
      distinctStart,
    });
  // What the booking dialog asks when it opens (any provider): the day strip with the first
  // day's times, then who has a free time (the provider select). Its first paint is the
  // strip's answer; the providers' is timed too.
  const firstPaint = async () => {
    const started = performance.now();
    const strip = await summary(true);
    const stripMs = performance.now() - started;
    if (!strip.data.availabilitySummary.firstDay) throw new Error('no day with a free slot');
    await whoHasSlots();
    return { bytes: strip.bytes, ms: stripMs, providersMs: performance.now() - started };
  };
  const viaSql = () =>
    slotsBySql(db, {
      state: STATE,
      treatmentId: treatment.id,
      from: window.earliest,
      to: window.latest,
    });

  // Warm up both, and check they agree.
  const first = await viaGraphql();
  const firstSql = await viaSql();
  const graphqlKeys = first.map((s) => key(s.provider.id, s.start));
  const sqlKeys = firstSql.map((s) => key(s.provider_id, s.start));
  const sqlSet = new Set(sqlKeys);
  const same = graphqlKeys.length === sqlKeys.length && graphqlKeys.every((k) => sqlSet.has(k));

  // The dialog's answers against what the full answer implies for the same questions: the
  // labels of the thinned days in the viewer's zone, who has a slot, and each day's slots.
  const fullSlots = first.map((s) => ({ ...s, at: s.start, start: new Date(s.start) }));
  const impliedDays = slotsByDay(
    thinDuplicateStarts(fullSlots, () => 0),
    VIEWER_ZONE,
  ).map((d) => ({ date: d.date, label: d.label }));
  const strip = (await summary(true)).data.availabilitySummary;
  const providers = (await whoHasSlots()).data.availabilitySummary.providers;
  const problems: string[] = [];
  if (JSON.stringify(strip.days) !== JSON.stringify(impliedDays)) problems.push('day labels');
  const withSlots = new Set(first.map((s) => s.provider.id));
  if (providers.length !== withSlots.size || !providers.every((p) => withSlots.has(p.id))) {
    problems.push('providers');
  }
  const names = new Map(providers.map((p) => [p.id, p.displayName]));
  if (!strip.firstDay?.slots.every((s) => s.providerName === names.get(s.providerId))) {
    problems.push('provider names');
  }
  const fullDays = slotsByDay(fullSlots, VIEWER_ZONE);
  // The first day as the strip brings it: the full answer's first day, one free provider at
  // each of its starts (the server picks which at random).
  const firstFull = fullDays[0];
  const fullKeys = new Set(first.map((s) => key(s.provider.id, s.start)));
  const firstStarts = [...new Set(firstFull?.slots.map((s) => s.start.toISOString()))];
  if (
    strip.firstDay?.date !== firstFull?.date ||
    JSON.stringify(strip.firstDay?.slots.map((s) => new Date(s.start).toISOString())) !==
      JSON.stringify(firstStarts) ||
    !strip.firstDay?.slots.every(
      (s) =>
        fullKeys.has(key(s.providerId, s.start)) &&
        first.some(
          (f) =>
            f.provider.id === s.providerId &&
            Date.parse(f.start) === Date.parse(s.start) &&
            Date.parse(f.end) === Date.parse(s.end),
        ),
    )
  ) {
    problems.push('first day');
  }
  for (const day of fullDays.slice(0, 3)) {
    const answer = (await daySlots(day.date, false)).data.availableSlots;
    const expected = day.slots.map((s) => key(s.provider.id, s.at));
    if (JSON.stringify(answer.map((s) => key(s.provider.id, s.start))) !== JSON.stringify(expected))
      problems.push(`slots of ${day.date}`);
  }
  // Where the bytes go: the strip alone, its first day, and a day asked on its own.
  const stripOnly = await summary(false);
  const secondDay = fullDays[1] ? await daySlots(fullDays[1].date, true) : null;

  const graphqlMs: number[] = [];
  const sqlMs: number[] = [];
  for (let i = 0; i < FULL_RUNS; i++) {
    graphqlMs.push((await timed(viaGraphql)).ms);
    sqlMs.push((await timed(viaSql)).ms);
  }
  await firstPaint();
  // For comparison in the same run: the three parts in one request, as the dialog asked before
  // issue 46 split the providers off.
  const allInOne = () => post(AVAILABILITY_ALL_IN_ONE, { ...variables, timeZone: VIEWER_ZONE });
  await allInOne();
  const paintMs: number[] = [];
  const providersMs: number[] = [];
  const togetherMs: number[] = [];
  let paintBytes = 0;
  for (let i = 0; i < DIALOG_RUNS; i++) {
    const run = await firstPaint();
    paintMs.push(run.ms);
    providersMs.push(run.providersMs);
    paintBytes = Math.max(paintBytes, run.bytes);
    togetherMs.push((await timed(allInOne)).ms);
  }
  const fullBytes = Buffer.byteLength(JSON.stringify({ data: { availableSlots: first } }));
  return {
    database: portal.label,
    providers: PROVIDERS,
    bookedAppointments: booked,
    slots: first.length,
    sqlSlots: firstSql.length,
    same,
    dialogSame: problems.length === 0,
    problems,
    fullBytes,
    paintBytes,
    stripBytes: stripOnly.bytes,
    firstDaySlots: strip.firstDay?.slots.length ?? 0,
    dayBytes: secondDay?.bytes ?? 0,
    paint: { p50: percentile(paintMs, 50), p99: percentile(paintMs, 99) },
    providersAnswer: { p50: percentile(providersMs, 50), p99: percentile(providersMs, 99) },
    together: { p50: percentile(togetherMs, 50), p99: percentile(togetherMs, 99) },
    graphql: { p50: percentile(graphqlMs, 50), p99: percentile(graphqlMs, 99) },
    sql: { p50: percentile(sqlMs, 50), p99: percentile(sqlMs, 99) },
  };
}

export const appointmentSlots: Benchmark = {
  id: 'appointment-slots',
  title: `Availability for the booking dialog: ${PROVIDERS} providers, a month of bookings (first paint vs the full window vs one SQL query)`,
  async run(ctx) {
    const results = [];
    for (const portal of await ctx.portals()) {
      ctx.progress(`appointment-slots: seeding ${PROVIDERS} providers on ${portal.label}`);
      results.push(await measure(portal));
    }
    const table: Table = {
      headers: [
        'Database',
        'slots',
        'GraphQL p50 ms',
        'GraphQL p99 ms',
        'SQL p50 ms',
        'SQL p99 ms',
        'GraphQL/SQL p50',
        'same answer',
      ],
      rows: results.map((r) => [
        r.database,
        fmt.int(r.slots),
        fmt.ms(r.graphql.p50),
        fmt.ms(r.graphql.p99),
        fmt.ms(r.sql.p50),
        fmt.ms(r.sql.p99),
        fmtRatio(ratio(r.graphql.p50, r.sql.p50)),
        r.same ? 'yes' : `NO (SQL ${r.sqlSlots})`,
      ]),
      leftAligned: [0, 7],
    };
    const dialog: Table = {
      headers: [
        'Database',
        'first paint p50 ms',
        'first paint p99 ms',
        `goal p99 ms`,
        'first paint bytes',
        'goal bytes',
        'providers p50 · p99 ms',
        'all in one p50 · p99 ms',
        'full answer bytes',
        'same answer as full',
      ],
      rows: results.map((r) => [
        r.database,
        fmt.ms(r.paint.p50),
        fmt.ms(r.paint.p99),
        goal(r.paint.p99 < (GOAL_P99_MS[r.database] ?? 0), `< ${GOAL_P99_MS[r.database]}`),
        fmt.int(r.paintBytes),
        goal(r.paintBytes < GOAL_BYTES, `< ${fmt.int(GOAL_BYTES)}`),
        `${fmt.ms(r.providersAnswer.p50)} · ${fmt.ms(r.providersAnswer.p99)}`,
        `${fmt.ms(r.together.p50)} · ${fmt.ms(r.together.p99)}`,
        fmt.int(r.fullBytes),
        r.dialogSame ? 'yes' : `NO (${r.problems.join(', ')})`,
      ]),
      leftAligned: [0, 3, 5, 8],
    };
    const differs = results.filter((r) => !r.dialogSame);
    if (differs.length) {
      throw new Error(
        `the dialog's answers differ from the full answer on ${differs.map((r) => `${r.database} (${r.problems.join(', ')})`).join('; ')}`,
      );
    }
    const mismatch = results.filter((r) => !r.same);
    if (mismatch.length) {
      throw new Error(`GraphQL and SQL disagree on ${mismatch.map((r) => r.database).join(', ')}`);
    }
    return {
      tables: [dialog, table],
      notes: [
        `First paint: the web's GetAvailabilitySummary with firstDay (a label per day in ${VIEWER_ZONE}, any provider, and the first day's times, one provider per start, each with its provider's name) — the request the booking dialog's times wait for — then the web's GetAvailableProviders (who has a free slot, for the provider select; issue 46: no longer part of the first paint), as the dialog sends them for any provider; "providers" is from the first send to the providers' answer; "all in one" is one request asking the three parts together, as the dialog did before (each run of the two is followed by one of it, so load from elsewhere meets both); ${DIALOG_RUNS} sequential runs; bytes are the strip's response body (${results.map((r) => `${r.database}: the strip alone ${fmt.int(r.stripBytes)} B, ${r.firstDaySlots} first-day slots; another day by GetAvailableSlots ${fmt.int(r.dayBytes)} B`).join('; ')}). "same answer as full" checks the day labels and providers against the full answer thinned and grouped by the domain's rules, the first day's times against the full answer's first day (every start, each a free provider of the full answer), and the slots of the first three days (the web's GetAvailableSlots, distinctStart off) against the full answer's.`,
        `One customer in state ${STATE}; ${PROVIDERS} providers licensed there for the treatment (Mon–Sat 8:00–17:00 in four US zones, 30-minute visits); ${fmt.int(results[0]?.bookedAppointments ?? 0)} bookings over the month around now (${BOOKED_SHARE * 100}% of half-hours).`,
        `${FULL_RUNS} sequential requests each: POST /graphql (all slots of every provider, distinctStart off so the answer is deterministic) and the one SQL statement in slotsBySql run in-process; "same answer" compares (provider, start) sets.`,
      ],
      data: results,
    };
  },
};
