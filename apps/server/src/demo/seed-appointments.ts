import { addLocalDays, localWeekday, wallTimeToInstant, zonedParts } from '@portal/domain';
import type { Db } from '../db/client';
import {
  appointmentRequirements,
  appointments,
  followUps,
  providerLicenses,
  providerSchedules,
  providerTreatments,
  reschedules,
} from '../db/schema/appointments';
import { providers, treatments } from '../db/schema/catalog';

/** Licensed states per demo provider: every state has someone, CA and TS have all three. */
const LICENSES: Record<string, string[]> = {
  'Dr. Priya Natarajan': ['CA', 'WA', 'OR', 'NV', 'AZ', 'UT', 'CO', 'TX', 'HI', 'AK', 'TS'],
  'Marcus Bell': ['CA', 'TX', 'IL', 'MN', 'MO', 'OH', 'MI', 'GA', 'FL', 'LA', 'TS'],
  'Dr. Elena Ruiz': ['CA', 'NY', 'NJ', 'PA', 'MA', 'CT', 'FL', 'NC', 'VA', 'DC', 'MD', 'TS'],
};

const TREATMENTS: Record<string, string[]> = {
  'Dr. Priya Natarajan': ['weightmanagement', 'tirzepatide', 'sleep', 'ed'],
  'Marcus Bell': ['weightmanagement', 'tirzepatide', 'testosterone', 'enclomiphene', 'hormone'],
  'Dr. Elena Ruiz': [
    'weightmanagement',
    'tirzepatide',
    'hormone',
    'weightmanagement_bulk',
    'followup_weightmanagement_bulk',
  ],
};

/** Monday to Saturday, 8:00–17:00 on each provider's own clock. */
const WEEKLY_HOURS = [1, 2, 3, 4, 5, 6].map((weekday) => ({
  weekday,
  startMinute: 8 * 60,
  endMinute: 17 * 60,
}));

/** A start on the provider's weekly grid: `days` ahead of now at 10:00 local, never a Sunday. */
function demoStart(now: Date, days: number, timeZone: string): Date {
  let date = addLocalDays(zonedParts(now, timeZone), days);
  if (localWeekday(date) === 0) date = addLocalDays(date, 1);
  const start = wallTimeToInstant(date, 10 * 60, timeZone);
  if (!start) throw new Error('demo start falls in a clock change');
  return start;
}

/**
 * Providers' licences, treatments and weekly hours, and the demo customer's appointments:
 * one upcoming (with an intake still to do and a reschedule request), one past with a
 * follow-up, one async. Runs inside seedDemoData's transaction.
 */
export async function seedAppointments(
  tx: Db,
  ids: { customerId: string; now?: Date },
): Promise<void> {
  const now = ids.now ?? new Date();
  const providerRows = await tx.select().from(providers);
  const treatmentRows = await tx.select().from(treatments);
  const treatmentId = (shortId: string) => treatmentRows.find((t) => t.shortId === shortId)?.id;
  const byName = (name: string) => providerRows.find((p) => p.displayName === name);

  for (const provider of providerRows) {
    const states = LICENSES[provider.displayName] ?? [];
    const seen = (TREATMENTS[provider.displayName] ?? []).flatMap((s) => treatmentId(s) ?? []);
    if (states.length) {
      await tx
        .insert(providerLicenses)
        .values(states.map((stateCode) => ({ providerId: provider.id, stateCode })));
    }
    if (seen.length) {
      await tx
        .insert(providerTreatments)
        .values(seen.map((id) => ({ providerId: provider.id, treatmentId: id })));
    }
    await tx
      .insert(providerSchedules)
      .values(WEEKLY_HOURS.map((hours) => ({ providerId: provider.id, ...hours })));
  }

  const natarajan = byName('Dr. Priya Natarajan');
  const ruiz = byName('Dr. Elena Ruiz');
  const weight = treatmentId('weightmanagement');
  if (!natarajan || !ruiz || !weight) throw new Error('demo providers or treatments missing');
  const visit = (start: Date, minutes: number) => new Date(start.getTime() + minutes * 60_000);

  const upcomingStart = demoStart(now, 3, natarajan.timeZone);
  const pastStart = demoStart(now, -30, natarajan.timeZone);
  const asyncStart = visit(now, -10 * 24 * 60);
  const [upcoming, past] = await tx
    .insert(appointments)
    .values([
      {
        customerId: ids.customerId,
        providerId: natarajan.id,
        treatmentId: weight,
        start: upcomingStart,
        end: visit(upcomingStart, natarajan.visitMinutes),
        status: 'scheduled',
        origin: 'demo',
      },
      {
        customerId: ids.customerId,
        providerId: natarajan.id,
        treatmentId: weight,
        start: pastStart,
        end: visit(pastStart, natarajan.visitMinutes),
        status: 'completed',
        encounterSigned: true,
        origin: 'demo',
      },
      {
        customerId: ids.customerId,
        providerId: ruiz.id,
        treatmentId: weight,
        start: asyncStart,
        end: visit(asyncStart, ruiz.visitMinutes),
        status: 'completed',
        isAsync: true,
        origin: 'demo',
      },
    ])
    .returning();
  if (!upcoming || !past) throw new Error('demo appointments were not created');

  await tx.insert(appointmentRequirements).values({
    appointmentId: upcoming.id,
    type: 'typeform_intake',
    completed: false,
    link: '/forms/wm-intake',
  });
  await tx
    .insert(followUps)
    .values({ customerId: ids.customerId, appointmentId: past.id, treatmentId: weight });
  await tx
    .insert(reschedules)
    .values({ customerId: ids.customerId, appointmentId: upcoming.id, status: 'PENDING' });
}
