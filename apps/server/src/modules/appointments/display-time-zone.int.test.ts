import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers } from '../../db/schema/customers';
import { auditLog } from '../../db/schema/platform';
import {
  SCHEDULE,
  TUESDAY,
  callerFor,
  codeOf,
  createPatient,
  createScheduledProvider,
  type TestTreatment,
  useAppointmentServer,
  plusMinutes,
} from '../../../test/appointment-fixtures';
import type { TestServer } from '../../../test/harness';

// Issue 43, one zone: until the patient chooses, the portal follows the device and records its
// zone, so the mails and calendar files name the times the dialog showed; once they choose,
// the choice stands on every device.

let server: TestServer;
let treatment: TestTreatment;
useAppointmentServer({}, (opened) => ({ server, treatment } = opened));

const GET_ZONE = `query GetDisplayTimeZone { displayTimeZone { timeZone chosen } }`;
const SET_ZONE = `mutation SetDisplayTimeZone($timeZone: String!, $fromDevice: Boolean) {
  setDisplayTimeZone(timeZone: $timeZone, fromDevice: $fromDevice) { data { timeZone chosen } } }`;

type Zone = { timeZone: string; chosen: boolean };
type Got = { displayTimeZone: Zone | null };
type Set = { setDisplayTimeZone: { data: Zone } };

async function patient() {
  const created = await createPatient(server.database.db, treatment.id);
  return { ...created, call: callerFor(server, created) };
}

async function row(customerId: string) {
  const [found] = await server.database.db
    .select({ timeZone: customers.timeZone, chosenAt: customers.timeZoneChosenAt })
    .from(customers)
    .where(eq(customers.id, customerId));
  return found;
}

describe('the zone times are shown in (issue 43: the device’s until chosen)', () => {
  it('a new patient has chosen nothing: the record holds the default, unchosen', async () => {
    const { call } = await patient();
    const got = await call<Got>(GET_ZONE);
    expect(got.data?.displayTimeZone).toEqual({ timeZone: 'America/Los_Angeles', chosen: false });
  });

  it('the device’s zone is recorded while nothing is chosen, and follows a new device', async () => {
    const { customer, call } = await patient();
    const first = await call<Set>(SET_ZONE, { timeZone: 'America/New_York', fromDevice: true });
    expect(first.data?.setDisplayTimeZone.data).toEqual({
      timeZone: 'America/New_York',
      chosen: false,
    });
    expect(await row(customer.id)).toEqual({ timeZone: 'America/New_York', chosenAt: null });
    const next = await call<Set>(SET_ZONE, { timeZone: 'America/Denver', fromDevice: true });
    expect(next.data?.setDisplayTimeZone.data).toEqual({
      timeZone: 'America/Denver',
      chosen: false,
    });
  });

  it('a choice wins: a device elsewhere changes nothing and is told the chosen zone', async () => {
    const { customer, call } = await patient();
    const chosen = await call<Set>(SET_ZONE, { timeZone: 'America/Chicago' });
    expect(chosen.data?.setDisplayTimeZone.data).toEqual({
      timeZone: 'America/Chicago',
      chosen: true,
    });
    const elsewhere = await call<Set>(SET_ZONE, {
      timeZone: 'America/New_York',
      fromDevice: true,
    });
    expect(elsewhere.errors).toBeUndefined();
    expect(elsewhere.data?.setDisplayTimeZone.data).toEqual({
      timeZone: 'America/Chicago',
      chosen: true,
    });
    const saved = await row(customer.id);
    expect(saved?.timeZone).toBe('America/Chicago');
    expect(saved?.chosenAt).toBeInstanceOf(Date);
    expect((await call<Got>(GET_ZONE)).data?.displayTimeZone).toEqual({
      timeZone: 'America/Chicago',
      chosen: true,
    });
    // Choosing again still works (a choice is not a device's guess).
    const again = await call<Set>(SET_ZONE, { timeZone: 'Pacific/Honolulu' });
    expect(again.data?.setDisplayTimeZone.data.timeZone).toBe('Pacific/Honolulu');
    await server.flushAudit();
    const audited = await server.database.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.entityId, customer.id));
    const zones = audited
      .map((a) => a.details as { operation?: string; timeZone?: string; chosen?: boolean })
      .filter((d) => d.operation === 'setTimeZone');
    // The refused device write changed nothing and left no audit row.
    expect(zones).toEqual([
      expect.objectContaining({ timeZone: 'America/Chicago', chosen: true }),
      expect.objectContaining({ timeZone: 'Pacific/Honolulu', chosen: true }),
    ]);
  });

  it('a zone outside the offered list is A100 either way and changes nothing', async () => {
    const { customer, call } = await patient();
    expect(codeOf(await call(SET_ZONE, { timeZone: 'Europe/Berlin', fromDevice: true }))).toBe(
      'A100',
    );
    expect(codeOf(await call(SET_ZONE, { timeZone: 'Nowhere/Else' }))).toBe('A100');
    expect(await row(customer.id)).toEqual({ timeZone: 'America/Los_Angeles', chosenAt: null });
  });

  it('the booking mail names the time in the device zone recorded before it', async () => {
    server.clock.set(TUESDAY);
    const { user, call } = await patient();
    const provider = await createScheduledProvider(server.database.db, {
      treatmentIds: [treatment.id],
    });
    await call(SET_ZONE, { timeZone: 'America/New_York', fromDevice: true });
    const start = new Date('2026-11-12T20:00:00Z');
    const booked = await call(SCHEDULE, {
      providerId: provider.id,
      treatmentShortId: treatment.shortId,
      start: start.toISOString(),
      end: plusMinutes(start, 30).toISOString(),
    });
    expect(booked.errors).toBeUndefined();
    const [mail] = ((await server.outbox?.list(200)) ?? []).filter((m) => m.to === user.email);
    expect(mail?.text).toContain('Thursday, November 12 at 3:00 PM Eastern Time (EST)');
  });

  it('asks for a signed-in customer', async () => {
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: GET_ZONE }),
    });
    const body = (await response.json()) as { errors?: unknown[] };
    expect(body.errors?.length).toBeGreaterThan(0);
  });
});
