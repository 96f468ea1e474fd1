import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentSources } from '../../db/schema/billing';
import { auditLog } from '../../db/schema/platform';
import { graphql, type TestServer } from '../../../test/harness';
import { saveCard } from '../../../test/billing-fixtures';
import { customerWithCard, useBillingServer } from '../../../test/billing-suite';

// Update billing address (issue 14; spec 02 §2, §3 payment source billing_address): the same
// zod schema as the web form, only on the viewer's own active card, audited, and shown back
// where the plan tab reads the card.

let server: TestServer;
useBillingServer((started) => (server = started));

const UPDATE = `mutation U($id: ID!, $first: String!, $last: String!, $s1: String!, $s2: String,
  $city: String!, $state: String!, $zip: String!) {
  updateBillingAddress(paymentSourceId: $id, firstName: $first, lastName: $last,
    streetAddress1: $s1, streetAddress2: $s2, city: $city, stateCode: $state, zipCode: $zip) {
    data { payment_source_id billing_address { first_name last_name street_address1
      street_address2 city state state_code zip_code } }
    statusCode
  }
}`;

const SUBSCRIPTION = `query S($id: ID!) {
  customerSubscription(subscriptionId: $id) {
    payment_source { billing_address { first_name street_address1 city state_code zip_code } }
  }
}`;

const input = {
  first: ' Ada ',
  last: 'Lovelace',
  s1: '12 Pond St',
  s2: '',
  city: 'Austin',
  state: 'tx',
  zip: '78701',
};

interface UpdateResult {
  updateBillingAddress: {
    data: { payment_source_id: string; billing_address: Record<string, string | null> };
    statusCode: number;
  };
}

const code = (res: { errors?: { extensions?: { code?: string } }[] }) =>
  res.errors?.[0]?.extensions?.code;

async function storedAddress(cardId: string) {
  const [row] = await server.database.db
    .select()
    .from(paymentSources)
    .where(eq(paymentSources.id, cardId));
  return {
    street: row?.billingStreetAddress1 ?? null,
    zip: row?.billingZipCode ?? null,
    updatedAt: row?.updatedAt,
  };
}

describe('updateBillingAddress', () => {
  it('stores the normalized address on the card the plan tab shows, and audits it', async () => {
    const a = await customerWithCard(server);
    const before = await storedAddress(a.cardId);
    const res = await graphql<UpdateResult>(server, UPDATE, a.token, { ...input, id: a.cardId });
    expect(res.errors).toBeUndefined();
    expect(res.data?.updateBillingAddress.data.billing_address).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      street_address1: '12 Pond St',
      street_address2: null,
      city: 'Austin',
      state: 'Texas',
      state_code: 'TX',
      zip_code: '78701',
    });
    const plan = await graphql<{
      customerSubscription: { payment_source: { billing_address: Record<string, string> } };
    }>(server, SUBSCRIPTION, a.token, { id: a.subscription.id });
    expect(plan.data?.customerSubscription.payment_source.billing_address).toEqual({
      first_name: 'Ada',
      street_address1: '12 Pond St',
      city: 'Austin',
      state_code: 'TX',
      zip_code: '78701',
    });
    // The card's place in the newest-first order (which card pays) does not move.
    expect((await storedAddress(a.cardId)).updatedAt).toEqual(before.updatedAt);
    await server.flushAudit();
    const audits = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'payment_source'), eq(auditLog.entityId, a.cardId)));
    expect(audits.at(-1)).toMatchObject({
      actorType: 'customer',
      actorId: a.customer.id,
      action: 'update',
      details: {
        customerId: a.customer.id,
        fields: expect.arrayContaining([
          'streetAddress1',
          'city',
          'stateCode',
          'zipCode',
        ]) as string[],
      },
    });
    // Field names only (issue 41): neither the street nor the state is in the row.
    expect(JSON.stringify(audits.at(-1)?.details)).not.toContain('Pond');
    expect(JSON.stringify(audits.at(-1)?.details)).not.toContain('TX');
  });

  it('takes a PO Box: spec 02 §5 forbids it for shipping only (issue 44)', async () => {
    const a = await customerWithCard(server);
    const res = await graphql(server, UPDATE, a.token, { ...input, id: a.cardId, s1: 'PO Box 12' });
    expect(res.errors).toBeUndefined();
    expect(await storedAddress(a.cardId)).toMatchObject({ street: 'PO Box 12' });
  });

  it('refuses a bad ZIP, an unsupported state and missing names with C101, changing nothing', async () => {
    const a = await customerWithCard(server);
    await graphql(server, UPDATE, a.token, { ...input, id: a.cardId });
    const res = await graphql(server, UPDATE, a.token, {
      ...input,
      id: a.cardId,
      s1: '1 Other Rd',
      zip: '7870',
      state: 'PR',
      first: ' ',
    });
    expect(code(res)).toBe('C101');
    expect(res.errors?.[0]?.extensions).toMatchObject({
      fields: {
        firstName: 'address.firstNameRequired',
        stateCode: 'address.stateUnsupported',
        zipCode: 'address.zipInvalid',
      },
    });
    expect(await storedAddress(a.cardId)).toMatchObject({ street: '12 Pond St', zip: '78701' });
  });

  it("cannot change another customer's card (ST101), which keeps its address", async () => {
    const a = await customerWithCard(server);
    const b = await customerWithCard(server);
    await graphql(server, UPDATE, a.token, { ...input, id: a.cardId });
    const res = await graphql(server, UPDATE, b.token, {
      ...input,
      id: a.cardId,
      s1: '99 Thief Ln',
    });
    expect(code(res)).toBe('ST101');
    expect((await storedAddress(a.cardId)).street).toBe('12 Pond St');
  });

  it('refuses a replaced card and an anonymous caller', async () => {
    const a = await customerWithCard(server);
    const replaced = await saveCard(server, a.token, '5555555555554444', a.cardId);
    expect(replaced.data?.replacePaymentSource.oldPaymentSourceId).toBe(a.cardId);
    const res = await graphql(server, UPDATE, a.token, { ...input, id: a.cardId });
    expect(code(res)).toBe('ST101');
    expect((await storedAddress(a.cardId)).street).toBeNull();
    const anonymous = await graphql(server, UPDATE, undefined, { ...input, id: a.cardId });
    expect(anonymous.errors).toBeDefined();
    expect((await storedAddress(a.cardId)).street).toBeNull();
  });
});
