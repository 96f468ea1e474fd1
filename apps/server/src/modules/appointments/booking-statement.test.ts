import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { auditValues } from '../../platform/audit';
import { BookingStore, type BookingValues } from './booking-store';

// The booking statement is compiled to its text once; each booking only fills in its values
// (issue 16). Its behaviour against a database is in booking-statements.int.test.ts.

function booking(): BookingValues {
  const now = new Date();
  return {
    id: randomUUID(),
    customerId: randomUUID(),
    providerId: randomUUID(),
    treatmentId: randomUUID(),
    start: new Date(now.getTime() + 86_400_000),
    end: new Date(now.getTime() + 86_400_000 + 1_800_000),
    status: 'scheduled',
    isAsync: false,
    origin: null,
    followUpId: null,
    subscriptionId: null,
    vialCount: null,
    createdAt: now,
    updatedAt: now,
  };
}

const audit = (id: string) =>
  auditValues(
    { type: 'customer', id: 'customer-1' },
    {
      action: 'create',
      entity: 'appointment',
      entityId: id,
      details: { operation: 'ScheduleAdhocAppointmentV2', id },
    },
  );

describe('BookingStore.bookingStatement', () => {
  const store = new BookingStore({} as Db);

  it('answers the same compiled text for every booking, each with its own values', () => {
    const [a, b] = [booking(), booking()];
    const seen = { since: new Date(), visitsKey: 'd751713988987e9331980363e24189ce' };
    const first = store.bookingStatement(a, audit(a.id), seen);
    const second = store.bookingStatement(b, audit(b.id), seen);
    // One text object: compiled once, not rebuilt per booking.
    expect(second.sql).toBe(first.sql);
    expect(first.params).toContain(a.id);
    expect(first.params).not.toContain(b.id);
    expect(second.params).toContain(b.id);
    expect(second.params).toContain(JSON.stringify(audit(b.id).details));
    // No placeholder is left unfilled: every $n has its value.
    const markers = new Set([...first.sql.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])));
    expect(first.params).toHaveLength(markers.size);
    // Values only (text, times, nulls): no placeholder object reaches the driver.
    expect(
      first.params.every((p) => p === null || typeof p === 'string' || p instanceof Date),
    ).toBe(true);
  });
});
