import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/platform';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from '../../demo/seed';
import { createCustomer } from '../../../test/factories';
import { graphql, startTestServer, type TestServer } from '../../../test/harness';
import { customerTokenFor, staffCall } from '../../../test/messaging-helpers';

const API_KEY = 'test-staff-api-key-0123456789';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ STAFF_API_KEY: API_KEY });
});
afterAll(async () => {
  await server.close();
});

async function createAction(customerId: string, body: Record<string, unknown>) {
  return staffCall<{ id: string; status: string; typeCode: string }>(
    server,
    'POST',
    `/staff/customers/${customerId}/actions`,
    API_KEY,
    body,
  );
}

async function pendingBulkAction(customerId: string, vialCount = 3): Promise<string> {
  const res = await createAction(customerId, {
    typeCode: 'bulk_order_charge',
    metadata: { vial_count: vialCount },
  });
  expect(res.status).toBe(201);
  return res.body.id;
}

const BY_ID = `query CustomerActionById($id: ID!) {
  customerAction(id: $id) { id status customer_id customer_identity_provider_id metadata { vial_count } action_type { type_code } }
}`;
const ALL = `query AllCustomerActions($status: CustomerActionStatus) {
  customerActions(status: $status) { id status customer_id metadata { vial_count } action_type { type_code } }
}`;

interface ById {
  customerAction: Record<string, unknown> | null;
}
interface All {
  customerActions: { id: string; status: string; customer_id: string }[];
}

describe('customer action by id (spec 01 §3, §7)', () => {
  it("answers the customer's own action with its type code and metadata", async () => {
    const a = await createCustomer(server.database.db);
    const id = await pendingBulkAction(a.customer.id, 4);
    const res = await graphql<ById>(server, BY_ID, await customerTokenFor(server, a.user.email), {
      id,
    });
    expect(res.errors).toBeUndefined();
    expect(res.data?.customerAction).toEqual({
      id,
      status: 'pending',
      customer_id: a.customer.id,
      customer_identity_provider_id: a.user.id,
      metadata: { vial_count: 4 },
      action_type: { type_code: 'bulk_order_charge' },
    });
  });

  it('another customer cannot read it: it reads as not found', async () => {
    const a = await createCustomer(server.database.db);
    const b = await createCustomer(server.database.db);
    const id = await pendingBulkAction(a.customer.id);
    const res = await graphql<ById>(server, BY_ID, await customerTokenFor(server, b.user.email), {
      id,
    });
    expect(res.errors).toBeUndefined();
    expect(res.data?.customerAction).toBeNull();
  });

  it('refuses a malformed id and a missing token', async () => {
    const a = await createCustomer(server.database.db);
    const bad = await graphql(server, BY_ID, await customerTokenFor(server, a.user.email), {
      id: 'not-a-uuid',
    });
    expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const anonymous = await graphql(server, BY_ID, undefined, { id: crypto.randomUUID() });
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('invalid-jwt');
  });
});

describe('all customer actions (spec 01 §3, §7)', () => {
  it("lists only the customer's own actions, newest first, and filters by status", async () => {
    const a = await createCustomer(server.database.db);
    const b = await createCustomer(server.database.db);
    const first = await pendingBulkAction(a.customer.id, 2);
    server.clock.advance(1000);
    const done = await createAction(a.customer.id, {
      typeCode: 'bulk_order_charge',
      status: 'complete',
      metadata: { vial_count: 6 },
    });
    expect(done.status).toBe(201);
    await pendingBulkAction(b.customer.id);

    const token = await customerTokenFor(server, a.user.email);
    const all = await graphql<All>(server, ALL, token);
    expect(all.errors).toBeUndefined();
    expect(all.data?.customerActions.map((x) => x.id)).toEqual([done.body.id, first]);
    expect(new Set(all.data?.customerActions.map((x) => x.customer_id))).toEqual(
      new Set([a.customer.id]),
    );

    const pending = await graphql<All>(server, ALL, token, { status: 'pending' });
    expect(pending.data?.customerActions.map((x) => x.id)).toEqual([first]);

    // B sees only B's action.
    const ofB = await graphql<All>(server, ALL, await customerTokenFor(server, b.user.email));
    expect(ofB.data?.customerActions).toHaveLength(1);
    expect(ofB.data?.customerActions[0]?.customer_id).toBe(b.customer.id);
  });

  it('audits the read with the ids it returned', async () => {
    const a = await createCustomer(server.database.db);
    const id = await pendingBulkAction(a.customer.id);
    await graphql(server, ALL, await customerTokenFor(server, a.user.email));
    await server.flushAudit();
    const rows = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'customer_action'), eq(auditLog.entityId, a.customer.id)));
    expect(rows.at(-1)).toMatchObject({
      actorType: 'customer',
      actorId: a.customer.id,
      action: 'read',
      details: { operation: 'allCustomerActions', ids: [id] },
    });
  });
});

describe('POST /staff/customers/:customerId/actions', () => {
  it('refuses a bulk order charge without a vial count, an unknown type and a customer token', async () => {
    const a = await createCustomer(server.database.db);
    const noVials = await createAction(a.customer.id, { typeCode: 'bulk_order_charge' });
    expect(noVials.status).toBe(400);
    const unknown = await createAction(a.customer.id, { typeCode: 'launch', metadata: {} });
    expect(unknown.status).toBe(400);
    const missing = await createAction(crypto.randomUUID(), {
      typeCode: 'bulk_order_charge',
      metadata: { vial_count: 2 },
    });
    expect(missing.status).toBe(404);

    const asCustomer = await staffCall(
      server,
      'POST',
      `/staff/customers/${a.customer.id}/actions`,
      await customerTokenFor(server, a.user.email),
      { typeCode: 'bulk_order_charge', metadata: { vial_count: 2 } },
    );
    expect(asCustomer.status).toBe(401);
    const list = await graphql<All>(server, ALL, await customerTokenFor(server, a.user.email));
    expect(list.data?.customerActions).toEqual([]);
  });
});

describe('demo data', () => {
  it('gives the demo customer one pending bulk order to pay', async () => {
    await seedDemoData(server.database.db);
    const token = await customerTokenFor(server, DEMO_ACCOUNTS[0].email, DEMO_PASSWORD);
    const res = await graphql<{
      customerActions: { status: string; metadata: { vial_count: number | null } }[];
    }>(server, ALL, token, { status: 'pending' });
    expect(res.data?.customerActions).toEqual([
      expect.objectContaining({
        status: 'pending',
        metadata: { vial_count: 3 },
        action_type: { type_code: 'bulk_order_charge' },
      }),
    ]);
  });
});
