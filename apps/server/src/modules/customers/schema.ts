import { builder } from '../../graphql/builder';
import './actions-schema';
import './account-schema';
import { Address, addressView, type AddressView } from './address-type';
import { codedError } from '../../graphql/errors';
import { topics } from '../../platform/pubsub';
import type { ContractRow, CustomerRecord, SubscriptionItemRow, SubscriptionRow } from './store';

const Tag = builder.objectRef<{ name: string }>('Tag').implement({
  fields: (t) => ({ name: t.exposeString('name') }),
});

const Contract = builder.objectRef<ContractRow>('Contract').implement({
  description: 'A plan contract; money in integer cents, length in months.',
  fields: (t) => ({
    id: t.exposeID('id'),
    status: t.exposeString('status'),
    discount_amount: t.exposeInt('discountAmount'),
    auto_renew: t.exposeBoolean('autoRenew'),
    coupon: t.exposeString('coupon', { nullable: true }),
    start_date: t.field({ type: 'Date', resolve: (c) => c.startDate }),
    end_date: t.field({ type: 'Date', resolve: (c) => c.endDate }),
    length: t.exposeInt('length'),
    price: t.exposeInt('price'),
  }),
});

const SubscriptionItem = builder.objectRef<SubscriptionItemRow>('SubscriptionItem').implement({
  fields: (t) => ({
    item_price_id: t.exposeString('itemPriceId'),
    item_type: t.exposeString('itemType'),
  }),
});

/** A subscription as CustomerSubscription reads it: its items and contract under their field names. */
type SubscriptionShape = SubscriptionRow & {
  subscription_items: SubscriptionItemRow[];
  contract: ContractRow | null;
};

const Subscription = builder.objectRef<SubscriptionShape>('CustomerSubscription').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    status: t.exposeString('status'),
    contract_id: t.exposeID('contractId', { nullable: true }),
    treatment_id: t.exposeID('treatmentId', { nullable: true }),
    subscription_items: t.expose('subscription_items', { type: [SubscriptionItem] }),
    contract: t.expose('contract', { type: Contract, nullable: true }),
  }),
});

function withContracts(record: CustomerRecord, linked: boolean): SubscriptionShape[] {
  return record.subscriptions
    .filter((s) => (s.linkedToSubscriptionId !== null) === linked)
    .map((s) => ({
      ...s,
      subscription_items: s.items,
      contract: record.contracts.find((c) => c.id === s.contractId) ?? null,
    }));
}

/**
 * What the Customer type reads: the record's fields under their GraphQL names, made once per
 * record, so graphql-jit reads them as properties instead of calling a resolver (and building
 * its resolve info) per field (issue 16: GetCustomerData asks for most of them). The record
 * itself stays beside them for fields added elsewhere (prescriptions).
 */
export interface CustomerView {
  record: CustomerRecord;
  id: string;
  short_id: string;
  full_name: string;
  first_name: string;
  last_name: string;
  preferred_name: string | null;
  phone: string | null;
  dob: string | null;
  sex: string | null;
  gender: string | null;
  email: string;
  created_at: Date;
  time_zone: string;
  shippingAddresses: AddressView[];
  tags: { name: string }[];
  contracts: ContractRow[];
  subscriptions: SubscriptionShape[];
  linked_subscriptions: SubscriptionShape[];
}

export function customerView(record: CustomerRecord): CustomerView {
  const c = record.customer;
  return {
    record,
    id: c.id,
    short_id: c.shortId,
    full_name: `${c.firstName} ${c.lastName}`.trim(),
    first_name: c.firstName,
    last_name: c.lastName,
    preferred_name: c.preferredName,
    phone: c.phone,
    dob: c.dob,
    sex: c.sex,
    gender: c.gender,
    email: c.email,
    created_at: c.createdAt,
    time_zone: c.timeZone,
    shippingAddresses: record.addresses.map(addressView),
    tags: record.tags.map((name) => ({ name })),
    contracts: record.contracts,
    subscriptions: withContracts(record, false),
    linked_subscriptions: withContracts(record, true),
  };
}

export const Customer = builder.objectRef<CustomerView>('Customer').implement({
  description: 'Spec 01 section 3: the signed-in customer.',
  fields: (t) => ({
    id: t.exposeID('id'),
    short_id: t.exposeString('short_id'),
    full_name: t.exposeString('full_name'),
    first_name: t.exposeString('first_name'),
    last_name: t.exposeString('last_name'),
    preferred_name: t.exposeString('preferred_name', { nullable: true }),
    phone: t.exposeString('phone', { nullable: true }),
    dob: t.expose('dob', { type: 'Date', nullable: true }),
    sex: t.exposeString('sex', { nullable: true }),
    gender: t.exposeString('gender', { nullable: true }),
    email: t.exposeString('email'),
    created_at: t.expose('created_at', { type: 'DateTime' }),
    time_zone: t.exposeString('time_zone'),
    shippingAddresses: t.expose('shippingAddresses', { type: [Address] }),
    tags: t.expose('tags', { type: [Tag] }),
    contracts: t.expose('contracts', { type: [Contract] }),
    subscriptions: t.expose('subscriptions', { type: [Subscription] }),
    linked_subscriptions: t.expose('linked_subscriptions', { type: [Subscription] }),
  }),
});

builder.queryField('customer', (t) =>
  t.field({
    type: Customer,
    nullable: true,
    description:
      'GetCustomerData: the customer the access token names; null when the user has no customer record.',
    authScopes: { customer: true },
    resolve: async (_root, _args, ctx) => {
      const customerId = ctx.viewer?.customerId;
      if (!customerId) return null;
      const record = await ctx.services.customers.getOwnRecord(customerId, ctx.actor);
      return record ? customerView(record) : null;
    },
  }),
);

interface CustomerChange {
  customerId: string;
  reason: string;
}

const CustomerChanged = builder
  .objectRef<CustomerChange & { record: CustomerRecord | null }>('CustomerChanged')
  .implement({
    fields: (t) => ({
      reason: t.exposeString('reason'),
      customer: t.field({
        type: Customer,
        nullable: true,
        resolve: (c) => (c.record ? customerView(c.record) : null),
      }),
    }),
  });

builder.subscriptionType({});
builder.subscriptionField('customerChanged', (t) =>
  t.field({
    type: CustomerChanged,
    description: "Fires when the signed-in customer's record changes; only ever that customer's.",
    authScopes: { customer: true },
    subscribe: async (_root, _args, ctx) => {
      const customerId = ctx.viewer?.customerId;
      if (!customerId || !ctx.pubsub) throw codedError('C108', 'No customer record to follow.');
      return ctx.pubsub.subscribe(topics.customer(customerId));
    },
    resolve: async (payload, _args, ctx) => {
      const change = payload as CustomerChange;
      // The topic is the viewer's own; the id check guards against a mis-published event.
      if (change.customerId !== ctx.viewer?.customerId) return { ...change, record: null };
      const record =
        (await ctx.services.customers.getOwnRecord(change.customerId, ctx.actor)) ?? null;
      return { ...change, record };
    },
  }),
);
