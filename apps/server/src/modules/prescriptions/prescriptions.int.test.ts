import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Client } from 'graphql-ws';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerNotifications } from '../../db/schema/notifications';
import { auditLog } from '../../db/schema/platform';
import { signWebhook } from '../../platform/gateway/webhook-signing';
import { createCustomer } from '../../../test/factories';
import { graphql, startTestServer, type TestServer } from '../../../test/harness';
import {
  connect,
  createStaffUser,
  customerTokenFor,
  follow,
  staffCall,
  staffTokenFor,
  waitFor,
} from '../../../test/messaging-helpers';

// Prescriptions end to end: the care team writes one and ships it (staff API, carrier
// webhook), the customer reads it (GetCustomerData, by customer, by id) and sees the tracker
// move live; another customer reads none of it.

const SECRET = 'carrier-webhook-secret-for-tests';
let server: TestServer;
let staff: string;
let filesDir: string;
const clients: Client[] = [];

beforeAll(async () => {
  filesDir = mkdtempSync(path.join(os.tmpdir(), 'portal-rx-files-'));
  server = await startTestServer({ FILES_DIR: filesDir, CARRIER_WEBHOOK_SECRET: SECRET });
  staff = await staffTokenFor(server, (await createStaffUser(server.database.db)).email);
});
afterAll(async () => {
  await Promise.all(clients.map(async (c) => c.dispose()));
  await server.close();
  rmSync(filesDir, { recursive: true, force: true });
});

const KIT = {
  catalogName: 'Semaglutide 2.5 mg/ml',
  kitName: 'GLP-1 monthly kit',
  directions: 'Inject 10 units once a week.',
  quantity: 1,
  strength: '2.5 mg/ml',
  form: 'injectable vial',
  volumeMl: 2.5,
  weeklyDoseMg: 0.25,
};

const FIELDS = `id status { name display_name } show_tracker created_at
  kit_snapshots { kit_name quantity strength weekly_dose_mg weekly_dose_units refills }
  media_assets { src alt_text mime_type }
  customer { full_name dob }
  shipping_status { id carrier tracking_number tracking_url stage stage_display_name status
    warning stalled_days shipped_at delivered_at steps { stage state }
    events { raw_status status stage source } }
  runway { doses_total doses_left refill_must_ship_by }`;

interface Rx {
  id: string;
  status: { name: string; display_name: string };
  show_tracker: boolean;
  kit_snapshots: { weekly_dose_units: number | null }[];
  customer: { full_name: string; dob: string };
  shipping_status: {
    id: string;
    stage: string;
    status: string | null;
    warning: boolean;
    tracking_url: string | null;
    delivered_at: string | null;
    steps: { stage: string; state: string }[];
    events: { raw_status: string; source: string }[];
  } | null;
  runway: { doses_total: number; doses_left: number; refill_must_ship_by: string } | null;
}

async function person() {
  const made = await createCustomer(server.database.db, { firstName: 'Rae', lastName: 'Moss' });
  return { ...made, token: await customerTokenFor(server, made.user.email) };
}

let tracking = 1000;
async function write(customerId: string, body: Record<string, unknown> = {}) {
  const res = await staffCall<{ id: string; notificationId: string | null }>(
    server,
    'POST',
    `/staff/customers/${customerId}/prescriptions`,
    staff,
    { kits: [KIT], shipment: { carrier: 'usps', trackingNumber: `9400 ${++tracking}` }, ...body },
  );
  expect(res.status).toBe(201);
  return res.body;
}

const listOf = async (token: string) =>
  (
    await graphql<{ customer: { prescriptions: Rx[] } }>(
      server,
      `{ customer { prescriptions { ${FIELDS} } } }`,
      token,
    )
  ).data?.customer.prescriptions ?? [];

