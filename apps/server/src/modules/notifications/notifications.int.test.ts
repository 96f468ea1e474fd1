import type { Client } from 'graphql-ws';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contracts, subscriptions } from '../../db/schema/customers';
import { customerNotifications } from '../../db/schema/notifications';
import { auditLog } from '../../db/schema/platform';
import { DEMO_STAFF_ACCOUNT } from '../../demo/seed-messaging';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from '../../demo/seed';
import { createCustomer } from '../../../test/factories';
import { graphql, startTestServer, type TestServer } from '../../../test/harness';
import {
  connect,
  customerTokenFor,
  follow,
  pause,
  staffCall,
  staffTokenFor,
  waitFor,
} from '../../../test/messaging-helpers';

const API_KEY = 'test-staff-api-key-0123456789';
let server: TestServer;
const clients: Client[] = [];
beforeAll(async () => {
  server = await startTestServer({ STAFF_API_KEY: API_KEY });
});
afterAll(async () => {
  await Promise.all(clients.map(async (c) => c.dispose()));
  await server.close();
});

const HOUR = 3_600_000;
const at = (offsetMs: number) => new Date(server.clock.now().getTime() + offsetMs).toISOString();

async function notify(customerId: string, body: Record<string, unknown>): Promise<string> {
  const res = await staffCall<{ id: string }>(
    server,
    'POST',
    `/staff/customers/${customerId}/notifications`,
    API_KEY,
    { severity: 'info', ...body },
  );
  expect(res.status).toBe(201);
  return res.body.id;
}

const LIST = `query GetCustomerNotifications {
  customerNotifications { id type title message severity status date show_after expire_at shortId action { label url } }
}`;
const UPDATE = `mutation UpdateCustomerNotificationStatus($id: ID!, $newStatus: CustomerNotificationStatusUpdate!) {
  updateCustomerNotificationStatus(id: $id, newStatus: $newStatus) { statusCode name message data { id status } }
}`;

interface Listed {
  customerNotifications: { id: string; title: string; status: string }[];
}

async function statusOf(id: string): Promise<string | undefined> {
  const [row] = await server.database.db
    .select({ status: customerNotifications.status })
    .from(customerNotifications)
    .where(eq(customerNotifications.id, id));
  return row?.status;
}

describe('GetCustomerNotifications', () => {
  it('lists own notifications shown now, newest first; leaves out not-yet-shown, expired and deleted', async () => {
    const a = await createCustomer(server.database.db);
    const b = await createCustomer(server.database.db);
    const older = await notify(a.customer.id, {
      type: 'notice_payment_due_v1',
      title: 'older',
      date: at(-2 * HOUR),
      action: { label: 'Pay', url: '/billing?tab=plan' },
    });
    const newer = await notify(a.customer.id, {
      type: 'lab_result_received_v1',
      title: 'newer',
      date: at(-1 * HOUR),
      expireAt: at(HOUR),
    });
    const later = await notify(a.customer.id, {
      type: 'weight_tracker_input_v1',
      title: 'not yet',
      showAfter: at(HOUR / 2),
      date: at(HOUR / 2),
    });
    await notify(a.customer.id, { type: 'dl', title: 'expired', expireAt: at(-1) });
    await notify(a.customer.id, { type: 'dl', title: 'deleted', status: 'deleted' });
    await notify(b.customer.id, { type: 'dl', title: "b's" });

    const token = await customerTokenFor(server, a.user.email);
    const first = await graphql<Listed>(server, LIST, token);
    expect(first.errors).toBeUndefined();
    expect(first.data?.customerNotifications.map((n) => n.id)).toEqual([newer, older]);
    expect(first.data?.customerNotifications[1]).toMatchObject({
      type: 'notice_payment_due_v1',
      status: 'unread',
      severity: 'info',
      action: { label: 'Pay', url: '/billing?tab=plan' },
    });

    // Once show_after has passed the later one shows, newest first.
    // (Access tokens live 15 minutes, so each step signs in again.)
    server.clock.advance(HOUR / 2 + 1000);
    const second = await graphql<Listed>(
      server,
      LIST,
      await customerTokenFor(server, a.user.email),
    );
    expect(second.data?.customerNotifications.map((n) => n.id)).toEqual([later, newer, older]);
    // And once expire_at has passed, the expiring one is gone.
    server.clock.advance(HOUR);
    const third = await graphql<Listed>(server, LIST, await customerTokenFor(server, a.user.email));
    expect(third.data?.customerNotifications.map((n) => n.id)).toEqual([later, older]);
  });

  it('audits the read with the ids it returned', async () => {
    const a = await createCustomer(server.database.db);
    const id = await notify(a.customer.id, { type: 'dl', title: 'audit me' });
    await graphql(server, LIST, await customerTokenFor(server, a.user.email));
    await server.flushAudit();
    const rows = await server.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entity, 'customer_notification'), eq(auditLog.entityId, a.customer.id)),
      );
    expect(rows.at(-1)).toMatchObject({
      actorType: 'customer',
      actorId: a.customer.id,
      action: 'read',
      details: { operation: 'GetCustomerNotifications', ids: [id] },
    });
  });

  it('answers invalid-jwt without a token', async () => {
    const res = await graphql(server, LIST);
    expect(res.errors?.[0]?.extensions?.code).toBe('invalid-jwt');
  });
});

