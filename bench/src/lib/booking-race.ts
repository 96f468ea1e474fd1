import { bookingWindow } from '@portal/domain';
import { makePatients } from './appointments-seed';
import { BOOKING_SLOTS } from './operations';
import type { PortalServer } from './portal';
import { openBenchSession } from './sessions';

// What the booking benchmarks (appointment-bookings, appointment-holds) share: their patients'
// tokens, the free slots they race for, and one GraphQL request.

export interface GraphqlAnswer {
  data?: Record<string, unknown> | null;
  errors?: { extensions?: { code?: string; reason?: string; alternatives?: unknown[] } }[];
}

export interface Slot {
  start: string;
  end: string;
  provider: { id: string };
}

export async function postGraphql(
  portal: PortalServer,
  token: string,
  query: string,
  variables: object,
): Promise<GraphqlAnswer> {
  const response = await fetch(`${portal.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as GraphqlAnswer;
}

/** Seeded customers made patients of the treatment in the state, with an access token each. */
export async function patientTokens(
  portal: PortalServer,
  people: PortalServer['seed']['customers'],
  treatmentId: string,
  state: string,
): Promise<string[]> {
  const { db } = portal.database;
  await makePatients(
    db,
    people.map((p) => p.customerId),
    treatmentId,
    state,
  );
  return Promise.all(
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
}

/** The booking window's free slots for the treatment in the state (GetAvailableSlots). */
export async function freeSlots(
  portal: PortalServer,
  token: string,
  treatmentId: string,
  state: string,
): Promise<Slot[]> {
  const window = bookingWindow(new Date());
  const listed = await postGraphql(portal, token, BOOKING_SLOTS, {
    state,
    treatmentId,
    startTime: window.earliest.toISOString(),
    endTime: window.latest.toISOString(),
  });
  return (listed.data?.availableSlots ?? []) as Slot[];
}
