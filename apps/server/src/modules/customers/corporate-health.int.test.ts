import { FEATURE_FLAGS } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerTags } from '../../db/schema/customers';
import { createCustomer } from '../../../test/factories';
import { graphql, startTestServer, type TestServer } from '../../../test/harness';
import { customerTokenFor } from '../../../test/messaging-helpers';
import { CORPORATE_HEALTH_TAG } from './corporate-health';

// Spec 02 §6: "A corporate-health mode needs the personify tag and the personify_health
// flag". The customer data says whether the viewer is in it; one of the two is not enough.

const STAFF = { type: 'staff', id: null } as const;
const QUERY = '{ customer { id corporate_health } }';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

async function customerWith({ tag, flag }: { tag: boolean; flag: boolean }) {
  const { customer, user } = await createCustomer(server.database.db);
  if (tag) {
    await server.database.db
      .insert(customerTags)
      .values({ customerId: customer.id, name: CORPORATE_HEALTH_TAG });
  }
  await server.services.flags.setFlag(FEATURE_FLAGS.personifyHealth, customer.id, flag, STAFF);
  const token = await customerTokenFor(server, user.email);
  const res = await graphql<{ customer: { id: string; corporate_health: boolean } }>(
    server,
    QUERY,
    token,
  );
  expect(res.errors).toBeUndefined();
  expect(res.data?.customer.id).toBe(customer.id);
  return res.data?.customer.corporate_health;
}

describe('corporate-health mode (spec 02 §6: the personify tag and the personify_health flag)', () => {
  it('is on with the tag and the flag', async () => {
    expect(await customerWith({ tag: true, flag: true })).toBe(true);
  });

  it('is off with the tag but not the flag', async () => {
    expect(await customerWith({ tag: true, flag: false })).toBe(false);
  });

  it('is off with the flag but not the tag', async () => {
    expect(await customerWith({ tag: false, flag: true })).toBe(false);
  });

  it('is off with neither', async () => {
    expect(await customerWith({ tag: false, flag: false })).toBe(false);
  });
});

describe('a covered membership is changed by the care team, not by the customer', () => {
  const quoteFor = async (customerId: string) => {
    try {
      await server.services.billing.quote(
        customerId,
        {
          existingSubscriptionId: '00000000-0000-4000-8000-000000000001',
          newSubscriptionPlanType: 'weightmanagement',
          newAddons: [],
          newContractLength: 3,
          isUpfrontPayment: false,
        },
        { type: 'customer', id: customerId },
      );
      return 'quoted';
    } catch (error) {
      const { code, reason } = error as { code?: string; reason?: string };
      return { code, reason };
    }
  };

  it('refuses a plan change quote in the mode (TC105), and only in it', async () => {
    const covered = await createCustomer(server.database.db);
    await server.database.db
      .insert(customerTags)
      .values({ customerId: covered.customer.id, name: CORPORATE_HEALTH_TAG });
    await server.services.flags.setFlag(
      FEATURE_FLAGS.personifyHealth,
      covered.customer.id,
      true,
      STAFF,
    );
    expect(await quoteFor(covered.customer.id)).toMatchObject({
      code: 'TC105',
      reason: 'employer_covered',
    });
    // The same request from a customer outside the mode reaches the plan lookup (not found).
    const other = await createCustomer(server.database.db);
    await server.services.flags.setFlag(
      FEATURE_FLAGS.personifyHealth,
      other.customer.id,
      true,
      STAFF,
    );
    expect(await quoteFor(other.customer.id)).toMatchObject({ code: 'TC101' });
  });
});
