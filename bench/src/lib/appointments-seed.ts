import { inArray } from 'drizzle-orm';
import type { Db } from '../../../apps/server/src/db/client';
import {
  addresses,
  appointments,
  providerLicenses,
  providers,
  providerSchedules,
  providerTreatments,
  subscriptions,
  treatments,
} from '../../../apps/server/src/db/schema/index';

const BATCH = 1_000;
/** Monday to Saturday, 8:00–17:00 on the provider's clock, like the demo and the tests. */
const WEEKLY_HOURS = [1, 2, 3, 4, 5, 6].map((weekday) => ({
  weekday,
  startMinute: 8 * 60,
  endMinute: 17 * 60,
}));
const ZONES = ['America/Los_Angeles', 'America/Denver', 'America/Chicago', 'America/New_York'];

async function insertBatched<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

export async function createBenchTreatment(db: Db, shortId: string) {
  const [row] = await db
    .insert(treatments)
    .values({ shortId, displayName: `Bench ${shortId}` })
    .returning();
  if (!row) throw new Error('treatment not created');
  return row;
}

/** Providers licensed in `state` who see the treatment, with weekly hours in four US zones. */
export async function createBenchProviders(
  db: Db,
  count: number,
  state: string,
  treatmentId: string,
): Promise<string[]> {
  const rows = Array.from({ length: count }, (_, i) => ({
    displayName: `Dr. Bench ${state} ${String(i).padStart(4, '0')}`,
    title: 'MD',
    virtualVisitLink: 'https://visit.example.com/bench',
    timeZone: ZONES[i % ZONES.length]!,
    visitMinutes: 30,
    language: 'en-US',
  }));
  const ids: string[] = [];
  await insertBatched(rows, async (batch) => {
    const inserted = await db.insert(providers).values(batch).returning({ id: providers.id });
    ids.push(...inserted.map((r) => r.id));
  });
  await insertBatched(
    ids.map((providerId) => ({ providerId, stateCode: state })),
    (batch) => db.insert(providerLicenses).values(batch),
  );
  await insertBatched(
    ids.map((providerId) => ({ providerId, treatmentId })),
    (batch) => db.insert(providerTreatments).values(batch),
  );
  await insertBatched(
    ids.flatMap((providerId) => WEEKLY_HOURS.map((block) => ({ providerId, ...block }))),
    (batch) => db.insert(providerSchedules).values(batch),
  );
  return ids;
}

/**
 * A month of bookings (two weeks back, two weeks ahead) on the half-hour grid: each provider's
 * half-hours between 8:00 and 17:00 UTC-ish are taken with probability `share`, by one
 * customer (the unique index is per provider and start). Deterministic (a seeded LCG).
 */
export async function bookAMonth(
  db: Db,
  input: { providerIds: string[]; customerId: string; now: Date; share: number },
): Promise<number> {
  let seed = 42;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const first = Date.UTC(
    input.now.getUTCFullYear(),
    input.now.getUTCMonth(),
    input.now.getUTCDate() - 15,
  );
  const rows: (typeof appointments.$inferInsert)[] = [];
  for (const providerId of input.providerIds) {
    for (let day = 0; day < 30; day++) {
      // 14:00–02:00 UTC covers 8:00–17:00 in every bench zone.
      for (let half = 0; half < 24; half++) {
        if (random() >= input.share) continue;
        const start = new Date(first + day * 86_400_000 + (14 * 60 + half * 30) * 60_000);
        rows.push({
          customerId: input.customerId,
          providerId,
          start,
          end: new Date(start.getTime() + 30 * 60_000),
          status: 'scheduled',
        });
      }
    }
  }
  await insertBatched(rows, (batch) => db.insert(appointments).values(batch));
  return rows.length;
}

/** Customers whose active plan is for the treatment and whose addresses are in the state. */
export async function makePatients(
  db: Db,
  customerIds: string[],
  treatmentId: string,
  state: string,
): Promise<void> {
  await db
    .update(subscriptions)
    .set({ treatmentId })
    .where(inArray(subscriptions.customerId, customerIds));
  await db
    .update(addresses)
    .set({ stateCode: state, state })
    .where(inArray(addresses.customerId, customerIds));
}
