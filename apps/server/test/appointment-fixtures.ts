import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { Db } from '../src/db/client';
import {
  appointments,
  providerLicenses,
  providerSchedules,
  providerTreatments,
} from '../src/db/schema/appointments';
import { providers, treatments } from '../src/db/schema/catalog';
import { addresses, subscriptions } from '../src/db/schema/customers';
import { sessions } from '../src/db/schema/identity';
import { createCustomer } from './factories';
import { graphql, startTestServer, type GraphQLResponse, type TestServer } from './harness';

// Factories and a GraphQL caller for the appointment tests. Tokens are minted by the server's
// own token service at the server clock's "now", so a test can move the clock and still call.

export const TEST_STATE = 'TS';

/** Tuesday 2026-11-10 09:00 in Los Angeles (PST, UTC-8): a start on the test schedule. */
export const TUESDAY = new Date('2026-11-10T17:00:00Z');
export const plusMinutes = (date: Date, minutes: number) =>
  new Date(date.getTime() + minutes * 60_000);

export async function createTreatment(db: Db, overrides: { shortId?: string } = {}) {
  const shortId = overrides.shortId ?? `treatment_${randomBytes(3).toString('hex')}`;
  const [row] = await db
    .insert(treatments)
    .values({ shortId, displayName: `Treatment ${shortId}` })
    .returning();
  if (!row) throw new Error('treatment not created');
  return row;
}

export type TestTreatment = Awaited<ReturnType<typeof createTreatment>>;

/**
 * The calling file's server (with `config` on top of the test defaults) and one treatment:
 * started before its tests, handed to `opened`, closed after them.
 */
export function useAppointmentServer(
  config: Record<string, string>,
  opened: (suite: { server: TestServer; treatment: TestTreatment }) => void,
): void {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer(config);
    opened({ server, treatment: await createTreatment(server.database.db) });
  });
  afterAll(async () => {
    await server?.close();
  });
}

export interface ProviderOverrides {
  displayName?: string;
  timeZone?: string;
  visitMinutes?: number;
  states?: string[];
  treatmentIds?: string[];
  /** Weekly hours; default Monday–Saturday 8:00–17:00 local. */
  schedule?: { weekday: number; startMinute: number; endMinute: number }[];
  language?: string;
}

export async function createScheduledProvider(db: Db, overrides: ProviderOverrides = {}) {
  const [provider] = await db
    .insert(providers)
    .values({
      displayName: overrides.displayName ?? `Dr. ${randomBytes(3).toString('hex')}`,
      title: 'MD',
      virtualVisitLink: 'https://visit.example.com/test',
      timeZone: overrides.timeZone ?? 'America/Los_Angeles',
      visitMinutes: overrides.visitMinutes ?? 30,
      language: overrides.language ?? 'en-US',
    })
    .returning();
  if (!provider) throw new Error('provider not created');
  const states = overrides.states ?? [TEST_STATE];
  if (states.length) {
    await db
      .insert(providerLicenses)
      .values(states.map((stateCode) => ({ providerId: provider.id, stateCode })));
  }
  const treatmentIds = overrides.treatmentIds ?? [];
  if (treatmentIds.length) {
    await db
      .insert(providerTreatments)
      .values(treatmentIds.map((treatmentId) => ({ providerId: provider.id, treatmentId })));
  }
  const schedule =
    overrides.schedule ??
    [1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, startMinute: 480, endMinute: 1020 }));
  if (schedule.length) {
    await db
      .insert(providerSchedules)
      .values(schedule.map((block) => ({ providerId: provider.id, ...block })));
  }
  return provider;
}

/** A customer (address in the test state unless moved) whose active plan is for the treatment. */
export async function createPatient(db: Db, treatmentId: string | null, state = TEST_STATE) {
  const created = await createCustomer(db);
  await db
    .update(subscriptions)
    .set({ treatmentId })
    .where(eq(subscriptions.customerId, created.customer.id));
  await db
    .update(addresses)
    .set({ stateCode: state, state })
    .where(eq(addresses.customerId, created.customer.id));
  return created;
}

