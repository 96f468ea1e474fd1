import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/platform';
import {
  AVAILABLE_SLOTS,
  SCHEDULE,
  TEST_STATE,
  TUESDAY,
  callerFor,
  codeOf,
  createPatient,
  createScheduledProvider,
  createTreatment,
  insertAppointment,
  plusMinutes,
  type Caller,
} from '../../../test/appointment-fixtures';
import { startTestServer, type TestServer } from '../../../test/harness';
import {
  createStaffUser,
  customerTokenFor,
  staffCall,
  staffTokenFor,
} from '../../../test/messaging-helpers';

// Issue 41, providers' hours: an admin edits weekly hours and time off in the console; the
// booking dialog's availability and booking itself follow at once; an edit that would leave a
// booked visit outside the hours asks first (409), and a care member only reads.

let server: TestServer;
let treatment: { id: string; shortId: string };
let providerId: string;
let ask: Caller;
let admin: string;
let care: string;
let customerToken: string;
// Monday 2026-11-09 07:00 in Los Angeles: Tuesday's hours are bookable.
const NOW = new Date('2026-11-09T15:00:00Z');

const tuesdayStarts = async () => {
  const answer = await ask<{ availableSlots: { start: string }[] }>(AVAILABLE_SLOTS, {
    state: TEST_STATE,
    treatmentId: treatment.id,
    startTime: new Date('2026-11-10T08:00:00Z').toISOString(),
    endTime: new Date('2026-11-11T08:00:00Z').toISOString(),
    providerId,
  });
  expect(answer.errors).toBeUndefined();
  return (answer.data?.availableSlots ?? []).map((s) => s.start);
};

const SUMMARY = `query AvailabilitySummary($state: String!, $treatmentId: ID!, $startTime: DateTime!, $providerId: ID, $timeZone: String!) {
  availabilitySummary(state: $state, treatmentId: $treatmentId, startTime: $startTime, providerId: $providerId, timeZone: $timeZone) {
    days { date } } }`;

/** The booking dialog's day strip (AvailabilityStore, computed in the database). */
const stripDays = async () => {
  const answer = await ask<{ availabilitySummary: { days: { date: string }[] } }>(SUMMARY, {
    state: TEST_STATE,
    treatmentId: treatment.id,
    startTime: NOW.toISOString(),
    providerId,
    timeZone: 'America/Los_Angeles',
  });
  expect(answer.errors).toBeUndefined();
  return (answer.data?.availabilitySummary.days ?? []).map((d) => d.date);
};

const remove = (path: string, token: string) =>
  fetch(`${server.url}${path}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${token}` },
  });

beforeAll(async () => {
  server = await startTestServer();
  server.clock.set(NOW);
  const db = server.database.db;
  treatment = await createTreatment(db);
  providerId = (await createScheduledProvider(db, { treatmentIds: [treatment.id] })).id;
  const patient = await createPatient(db, treatment.id);
  ask = callerFor(server, patient);
  admin = await staffTokenFor(server, (await createStaffUser(db, { role: 'admin' })).email);
  care = await staffTokenFor(server, (await createStaffUser(db, { role: 'care' })).email);
  customerToken = await customerTokenFor(server, patient.user.email);
});

afterAll(async () => {
  await server?.close();
});

