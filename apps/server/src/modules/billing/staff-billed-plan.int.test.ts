import { beforeAll, describe, expect, it } from 'vitest';
import { createCustomer } from '../../../test/factories';
import { type TestServer } from '../../../test/harness';
import { createStaffUser, staffCall, staffTokenFor } from '../../../test/messaging-helpers';
import { accessToken, quoteFor, tokenize } from '../../../test/billing-fixtures';
import { useBillingServer } from '../../../test/billing-suite';

// POST /staff/customers/:customerId/billed-plans (modules/staff/billing-routes.ts): the care
// team gives a customer a billed plan and a tokenized card. Who may call it: staff.int.test.ts.

let server: TestServer;
let staff: string;
useBillingServer((started) => (server = started));
beforeAll(async () => {
  staff = await staffTokenFor(server, (await createStaffUser(server.database.db)).email);
});

describe('POST /staff/customers/:customerId/billed-plans', () => {
  it('gives a plan priced from the list and a card; the customer can quote a change on it', async () => {
    server.clock.set('2026-03-10T18:00:00Z');
    const { customer, user } = await createCustomer(server.database.db);
    const card = await tokenize(server, '4242424242424242');
    const given = await staffCall<{
      subscriptionId: string;
      contractId: string;
      paymentSourceId: string | null;
    }>(server, 'POST', `/staff/customers/${customer.id}/billed-plans`, staff, {
      treatmentShortId: 'weightmanagement',
      newContractLength: 1,
      newAddons: ['high-dose'],
      paymentToken: card.body.token,
    });
    expect(given.status).toBe(201);
    expect(given.body.paymentSourceId).toEqual(expect.any(String));
    const token = await accessToken(server, user.email);
    const quote = await quoteFor(server, token, {
      sub: given.body.subscriptionId,
      length: 6,
      addons: ['high-dose'],
    });
    expect(quote.errors).toBeUndefined();
    expect(quote.data?.subscriptionPriceChangeQuote.paymentSource).toMatchObject({
      brand: 'Visa',
      mask: '4242',
    });
  });

  it('refuses an unknown treatment on its field, and a declined card with ST102', async () => {
    const { customer } = await createCustomer(server.database.db);
    const route = `/staff/customers/${customer.id}/billed-plans`;
    const unknown = await staffCall(server, 'POST', route, staff, {
      treatmentShortId: 'nothing_here',
      newContractLength: 1,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({
      error: { fields: { treatmentShortId: 'does not exist' } },
    });
    const declined = await tokenize(server, '4000000000000002');
    const refused = await staffCall(server, 'POST', route, staff, {
      treatmentShortId: 'weightmanagement',
      newContractLength: 1,
      paymentToken: declined.body.token,
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: { code: 'ST102' } });
  });
});
