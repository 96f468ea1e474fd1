import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { bookingBlockHorizon, bookingWindow } from '@portal/domain';
import { sql, type Query, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../../apps/server/src/db/client';
// This tool EXPLAINs the stores' own statements, so it builds them with the stores themselves.
// eslint-disable-next-line import-x/no-restricted-paths
import { AvailabilityStore } from '../../../apps/server/src/modules/appointments/availability-store';
// eslint-disable-next-line import-x/no-restricted-paths
import { BookingStore } from '../../../apps/server/src/modules/appointments/booking-store';
import { auditValues } from '../../../apps/server/src/platform/audit';
import {
  bookAMonth,
  createBenchProviders,
  createBenchTreatment,
  makePatients,
} from './appointments-seed';
import { startPortal } from './portal';

// EXPLAIN ANALYZE of the booking statements and of the availability questions on PostgreSQL,
// on the appointment-slots seed (500 providers, a month 20 % booked). Run:
//   TEST_DATABASE_URL=postgres://… npx tsx bench/src/lib/explain-queries.ts [out.txt]

const STATE = 'WY';
const ZONE = 'America/Los_Angeles';

type Rows = { rows: Record<string, unknown>[] };

async function explain(db: Db, title: string, query: SQLWrapper): Promise<string> {
  // A query builder embedded as is would be parenthesised as a subquery: its SQL is inlined.
  const result: unknown = await db.execute(
    sql`explain (analyze, buffers, costs, timing) ${query.getSQL()}`,
  );
  const { rows } = result as Rows;
  const plan = rows.map((r) => String(Object.values(r)[0])).join('\n');
  return `=== ${title}\n${plan}\n`;
}

/**
 * A statement compiled to its text and values (drizzle's Query, as bookingStatement answers)
 * back as SQL: the text between its $n markers, each marker its value as a parameter.
 */
function fromQuery(query: Query): SQL {
  const chunks = query.sql
    .split(/\$(\d+)/)
    .map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${query.params[Number(part) - 1]}`));
  return sql.join(chunks, sql.raw(''));
}

/** A Db whose execute() captures the statement instead of running it. */
function capturing(db: Db, seen: SQL[]): Db {
  return new Proxy(db, {
    get(target, key, receiver) {
      if (key === 'execute') {
        return (query: SQL) => {
          seen.push(query);
          return Promise.resolve({ rows: [] });
        };
      }
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
}

async function main() {
  const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('set TEST_DATABASE_URL');
  const out = process.argv[2] ?? 'explain.txt';
  const portal = await startPortal({ kind: 'postgres', adminUrl }, 5, []);
  try {
    const { db } = portal.database;
    const treatment = await createBenchTreatment(db, 'explain_slots');
    const providerIds = await createBenchProviders(db, 500, STATE, treatment.id);
    const holder = portal.seed.customers.at(-1)!;
    const patient = portal.seed.customers.at(-2)!;
    const booked = await bookAMonth(db, {
      providerIds,
      customerId: holder.customerId,
      now: new Date(),
      share: 0.2,
    });
    await makePatients(db, [patient.customerId], treatment.id, STATE);
    await db.execute(sql`analyze`);
    const sections: string[] = [
      `PostgreSQL, 500 providers, ${booked} appointments booked over a month (the appointment-slots seed); ${new Date().toISOString()}\n`,
    ];

    // Availability: the day strip (dayCounts) and one day's slots (freeSlots), as the store sends them.
    const seen: SQL[] = [];
    const availability = new AvailabilityStore(capturing(db, seen));
    const window = bookingWindow(new Date());
    const filter = { state: STATE, treatmentId: treatment.id };
    await availability.dayCounts(filter, { from: window.earliest, to: window.latest }, ZONE);
    const day = { from: window.earliest, to: new Date(window.earliest.getTime() + 86_400_000) };
    await availability.freeSlots(filter, day, { distinctStart: true });
    await availability.freeSlots(filter, day, { distinctStart: false });
    await availability.firstDaySlots(filter, { from: window.earliest, to: window.latest }, ZONE, {
      distinctStart: true,
    });
    const titles = [
      'availability summary: dayCounts (any provider, the booking window)',
      'day slots: freeSlots distinctStart=true (one day, any provider)',
      'day slots: freeSlots distinctStart=false (one day, every provider)',
      "availability summary's firstDay: firstDaySlots distinctStart=true (the first day with a free slot, any provider)",
    ];
    for (const [i, query] of seen.entries()) sections.push(await explain(db, titles[i]!, query));
    sections.push(
      await explain(
        db,
        'availability summary: providersWithSlots (any provider, the booking window)',
        // The store answers a drizzle select (a query builder, so also an SQLWrapper).
        availability.providersWithSlots(filter, {
          from: window.earliest,
          to: window.latest,
        }) as unknown as SQLWrapper,
      ),
    );

    const store = new BookingStore(db);
    // A start nobody holds (the seed books the month ahead on the half hour): 40 days out.
    const start = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 40 * 86_400_000);
    const providerId = providerIds[0]!;
    const values = () => ({
      id: randomUUID(),
      customerId: patient.customerId,
      providerId,
      treatmentId: treatment.id,
      start,
      end: new Date(start.getTime() + 30 * 60_000),
      status: 'scheduled',
      isAsync: false as const,
      origin: null,
      followUpId: null,
      subscriptionId: null,
      vialCount: null,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    const audit = (id: string) =>
      auditValues(
        { type: 'customer', id: patient.customerId },
        {
          action: 'create',
          entity: 'appointment',
          entityId: id,
          details: { operation: 'ScheduleAdhocAppointmentV2' },
        },
      );
    // The booking's facts (treatment, follow-up, the provider with their hours and licenses,
    // the customer's visits): the prepared statement itself, by PREPARE and EXPLAIN EXECUTE with
    // the booking's values.
    const since = bookingBlockHorizon(new Date());
    const facts = store.bookingFactsQuery();
    const factValues: Record<string, string | null> = {
      customerId: patient.customerId,
      providerId,
      followUpId: null,
      treatmentShortId: treatment.shortId,
      since: since.toISOString(),
    };
    const literal = (v: string | null | undefined) =>
      v === null || v === undefined ? 'null' : `'${v.replace(/'/g, "''")}'`;
    // PREPARE and EXECUTE on one connection: the pool's transaction holds one.
    await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`prepare explain_booking_facts as ${facts.sql}`));
      const executed: unknown = await tx.execute(
        sql.raw(
          `explain (analyze, buffers, costs, timing) execute explain_booking_facts(${facts.placeholders.map((name) => literal(factValues[name])).join(', ')})`,
        ),
      );
      sections.push(
        `=== booking: its facts and the provider's hours (one statement)\n${(executed as Rows).rows.map((r) => String(Object.values(r)[0])).join('\n')}\n`,
      );
      await tx.execute(sql.raw('deallocate explain_booking_facts'));
    });

    // The booking statement (the customer's visits, insert, audit row) on a free slot with the
    // visits as its facts read them, then the same customer again with those same facts (the
    // visits have changed: nothing inserted), in a transaction that is rolled back.
    const { visitsKey } = await store.bookingFacts(
      patient.customerId,
      { treatmentShortId: treatment.shortId, providerId },
      since,
    );
    const read = { since, visitsKey };
    await db
      .transaction(async (tx) => {
        const first = values();
        sections.push(
          await explain(
            tx,
            "booking: the customer's visits + insert + audit row (one statement), free slot",
            fromQuery(store.bookingStatement(first, audit(first.id), read)),
          ),
        );
        const second = values();
        sections.push(
          await explain(
            tx,
            'booking: the same customer again, their visits changed by the one just booked (nothing inserted)',
            fromQuery(store.bookingStatement(second, audit(second.id), read)),
          ),
        );
        throw new Error('rollback');
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error && error.message === 'rollback')) throw error;
      });
    writeFileSync(out, sections.join('\n'));
    console.log(`wrote ${out}`);
  } finally {
    await portal.close();
  }
}

await main();