describe('GetLabResultNotifications and GetContractExpirationBannerNotifications', () => {
  it('lists only lab results', async () => {
    const a = await createCustomer(server.database.db);
    const lab = await notify(a.customer.id, { type: 'lab_result_received_v1', title: 'Labs' });
    await notify(a.customer.id, { type: 'notice_payment_due_v1', title: 'Pay' });
    const res = await graphql<{ labResultNotifications: { id: string }[] }>(
      server,
      'query GetLabResultNotifications { labResultNotifications { id type } }',
      await customerTokenFor(server, a.user.email),
    );
    expect(res.data?.labResultNotifications).toEqual([{ id: lab, type: 'lab_result_received_v1' }]);
  });

  it("never shows another customer's lab results", async () => {
    const a = await createCustomer(server.database.db);
    const b = await createCustomer(server.database.db);
    await notify(a.customer.id, { type: 'lab_result_received_v1', title: "A's labs" });
    const own = await notify(b.customer.id, { type: 'lab_result_received_v1', title: "B's labs" });
    const res = await graphql<{ labResultNotifications: { id: string; title: string }[] }>(
      server,
      'query GetLabResultNotifications { labResultNotifications { id title } }',
      await customerTokenFor(server, b.user.email),
    );
    expect(res.errors).toBeUndefined();
    expect(res.data?.labResultNotifications).toEqual([{ id: own, title: "B's labs" }]);
  });

  it("chooses the earliest-expiring of the customer's own subscriptions a notice names", async () => {
    const db = server.database.db;
    const a = await createCustomer(db); // its factory contract ends 2026-07-01
    const b = await createCustomer(db);
    const subscriptionWithContract = async (customerId: string, endDate: string) => {
      const [contract] = await db
        .insert(contracts)
        .values({
          customerId,
          status: 'active',
          startDate: '2026-01-01',
          endDate,
          length: 6,
          price: 1,
        })
        .returning();
      const [sub] = await db
        .insert(subscriptions)
        .values({ customerId, status: 'active', contractId: contract?.id })
        .returning();
      return sub?.id ?? '';
    };
    const later = await subscriptionWithContract(a.customer.id, '2026-11-30');
    const earlier = await subscriptionWithContract(a.customer.id, '2026-03-15');
    const othersEarliest = await subscriptionWithContract(b.customer.id, '2026-01-31');
    const id = await notify(a.customer.id, {
      type: 'action_required_contract_expire_v1',
      title: 'Plan ending',
      metadata: { subscriptionIds: [later, othersEarliest, earlier] },
    });
    await notify(a.customer.id, { type: 'lab_result_received_v1', title: 'not a banner' });

    const res = await graphql<{
      contractExpirationBannerNotifications: Record<string, unknown>[];
    }>(
      server,
      `
        query GetContractExpirationBannerNotifications {
          contractExpirationBannerNotifications {
            subscription_id
            contract_end_date
            notification {
              id
              type
            }
          }
        }
      `,
      await customerTokenFor(server, a.user.email),
    );
    expect(res.errors).toBeUndefined();
    expect(res.data?.contractExpirationBannerNotifications).toEqual([
      {
        subscription_id: earlier,
        contract_end_date: '2026-03-15',
        notification: { id, type: 'action_required_contract_expire_v1' },
      },
    ]);
  });
});

