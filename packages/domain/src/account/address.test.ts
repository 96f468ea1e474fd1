import { describe, expect, it } from 'vitest';
import {
  addressFormSchema,
  addressLock,
  billingAddressFormSchema,
  isPoBox,
  updateBillingAddressSchema,
  type AddressLockFacts,
} from './address';

// Spec 02 §5 (shipping address) and §6 (SA100–SA103).

const PO_BOXES = [
  'PO Box 123',
  'P.O. Box 123',
  'p.o. box 9',
  'P O Box 44',
  'P. O. Box 7',
  'POBox 12',
  'PO Bx 5',
  'Post Office Box 88',
  'post office box 1',
  'Postal Box 3',
  'Post Box 19',
  'POB 12',
  'P.O.B. 12',
  'Box 12',
  'box #4',
  '123 Main St PO Box 5',
];

const NOT_PO_BOXES = [
  '12 Pond St',
  '#123',
  'Apt #123',
  '45 Polk Ave',
  '9 Box Elder St',
  '300 Boxwood Ln',
  '1 Post Office Rd',
  '77 Hippo Box Rd',
  'Suite 400',
  '500 Pobst Way',
  '12 Postal Way',
];

describe('PO Box (spec 02 §5)', () => {
  it.each(PO_BOXES)('takes %s for a PO Box', (line) => {
    expect(isPoBox(line)).toBe(true);
  });
  it.each(NOT_PO_BOXES)('does not take %s for a PO Box', (line) => {
    expect(isPoBox(line)).toBe(false);
  });
});

const good = {
  firstName: ' Ada ',
  lastName: 'Lovelace',
  streetAddress1: '12 Pond St',
  streetAddress2: '',
  city: 'Portland',
  stateCode: 'or',
  zipCode: '97201',
};
const messages = (input: unknown) => {
  const r = addressFormSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);
};

describe('address form schema (spec 02 §5)', () => {
  it('trims, upper-cases the state and empties street 2 to null', () => {
    expect(addressFormSchema.parse(good)).toEqual({
      ...good,
      firstName: 'Ada',
      stateCode: 'OR',
      streetAddress2: null,
    });
  });
  it('refuses a PO Box on either line', () => {
    expect(messages({ ...good, streetAddress1: 'PO Box 12' })).toEqual([
      ['streetAddress1', 'address.poBox'],
    ]);
    expect(messages({ ...good, streetAddress2: 'P.O. Box 3' })).toEqual([
      ['streetAddress2', 'address.poBox'],
    ]);
  });
  it('refuses a bad ZIP and takes ZIP+4', () => {
    expect(messages({ ...good, zipCode: '9720' })).toEqual([['zipCode', 'address.zipInvalid']]);
    expect(messages({ ...good, zipCode: 'ABCDE' })).toEqual([['zipCode', 'address.zipInvalid']]);
    expect(messages({ ...good, zipCode: '97201-1234' })).toEqual([]);
  });
  it('takes the 50 states, DC and the test state, nothing else', () => {
    expect(messages({ ...good, stateCode: 'DC' })).toEqual([]);
    expect(messages({ ...good, stateCode: 'TS' })).toEqual([]);
    expect(messages({ ...good, stateCode: 'PR' })).toEqual([
      ['stateCode', 'address.stateUnsupported'],
    ]);
  });
  it('needs first and last names', () => {
    expect(messages({ ...good, firstName: ' ', lastName: '' })).toEqual([
      ['firstName', 'address.firstNameRequired'],
      ['lastName', 'address.lastNameRequired'],
    ]);
  });
});

describe('billing address schema (spec 02 §3 payment source billing_address, §5)', () => {
  const billingMessages = (input: unknown) => {
    const r = billingAddressFormSchema.safeParse(input);
    return r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);
  };
  it('takes a PO Box on either line: spec 02 §5 forbids them for shipping only (issue 44)', () => {
    expect(billingMessages({ ...good, streetAddress1: 'PO Box 12' })).toEqual([]);
    expect(billingMessages({ ...good, streetAddress2: 'P.O. Box 3' })).toEqual([]);
    // The same lines are still refused for shipping.
    expect(addressFormSchema.safeParse({ ...good, streetAddress1: 'PO Box 12' }).success).toBe(
      false,
    );
  });
  it('keeps the other shipping rules: ZIP, state, names, street', () => {
    expect(
      billingMessages({
        ...good,
        zipCode: '9720',
        stateCode: 'PR',
        firstName: '',
        streetAddress1: ' ',
      }),
    ).toEqual([
      ['firstName', 'address.firstNameRequired'],
      ['streetAddress1', 'address.streetRequired'],
      ['stateCode', 'address.stateUnsupported'],
      ['zipCode', 'address.zipInvalid'],
    ]);
  });
  it('normalizes like the shipping form and needs the payment source id', () => {
    const id = '6f1c1c52-3b7e-4a53-9d51-3d2f4a1c9e10';
    expect(updateBillingAddressSchema.parse({ ...good, paymentSourceId: id })).toEqual({
      ...good,
      paymentSourceId: id,
      firstName: 'Ada',
      stateCode: 'OR',
      streetAddress2: null,
    });
    expect(updateBillingAddressSchema.safeParse({ ...good, paymentSourceId: '12' }).success).toBe(
      false,
    );
  });
});

const free: AddressLockFacts = {
  currentStateCode: 'OR',
  requestedStateCode: 'OR',
  activeSubscriptionCount: 1,
  activeTreatmentShortIds: ['weightmanagement'],
  ordersInProgress: 0,
};

describe('address locks (spec 02 §6)', () => {
  it('lets a customer with one plan change the street in the same state', () => {
    expect(addressLock(free)).toBeNull();
  });
  it('SA100: another state while under treatment', () => {
    expect(addressLock({ ...free, requestedStateCode: 'WA' })).toBe('SA100');
    // Not under treatment: no provider licence at stake.
    expect(
      addressLock({
        ...free,
        requestedStateCode: 'WA',
        activeSubscriptionCount: 0,
        activeTreatmentShortIds: [],
      }),
    ).toBeNull();
  });
  it('SA101: several subscriptions', () => {
    expect(
      addressLock({
        ...free,
        activeSubscriptionCount: 2,
        activeTreatmentShortIds: ['weightmanagement', 'sleep'],
      }),
    ).toBe('SA101');
  });
  it('SA102: a treatment whose prescription is tied to the state', () => {
    expect(addressLock({ ...free, activeTreatmentShortIds: ['testosterone'] })).toBe('SA102');
  });
  it('SA103: an order in progress wins over everything', () => {
    expect(
      addressLock({
        ...free,
        ordersInProgress: 1,
        activeSubscriptionCount: 2,
        requestedStateCode: 'WA',
      }),
    ).toBe('SA103');
  });
});
