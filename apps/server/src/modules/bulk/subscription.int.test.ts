import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../../db/schema/customers';
import { graphql, type TestServer, startTestServer } from '../../../test/harness';
import { staffCall } from '../../../test/messaging-helpers';
import { monthlyCustomer, seedCatalogue } from '../../../test/billing-fixtures';

// Issue 45: CreateBulkSubscription made a future subscription for whoever asked, as often as
// asked. Spec 02 §4: the bulk order's submit makes it, optionally, when the order needs a live
// visit (not eligible for an async review). So it is made only for a customer whose bulk order
// awaits that visit, and once: asked again (or many times at once) it answers the same one.

const API_KEY = 'test-staff-api-key-0123456789';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ STAFF_API_KEY: API_KEY });
  await seedCatalogue(server);
  await staffCall(server, 'PUT', '/staff/flags/bulk_ordering', API_KEY, {
    customerId: null,
    enabled: true,
  });
});
afterAll(async () => {
  await server.close();
});

const SUBMIT = `mutation S($v: Int) { submitBulkOrder(vialCount: $v) { data { id encounter } } }`;
const CREATE = `mutation { createBulkSubscription(treatmentShortId: "weightmanagement_bulk") { newSubscriptionId } }`;

interface Created {
  createBulkSubscription: { newSubscriptionId: string };
}

async function futureSubscriptions(customerId: string) {
  return server.database.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.customerId, customerId), eq(subscriptions.status, 'future')));
}

describe('CreateBulkSubscription (issue 45)', () => {
  it('is refused to a customer with no bulk order awaiting a live visit; nothing is made', async () => {
    const c = await monthlyCustomer(server);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => graphql<Created>(server, CREATE, c.token)),
    );
    for (const res of answers) {
      expect(res.errors?.[0]?.extensions).toMatchObject({ code: 'BS101', reason: 'notEligible' });
    }
    expect(await futureSubscriptions(c.customer.id)).toEqual([]);
  });

  it('is made once for an order that needs a live visit, however often it is asked', async () => {
    const c = await monthlyCustomer(server);
    const order = await graphql<{ submitBulkOrder: { data: { encounter: string } } }>(
      server,
      SUBMIT,
      c.token,
      { v: 3 },
    );
    expect(order.data?.submitBulkOrder.data.encounter).toBe('sync');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => graphql<Created>(server, CREATE, c.token)),
    );
    expect(answers.map((r) => r.errors)).toEqual(answers.map(() => undefined));
    const ids = new Set(answers.map((r) => r.data?.createBulkSubscription.newSubscriptionId));
    expect(ids.size).toBe(1);
    const rows = await futureSubscriptions(c.customer.id);
    expect(rows.map((r) => r.id)).toEqual([...ids]);
  });
});