describe('UpdateCustomerNotificationStatus', () => {
  it('sets read, and completed as action_completed, on an own notification; audited', async () => {
    const a = await createCustomer(server.database.db);
    const id = await notify(a.customer.id, { type: 'banner_regulation_message_v1', title: 'Rule' });
    const token = await customerTokenFor(server, a.user.email);

    const read = await graphql(server, UPDATE, token, { id, newStatus: 'read' });
    expect(read.errors).toBeUndefined();
    expect(read.data).toEqual({
      updateCustomerNotificationStatus: {
        statusCode: 200,
        name: 'UpdateCustomerNotificationStatus',
        message: 'Notification status updated.',
        data: { id, status: 'read' },
      },
    });
    const done = await graphql(server, UPDATE, token, { id, newStatus: 'completed' });
    expect(done.errors).toBeUndefined();
    expect(await statusOf(id)).toBe('action_completed');

    await server.flushAudit();
    const audits = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'customer_notification'), eq(auditLog.entityId, id)));
    expect(audits.map((r) => [r.action, r.actorId, r.details.status])).toEqual([
      ['create', 'api-key', undefined],
      ['update', a.customer.id, 'read'],
      ['update', a.customer.id, 'action_completed'],
    ]);
  });

  it("answers NOT_FOUND for another customer's notification and changes nothing", async () => {
    const a = await createCustomer(server.database.db);
    const b = await createCustomer(server.database.db);
    const id = await notify(a.customer.id, { type: 'dl', title: "a's" });
    const res = await graphql(server, UPDATE, await customerTokenFor(server, b.user.email), {
      id,
      newStatus: 'completed',
    });
    expect(res.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(res.data).toBeNull();
    expect(await statusOf(id)).toBe('unread');
  });

  it('refuses a malformed id, an unknown status and a deleted notification', async () => {
    const a = await createCustomer(server.database.db);
    const token = await customerTokenFor(server, a.user.email);
    const bad = await graphql(server, UPDATE, token, { id: 'not-a-uuid', newStatus: 'read' });
    expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const id = await notify(a.customer.id, { type: 'dl', title: 'x' });
    const status = await graphql(server, UPDATE, token, { id, newStatus: 'deleted' });
    expect(status.errors?.length).toBeGreaterThan(0);
    expect(await statusOf(id)).toBe('unread');
    const gone = await notify(a.customer.id, { type: 'dl', title: 'gone', status: 'deleted' });
    const res = await graphql(server, UPDATE, token, { id: gone, newStatus: 'read' });
    expect(res.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(await statusOf(gone)).toBe('deleted');
  });
});

