import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { treatments } from '../../db/schema/catalog';
import { addresses, customers, subscriptions } from '../../db/schema/customers';
import { prescriptions } from '../../db/schema/prescriptions';
import { createCustomer } from '../../../test/factories';
import { createTreatment } from '../../../test/appointment-fixtures';
import { graphql, startTestServer, type TestServer } from '../../../test/harness';
import { customerTokenFor } from '../../../test/messaging-helpers';

// Account settings over GraphQL (issue 14): phone, pronouns, shipping address and its locks,
// each refused for another customer and for bad input, which changes nothing.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

async function person() {
  const made = await createCustomer(server.database.db);
  const [address] = await server.database.db
    .select()
    .from(addresses)
    .where(eq(addresses.customerId, made.customer.id));
  return {
    id: made.customer.id,
    addressId: address?.id ?? '',
    token: await customerTokenFor(server, made.user.email),
  };
}

const code = (res: { errors?: { extensions?: { code?: string } }[] }) =>
  res.errors?.[0]?.extensions?.code;

const updatePhone = (token: string, customerId: string, phone: string) =>
  graphql<{ updatePhone: { data: { phone: string } } }>(
    server,
    `
      mutation ($c: ID!, $p: String!) {
        updatePhone(customerId: $c, phone: $p) {
          data {
            phone
          }
          statusCode
        }
      }
    `,
    token,
    { c: customerId, p: phone },
  );

const updateGender = (token: string, customerId: string, gender: string | null) =>
  graphql<{ updateGender: { data: { gender: string | null } } }>(
    server,
    `
      mutation ($c: ID!, $g: String) {
        updateGender(customerId: $c, gender: $g) {
          data {
            gender
          }
        }
      }
    `,
    token,
    { c: customerId, g: gender },
  );

const address = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  streetAddress1: '12 Pond St',
  streetAddress2: 'Apt #123',
  city: 'Austin',
  stateCode: 'TX',
  zipCode: '78702',
};

const updateAddress = (token: string, addressId: string, input: Partial<typeof address> = {}) =>
  graphql<{ updateShippingAddress: { data: Record<string, string> } }>(
    server,
    `
      mutation (
        $id: ID!
        $f: String!
        $l: String!
        $s1: String!
        $s2: String
        $city: String!
        $st: String!
        $zip: String!
      ) {
        updateShippingAddress(
          addressId: $id
          firstName: $f
          lastName: $l
          streetAddress1: $s1
          streetAddress2: $s2
          city: $city
          stateCode: $st
          zipCode: $zip
        ) {
          data {
            id
            first_name
            last_name
            street_address1
            street_address2
            city
            state
            state_code
            zip_code
          }
        }
      }
    `,
    token,
    {
      id: addressId,
      f: input.firstName ?? address.firstName,
      l: input.lastName ?? address.lastName,
      s1: input.streetAddress1 ?? address.streetAddress1,
      s2: input.streetAddress2 ?? address.streetAddress2,
      city: input.city ?? address.city,
      st: input.stateCode ?? address.stateCode,
      zip: input.zipCode ?? address.zipCode,
    },
  );

const stored = async (customerId: string) => {
  const [row] = await server.database.db
    .select()
    .from(customers)
    .where(eq(customers.id, customerId));
  const [addr] = await server.database.db
    .select()
    .from(addresses)
    .where(eq(addresses.customerId, customerId));
  return { customer: row, address: addr };
};

describe('phone (spec 02 §5, C104)', () => {
  it('stores ten digits after stripping', async () => {
    const me = await person();
    const res = await updatePhone(me.token, me.id, '+1 (503) 555-0199');
    expect(res.errors).toBeUndefined();
    expect(res.data?.updatePhone.data.phone).toBe('5035550199');
  });
  it('refuses a 9-digit phone with C104 and changes nothing', async () => {
    const me = await person();
    const res = await updatePhone(me.token, me.id, '503-555-019');
    expect(code(res)).toBe('C104');
    expect((await stored(me.id)).customer?.phone).toBe('2125550100');
  });
  it("refuses another customer's record", async () => {
    const me = await person();
    const other = await person();
    const res = await updatePhone(me.token, other.id, '5035550199');
    expect(code(res)).toBe('FORBIDDEN');
    expect((await stored(other.id)).customer?.phone).toBe('2125550100');
  });
});

