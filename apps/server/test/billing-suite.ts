import { FEATURE_FLAGS } from '@portal/domain';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { contracts } from '../src/db/schema/customers';
import { monthlyCustomer, saveCard, seedCatalogue } from './billing-fixtures';
import { graphql, startTestServer, type TestServer } from './harness';
import { staffCall } from './messaging-helpers';

// The setup the billing and payments suites share (each file repeated it): a server with the
// price list for the file, a customer whose monthly plan is their only live contract, the same
// customer with a saved card, a bulk order the care team approved, and its purchase.

/**
 * Starts the file's server with the price list before its tests and closes it after them;
 * `started` receives it (the suite keeps it in its own `server`). bulkOrdering turns the flag
 * on for everyone through the staff API, with env's STAFF_API_KEY.
 */
export function useBillingServer(
  started: (server: TestServer) => void,
  options: { env?: Record<string, string>; bulkOrdering?: boolean } = {},
): void {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer(options.env);
    await seedCatalogue(server);
    if (options.bulkOrdering) {
      const key = options.env?.STAFF_API_KEY;
      if (!key) throw new Error('bulkOrdering needs STAFF_API_KEY in env');
      const set = await staffCall(
        server,
        'PUT',
        `/staff/flags/${FEATURE_FLAGS.bulkOrdering}`,
        key,
        {
          customerId: null,
          enabled: true,
        },
      );
      expect(set.status).toBe(200);
    }
    started(server);
  });
  afterAll(async () => {
    await server?.close();
  });
}

/**
 * A customer on the monthly plan (monthlyCustomer) whose plan contract is their only live one:
 * any other contract the customer factory gave them is ended, so renewals and changes see one.
 */
export async function customerOnOwnPlan(server: TestServer) {
  const made = await monthlyCustomer(server);
  await server.database.db
    .update(contracts)
    .set({ status: 'ended' })
    .where(and(eq(contracts.customerId, made.customer.id), ne(contracts.id, made.contract.id)));
  return made;
}

/** A customer on the monthly plan with a card saved through the sandbox (4242… unless given). */
export async function customerWithCard(server: TestServer, card = '4242424242424242') {
  const made = await monthlyCustomer(server);
  const saved = await saveCard(server, made.token, card);
  expect(saved.errors).toBeUndefined();
  const cardId = saved.data?.replacePaymentSource.newPaymentSourceId ?? '';
  expect(cardId).not.toBe('');
  return { ...made, cardId };
}

/**
 * The care team approves a bulk order, of that many vials or the one the customer submitted
 * ({orderId}): the customer action's id.
 */
export async function approveBulkOrder(
  server: TestServer,
  staffKey: string,
  customerId: string,
  order: number | { orderId: string } = 2,
): Promise<string> {
  const approved = await staffCall<{ actionId: string }>(
    server,
    'POST',
    `/staff/customers/${customerId}/bulk-orders/approve`,
    staffKey,
    typeof order === 'number' ? { vialCount: order } : order,
  );
  expect(approved.status).toBe(201);
  return approved.body.actionId;
}

const PURCHASE = `mutation P($id: ID!) { purchaseBulkWithChargebee(customerActionId: $id) {
  data { purchaseSucceeded actionCompleted reason nextAction { clientSecret redirectUrl } } } }`;

export interface PurchaseData {
  purchaseSucceeded: boolean;
  actionCompleted: boolean;
  reason: string | null;
  nextAction: { clientSecret: string; redirectUrl: string | null } | null;
}

/** The customer pays an approved bulk order with their saved card (PurchaseBulkWithChargebee). */
export async function purchaseBulk(server: TestServer, token: string, actionId: string) {
  const paid = await graphql<{ purchaseBulkWithChargebee: { data: PurchaseData } }>(
    server,
    PURCHASE,
    token,
    { id: actionId },
  );
  return paid.data?.purchaseBulkWithChargebee.data;
}