describe('the care team writes a prescription; the customer reads it', () => {
  it('shows it in GetCustomerData with status, kits, units, patient and tracker; notifies', async () => {
    const a = await person();
    const written = await write(a.customer.id, {
      mediaAssets: [
        { src: '/media/guide.pdf', altText: 'Dosing guide', mimeType: 'application/pdf' },
      ],
    });
    const [rx] = await listOf(a.token);
    expect(rx).toMatchObject({
      id: written.id,
      status: { name: 'received', display_name: 'Received' },
      show_tracker: true,
      customer: { full_name: 'Rae Moss', dob: '1990-01-01' },
      kit_snapshots: [{ weekly_dose_units: 10 }],
      shipping_status: {
        stage: 'inProgress',
        status: null,
        tracking_url: `https://tools.usps.com/go/TrackConfirmAction?tLabels=9400%20${tracking}`,
        steps: [
          { stage: 'inProgress', state: 'current' },
          { stage: 'shipped', state: 'upcoming' },
          { stage: 'outForDelivery', state: 'upcoming' },
          { stage: 'delivered', state: 'upcoming' },
        ],
      },
      runway: null,
    });
    const [notice] = await server.database.db
      .select()
      .from(customerNotifications)
      .where(eq(customerNotifications.customerId, a.customer.id));
    expect(notice).toMatchObject({ id: written.notificationId, type: 'prescription_submitted_v1' });
  });

  it('moves the tracker live as carrier events arrive; delivered gives a runway', async () => {
    const a = await person();
    const { id } = await write(a.customer.id);
    const shipmentId = (await listOf(a.token))[0]?.shipping_status?.id ?? '';
    const live = follow<{ customerChanged: { reason: string; customer: { prescriptions: Rx[] } } }>(
      connect(server.url, a.token, clients),
      `subscription { customerChanged { reason customer { prescriptions { ${FIELDS} } } } }`,
    );
    await new Promise((r) => setTimeout(r, 200));
    const now = server.clock.now().getTime();
    const post = (status: string, hoursAgo: number) =>
      staffCall<{ added: number; status: string }>(
        server,
        'POST',
        `/staff/shipments/${shipmentId}/events`,
        staff,
        {
          events: [{ status, occurredAt: new Date(now - hoursAgo * 3_600_000).toISOString() }],
        },
      );

    expect((await post('Processed', 30)).body).toEqual({ added: 1, status: 'inProgress' });
    expect((await post('Shipped', 20)).body).toEqual({ added: 1, status: 'shipped' });
    await waitFor(() =>
      live.received.some(
        (m) => m.customerChanged.customer.prescriptions[0]?.shipping_status?.stage === 'shipped',
      ),
    );
    expect((await post('Out for Delivery', 2)).body.status).toBe('outForDelivery');
    await waitFor(() =>
      live.received.some(
        (m) =>
          m.customerChanged.customer.prescriptions[0]?.shipping_status?.stage === 'outForDelivery',
      ),
    );
    // The same scan again adds nothing.
    expect((await post('Out for Delivery', 2)).body.added).toBe(0);
    expect((await post('Delivered', 1)).body.status).toBe('delivered');
    const [rx] = await listOf(a.token);
    expect(rx?.id).toBe(id);
    expect(rx?.shipping_status).toMatchObject({ stage: 'delivered', warning: false });
    expect(rx?.shipping_status?.delivered_at).not.toBeNull();
    expect(rx?.shipping_status?.events.map((e) => e.source)).toEqual([
      'pharmacy',
      'carrier',
      'carrier',
      'carrier',
    ]);
    // 2.5 ml at 2.5 mg/ml, 0.25 mg a week: 25 doses, the first taken on delivery day.
    expect(rx?.runway).toMatchObject({ doses_total: 25, doses_left: 24 });
    expect(live.errors).toEqual([]);
  });

  it('flags a warning status and a stall of three days without a scan', async () => {
    const a = await person();
    await write(a.customer.id);
    const shipmentId = (await listOf(a.token))[0]?.shipping_status?.id ?? '';
    const at = new Date(server.clock.now().getTime() - 4 * 86_400_000).toISOString();
    await staffCall(server, 'POST', `/staff/shipments/${shipmentId}/events`, staff, {
      events: [{ status: 'Delivery Attempted', occurredAt: at }],
    });
    const [rx] = await listOf(a.token);
    expect(rx?.shipping_status).toMatchObject({
      stage: 'outForDelivery',
      warning: true,
      stalled_days: 4,
    });
  });

  it('hides the tracker for a cancelled prescription and for one written before 2024-05-15', async () => {
    const a = await person();
    const old = await write(a.customer.id, { writtenAt: '2024-05-01T12:00:00Z', notify: false });
    const cancelled = await write(a.customer.id, { shipment: undefined });
    const res = await staffCall(
      server,
      'PUT',
      `/staff/prescriptions/${cancelled.id}/status`,
      staff,
      {
        status: 'cancelled',
      },
    );
    expect(res.status).toBe(200);
    const list = await listOf(a.token);
    expect(list.find((p) => p.id === old.id)?.show_tracker).toBe(false);
    expect(list.find((p) => p.id === cancelled.id)).toMatchObject({
      show_tracker: false,
      status: { display_name: 'Cancelled' },
    });
  });
});