export async function insertAppointment(
  db: Db,
  values: Partial<typeof appointments.$inferInsert> & {
    customerId: string;
    providerId: string;
    start: Date;
  },
) {
  const [row] = await db
    .insert(appointments)
    .values({ end: new Date(values.start.getTime() + 30 * 60_000), ...values })
    .returning();
  if (!row) throw new Error('appointment not created');
  return row;
}

export type Caller = <T = Record<string, unknown>>(
  query: string,
  variables?: Record<string, unknown>,
) => Promise<GraphQLResponse<T>>;

/**
 * A signed-in session of a user, as sign-in would open it (access tokens carry its id, and a
 * token whose session is missing or ended is refused).
 */
export async function openSession(server: TestServer, userId: string): Promise<string> {
  const now = server.clock.now();
  const [row] = await server.database.db
    .insert(sessions)
    .values({
      userId,
      createdAt: now,
      lastUsedAt: now,
      authenticatedAt: now,
      // Far off: tests move the clock by months; the session outlives them.
      expiresAt: new Date(now.getTime() + 3650 * 24 * 3_600_000),
    })
    .returning({ id: sessions.id });
  if (!row) throw new Error('session not created');
  return row.id;
}

/** Calls /graphql as a customer, with a token minted at the server clock's now. */
export function callerFor(
  server: TestServer,
  person: { user: { id: string }; customer: { id: string } },
): Caller {
  let sid: Promise<string> | undefined;
  return async (query, variables) => {
    sid ??= openSession(server, person.user.id);
    const token = await server.tokens.issue('access', {
      sub: person.user.id,
      sid: await sid,
      role: 'customer',
      customer_id: person.customer.id,
      scope: 'graphql',
    });
    return graphql(server, query, token, variables);
  };
}

export function codeOf(response: GraphQLResponse<unknown>): string | undefined {
  return response.errors?.[0]?.extensions?.code;
}

export function reasonOf(response: GraphQLResponse<unknown>): unknown {
  return (response.errors?.[0]?.extensions as { reason?: unknown } | undefined)?.reason;
}

export const SCHEDULE = `mutation ScheduleAdhocAppointmentV2($providerId: ID!, $treatmentShortId: String!, $start: DateTime!, $end: DateTime!, $origin: String, $followUpId: ID, $vialCount: Int, $subscriptionId: ID) {
  scheduleAdhocAppointmentV2(providerId: $providerId, treatmentShortId: $treatmentShortId, start: $start, end: $end, origin: $origin, followUpId: $followUpId, vialCount: $vialCount, subscriptionId: $subscriptionId) {
    statusCode name message data { id start end status provider { id displayName } treatment { shortId } }
  }
}`;

export const RESCHEDULE = `mutation RescheduleAppointmentV2($appointmentId: ID!, $providerId: ID!, $start: DateTime!, $end: DateTime!) {
  rescheduleAppointmentV2(appointmentId: $appointmentId, providerId: $providerId, start: $start, end: $end) {
    statusCode name data { id start end sequence provider { id } }
  }
}`;

export const AVAILABLE_SLOTS = `query GetAvailableSlots($state: String!, $treatmentId: ID!, $startTime: DateTime!, $endTime: DateTime, $providerId: ID, $distinctStart: Boolean, $forReschedule: Boolean) {
  availableSlots(state: $state, treatmentId: $treatmentId, startTime: $startTime, endTime: $endTime, providerId: $providerId, distinctStart: $distinctStart, forReschedule: $forReschedule) {
    start end provider { id displayName } treatment { id shortId }
  }
}`;

export const APPOINTMENTS = `query GetAppointmentsByCustomer($minDate: DateTime) {
  appointmentsByCustomer(minDate: $minDate) {
    upcoming { id start status is_async }
    previous { id start status }
    async { id is_async }
  }
}`;