describe('pronouns (spec 02 §2, C109)', () => {
  it('sets and clears the pronouns', async () => {
    const me = await person();
    expect((await updateGender(me.token, me.id, 'they_them')).data?.updateGender.data.gender).toBe(
      'they_them',
    );
    expect((await updateGender(me.token, me.id, null)).data?.updateGender.data.gender).toBeNull();
  });
  it('refuses an unknown value (C109) and another customer (FORBIDDEN)', async () => {
    const me = await person();
    const other = await person();
    expect(code(await updateGender(me.token, me.id, 'xe_xir'))).toBe('C109');
    expect(code(await updateGender(me.token, other.id, 'she_her'))).toBe('FORBIDDEN');
    expect((await stored(other.id)).customer?.gender).toBeNull();
  });
});

describe('shipping address (spec 02 §5)', () => {
  it('updates the address with the recipient names', async () => {
    const me = await person();
    const res = await updateAddress(me.token, me.addressId);
    expect(res.errors).toBeUndefined();
    expect(res.data?.updateShippingAddress.data).toMatchObject({
      first_name: 'Ada',
      street_address1: '12 Pond St',
      street_address2: 'Apt #123',
      state: 'Texas',
      zip_code: '78702',
    });
  });

  it.each([
    ['a PO Box', { streetAddress1: 'P.O. Box 12' }, 'streetAddress1', 'address.poBox'],
    ['a bad ZIP', { zipCode: '7870' }, 'zipCode', 'address.zipInvalid'],
    ['an unsupported state', { stateCode: 'PR' }, 'stateCode', 'address.stateUnsupported'],
    ['no last name', { lastName: ' ' }, 'lastName', 'address.lastNameRequired'],
  ])('refuses %s and changes nothing', async (_name, input, field, key) => {
    const me = await person();
    const res = await updateAddress(me.token, me.addressId, input);
    expect(code(res)).toBe('C101');
    expect(
      (res.errors?.[0]?.extensions as { fields?: Record<string, string> } | undefined)?.fields?.[
        field
      ],
    ).toBe(key);
    expect((await stored(me.id)).address?.streetAddress1).toBe('1 Main St');
  });

  it("reads another customer's address as not found", async () => {
    const me = await person();
    const other = await person();
    expect(code(await updateAddress(me.token, other.addressId))).toBe('NOT_FOUND');
    expect((await stored(other.id)).address?.streetAddress1).toBe('1 Main St');
  });
});

describe('shipping address locks (spec 02 §6)', () => {
  it('SA100: a move to another state while under treatment', async () => {
    const me = await person();
    const res = await updateAddress(me.token, me.addressId, { stateCode: 'OR', zipCode: '97201' });
    expect(code(res)).toBe('SA100');
    expect((await stored(me.id)).address?.stateCode).toBe('TX');
  });

  it('SA101: several subscriptions', async () => {
    const me = await person();
    await server.database.db.insert(subscriptions).values({ customerId: me.id, status: 'active' });
    expect(code(await updateAddress(me.token, me.addressId))).toBe('SA101');
  });

  it('SA102: a treatment tied to the state (testosterone)', async () => {
    const me = await person();
    const existing = await server.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.customerId, me.id));
    const [treatment] = await server.database.db
      .select()
      .from(treatments)
      .where(eq(treatments.shortId, 'testosterone'));
    const testosterone =
      treatment ?? (await createTreatment(server.database.db, { shortId: 'testosterone' }));
    await server.database.db
      .update(subscriptions)
      .set({ treatmentId: testosterone.id })
      .where(eq(subscriptions.id, existing[0]?.id ?? ''));
    expect(code(await updateAddress(me.token, me.addressId))).toBe('SA102');
  });

  it('SA103: an order in progress', async () => {
    const me = await person();
    await server.database.db.insert(prescriptions).values({ customerId: me.id, status: 'shipped' });
    expect(code(await updateAddress(me.token, me.addressId))).toBe('SA103');
    expect((await stored(me.id)).address?.streetAddress1).toBe('1 Main St');
  });

  it('lets a customer without a plan move to another state', async () => {
    const me = await person();
    await server.database.db
      .update(subscriptions)
      .set({ status: 'cancelled' })
      .where(eq(subscriptions.customerId, me.id));
    const res = await updateAddress(me.token, me.addressId, { stateCode: 'OR', zipCode: '97201' });
    expect(res.data?.updateShippingAddress.data.state_code).toBe('OR');
  });
});