describe('another customer cannot read the first one’s prescriptions', () => {
  it('by list, by customer id or by prescription id', async () => {
    const a = await person();
    const b = await person();
    const { id } = await write(a.customer.id);
    expect(await listOf(b.token)).toEqual([]);
    const byCustomer = await graphql(
      server,
      `
        query ($c: ID!) {
          prescriptionsByCustomer(customerId: $c) {
            id
          }
        }
      `,
      b.token,
      { c: a.customer.id },
    );
    expect(byCustomer.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const byId = await graphql<{ prescription: { id: string } | null }>(
      server,
      `
        query ($id: ID!) {
          prescription(id: $id) {
            id
          }
        }
      `,
      b.token,
      { id },
    );
    expect(byId.data?.prescription).toBeNull();
    const own = await graphql<{ prescription: { id: string } | null }>(
      server,
      `
        query ($id: ID!) {
          prescription(id: $id) {
            id
          }
        }
      `,
      a.token,
      { id },
    );
    expect(own.data?.prescription?.id).toBe(id);
    const ownList = await graphql<{ prescriptionsByCustomer: { id: string }[] }>(
      server,
      `
        query ($c: ID!) {
          prescriptionsByCustomer(customerId: $c) {
            id
          }
        }
      `,
      a.token,
      { c: a.customer.id },
    );
    expect(ownList.data?.prescriptionsByCustomer.map((p) => p.id)).toEqual([id]);
    await server.flushAudit();
    const reads = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'prescription'), eq(auditLog.actorId, a.customer.id)));
    expect(reads.length).toBeGreaterThan(0);
  });
});

describe('POST /staff/carrier-webhook', () => {
  const event = (code: string, details: { status: string; datetime: string }[]) => ({
    id: `evt_${Math.random().toString(36).slice(2)}`,
    description: 'tracker.updated',
    result: {
      tracking_code: code,
      carrier: 'USPS',
      status: 'in_transit',
      tracking_details: details,
    },
  });
  // Signed as a tracking service signs (modules/staff/carrier-webhook.int.test.ts has the
  // refusals: stale, replayed, changed in flight, unsigned).
  const send = (body: unknown, secret?: string) => {
    const raw = JSON.stringify(body);
    const at = Math.floor(server.clock.now().getTime() / 1000);
    return fetch(`${server.url}/staff/carrier-webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(secret ? { 'carrier-signature': signWebhook(Buffer.from(secret), at, raw) } : {}),
      },
      body: raw,
    });
  };

  it('needs the signature; records each scan once; an unknown tracker is not an error', async () => {
    const a = await person();
    await write(a.customer.id, { shipment: { carrier: 'usps', trackingNumber: 'WEBHOOK-1' } });
    const details = [
      { status: 'pre_transit', datetime: '2026-03-01T10:00:00Z' },
      { status: 'in_transit', datetime: '2026-03-02T10:00:00Z' },
    ];
    expect((await send(event('WEBHOOK-1', details))).status).toBe(401);
    expect((await send(event('WEBHOOK-1', details), 'wrong-secret-wrong')).status).toBe(401);
    const first = await send(event('WEBHOOK-1', details), SECRET);
    expect(await first.json()).toEqual({ matched: true, added: 2 });
    const again = await send(event('WEBHOOK-1', details), SECRET);
    expect(await again.json()).toEqual({ matched: true, added: 0 });
    const unknown = await send(event('NOPE', details), SECRET);
    expect(await unknown.json()).toEqual({ matched: false, added: 0 });
    const [rx] = await listOf(a.token);
    expect(rx?.shipping_status?.stage).toBe('shipped');
    expect(rx?.status.name).toBe('inTransit');
  });
});

describe('staff prescription routes refuse bad input', () => {
  it('400 for an unknown treatment, 409 for a taken tracking number, 404 for unknown ids', async () => {
    const a = await person();
    await write(a.customer.id, { notify: false });
    const taken = await staffCall(
      server,
      'POST',
      `/staff/customers/${a.customer.id}/prescriptions`,
      staff,
      {
        kits: [KIT],
        shipment: { carrier: 'usps', trackingNumber: `9400 ${tracking}` },
      },
    );
    expect(taken.status).toBe(409);
    expect(await listOf(a.token)).toHaveLength(1);
    const unknown = '00000000-0000-4000-8000-000000000000';
    const bad = await staffCall(
      server,
      'POST',
      `/staff/customers/${a.customer.id}/prescriptions`,
      staff,
      {
        kits: [KIT],
        treatmentShortId: 'no_such_treatment',
      },
    );
    expect(bad.status).toBe(400);
    expect(
      (
        await staffCall(server, 'PUT', `/staff/prescriptions/${unknown}/status`, staff, {
          status: 'cancelled',
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await staffCall(server, 'POST', `/staff/shipments/${unknown}/events`, staff, {
          events: [{ status: 'Shipped', occurredAt: '2026-01-01T00:00:00Z' }],
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await staffCall(
          server,
          'POST',
          `/staff/customers/${a.customer.id}/prescriptions`,
          undefined,
          { kits: [KIT] },
        )
      ).status,
    ).toBe(401);
    expect(await listOf(a.token)).toHaveLength(1);
  });
});