describe('notificationsChanged subscription', () => {
  const QUERY =
    'subscription { notificationsChanged { change id notification { id title status } } }';
  interface Change {
    notificationsChanged: {
      change: string;
      id: string;
      notification: { id: string; title: string; status: string } | null;
    };
  }

  it('delivers a new or changed notification to its customer only', async () => {
    const a = await createCustomer(server.database.db);
    const b = await createCustomer(server.database.db);
    const tokenA = await customerTokenFor(server, a.user.email);
    const followA = follow<Change>(connect(server.url, tokenA, clients), QUERY);
    const followB = follow<Change>(
      connect(server.url, await customerTokenFor(server, b.user.email), clients),
      QUERY,
    );
    await pause(300);

    const forB = await notify(b.customer.id, { type: 'dl', title: 'for b' });
    const forA = await notify(a.customer.id, { type: 'dl', title: 'for a' });
    await graphql(server, UPDATE, tokenA, { id: forA, newStatus: 'read' });
    await waitFor(() => followA.received.length === 2 && followB.received.length === 1);
    await pause(200);

    expect(followA.received).toEqual([
      {
        notificationsChanged: {
          change: 'created',
          id: forA,
          notification: { id: forA, title: 'for a', status: 'unread' },
        },
      },
      {
        notificationsChanged: {
          change: 'updated',
          id: forA,
          notification: { id: forA, title: 'for a', status: 'read' },
        },
      },
    ]);
    expect(followB.received).toEqual([
      {
        notificationsChanged: {
          change: 'created',
          id: forB,
          notification: { id: forB, title: 'for b', status: 'unread' },
        },
      },
    ]);
    expect(followA.errors).toEqual([]);
    // The re-read a subscription does is audited as the customer whose socket it is.
    await server.flushAudit();
    const reads = await server.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entity, 'customer_notification'), eq(auditLog.entityId, a.customer.id)),
      );
    expect(
      reads.filter((r) => r.details.operation === 'notificationsChanged').map((r) => r.actorId),
    ).toEqual([a.customer.id, a.customer.id]);
    followA.unsubscribe();
    followB.unsubscribe();
  });

  it('tells of a notification that is not shown yet without its content', async () => {
    const a = await createCustomer(server.database.db);
    const followA = follow<Change>(
      connect(server.url, await customerTokenFor(server, a.user.email), clients),
      QUERY,
    );
    await pause(300);
    const id = await notify(a.customer.id, { type: 'dl', title: 'later', showAfter: at(HOUR) });
    await waitFor(() => followA.received.length === 1);
    expect(followA.received[0]).toEqual({
      notificationsChanged: { change: 'created', id, notification: null },
    });
    followA.unsubscribe();
  });
});

describe('demo data', () => {
  it('gives Alejandro his notices and messages, and the care team a staff account', async () => {
    expect(await seedDemoData(server.database.db)).toBe(true);
    const token = await customerTokenFor(server, DEMO_ACCOUNTS[0].email, DEMO_PASSWORD);
    const res = await graphql<{
      customer: { id: string; subscriptions: { id: string }[] };
      customerNotifications: { type: string }[];
      contractExpirationBannerNotifications: {
        subscription_id: string;
        contract_end_date: string;
      }[];
    }>(
      server,
      `
        {
          customer {
            id
            subscriptions {
              id
            }
          }
          customerNotifications {
            type
          }
          contractExpirationBannerNotifications {
            subscription_id
            contract_end_date
          }
        }
      `,
      token,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data?.customerNotifications.map((n) => n.type).sort()).toEqual([
      'action_required_contract_expire_v1',
      'banner_regulation_message_v1',
      'bulk_order_payment_v1',
      'lab_result_received_v1',
      'notice_payment_due_v1',
    ]);
    expect(res.data?.contractExpirationBannerNotifications).toEqual([
      {
        subscription_id: res.data?.customer.subscriptions[0]?.id,
        contract_end_date: '2026-12-01',
      },
    ]);
    const messages = await graphql<{
      providerMessages: { read: boolean; provider_name: string; messageSections: unknown[] }[];
    }>(
      server,
      'query M($id: ID!) { providerMessages(customerId: $id) { read provider_name messageSections { name } } }',
      token,
      { id: res.data?.customer.id },
    );
    expect(messages.data?.providerMessages.map((m) => [m.read, m.provider_name])).toEqual([
      [false, 'Marcus Bell'],
      [false, 'Dr. Priya Natarajan'],
      [true, 'Dr. Elena Ruiz'],
    ]);
    expect(messages.data?.providerMessages[0]?.messageSections).toHaveLength(3);
    expect(await staffTokenFor(server, DEMO_STAFF_ACCOUNT.email, DEMO_PASSWORD)).toEqual(
      expect.any(String),
    );
  });
});
