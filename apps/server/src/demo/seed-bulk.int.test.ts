import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  exchangeToken,
  graphql,
  postJson,
  startTestServer,
  type TestServer,
} from '../../test/harness';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from './seed';

// Issue 12: Alex signs in to a pending, approved bulk order with its payment notice.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await seedDemoData(server.database.db);
});
afterAll(async () => {
  await server.close();
});

describe('demo bulk order (issue 12)', () => {
  it("Alex's bulk payment notice opens a pending 3-vial action with a card to pay it", async () => {
    const signIn = await postJson<{ idToken: string }>(server, '/identity/sign-in', {
      email: DEMO_ACCOUNTS[0].email,
      password: DEMO_PASSWORD,
    });
    const token = (await exchangeToken(server, signIn.body.idToken)).body.access_token ?? '';
    const notices = await graphql<{
      customerNotifications: { type: string; action: { url: string } | null }[];
    }>(server, '{ customerNotifications { type action { url } } }', token);
    expect(notices.errors).toBeUndefined();
    const bulk = notices.data?.customerNotifications.filter(
      (n) => n.type === 'bulk_order_payment_v1',
    );
    expect(bulk).toHaveLength(1);
    const actionId = new URL(bulk?.[0]?.action?.url ?? '', 'http://x').searchParams.get('actionId');
    const action = await graphql<{
      customerAction: { status: string; metadata: { vial_count: number } } | null;
      customerPaymentSources: unknown[];
    }>(
      server,
      'query A($id: ID!) { customerAction(id: $id) { status metadata { vial_count } } customerPaymentSources { payment_source_id } }',
      token,
      { id: actionId },
    );
    expect(action.errors).toBeUndefined();
    expect(action.data?.customerAction).toEqual({ status: 'pending', metadata: { vial_count: 3 } });
    expect(action.data?.customerPaymentSources.length).toBeGreaterThan(0);
  });
});
