import { bookingWindow } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { Benchmark } from './lib/benchmark';
import { createBenchProviders, createBenchTreatment, makePatients } from './lib/appointments-seed';
import { BOOKING_SLOTS, SCHEDULE_ADHOC } from './lib/operations';
import type { PortalServer } from './lib/portal';
import { openBenchSession } from './lib/sessions';
import { fmt, type Table } from './lib/report';
import { percentile } from './lib/stats';

const STATE = 'VT';
const PROVIDERS = 5;
const TARGET_SLOTS = 20;
const CONTENDERS_PER_SLOT = 10;

interface GraphqlAnswer {
  data?: Record<string, unknown> | null;
  errors?: { extensions?: { code?: string } }[];
}

async function post(portal: PortalServer, token: string, query: string, variables: object) {
  const response = await fetch(`${portal.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as GraphqlAnswer;
}

async function measure(portal: PortalServer) {
  const { db } = portal.database;
  const treatment = await createBenchTreatment(db, 'bench_booking');
  await createBenchProviders(db, PROVIDERS, STATE, treatment.id);
  const contenders = TARGET_SLOTS * CONTENDERS_PER_SLOT;
  // Customers from the end of the seed (the first ones serve the other benchmarks), before
  // the two the slot benchmark takes.
  const people = portal.seed.customers.slice(-(contenders + 2), -2);
  if (people.length < contenders) throw new Error(`need ${contenders + 2} seeded customers`);
  await makePatients(
    db,
    people.map((p) => p.customerId),
    treatment.id,
    STATE,
  );
  const tokens = await Promise.all(
    people.map(async (p) =>
      portal.app.tokens.issue('access', {
        sub: p.userId,
        sid: await openBenchSession(db, p.userId),
        role: 'customer',
        customer_id: p.customerId,
        scope: 'graphql',
      }),
    ),
  );
  const window = bookingWindow(new Date());
  const listed = await post(portal, tokens[0]!, BOOKING_SLOTS, {
    state: STATE,
    treatmentId: treatment.id,
    startTime: window.earliest.toISOString(),
    endTime: window.latest.toISOString(),
  });
  const free = (listed.data?.availableSlots ?? []) as {
    start: string;
    end: string;
    provider: { id: string };
  }[];
  const targets = free.slice(0, TARGET_SLOTS);
  if (targets.length < TARGET_SLOTS) throw new Error(`only ${targets.length} free slots`);

  // Every contender fires at once; slot i is wanted by contenders i, i+20, i+40 …
  const latencies: number[] = [];
  const started = performance.now();
  const outcomes = await Promise.all(
    tokens.map(async (token, i) => {
      const slot = targets[i % TARGET_SLOTS]!;
      const t0 = performance.now();
      const answer = await post(portal, token, SCHEDULE_ADHOC, {
        providerId: slot.provider.id,
        treatmentShortId: treatment.shortId,
        start: slot.start,
        end: slot.end,
      });
      latencies.push(performance.now() - t0);
      return answer.errors?.length ? (answer.errors[0]?.extensions?.code ?? 'error') : 'booked';
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const counts: Record<string, number> = {};
  for (const outcome of outcomes) counts[outcome] = (counts[outcome] ?? 0) + 1;

  const result: unknown = await db.execute(sql`
    select count(*)::int as live, count(distinct (provider_id, start))::int as distinct_slots
    from appointments
    where treatment_id = ${treatment.id} and is_async = false
      and status not in ('cancelled', 'voided', 'expired')`);
  const row = (result as { rows: { live: number; distinct_slots: number }[] }).rows[0]!;
  return {
    database: portal.label,
    attempts: contenders,
    seconds,
    attemptsPerSecond: contenders / seconds,
    bookingsPerSecond: (counts.booked ?? 0) / seconds,
    outcomes: counts,
    liveBookings: row.live,
    distinctSlots: row.distinct_slots,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    noDoubleBooking: row.live === row.distinct_slots && (counts.booked ?? 0) === TARGET_SLOTS,
  };
}

export const appointmentBookings: Benchmark = {
  id: 'appointment-bookings',
  title: `ScheduleAdhocAppointmentV2 under contention: ${TARGET_SLOTS} slots, ${CONTENDERS_PER_SLOT} customers each`,
  async run(ctx) {
    const results = [];
    for (const portal of await ctx.portals()) results.push(await measure(portal));
    const table: Table = {
      headers: [
        'Database',
        'attempts',
        'attempts/s',
        'goal',
        'bookings/s',
        'p50 ms',
        'p99 ms',
        'goal',
        'outcomes',
        'no double booking',
      ],
      rows: results.map((r) => [
        r.database,
        fmt.int(r.attempts),
        fmt.rate(r.attemptsPerSecond),
        '≥ 300',
        fmt.rate(r.bookingsPerSecond),
        fmt.ms(r.p50),
        fmt.ms(r.p99),
        '< 250',
        Object.entries(r.outcomes)
          .map(([k, v]) => `${k} ${v}`)
          .join(', '),
        r.noDoubleBooking ? 'yes' : 'NO',
      ]),
      leftAligned: [0, 8, 9],
    };
    const broken = results.filter((r) => !r.noDoubleBooking);
    if (broken.length) {
      throw new Error(
        `double booking or lost booking on ${broken.map((r) => `${r.database} ${JSON.stringify(r.outcomes)} live ${r.liveBookings}/${r.distinctSlots}`).join('; ')}`,
      );
    }
    return {
      tables: [table],
      notes: [
        `${TARGET_SLOTS * CONTENDERS_PER_SLOT} customers (each with an active plan for the treatment, no visit yet) send their booking at once, ${CONTENDERS_PER_SLOT} for each of ${TARGET_SLOTS} free slots of ${PROVIDERS} providers. Exactly one per slot must win (the others get A102); the check counts live rows per (provider, start) in the database.`,
      ],
      data: results,
    };
  },
};
