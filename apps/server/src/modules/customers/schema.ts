import { builder } from '../../graphql/builder';
import './actions-schema';
import './account-schema';
import { Address } from './address-type';
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

type SubscriptionShape = SubscriptionRow & {
  items: SubscriptionItemRow[];
  contract: ContractRow | null;
};

const Subscription = builder.objectRef<SubscriptionShape>('CustomerSubscription').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    status: t.exposeString('status'),
    contract_id: t.exposeID('contractId', { nullable: true }),
    treatment_id: t.exposeID('treatmentId', { nullable: true }),
    subscription_items: t.field({ type: [SubscriptionItem], resolve: (s) => s.items }),
    contract: t.field({ type: Contract, nullable: true, resolve: (s) => s.contract }),
  }),
});

function withContracts(record: CustomerRecord, linked: boolean): SubscriptionShape[] {
  return record.subscriptions
    .filter((s) => (s.linkedToSubscriptionId !== null) === linked)
    .map((s) => ({ ...s, contract: record.contracts.find((c) => c.id === s.contractId) ?? null }));
}

export const Customer = builder.objectRef<CustomerRecord>('Customer').implement({
  description: 'Spec 01 section 3: the signed-in customer.',
  fields: (t) => ({
    id: t.id({ resolve: (r) => r.customer.id }),
    short_id: t.string({ resolve: (r) => r.customer.shortId }),
    full_name: t.string({
      resolve: (r) => `${r.customer.firstName} ${r.customer.lastName}`.trim(),
    }),
    first_name: t.string({ resolve: (r) => r.customer.firstName }),
    last_name: t.string({ resolve: (r) => r.customer.lastName }),
    preferred_name: t.string({ nullable: true, resolve: (r) => r.customer.preferredName }),
    phone: t.string({ nullable: true, resolve: (r) => r.customer.phone }),
    dob: t.field({ type: 'Date', nullable: true, resolve: (r) => r.customer.dob }),
    sex: t.string({ nullable: true, resolve: (r) => r.customer.sex }),
    gender: t.string({ nullable: true, resolve: (r) => r.customer.gender }),
    email: t.string({ resolve: (r) => r.customer.email }),
    created_at: t.field({ type: 'DateTime', resolve: (r) => r.customer.createdAt }),
    time_zone: t.string({ resolve: (r) => r.customer.timeZone }),
    shippingAddresses: t.field({ type: [Address], resolve: (r) => r.addresses }),
    tags: t.field({ type: [Tag], resolve: (r) => r.tags.map((name) => ({ name })) }),
    contracts: t.field({ type: [Contract], resolve: (r) => r.contracts }),
    subscriptions: t.field({ type: [Subscription], resolve: (r) => withContracts(r, false) }),
    linked_subscriptions: t.field({ type: [Subscription], resolve: (r) => withContracts(r, true) }),
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
      return (await ctx.services.customers.getOwnRecord(customerId, ctx.actor)) ?? null;
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
      customer: t.field({ type: Customer, nullable: true, resolve: (c) => c.record }),
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
