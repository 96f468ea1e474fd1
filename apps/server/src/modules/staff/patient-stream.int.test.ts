import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer } from '../../../test/factories';
import { graphql, startTestServer, type TestServer } from '../../../test/harness';
import {
  createStaffUser,
  customerTokenFor,
  staffCall,
  staffTokenFor,
  waitFor,
} from '../../../test/messaging-helpers';
import { seedQueueItems } from '../../../test/queue-fixtures';

// Issue 41: the patient page's live updates. A staff member's stream of one patient hears the
// changes about that patient (ids and kinds only), a care member's as well as an admin's; a
// customer's token is refused like everywhere under /staff.

let server: TestServer;
let patient: string;
let other: string;
let customerToken: string;
let careToken: string;
let adminToken: string;

interface Stream {
  events: { event: string; data: Record<string, unknown> }[];
  close: () => void;
}

/** Opens the stream and reads its events as they come, until closed. */
async function openStream(customerId: string, token: string): Promise<Stream> {
  const controller = new AbortController();
  const response = await fetch(`${server.url}/staff/customers/${customerId}/events`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const stream: Stream = { events: [], close: () => controller.abort() };
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let at: number;
        while ((at = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          const event = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (event && data) {
            stream.events.push({ event, data: JSON.parse(data) as Record<string, unknown> });
          }
        }
      }
    } catch {
      // Aborted by close().
    }
  })();
  await waitFor(() => stream.events.some((e) => e.event === 'ready'));
  return stream;
}

const changes = (stream: Stream) => stream.events.filter((e) => e.event === 'change');

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  const row = await createCustomer(db, { firstName: 'Iris', lastName: 'Vega' });
  patient = row.customer.id;
  other = (await createCustomer(db, { firstName: 'Otto', lastName: 'Lind' })).customer.id;
  customerToken = await customerTokenFor(server, row.user.email);
  const care = await createStaffUser(db, { role: 'care' });
  const admin = await createStaffUser(db, { role: 'admin' });
  careToken = await staffTokenFor(server, care.email);
  adminToken = await staffTokenFor(server, admin.email);
});
afterAll(async () => {
  await server.close();
});

describe('GET /staff/customers/:id/events', () => {
  it('tells a care member of a change about the patient, with kinds and ids only', async () => {
    const stream = await openStream(patient, careToken);
    const elsewhere = await openStream(other, careToken);
    try {
      const address = await staffCall(
        server,
        'PUT',
        `/staff/customers/${patient}/shipping-address`,
        adminToken,
        { streetAddress1: '1 Main St', city: 'Austin', stateCode: 'TX', zipCode: '73301' },
      );
      expect(address.status).toBe(200);
      await waitFor(() => changes(stream).some((e) => e.data.kind === 'address'));
      // Nothing of the address itself travels.
      expect(JSON.stringify(stream.events)).not.toMatch(/Main St|Austin|73301/);
      // Another patient's stream hears nothing of it.
      expect(changes(elsewhere)).toEqual([]);
    } finally {
      stream.close();
      elsewhere.close();
    }
  });

  it('says when the patient records a weight in the portal', async () => {
    const stream = await openStream(patient, careToken);
    try {
      const saved = await graphql(
        server,
        `
          mutation ($c: ID!, $r: Date!) {
            InsertCustomerMeasurement(
              customerId: $c
              type: "weight"
              value: 18200
              unit: "hundredthsOfAPound"
              recorded_at: $r
            ) {
              statusCode
            }
          }
        `,
        customerToken,
        { c: patient, r: server.clock.now().toISOString().slice(0, 10) },
      );
      expect(saved.errors).toBeUndefined();
      await waitFor(() => changes(stream).some((e) => e.data.kind === 'weight'));
      expect(JSON.stringify(stream.events)).not.toContain('18200');
    } finally {
      stream.close();
    }
  });

  it('says when another staff member claims or releases one of the patient’s queue items', async () => {
    const now = server.clock.now();
    const [id] = await seedQueueItems(server.database.db, 'bulk_order', 1, {
      customerIds: [patient],
      oldest: new Date(now.getTime() - 60_000),
      now,
    });
    const stream = await openStream(patient, careToken);
    try {
      const claimed = await staffCall(
        server,
        'POST',
        `/staff/queue/bulk_order:${String(id)}/claim`,
        adminToken,
        {},
      );
      expect(claimed.status).toBe(200);
      await waitFor(() => changes(stream).some((e) => e.data.kind === 'claim'));
      expect(changes(stream).find((e) => e.data.kind === 'claim')?.data).toEqual({ kind: 'claim' });

      // Released, the other consoles hear that too, so "X is on it" leaves their screens.
      const released = await fetch(`${server.url}/staff/queue/bulk_order:${String(id)}/claim`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${adminToken}` },
      });
      expect(released.status).toBe(204);
      await waitFor(() => changes(stream).some((e) => e.data.kind === 'release'));
      expect(changes(stream).find((e) => e.data.kind === 'release')?.data).toEqual({
        kind: 'release',
      });
      // A release of no claim publishes nothing.
      const count = changes(stream).length;
      const again = await fetch(`${server.url}/staff/queue/bulk_order:${String(id)}/claim`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${adminToken}` },
      });
      expect(again.status).toBe(404);
      await new Promise((r) => setTimeout(r, 200));
      expect(changes(stream)).toHaveLength(count);
    } finally {
      stream.close();
    }
  });

  it('refuses a customer’s token, no token, and answers an unknown patient 404', async () => {
    const url = `${server.url}/staff/customers/${patient}/events`;
    const asCustomer = await fetch(url, { headers: { authorization: `Bearer ${customerToken}` } });
    expect(asCustomer.status).toBe(401);
    expect(((await asCustomer.json()) as { error: { code: string } }).error.code).toBe(
      'invalid-token',
    );
    expect((await fetch(url)).status).toBe(401);
    const unknown = await fetch(
      `${server.url}/staff/customers/00000000-0000-4000-8000-000000000000/events`,
      { headers: { authorization: `Bearer ${careToken}` } },
    );
    expect(unknown.status).toBe(404);
  });
});
