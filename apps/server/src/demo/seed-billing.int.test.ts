import { NOTIFICATION_TYPE } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerNotifications } from '../db/schema/notifications';
import {
  exchangeToken,
  graphql,
  postJson,
  startTestServer,
  type TestServer,
} from '../../test/harness';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from './seed';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await seedDemoData(server.database.db);
});
afterAll(async () => {
  await server.close();
});

async function tokenFor(email: string): Promise<string> {
  const signIn = await postJson<{ idToken: string }>(server, '/identity/sign-in', {
    email,
    password: DEMO_PASSWORD,
  });
  return (await exchangeToken(server, signIn.body.idToken)).body.access_token ?? '';
}

const QUERY = `{
  customer { subscriptions { id } }
  customerPaymentSources { brand mask expiry_month expiry_year billing_address { zip_code } }
}`;

describe('demo billing (issue 11)', () => {
  it('Alex has a monthly GLP-1 plan with the high-dose add-on and a saved test Visa', async () => {
    const token = await tokenFor(DEMO_ACCOUNTS[0].email);
    const res = await graphql<{
      customer: { subscriptions: { id: string }[] };
      customerPaymentSources: unknown[];
    }>(server, QUERY, token);
    expect(res.data?.customerPaymentSources).toEqual([
      {
        brand: 'Visa',
        mask: '4242',
        expiry_month: 12,
        expiry_year: 2030,
        billing_address: { zip_code: '94103' },
      },
    ]);
    const sub = await graphql<{ customerSubscription: Record<string, unknown> }>(
      server,
      'query S($id: ID!) { customerSubscription(subscriptionId: $id) { term price isUpfrontPayment item_price_id addons } }',
      token,
      { id: res.data?.customer.subscriptions[0]?.id },
    );
    expect(sub.data?.customerSubscription).toEqual({
      term: 1,
      price: 34_900,
      isUpfrontPayment: false,
      item_price_id: 'weightmanagement-monthly-USD',
      addons: ['high-dose'],
    });
  });

  it('Taylor has no card yet', async () => {
    const token = await tokenFor('taylor.booking@example.com');
    const res = await graphql<{ customerPaymentSources: unknown[] }>(server, QUERY, token);
    expect(res.data?.customerPaymentSources).toEqual([]);
  });

  it('Alex has three paid invoices and one declined renewal, with the payment-due notice', async () => {
    const token = await tokenFor(DEMO_ACCOUNTS[0].email);
    const res = await graphql<{
      invoices: { status: string; total: number; service_date: string; number: string }[];
      notifications: { type: string }[];
    }>(server, '{ invoices { status total service_date number } }', token);
    expect(res.errors).toBeUndefined();
    expect(res.data?.invoices.map((i) => [i.status, i.total, i.service_date])).toEqual([
      ['payment_due', 34_900, '2026-11-01'],
      ['paid', 34_900, '2026-10-01'],
      ['paid', 34_900, '2026-09-01'],
      ['paid', 34_900, '2026-08-01'],
    ]);
    const notices = await server.database.db
      .select()
      .from(customerNotifications)
      .where(eq(customerNotifications.type, NOTIFICATION_TYPE.paymentDue));
    expect(notices).toHaveLength(1);
  });
});
