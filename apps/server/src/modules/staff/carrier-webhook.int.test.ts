import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { createStaffUser, staffCall, staffTokenFor } from '../../../test/messaging-helpers';

// Issue 45: the carrier webhook took a static secret in a header, with nothing over the body,
// and validated the body before looking at the secret. A tracking service now signs each
// delivery: `carrier-signature: t=<unix seconds>,v1=<HMAC-SHA256 of "t.body" keyed by
// CARRIER_WEBHOOK_SECRET>`, checked on the raw bytes before anything else, within 300 s of the
// server's clock. A captured delivery is a complete request (its headers and body), as an
// eavesdropper or a log would have it.

const SECRET = 'carrier-webhook-secret-for-tests';
let server: TestServer;
let staff: string;

beforeAll(async () => {
  server = await startTestServer({ CARRIER_WEBHOOK_SECRET: SECRET });
  staff = await staffTokenFor(server, (await createStaffUser(server.database.db)).email);
});
afterAll(async () => {
  await server.close();
});

/** The signature a tracking service sends (written out here, not taken from the server). */
function signature(body: string, unixSeconds: number, secret = SECRET): string {
  const mac = createHmac('sha256', secret)
    .update(`${String(unixSeconds)}.${body}`)
    .digest('hex');
  return `t=${String(unixSeconds)},v1=${mac}`;
}

const nowSeconds = () => Math.floor(server.clock.now().getTime() / 1000);

/** A whole delivery: the body and every header, as the tracking service sent it. */
function delivery(body: string, signedAt = nowSeconds(), signedBody = body) {
  return {
    body,
    headers: {
      'content-type': 'application/json',
      // The old static secret, still sent by a sender that was set up before the signature.
      'x-webhook-secret': SECRET,
      'carrier-signature': signature(signedBody, signedAt),
    },
  };
}

async function send(d: { body: string; headers: Record<string, string> }) {
  const res = await fetch(`${server.url}/staff/carrier-webhook`, {
    method: 'POST',
    headers: d.headers,
    body: d.body,
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
}

function event(code: string, details: { status: string; datetime: string }[]) {
  return JSON.stringify({
    id: `evt_${Math.random().toString(36).slice(2)}`,
    description: 'tracker.updated',
    result: {
      tracking_code: code,
      carrier: 'USPS',
      status: 'in_transit',
      tracking_details: details,
    },
  });
}

/** A customer with a prescription shipped under this tracking number. */
async function shipped(trackingNumber: string) {
  const { customer } = await createCustomer(server.database.db);
  const res = await staffCall(
    server,
    'POST',
    `/staff/customers/${customer.id}/prescriptions`,
    staff,
    {
      kits: [
        {
          catalogName: 'Semaglutide',
          kitName: 'Semaglutide',
          directions: 'Inject weekly',
          quantity: 1,
          strength: '2.5 mg/ml',
          form: 'vial',
          internalType: 'medication',
        },
      ],
      shipment: { carrier: 'usps', trackingNumber },
      notify: false,
    },
  );
  expect(res.status).toBe(201);
}

const SCANS = [
  { status: 'pre_transit', datetime: '2026-03-01T10:00:00Z' },
  { status: 'in_transit', datetime: '2026-03-02T10:00:00Z' },
];

describe('the carrier webhook is signed over its body (issue 45)', () => {
  it('takes a delivery signed now, and records each scan once', async () => {
    await shipped('SIGNED-1');
    const first = await send(delivery(event('SIGNED-1', SCANS)));
    expect(first).toEqual({ status: 200, body: { matched: true, added: 2 } });
    const unknown = await send(delivery(event('NOPE', SCANS)));
    expect(unknown).toEqual({ status: 200, body: { matched: false, added: 0 } });
  });

  it('refuses the static secret without a signature, and a signature by another key', async () => {
    await shipped('SIGNED-2');
    const body = event('SIGNED-2', SCANS);
    const staticOnly = await send({
      body,
      headers: { 'content-type': 'application/json', 'x-webhook-secret': SECRET },
    });
    expect(staticOnly.status).toBe(401);
    expect(staticOnly.body).toMatchObject({
      error: { code: 'invalid-signature', reason: 'missing' },
    });
    const otherKey = await send({
      body,
      headers: {
        'content-type': 'application/json',
        'carrier-signature': signature(body, nowSeconds(), 'another-secret-of-16+'),
      },
    });
    expect(otherKey.body).toMatchObject({ error: { reason: 'mismatch' } });
  });

  it('refuses a captured delivery whose body was changed (a scan added in flight)', async () => {
    await shipped('SIGNED-3');
    const signed = event('SIGNED-3', SCANS.slice(0, 1));
    const changed = event('SIGNED-3', SCANS);
    const res = await send(delivery(changed, nowSeconds(), signed));
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: { reason: 'mismatch' } });
  });

  it('refuses a stale signature, in either direction of the clock', async () => {
    await shipped('SIGNED-4');
    const body = event('SIGNED-4', SCANS);
    for (const at of [nowSeconds() - 301, nowSeconds() + 301]) {
      const res = await send(delivery(body, at));
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ error: { reason: 'stale' } });
    }
  });

  it('a replayed delivery changes nothing inside the window, and is refused after it', async () => {
    await shipped('SIGNED-5');
    const captured = delivery(event('SIGNED-5', SCANS));
    expect((await send(captured)).body).toEqual({ matched: true, added: 2 });
    // Replayed at once, many times together: each scan is still recorded once.
    const replays = await Promise.all(Array.from({ length: 5 }, () => send(captured)));
    expect(replays.map((r) => r.body)).toEqual(replays.map(() => ({ matched: true, added: 0 })));
    server.clock.advance(301_000);
    const late = await send(captured);
    expect(late.status).toBe(401);
    expect(late.body).toMatchObject({ error: { reason: 'stale' } });
  });

  it('never reads the body before the signature: an unsigned bad body is 401, not a field list', async () => {
    for (const body of ['{}', '{"id": 1}', 'not json at all', '[]']) {
      const res = await send({
        body,
        headers: { 'content-type': 'application/json', 'x-webhook-secret': SECRET },
      });
      expect(res.status, body).toBe(401);
      expect(JSON.stringify(res.body)).not.toContain('fields');
    }
    // Signed, a body that is not an event is the sender's mistake: 400 with the fields.
    const signedBad = await send(delivery('{"id": 1}'));
    expect(signedBad.status).toBe(400);
    expect(signedBad.body).toMatchObject({ error: { code: 'invalid-input' } });
  });
});