describe('providers’ hours (issue 41)', () => {
  it('lists providers with their weekly hours for any staff member; a customer token is refused', async () => {
    const list = await staffCall<{ id: string; hours: unknown[]; timeZone: string }[]>(
      server,
      'GET',
      '/staff/providers',
      care,
      undefined,
    );
    expect(list.status).toBe(200);
    const mine = list.body.find((p) => p.id === providerId);
    expect(mine?.timeZone).toBe('America/Los_Angeles');
    expect(mine?.hours).toHaveLength(6);
    const asCustomer = await staffCall(server, 'GET', '/staff/providers', customerToken, undefined);
    expect(asCustomer.status).toBe(401);
  });

  it('only an admin changes hours or time off; bad hours are refused with the field', async () => {
    const week = { blocks: [{ weekday: 2, startMinute: 480, endMinute: 1020 }] };
    const byCare = await staffCall(
      server,
      'PUT',
      `/staff/providers/${providerId}/hours`,
      care,
      week,
    );
    expect(byCare.status).toBe(403);
    const off = await staffCall(server, 'POST', `/staff/providers/${providerId}/time-off`, care, {
      startsAt: '2026-11-10T17:00:00Z',
      endsAt: '2026-11-10T20:00:00Z',
    });
    expect(off.status).toBe(403);
    const overlapping = await staffCall<{ error: { fields: Record<string, string> } }>(
      server,
      'PUT',
      `/staff/providers/${providerId}/hours`,
      admin,
      {
        blocks: [
          { weekday: 2, startMinute: 480, endMinute: 720 },
          { weekday: 2, startMinute: 600, endMinute: 900 },
        ],
      },
    );
    expect(overlapping.status).toBe(400);
    expect(JSON.stringify(overlapping.body)).toContain('overlap');
    expect(await tuesdayStarts()).toHaveLength(18);
  });

  it('time off takes its times out of availability and booking at once, and back when removed', async () => {
    expect(await tuesdayStarts()).toContain(TUESDAY.toISOString());
    // Tuesday 09:00–12:00 in Los Angeles.
    const added = await staffCall<{ id: string }>(
      server,
      'POST',
      `/staff/providers/${providerId}/time-off`,
      admin,
      { startsAt: '2026-11-10T17:00:00Z', endsAt: '2026-11-10T20:00:00Z', reason: 'Training' },
    );
    expect(added.status).toBe(201);
    const starts = await tuesdayStarts();
    expect(starts).toHaveLength(12);
    expect(starts).not.toContain(TUESDAY.toISOString());
    expect(starts).toContain('2026-11-10T20:00:00.000Z');
    const booking = await ask(SCHEDULE, {
      providerId,
      treatmentShortId: treatment.shortId,
      start: TUESDAY.toISOString(),
      end: plusMinutes(TUESDAY, 30).toISOString(),
    });
    expect(codeOf(booking)).toBe('A102');

    // A whole day off leaves the day strip too.
    const dayOff = await staffCall<{ id: string }>(
      server,
      'POST',
      `/staff/providers/${providerId}/time-off`,
      admin,
      { startsAt: '2026-11-10T08:00:00Z', endsAt: '2026-11-11T08:00:00Z' },
    );
    expect(dayOff.status).toBe(201);
    expect(await stripDays()).not.toContain('2026-11-10');
    expect(await stripDays()).toContain('2026-11-11');
    expect(
      (await remove(`/staff/providers/${providerId}/time-off/${dayOff.body.id}`, admin)).status,
    ).toBe(204);
    expect(await stripDays()).toContain('2026-11-10');

    const gone = await remove(`/staff/providers/${providerId}/time-off/${added.body.id}`, admin);
    expect(gone.status).toBe(204);
    expect(await tuesdayStarts()).toContain(TUESDAY.toISOString());
    const again = await remove(`/staff/providers/${providerId}/time-off/${added.body.id}`, admin);
    expect(again.status).toBe(404);
  });

  it('an edit that strands a booked visit asks first; confirmed, it saves and the visit stays', async () => {
    const holder = await createPatient(server.database.db, treatment.id);
    const visit = await insertAppointment(server.database.db, {
      customerId: holder.customer.id,
      providerId,
      treatmentId: treatment.id,
      start: TUESDAY,
      status: 'scheduled',
    });
    const noTuesday = {
      blocks: [1, 3, 4, 5, 6].map((weekday) => ({ weekday, startMinute: 480, endMinute: 1020 })),
    };
    const asked = await staffCall<{
      error: { code: string; visits: { id: string; patient: string }[] };
    }>(server, 'PUT', `/staff/providers/${providerId}/hours`, admin, noTuesday);
    expect(asked.status).toBe(409);
    expect(asked.body.error.code).toBe('strands-visits');
    expect(asked.body.error.visits.map((v) => v.id)).toEqual([visit.id]);
    expect(asked.body.error.visits[0]?.patient).toMatch(/^\S+ \S\.$/);
    expect(await tuesdayStarts()).not.toHaveLength(0);

    const saved = await staffCall<{ hours: unknown[] }>(
      server,
      'PUT',
      `/staff/providers/${providerId}/hours`,
      admin,
      { ...noTuesday, confirm: true },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.hours).toHaveLength(5);
    expect(await tuesdayStarts()).toEqual([]);

    // One audit row for the change, naming the field, never the hours themselves.
    const rows = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, providerId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorType: 'staff', action: 'update', entity: 'provider' });
    expect(rows[0]?.details).toMatchObject({ fields: ['hours'] });
    expect(JSON.stringify(rows[0]?.details)).not.toContain('1020');
  });
});
